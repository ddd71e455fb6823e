import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt, rowId } from '../../db/columns.ts';
import { RECORD_STATUSES, merchantRef, tenantRef } from '../tenancy/schema.ts';

export const SHOP_PLATFORM_VALUES = ['tiktok', 'temu', 'other'] as const;
/** spec §4 "authorised or unauthorised", plus "needs re-authorisation" (issue 18). */
export const SHOP_AUTH_STATE_VALUES = ['unauthorised', 'authorised', 'reauthorise'] as const;
export const SHOP_TOKEN_SLOT_VALUES = ['default', 'product', 'order_us', 'order_global'] as const;

/** A warehouse of the vendor linked to the shop (spec §3 Shop: associated warehouses). */
export interface LinkedWarehouse {
  id: string;
  name: string;
  linked_at: string;
}

/**
 * A merchant's marketplace shop (spec §3 Shop). The vendor's tokens are not here: they live sealed
 * in `shop_credentials`, so no list, detail or recycle-bin copy of a shop ever carries them.
 * Associated warehouses stay on the row, so a shop restored from the recycle bin keeps them.
 */
export const shops = pgTable(
  'shops',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    name: text('name').notNull(),
    platform: text('platform', { enum: SHOP_PLATFORM_VALUES }).notNull(),
    /** Larger shows earlier (spec §5). */
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    authState: text('auth_state', { enum: SHOP_AUTH_STATE_VALUES }).notNull().default('unauthorised'),
    /** The vendor's shop code (TikTok `code`), or the merchant's own for "other". */
    code: text('code'),
    /** The vendor's shop id (TikTok shop id, Temu mall id), or the merchant's own for "other". */
    sellerId: text('seller_id'),
    sellerName: text('seller_name'),
    region: text('region'),
    /** TikTok `shop_cipher`: sent on shop-scoped calls; not a secret, but no reply needs it. */
    shopCipher: text('shop_cipher'),
    /** When the authorisation ends (the earliest of its slots' last expiry). */
    authExpiresAt: timestamp('auth_expires_at', { withTimezone: true }),
    authorisedAt: timestamp('authorised_at', { withTimezone: true }),
    /** Why the shop needs re-authorisation (the vendor's message), for the list. */
    authError: text('auth_error'),
    systemWarehouseId: text('system_warehouse_id'),
    warehouses: jsonb('warehouses').$type<LinkedWarehouse[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('shops_merchant_idx').on(t.tenantId, t.merchantId),
    // One platform shop per vendor shop within a tenant (webhooks find their shop by it).
    uniqueIndex('shops_vendor_shop_uq')
      .on(t.tenantId, t.platform, t.sellerId)
      .where(sql`${t.sellerId} IS NOT NULL AND ${t.platform} <> 'other'`),
  ],
);

/**
 * A shop's tokens per slot (TikTok `default`; Temu `product`, `order_us`, `order_global`), sealed
 * with the platform's SecretBox (decision 0031). Deleting the shop deletes them.
 */
export const shopCredentials = pgTable(
  'shop_credentials',
  {
    shopId: uuid('shop_id').notNull(),
    slot: text('slot', { enum: SHOP_TOKEN_SLOT_VALUES }).notNull(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    accessTokenSealed: text('access_token_sealed').notNull(),
    refreshTokenSealed: text('refresh_token_sealed'),
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }).notNull(),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    /** A refresh job holds the row until then, so two processes do not refresh it twice. */
    refreshLeaseUntil: timestamp('refresh_lease_until', { withTimezone: true }),
    refreshedAt: timestamp('refreshed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'shop_credentials_shop_id_fk',
      columns: [t.tenantId, t.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.tenantId, t.shopId, t.slot] }),
    index('shop_credentials_expiry_idx').on(t.accessExpiresAt),
  ],
);

/**
 * The `state` of an authorisation in flight: bound to the merchant, the shop and the slot, used
 * once, expiring (a forged or replayed state is refused).
 */
export const shopAuthStates = pgTable(
  'shop_auth_states',
  {
    nonce: text('nonce').notNull(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    shopId: uuid('shop_id').notNull(),
    slot: text('slot', { enum: SHOP_TOKEN_SLOT_VALUES }).notNull(),
    createdBy: uuid('created_by'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'shop_auth_states_shop_id_fk',
      columns: [t.tenantId, t.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.tenantId, t.nonce] }),
    index('shop_auth_states_expiry_idx').on(t.expiresAt),
  ],
);

/** A merchant's risk words (spec §3, §5): checked against listing titles by publishing. */
export const riskWords = pgTable(
  'risk_words',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    word: text('word').notNull(),
    level: text('level').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('risk_words_merchant_word_uq').on(t.tenantId, t.merchantId, t.word),
    check(
      'risk_words_lengths',
      sql`char_length(${t.word}) BETWEEN 1 AND 500 AND char_length(${t.level}) <= 500`,
    ),
  ],
);

/**
 * Verified webhook deliveries, once each (the vendors re-deliver): what the processing job reads.
 * The shop is resolved when it is known; events of unknown shops are kept and marked so.
 */
export const shopWebhookEvents = pgTable(
  'shop_webhook_events',
  {
    id: id(),
    platform: text('platform', { enum: SHOP_PLATFORM_VALUES }).notNull(),
    eventId: text('event_id').notNull(),
    vendorShopId: text('vendor_shop_id'),
    type: text('type').notNull(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** What processing did, for support (e.g. `marked 2 shops for re-authorisation`). */
    outcome: text('outcome'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('shop_webhook_events_uq').on(t.platform, t.eventId)],
);

/**
 * Webhook deliveries whose signature did not verify (issue 20, sync health), counted per day and
 * per the vendor shop the body claims (unverified: a claim, `''` when the body names none). Only a
 * counter, so a flood of forgeries adds no rows beyond one per claimed shop and day.
 */
export const shopWebhookRefusals = pgTable(
  'shop_webhook_refusals',
  {
    platform: text('platform', { enum: SHOP_PLATFORM_VALUES }).notNull(),
    vendorShopId: text('vendor_shop_id').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(1),
    lastAt: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.platform, t.vendorShopId, t.day] })],
);

/**
 * Outbound rate limits as token buckets shared by every server process (issue 18): `tokens` may go
 * negative, each negative token being a reserved slot in the future.
 */
export const marketplaceRateBuckets = pgTable('marketplace_rate_buckets', {
  key: text('key').primaryKey(),
  tokens: doublePrecision('tokens').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});
