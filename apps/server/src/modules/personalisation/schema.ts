import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
  primaryKey,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, rowId } from '../../db/columns.ts';
import { orderLines, orders } from '../orders/schema.ts';

export const LINE_PERSONALISATION_STATUSES = ['pending', 'rendering', 'done', 'review'] as const;

/** One rendered surface of the line (storage keys; replies sign them). */
export interface StoredLineRender {
  color_id: string;
  surface_key: string;
  print_key: string | null;
  mockup_key: string | null;
  thumb_key: string | null;
  width: number;
  height: number;
  dpi: number;
}

/** Which slot a customisation entry filled. */
export interface StoredApplied {
  slot: string;
  kind: 'text' | 'image';
  value: string;
}

/**
 * One order line's personalisation (decision 0053): its status (`pending`/`review` block the
 * order's payment through `orders.review_lines`), the review reason (an i18n code and params),
 * the line's own design document (the finished product's, slots filled) and its rendered files.
 */
export const orderLinePersonalisations = pgTable(
  'order_line_personalisations',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    orderId: uuid('order_id').notNull(),
    lineId: uuid('line_id').notNull(),
    finishedProductId: uuid('finished_product_id'),
    status: text('status', { enum: LINE_PERSONALISATION_STATUSES }).notNull().default('pending'),
    reasonCode: text('reason_code'),
    reasonParams: jsonb('reason_params').$type<Record<string, string | number>>().notNull().default({}),
    applied: jsonb('applied').$type<StoredApplied[]>().notNull().default([]),
    document: jsonb('document').$type<Record<string, unknown>>(),
    renders: jsonb('renders').$type<StoredLineRender[]>().notNull().default([]),
    /** The buyer's images, stored through the upload pipeline as the merchant's attachments. */
    attachmentIds: uuid('attachment_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Saved by hand in the editor: a new fill leaves it alone. */
    edited: boolean('edited').notNull().default(false),
    jobId: uuid('job_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'order_line_personalisations_order_id_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'order_line_personalisations_line_id_fk',
      columns: [t.tenantId, t.lineId],
      foreignColumns: [orderLines.tenantId, orderLines.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('order_line_personalisations_line_uq').on(t.tenantId, t.lineId),
    index('order_line_personalisations_order_idx').on(t.tenantId, t.merchantId, t.orderId),
  ],
);
