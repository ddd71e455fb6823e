import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { RECORD_STATUSES, tenants } from './tenancy.ts';

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
    id: id(),
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
  (t) => [index('sender_addresses_factory_idx').on(t.tenantId, t.factoryId)],
);
