import { sql } from 'drizzle-orm';
import { boolean, index, jsonb, pgTable, text, uniqueIndex, uuid, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, rowId } from '../../db/columns.ts';
import { merchantRef, tenantRef } from '../tenancy/schema.ts';

/** A merchant's consignee address book (spec §3 Address); one may be the default. */
export const consigneeAddresses = pgTable(
  'consignee_addresses',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull().default(''),
    mobilePhone: text('mobile_phone').notNull(),
    country: text('country').notNull(),
    province: text('province').notNull().default(''),
    city: text('city').notNull(),
    area: text('area').notNull().default(''),
    street: text('street').notNull(),
    postcode: text('postcode').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('consignee_addresses_merchant_idx').on(t.tenantId, t.merchantId),
    uniqueIndex('consignee_addresses_one_default_uq')
      .on(t.tenantId, t.merchantId)
      .where(sql`${t.isDefault}`),
  ],
);

/**
 * One settlement submit (CONVENTIONS 6 workflow record): the idempotency key the client sent and
 * the orders it created, so a retried submit returns the same orders and creates nothing.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    orderIds: jsonb('order_ids').$type<string[]>().notNull(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('checkouts_merchant_key_uq').on(t.tenantId, t.merchantId, t.idempotencyKey),
  ],
);
