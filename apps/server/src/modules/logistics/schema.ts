import { sql } from 'drizzle-orm';
import { CURRENCIES } from '@pod/shared';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  primaryKey,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt, rowId } from '../../db/columns.ts';
import { RECORD_STATUSES, tenants } from '../tenancy/schema.ts';

/** A factory of a supplier tenant that ships from its region (spec §3 Factory). */
export const factories = pgTable(
  'factories',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    number: text('number').notNull(),
    name: text('name').notNull(),
    /** Sales regions the factory ships to (ISO country codes). */
    regions: text('regions').array().notNull().default([]),
    country: text('country').notNull().default('CN'),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    address: text('address').notNull().default(''),
    postCode: text('post_code').notNull().default(''),
    senderName: text('sender_name').notNull().default(''),
    senderPhone: text('sender_phone').notNull().default(''),
    /** The tenant's main shipping factory (at most one). */
    isMain: boolean('is_main').notNull().default(false),
    createdBy: uuid('created_by'),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('factories_tenant_number_uq').on(t.tenantId, t.number)],
);

/**
 * A factory's shipping (sender) addresses (spec §3 "shipping addresses: per factory"): what labels
 * and waybills print as the sender. One may be the factory's default.
 */
export const senderAddresses = pgTable(
  'sender_addresses',
  {
    id: rowId(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    country: text('country').notNull().default('CN'),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    district: text('district').notNull().default(''),
    address: text('address').notNull(),
    postCode: text('post_code').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('sender_addresses_factory_idx').on(t.tenantId, t.factoryId),
  ],
);

/**
 * A supplier's logistics method (issue 10): a carrier's service with its code, the countries it
 * delivers to and its delivery time. What it costs lives in its rates, one per ship-from factory.
 */
export const shippingMethods = pgTable(
  'shipping_methods',
  {
    id: rowId(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    carrier: text('carrier').notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    /** ISO 3166-1 alpha-2 codes of the countries the method delivers to. */
    destinationCountries: text('destination_countries').array().notNull().default([]),
    deliveryDaysMin: integer('delivery_days_min').notNull(),
    deliveryDaysMax: integer('delivery_days_max').notNull(),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('shipping_methods_tenant_code_uq').on(t.tenantId, t.code),
    check(
      'shipping_methods_days',
      sql`${t.deliveryDaysMin} >= 0 AND ${t.deliveryDaysMin} <= ${t.deliveryDaysMax}`,
    ),
  ],
);

/**
 * What a method costs from one factory (its ship-from region): a first weight at a first price,
 * then each started additional weight at an additional price. Weights in grams, prices in minor
 * units. `version` grows with every change of the price or availability, so a checkout can tell
 * that the rate it showed is no longer the rate it would charge.
 */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    id: rowId(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    methodId: uuid('method_id').notNull(),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id, { onDelete: 'cascade' }),
    firstWeightG: integer('first_weight_g').notNull(),
    firstPrice: money('first_price').notNull(),
    additionalWeightG: integer('additional_weight_g').notNull(),
    additionalPrice: money('additional_price').notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull().default('CNY'),
    /** Heaviest parcel the rate takes, in grams; null for no limit. */
    maxWeightG: integer('max_weight_g'),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    version: integer('version').notNull().default(1),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'shipping_rates_method_id_fk',
      columns: [t.tenantId, t.methodId],
      foreignColumns: [shippingMethods.tenantId, shippingMethods.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('shipping_rates_method_factory_uq').on(t.tenantId, t.methodId, t.factoryId),
    index('shipping_rates_tenant_factory_idx').on(t.tenantId, t.factoryId),
    check(
      'shipping_rates_amounts',
      sql`${t.firstWeightG} > 0 AND ${t.additionalWeightG} > 0 AND ${t.firstPrice} >= 0 AND ${t.additionalPrice} >= 0`,
    ),
    check('shipping_rates_max_weight', sql`${t.maxWeightG} IS NULL OR ${t.maxWeightG} > 0`),
  ],
);
