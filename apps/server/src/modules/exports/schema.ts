import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { EXPORT_DOWNLOAD_STATUSES, EXPORT_STATUSES, EXPORT_TYPES } from '@pod/shared';
import { createdAt, id, updatedAt } from '../../db/columns.ts';

/**
 * spec §3 Export record: one export of one list, with the filters it was asked with, its counts,
 * status, timings, file and error log. Owned by the user who asked (and their organisation).
 */
export const exportRecords = pgTable(
  'export_records',
  {
    id: id(),
    /** Null for the platform's own accounts. */
    tenantId: uuid('tenant_id'),
    merchantId: uuid('merchant_id'),
    factoryId: uuid('factory_id'),
    userId: uuid('user_id').notNull(),
    /** The account's username when it asked (spec §3 "account"). */
    account: text('account').notNull(),
    code: text('code').notNull().unique(),
    /** The list's page key, e.g. `order/list`. */
    page: text('page').notNull(),
    type: text('type', { enum: EXPORT_TYPES }).notNull().default('xlsx'),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull(),
    lang: text('lang', { enum: ['zh-cn', 'en'] }).notNull(),
    timeZone: text('time_zone').notNull(),
    estimatedCount: integer('estimated_count').notNull(),
    actualCount: integer('actual_count'),
    status: text('status', { enum: EXPORT_STATUSES }).notNull().default('queued'),
    progress: integer('progress').notNull().default(0),
    downloadStatus: text('download_status', { enum: EXPORT_DOWNLOAD_STATUSES })
      .notNull()
      .default('not_downloaded'),
    downloadCount: integer('download_count').notNull().default(0),
    jobId: uuid('job_id'),
    fileKey: text('file_key'),
    fileName: text('file_name'),
    errorLog: text('error_log'),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationMs: integer('duration_ms'),
    downloadedAt: timestamp('downloaded_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('export_records_user_idx').on(t.userId, t.createdAt),
    index('export_records_expires_idx').on(t.expiresAt),
  ],
);
