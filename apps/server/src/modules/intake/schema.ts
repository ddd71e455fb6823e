import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid, primaryKey } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, rowId } from '../../db/columns.ts';
import { merchantRef, tenantRef } from '../tenancy/schema.ts';

export const IMPORT_STATUS_VALUES = ['queued', 'running', 'completed', 'failed'] as const;
/** success: every row imported or already present; partial: some rows failed; failed: none imported. */
export const IMPORT_RESULT_VALUES = ['success', 'partial', 'failed'] as const;
export const IMPORT_TEMPLATE_VALUES = ['platform', 'tiktok', 'temu'] as const;
export const IMPORT_PLATFORM_VALUES = ['tiktok', 'temu', 'other'] as const;

/**
 * spec §3 Order import record (issue 20, decision 0051): code, platform, shop, order count,
 * result, status and time, plus what the job counted and the failed rows' file.
 */
export const orderImportRecords = pgTable(
  'order_import_records',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    code: text('code').notNull(),
    platform: text('platform', { enum: IMPORT_PLATFORM_VALUES }).notNull(),
    shopId: uuid('shop_id').notNull(),
    shopName: text('shop_name').notNull().default(''),
    fileName: text('file_name').notNull().default(''),
    /** The uploaded file (storage key), deleted with the record. */
    fileKey: text('file_key').notNull(),
    template: text('template', { enum: IMPORT_TEMPLATE_VALUES }),
    status: text('status', { enum: IMPORT_STATUS_VALUES }).notNull().default('queued'),
    result: text('result', { enum: IMPORT_RESULT_VALUES }),
    /** 0–100. */
    progress: integer('progress').notNull().default(0),
    rowCount: integer('row_count').notNull().default(0),
    /** Distinct third-party orders in the file. */
    orderCount: integer('order_count').notNull().default(0),
    createdCount: integer('created_count').notNull().default(0),
    /** Orders already present (an earlier import or the marketplace sync): not created again. */
    skippedCount: integer('skipped_count').notNull().default(0),
    failedOrderCount: integer('failed_order_count').notNull().default(0),
    failedRowCount: integer('failed_row_count').notNull().default(0),
    /** The failed rows as xlsx (in the language of whoever imported), when any failed. */
    failedFileKey: text('failed_file_key'),
    /** An i18n key of why the whole import failed. */
    error: text('error'),
    lang: text('lang', { enum: ['zh-cn', 'en'] })
      .notNull()
      .default('zh-cn'),
    createdBy: uuid('created_by'),
    createdByName: text('created_by_name').notNull().default(''),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('order_import_records_code_uq').on(t.tenantId, t.code),
    index('order_import_records_merchant_idx').on(t.tenantId, t.merchantId, t.createdAt),
  ],
);
