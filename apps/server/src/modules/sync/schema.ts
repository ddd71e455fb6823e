import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  primaryKey,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { createdAt, rowId } from '../../db/columns.ts';
import { shops } from '../shops/schema.ts';
import { merchantRef, tenantRef } from '../tenancy/schema.ts';

export const SYNC_CHANNEL_VALUES = ['webhook', 'poll', 'manual'] as const;
export const SYNC_OUTCOME_VALUES = ['created', 'updated', 'unchanged', 'stale', 'failed', 'run'] as const;

/**
 * A marketplace shop's order sync (issue 20, decision 0052): its setting (spec §5 order sync days)
 * and the state of its polling. A row is made the first time the shop is polled or set.
 */
export const syncShops = pgTable(
  'sync_shops',
  {
    shopId: uuid('shop_id').notNull(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    syncDays: integer('sync_days').notNull(),
    /** When the sweep next queues a poll; a queued poll pushes it on (its lease). */
    nextPollAt: timestamp('next_poll_at', { withTimezone: true }).notNull().defaultNow(),
    lastPollAt: timestamp('last_poll_at', { withTimezone: true }),
    lastPollFrom: timestamp('last_poll_from', { withTimezone: true }),
    lastPollTo: timestamp('last_poll_to', { withTimezone: true }),
    lastPollOrders: integer('last_poll_orders').notNull().default(0),
    /** The last successful poll's upper bound: the next poll starts a little before it. */
    syncedTo: timestamp('synced_to', { withTimezone: true }),
    /** The last poll's failure as an i18n key with its parameters; null when it succeeded. */
    lastPollError: jsonb('last_poll_error').$type<{ key: string; params?: Record<string, string> }>(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.shopId] }),
    foreignKey({
      name: 'sync_shops_shop_id_fk',
      columns: [t.tenantId, t.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    index('sync_shops_due_idx').on(t.nextPollAt),
    index('sync_shops_merchant_idx').on(t.tenantId, t.merchantId),
    check('sync_shops_days', sql`${t.syncDays} BETWEEN 1 AND 366`),
  ],
);

/**
 * Orders a webhook announced, per shop and vendor order: what the fetch job takes (`fetched_at`
 * null), and what tells a poll's find from a missed webhook (a gap).
 */
export const syncAnnouncements = pgTable(
  'sync_announcements',
  {
    id: rowId(),
    shopId: uuid('shop_id').notNull(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    thirdPartyOrderNo: text('third_party_order_no').notNull(),
    /** The vendor's event type of the latest announcement (e.g. `1`, `bg_order_status_change_event`). */
    eventType: text('event_type').notNull(),
    announcedAt: timestamp('announced_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a fetch job is queued for it; cleared by a later announcement. */
    queuedAt: timestamp('queued_at', { withTimezone: true }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  },
  (t) => [
    foreignKey({
      name: 'sync_announcements_shop_id_fk',
      columns: [t.tenantId, t.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('sync_announcements_order_uq').on(t.tenantId, t.shopId, t.thirdPartyOrderNo),
    index('sync_announcements_pending_idx')
      .on(t.announcedAt)
      .where(sql`${t.fetchedAt} IS NULL`),
  ],
);

/** The order sync record (spec §3: id, sync message, time, third-party order), per shop. */
export const syncRecords = pgTable(
  'sync_records',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    shopId: uuid('shop_id').notNull(),
    channel: text('channel', { enum: SYNC_CHANNEL_VALUES }).notNull(),
    outcome: text('outcome', { enum: SYNC_OUTCOME_VALUES }).notNull(),
    thirdPartyOrderNo: text('third_party_order_no').notNull().default(''),
    /** Found by polling with no webhook announcing it. */
    gap: boolean('gap').notNull().default(false),
    /** The message as an i18n key and parameters, rendered in the reader's language. */
    messageKey: text('message_key').notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'sync_records_shop_id_fk',
      columns: [t.tenantId, t.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('sync_records_shop_idx').on(t.tenantId, t.merchantId, t.shopId, t.createdAt),
    index('sync_records_gap_idx')
      .on(t.shopId, t.createdAt)
      .where(sql`${t.gap}`),
  ],
);
