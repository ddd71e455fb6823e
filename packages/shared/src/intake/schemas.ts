import { z } from 'zod';
import { pagedListQueryBase } from '../crud-schemas.ts';

/**
 * Order intake: spreadsheet import (issue 20, decision 0051). The limits are the server's and the
 * import page's: a file past them is refused before it is parsed.
 */
export const ORDER_IMPORT_LIMITS = {
  /** Data rows of one import file (the header and TikTok's description row not counted). */
  maxRows: 100_000,
  /** Bytes of the uploaded .xlsx itself. */
  maxFileBytes: 50 * 1024 * 1024,
  /** Bytes of all the zip's entries once uncompressed (zip-bomb guard). */
  maxUncompressedBytes: 1024 * 1024 * 1024,
  /** The highest compression ratio an entry of more than a megabyte may have (zip-bomb guard). */
  maxCompressionRatio: 200,
  /** Entries of the zip (a workbook has a few dozen). */
  maxZipEntries: 10_000,
  /** Orders written per batch (each batch is one transaction). */
  batchOrders: 500,
} as const;

export const ORDER_IMPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type OrderImportStatus = (typeof ORDER_IMPORT_STATUSES)[number];
/** success: every order imported or already present; partial: some rows failed; failed: none imported. */
export const ORDER_IMPORT_RESULTS = ['success', 'partial', 'failed'] as const;
export type OrderImportResult = (typeof ORDER_IMPORT_RESULTS)[number];
/** The templates recognised from the header row. */
export const ORDER_IMPORT_TEMPLATES = ['platform', 'tiktok', 'temu'] as const;
export type OrderImportTemplate = (typeof ORDER_IMPORT_TEMPLATES)[number];
export const ORDER_IMPORT_PLATFORMS = ['tiktok', 'temu', 'other'] as const;

/** The import page's choice: the platform and the merchant's shop the orders belong to. */
export const orderImportCreateQuerySchema = z.object({
  platform: z.enum(ORDER_IMPORT_PLATFORMS),
  shop_id: z.uuid(),
});

/** spec §3 Order import record, as the records page shows it. */
export const orderImportRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  platform: z.enum(ORDER_IMPORT_PLATFORMS),
  shop_id: z.string(),
  shop_name: z.string(),
  file_name: z.string(),
  template: z.enum(ORDER_IMPORT_TEMPLATES).nullable(),
  status: z.enum(ORDER_IMPORT_STATUSES),
  result: z.enum(ORDER_IMPORT_RESULTS).nullable(),
  /** 0–100. */
  progress: z.number().int(),
  row_count: z.number().int(),
  order_count: z.number().int(),
  created_count: z.number().int(),
  /** Orders already present (an earlier import or the marketplace sync): not created again. */
  skipped_count: z.number().int(),
  failed_order_count: z.number().int(),
  failed_row_count: z.number().int(),
  /** Whether the failed rows can be downloaded. */
  has_failed_rows: z.boolean(),
  /** Why the whole import failed, in the reader's language. */
  error: z.string().nullable(),
  created_by_name: z.string(),
  created_at: z.string(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
});
export type OrderImportRecord = z.infer<typeof orderImportRecordSchema>;

/** The import records' filters (the list's, and its export's). */
export const orderImportFiltersSchema = z.object({
  status: z.enum(ORDER_IMPORT_STATUSES).optional(),
  platform: z.enum(ORDER_IMPORT_PLATFORMS).optional(),
  shop_id: z.uuid().optional(),
});

export const orderImportListQuerySchema = pagedListQueryBase.extend(orderImportFiltersSchema.shape);

export const orderImportTemplateQuerySchema = z.object({
  lang: z.enum(['zh-cn', 'en']).optional(),
});
