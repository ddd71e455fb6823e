import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from '../../db/columns.ts';

export const RECORD_STATUSES = ['enabled', 'disabled'] as const;
export const SETTLED_MODES = ['independent', 'cooperative'] as const;
export const VERIFY_MODES = ['click', 'off'] as const;
export const SERVICE_CHARGE_MODES = ['per_order', 'per_piece'] as const;
export const LEVEL_KINDS = ['supplier', 'merchant'] as const;

/** A supplier tenant (spec §3 Supplier/tenant). Platform administrators sit above tenants. */
export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    /** The storefront/admin host that resolves to this tenant, lower-case, without port. */
    domain: text('domain'),
    /**
     * The tenant that serves hosts which are no supplier's domain (registration and the member
     * centre need a tenant). At most one.
     */
    isDefault: boolean('is_default').notNull().default(false),
    levelId: uuid('level_id'),
    /** Switchable modules the platform has switched off for this tenant (module store, decision 0038). */
    disabledModules: text('disabled_modules')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    levelStart: date('level_start'),
    levelEnd: date('level_end'),
    /** Minor units (fen). */
    settledFee: money('settled_fee').notNull().default(0),
    settledMode: text('settled_mode', { enum: SETTLED_MODES }).notNull().default('cooperative'),
    logo: text('logo').notNull().default(''),
    adminDomain: text('admin_domain').notNull().default(''),
    factoryDomain: text('factory_domain').notNull().default(''),
    icpDomain: text('icp_domain').notNull().default(''),
    icpNumber: text('icp_number').notNull().default(''),
    sslCert: text('ssl_cert').notNull().default(''),
    /** AES-256-GCM, base64 `iv.tag.ciphertext`; never returned (issue: tenancy). */
    sslKeyEncrypted: text('ssl_key_encrypted').notNull().default(''),
    verifyMode: text('verify_mode', { enum: VERIFY_MODES }).notNull().default('click'),
    verifyCount: integer('verify_count').notNull().default(3),
    serviceChargeMode: text('service_charge_mode', { enum: SERVICE_CHARGE_MODES })
      .notNull()
      .default('per_order'),
    /** Minor units (fen) per order or per piece. */
    serviceChargeFee: money('service_charge_fee').notNull().default(0),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenants_domain_uq')
      .on(t.domain)
      .where(sql`${t.domain} is not null`),
  ],
);

/** A merchant of a supplier tenant (spec §3 Merchant). Its users are admin users of tier merchant. */
export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    number: text('number').notNull(),
    levelId: uuid('level_id'),
    levelExpiresAt: timestamp('level_expires_at', { withTimezone: true }),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchants_tenant_number_uq').on(t.tenantId, t.number),
    index('merchants_tenant_idx').on(t.tenantId),
  ],
);

/**
 * A level with its fee and entitlements (spec §3 Level). Supplier levels are the platform's
 * (no tenant); merchant levels belong to the supplier that sells them.
 */
export const levels = pgTable(
  'levels',
  {
    id: id(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    kind: text('kind', { enum: LEVEL_KINDS }).notNull(),
    name: text('name').notNull(),
    sequence: integer('sequence').notNull().default(0),
    validityDays: integer('validity_days').notNull().default(365),
    annualFee: money('annual_fee').notNull().default(0),
    priceType: text('price_type', { enum: ['free', 'paid'] })
      .notNull()
      .default('free'),
    price: money('price').notNull().default(0),
    priceMode: text('price_mode', { enum: ['year'] })
      .notNull()
      .default('year'),
    discountType: text('discount_type', { enum: ['none', 'discount'] })
      .notNull()
      .default('none'),
    /** Percent paid when discounted, two decimals (e.g. 85.00). */
    discountRate: numeric('discount_rate', { precision: 5, scale: 2 }).notNull().default('100.00'),
    discountStart: date('discount_start'),
    discountEnd: date('discount_end'),
    designCount: integer('design_count').notNull().default(0),
    /** Megabytes of stored images. */
    storageCount: integer('storage_count').notNull().default(0),
    supplierUserCount: integer('supplier_user_count').notNull().default(0),
    factoryCount: integer('factory_count').notNull().default(0),
    factoryUserCount: integer('factory_user_count').notNull().default(0),
    merchantCount: integer('merchant_count').notNull().default(0),
    merchantUserCount: integer('merchant_user_count').notNull().default(0),
    productTemplateCount: integer('product_template_count').notNull().default(0),
    platformIds: text('platform_ids').array().notNull().default([]),
    shopCount: integer('shop_count').notNull().default(0),
    /** The level a tenant's merchants fall back to when theirs has expired (decision 0012). */
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('levels_tenant_idx').on(t.tenantId, t.kind)],
);

/** The owning tenant of a tenant-owned row (ARCHITECTURE "Tenancy by construction"). */
export const tenantRef = () =>
  uuid('tenant_id')
    .notNull()
    .references(() => tenants.id);

/** The owning merchant of a merchant's row (cart lines, addresses, orders, wallets…). */
export const merchantRef = () =>
  uuid('merchant_id')
    .notNull()
    .references(() => merchants.id);
