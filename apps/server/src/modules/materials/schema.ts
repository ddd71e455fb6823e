import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { attachments } from '../admin/schema.ts';
import { createdAt, id, money, updatedAt } from '../../db/columns.ts';
import { RECORD_STATUSES } from '../tenancy/schema.ts';

export const MATERIAL_VISIBILITIES = ['private', 'tenant', 'public'] as const;
export const MATERIAL_TYPES = ['pattern', 'illustration', 'photo', 'text', 'other'] as const;

/**
 * A material library's category tree (spec §3 Material category). A library belongs to a
 * merchant, or to the official side (a supplier, or the platform when the tenant is null) when
 * `merchant_id` is null. "Uncategorised" is the null category: it always exists and cannot be
 * deleted (decision 0014). Deleting a category deletes its sub-tree; its materials fall back to
 * Uncategorised through ON DELETE SET NULL.
 */
export const materialCategories = pgTable(
  'material_categories',
  {
    id: id(),
    tenantId: uuid('tenant_id'),
    merchantId: uuid('merchant_id'),
    parentId: uuid('parent_id').references((): AnyPgColumn => materialCategories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('material_categories_owner_idx').on(t.tenantId, t.merchantId)],
);

/** A design material (spec §3 Material): an image in a library, shared under black/white lists. */
export const materials = pgTable(
  'materials',
  {
    id: id(),
    tenantId: uuid('tenant_id'),
    merchantId: uuid('merchant_id'),
    number: text('number').notNull(),
    name: text('name').notNull(),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
    /** The attachment's stored file and thumbnail, copied (they never change) so lists need no join. */
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    categoryId: uuid('category_id').references(() => materialCategories.id, { onDelete: 'set null' }),
    specs: text('specs').notNull().default(''),
    format: text('format').notNull(),
    type: text('type', { enum: MATERIAL_TYPES }).notNull().default('other'),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    dpi: integer('dpi'),
    fileSize: integer('file_size').notNull(),
    visibility: text('visibility', { enum: MATERIAL_VISIBILITIES }).notNull().default('private'),
    blacklist: uuid('blacklist')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    whitelist: uuid('whitelist')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Official material (the supplier's or the platform's) is usable in designs only once authorised. */
    isOfficial: boolean('is_official').notNull().default(false),
    isAuthorised: boolean('is_authorised').notNull().default(false),
    price: money('price').notNull().default(0),
    salesCount: integer('sales_count').notNull().default(0),
    salesAmount: money('sales_amount').notNull().default(0),
    orderPieces: integer('order_pieces').notNull().default(0),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('materials_owner_idx').on(t.tenantId, t.merchantId, t.categoryId),
    index('materials_visibility_idx').on(t.visibility),
    unique('materials_number_uq').on(t.tenantId, t.number).nullsNotDistinct(),
    check('materials_price_check', sql`${t.price} >= 0`),
  ],
);
