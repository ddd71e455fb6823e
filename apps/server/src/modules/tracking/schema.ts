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
import { createdAt, updatedAt, rowId } from '../../db/columns.ts';
import { orders } from '../orders/schema.ts';
import { shops } from '../shops/schema.ts';
import { merchantRef, tenantRef } from '../tenancy/schema.ts';

export const TRACKING_PUSH_STATE_VALUES = ['pending', 'sending', 'retrying', 'succeeded', 'failed'] as const;
export const TRACKING_TRIGGER_VALUES = ['manual', 'auto'] as const;
export const TRACKING_PLATFORM_VALUES = ['tiktok', 'temu'] as const;

/** Our carrier → the vendor's shipping provider id, in one shop. */
export interface StoredCarrierMapping {
  carrier: string;
  provider_id: string;
  provider_name: string;
}

/**
 * A shop's tracking settings (issue 21, decision 0055): auto-ship after N hours (spec §5) and the
 * mapping of our carriers to the marketplace's shipping provider ids. No row = defaults, off.
 */
export const trackingShopSettings = pgTable(
  'tracking_shop_settings',
  {
    shopId: uuid('shop_id').notNull(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    autoShipEnabled: boolean('auto_ship_enabled').notNull().default(false),
    autoShipHours: integer('auto_ship_hours').notNull().default(24),
    defaultProviderId: text('default_provider_id'),
    carrierMap: jsonb('carrier_map').$type<StoredCarrierMapping[]>().notNull().default([]),
    updatedBy: uuid('updated_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.shopId] }),
    foreignKey({
      name: 'tracking_shop_settings_shop_id_fk',
      columns: [t.tenantId, t.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    index('tracking_shop_settings_merchant_idx').on(t.tenantId, t.merchantId),
    index('tracking_shop_settings_auto_idx')
      .on(t.shopId)
      .where(sql`${t.autoShipEnabled}`),
    check('tracking_shop_settings_hours', sql`${t.autoShipHours} BETWEEN 1 AND 240`),
  ],
);

/**
 * One push of an order's tracking to its marketplace (issue 21). `push_key` (order, package,
 * tracking number) is unique: a push is claimed before the vendor is called and its outcome is
 * written in one transaction, so the same package is never shipped twice. `market_state` is the
 * marketplace's side as we know it: 'shipped' once a push succeeded (spec §4).
 */
export const trackingPushes = pgTable(
  'tracking_pushes',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    orderId: uuid('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    shopId: uuid('shop_id').notNull(),
    platform: text('platform', { enum: TRACKING_PLATFORM_VALUES }).notNull(),
    thirdPartyOrderNo: text('third_party_order_no').notNull(),
    /** The vendor's package the push is for ('' = the order's one package). */
    packageRef: text('package_ref').notNull().default(''),
    trackingNo: text('tracking_no').notNull(),
    pushKey: text('push_key').notNull(),
    carrier: text('carrier').notNull().default(''),
    providerId: text('provider_id'),
    state: text('state', { enum: TRACKING_PUSH_STATE_VALUES }).notNull().default('pending'),
    marketState: text('market_state', { enum: ['shipped'] }),
    trigger: text('trigger', { enum: TRACKING_TRIGGER_VALUES }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    /** While a worker sends it: another worker leaves it alone until then. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    packageIds: jsonb('package_ids').$type<string[]>().notNull().default([]),
    errorKind: text('error_kind'),
    errorMessage: text('error_message'),
    vendorCode: text('vendor_code'),
    createdBy: uuid('created_by'),
    pushedAt: timestamp('pushed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'tracking_pushes_order_id_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'tracking_pushes_shop_id_fk',
      columns: [t.tenantId, t.shopId],
      foreignColumns: [shops.tenantId, shops.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('tracking_pushes_key_uq').on(t.tenantId, t.pushKey),
    index('tracking_pushes_merchant_idx').on(t.tenantId, t.merchantId, t.createdAt),
    index('tracking_pushes_order_idx').on(t.orderId),
    index('tracking_pushes_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} IN ('pending', 'retrying', 'sending')`),
    check(
      'tracking_pushes_state',
      sql`${t.state} IN ('pending', 'sending', 'retrying', 'succeeded', 'failed')`,
    ),
    check('tracking_pushes_market_state', sql`(${t.state} = 'succeeded') = (${t.marketState} IS NOT NULL)`),
  ],
);
