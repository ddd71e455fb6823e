import { sql } from 'drizzle-orm';
import {
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
import { createdAt, money, updatedAt, rowId } from '../../db/columns.ts';

export const FINISHED_RENDER_STATUSES = ['pending', 'rendering', 'done', 'failed'] as const;
export const FINISHED_EXPORT_STATUSES = ['not_exported', 'exported'] as const;
export const FINISHED_SIZE_MODES = ['default', 'custom'] as const;

/** A merchant's finished-product groups: primary groups and their secondary groups (two levels). */
export const finishedGroups = pgTable(
  'finished_groups',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'finished_groups_parent_id_fk',
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('finished_groups_owner_idx').on(t.tenantId, t.merchantId),
  ],
);

/** The files of one rendered surface of one colour (storage keys; replies sign them). */
export interface StoredRender {
  color_id: string;
  surface_key: string;
  print_key: string | null;
  mockup_key: string | null;
  thumb_key: string | null;
  width: number;
  height: number;
  dpi: number;
}

/** A personalisation slot (decision 0053): a named text or image layer of the design. */
export interface StoredSlot {
  name: string;
  surface: string;
  layer_id: string;
  kind: 'text' | 'image';
}

export interface StoredCustomSize {
  name: string;
  measurements: string;
}

export interface StoredExternalCode {
  color_id: string;
  size_id: string | null;
  skc: string;
  sku: string;
}

/**
 * A finished product (spec §3): a merchant's design of one catalogue product, one design document
 * per chosen colour (decision 0018), with its rendered files and the unit price quoted at save.
 * Deleting sets `deleted_at`: the row keeps counting against the month's design quota.
 */
export const finishedProducts = pgTable(
  'finished_products',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    productId: uuid('product_id').notNull(),
    groupId: uuid('group_id'),
    /** Current-version design documents, one per colour, in colour order. */
    documents: jsonb('documents').$type<Array<Record<string, unknown>>>().notNull(),
    colorIds: uuid('color_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    sizeMode: text('size_mode', { enum: FINISHED_SIZE_MODES }).notNull().default('default'),
    sizeIds: uuid('size_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    customSizes: jsonb('custom_sizes').$type<StoredCustomSize[]>().notNull().default([]),
    /** Surface keys with shown layers in any colour: the priced faces. */
    faces: text('faces')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    currency: text('currency').notNull(),
    unitPrice: money('unit_price').notNull(),
    renderStatus: text('render_status', { enum: FINISHED_RENDER_STATUSES }).notNull().default('pending'),
    renderCount: integer('render_count').notNull().default(0),
    renderError: text('render_error'),
    renderJobId: uuid('render_job_id'),
    renders: jsonb('renders').$type<StoredRender[]>().notNull().default([]),
    exportStatus: text('export_status', { enum: FINISHED_EXPORT_STATUSES }).notNull().default('not_exported'),
    externalSpu: text('external_spu').notNull().default(''),
    externalCodes: jsonb('external_codes').$type<StoredExternalCode[]>().notNull().default([]),
    orderCount: integer('order_count').notNull().default(0),
    createdBy: uuid('created_by'),
    designer: text('designer').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** spec §3: the publish status of its latest listing (publishing, issue 23). */
    publishStatus: text('publish_status').notNull().default('draft'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    /** Buyer personalisation (decision 0053): named layers; none means not personalisable. */
    personalisationSlots: jsonb('personalisation_slots').$type<StoredSlot[]>().notNull().default([]),
  },
  (t) => [
    foreignKey({
      name: 'finished_products_group_id_fk',
      columns: [t.tenantId, t.groupId],
      foreignColumns: [finishedGroups.tenantId, finishedGroups.id],
    }),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('finished_products_tenant_code_uq').on(t.tenantId, t.code),
    index('finished_products_merchant_idx').on(t.tenantId, t.merchantId, t.createdAt),
    index('finished_products_group_idx').on(t.groupId),
  ],
);
