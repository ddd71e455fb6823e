import { z } from 'zod';
import { pagedListQueryBase } from '../crud-schemas.ts';

/** An export record's life (spec §3 Export record "status"). */
export const EXPORT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];
/** Whether its file was fetched (spec §3 "download status"); `expired` once the file is gone. */
export const EXPORT_DOWNLOAD_STATUSES = ['not_downloaded', 'downloaded', 'expired'] as const;
export type ExportDownloadStatus = (typeof EXPORT_DOWNLOAD_STATUSES)[number];
/** The file type of an export (spec §3 "type"). */
export const EXPORT_TYPES = ['xlsx'] as const;

export const EXPORT_LIMITS = {
  /** Rows of one export unless the server is configured otherwise (EXPORT_MAX_ROWS). */
  defaultMaxRows: 200_000,
  /** Days a record and its file are kept unless configured otherwise (EXPORT_RETENTION_DAYS). */
  defaultRetentionDays: 7,
  /** spec §5: a date range covers at most one year. */
  maxRangeDays: 366,
  /** Minutes a download link stays valid. */
  linkMinutes: 10,
  pageKeyLength: 80,
} as const;

/** An IANA time zone the server's Intl knows (the user's, for the dates of the file). */
export const timeZoneSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (zone) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: zone });
        return true;
      } catch {
        return false;
      }
    },
    { params: { rule: 'timeZone' } },
  );

/** Starts an export of a list with the list's current filters (the list's own filter schema). */
export const exportCreateSchema = z.object({
  /** The list's page key, e.g. `order/list` (the menu entry of the list). */
  page: z
    .string()
    .trim()
    .min(1)
    .max(EXPORT_LIMITS.pageKeyLength)
    .regex(/^[a-z][a-zA-Z0-9/_.-]*$/),
  filters: z.record(z.string(), z.unknown()).default({}),
  time_zone: timeZoneSchema.default('Asia/Shanghai'),
});
export type ExportCreate = z.input<typeof exportCreateSchema>;

/** spec §3 Export record, as the records page shows it. */
export const exportRecordSchema = z.object({
  id: z.string(),
  code: z.string(),
  page: z.string(),
  /** The list's title in the caller's language. */
  page_title: z.string(),
  type: z.enum(EXPORT_TYPES),
  filters: z.record(z.string(), z.unknown()),
  estimated_count: z.number().int(),
  actual_count: z.number().int().nullable(),
  status: z.enum(EXPORT_STATUSES),
  /** Percent of the rows written while running. */
  progress: z.number().int().min(0).max(100),
  download_status: z.enum(EXPORT_DOWNLOAD_STATUSES),
  download_count: z.number().int(),
  /** Milliseconds from the start of the job to its end. */
  duration_ms: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** The account that asked for the export. */
  account: z.string(),
  downloaded_at: z.string().nullable(),
  /** Why the job failed (its last error), else null. */
  error_log: z.string().nullable(),
  file_name: z.string().nullable(),
  expires_at: z.string(),
});
export type ExportRecord = z.infer<typeof exportRecordSchema>;

export const exportListQuerySchema = pagedListQueryBase.extend({
  status: z.enum(EXPORT_STATUSES).optional(),
  page_key: z.string().trim().max(EXPORT_LIMITS.pageKeyLength).optional(),
});
export type ExportListQuery = z.input<typeof exportListQuerySchema>;

/** A signed, expiring link to an export's file. */
export const exportLinkSchema = z.object({
  url: z.string(),
  file_name: z.string(),
  expires_at: z.string(),
});

export const exportDownloadQuerySchema = z.object({
  e: z.coerce.number().int(),
  s: z.string().max(64),
});
