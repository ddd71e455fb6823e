import { sql } from 'drizzle-orm';
import {
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

export const LABEL_STATUS_VALUES = ['awaiting_file', 'ready'] as const;
export const LABEL_SOURCE_VALUES = ['import', 'waybill', 'split'] as const;

/**
 * An order's shipping label (spec §5 logistics import, decision 0054): the logistics number the
 * merchant imported with its method, and, once a waybill PDF named by that number arrived, the
 * stored PDF. One per order; a tracking number belongs to one order of the tenant.
 */
export const orderLabels = pgTable(
  'order_labels',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    orderId: uuid('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    trackingNo: text('tracking_no').notNull(),
    methodId: uuid('method_id'),
    methodName: text('method_name').notNull().default(''),
    status: text('status', { enum: LABEL_STATUS_VALUES }).notNull().default('awaiting_file'),
    fileKey: text('file_key'),
    fileName: text('file_name').notNull().default(''),
    source: text('source', { enum: LABEL_SOURCE_VALUES }).notNull().default('import'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'order_labels_order_id_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('order_labels_order_uq').on(t.tenantId, t.orderId),
    uniqueIndex('order_labels_tracking_uq').on(t.tenantId, t.trackingNo),
    index('order_labels_merchant_idx').on(t.tenantId, t.merchantId, t.updatedAt),
    check('order_labels_file_ok', sql`(${t.status} = 'ready') = (${t.fileKey} IS NOT NULL)`),
  ],
);

/** One page of a split label PDF as read: its tracking number and the order it matched. */
export interface StoredSplitPage {
  page: number;
  tracking_no: string | null;
  order_id: string | null;
  order_no: string | null;
  reason: 'no_text' | 'no_tracking' | 'no_label' | 'order_status' | 'duplicate' | null;
  /** Where the number shown was read: the text layer or a Code 128 barcode (absent before 0054's amendment). */
  read_from?: 'text' | 'barcode' | null;
  /** The stored PNG thumbnail of the page (absent on splits made before thumbnails). */
  thumb_key?: string | null;
}

/**
 * A multi-page label PDF under review (decision 0054): the stored original and what each page
 * read; nothing is a label until the merchant confirms.
 */
export const labelSplits = pgTable(
  'label_splits',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull(),
    pageCount: integer('page_count').notNull(),
    pages: jsonb('pages').$type<StoredSplitPage[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'confirmed'] as const })
      .notNull()
      .default('pending'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('label_splits_merchant_idx').on(t.tenantId, t.merchantId, t.createdAt),
  ],
);
