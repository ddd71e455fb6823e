import { randomInt } from 'node:crypto';
import { and, desc, eq, lt, ne, sql, type SQL } from 'drizzle-orm';
import {
  EXPORT_LIMITS,
  type ExportRecord,
  type exportCreateSchema,
  type exportListQuerySchema,
  type Language,
} from '@pod/shared';
import type { z } from 'zod';
import type { ServiceContext } from '../../platform/context.ts';
import type { Executor } from '../../db/client.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { AppError } from '../../platform/http/errors.ts';
import { hasMessage } from '../../platform/i18n/i18n.ts';
import { jobOwner } from '../../platform/jobs/job-queue.ts';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import type { AppServices } from '../../services.ts';
import { findAdminNames } from '../access/index.ts';
import { EXPORT_SOURCES, type AnyExportSource } from './source.ts';
import { exportRecords } from './schema.ts';

export type ExportRow = typeof exportRecords.$inferSelect;

/** The job that writes an export's file. */
export const EXPORT_JOB = 'exports.run';

/**
 * Export records are the asking user's (decision 0033): the organisation's other accounts do not
 * see them, and a record is only ever read within its tenant.
 */
export const EXPORT_OWNER: Ownership = {
  level: 'user',
  tenant: exportRecords.tenantId,
  user: exportRecords.userId,
};

const mine = (ctx: ServiceContext): SQL[] => ownedBy(EXPORT_OWNER, ctx.scope, ctx.actor.id);

/** EX + date and time + 4 random digits: readable, and unique enough to retry on the rare clash. */
function newCode(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `EX${stamp}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** The source of a page, or a 400 naming the page field. */
export function sourceOf(services: AppServices, page: string): AnyExportSource {
  const source = services.extensions.one(EXPORT_SOURCES, page);
  if (!source) throw AppError.field('page', 'export.unknownPage', { page });
  return source;
}

/** The filters parsed by the list's own schema; a 400 naming the bad filter otherwise. */
export function parseFilters(source: AnyExportSource, filters: Record<string, unknown>): unknown {
  const parsed = source.filters.safeParse(filters);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = ['filters', ...(issue?.path ?? [])].join('.');
    // A rule of the list's own (e.g. orders' one-year date range) keeps the list's message.
    const rule =
      issue?.code === 'custom' ? (issue.params as { rule?: unknown } | undefined)?.rule : undefined;
    if (typeof rule === 'string' && hasMessage(`validation.${rule}`))
      throw AppError.field(field, `validation.${rule}`, { field });
    throw AppError.field(field, 'export.badFilter', { field });
  }
  return parsed.data;
}

const DAY_MS = 86_400_000;

/** spec §5: a date range covers at most one year. */
function checkRange(source: AnyExportSource, filters: unknown): void {
  const range = source.dateRange?.(filters);
  if (!range?.from) return;
  const from = new Date(range.from).getTime();
  const to = range.to ? new Date(range.to).getTime() : Date.now();
  if (to - from > EXPORT_LIMITS.maxRangeDays * DAY_MS)
    throw AppError.field('filters.from', 'export.rangeTooLong', { days: EXPORT_LIMITS.maxRangeDays });
}

/** Checks the caller may export the page with these filters and counts its rows. */
async function prepare(
  ctx: ServiceContext,
  services: AppServices,
  page: string,
  rawFilters: Record<string, unknown>,
): Promise<{ source: AnyExportSource; filters: unknown; count: number }> {
  const source = sourceOf(services, page);
  if (!ctx.permissions.has(source.permission)) throw AppError.forbidden();
  const filters = parseFilters(source, rawFilters);
  checkRange(source, filters);
  const count = await source.count(ctx, filters, services);
  const max = services.config.exports.maxRows;
  if (count > max) throw AppError.badRequest('export.tooManyRows', { count, max });
  return { source, filters, count };
}

/**
 * Records an export of a list for the caller (status queued), after checking the permission, the
 * filters, the date range and the row limit. The route queues the job once this is committed.
 */
export async function createExport(
  ctx: ServiceContext,
  services: AppServices,
  input: z.output<typeof exportCreateSchema>,
): Promise<ExportRow> {
  const { count } = await prepare(ctx, services, input.page, input.filters);
  const account = (await findAdminNames(ctx.tx, ctx.actor.id))?.username ?? '';
  const now = new Date();
  const [row] = await ctx.tx
    .insert(exportRecords)
    .values({
      tenantId: ctx.scope.tenantId,
      merchantId: ctx.scope.merchantId,
      factoryId: ctx.scope.factoryId,
      userId: ctx.actor.id,
      account,
      code: newCode(now),
      page: input.page,
      filters: input.filters,
      lang: ctx.lang,
      timeZone: input.time_zone,
      estimatedCount: count,
      expiresAt: new Date(now.getTime() + services.config.exports.retentionDays * DAY_MS),
    })
    .returning();
  return row!;
}

/** Queues the record's job and remembers its id; a record that cannot be queued is failed. */
export async function queueExport(
  services: AppServices,
  ctx: ServiceContext,
  row: ExportRow,
): Promise<ExportRow> {
  const db = services.database.db;
  try {
    const source = services.extensions.one(EXPORT_SOURCES, row.page);
    const jobId = await services.jobs.enqueue(
      EXPORT_JOB,
      { record_id: row.id },
      jobOwner(ctx, source?.permission ?? null),
    );
    const [updated] = await db
      .update(exportRecords)
      .set({ jobId })
      .where(eq(exportRecords.id, row.id))
      .returning();
    return updated ?? row;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const [failed] = await db
      .update(exportRecords)
      .set({
        status: 'failed',
        errorLog: `could not be queued: ${message}`.slice(0, 4000),
        finishedAt: new Date(),
      })
      .where(eq(exportRecords.id, row.id))
      .returning();
    return failed ?? row;
  }
}

/** The caller's record, or 404 (another user's, another organisation's, or gone). */
export async function findExport(ctx: ServiceContext, id: string): Promise<ExportRow> {
  const [row] = await ctx.tx
    .select()
    .from(exportRecords)
    .where(and(eq(exportRecords.id, id), ...mine(ctx)))
    .limit(1);
  if (!row) throw AppError.notFound('export.notFound');
  return row;
}

export function listExports(ctx: ServiceContext, q: z.output<typeof exportListQuerySchema>) {
  const conditions: SQL[] = mine(ctx);
  if (q.status) conditions.push(eq(exportRecords.status, q.status));
  if (q.page_key) conditions.push(eq(exportRecords.page, q.page_key));
  return pagedRows(
    ctx.tx,
    exportRecords,
    and(...conditions),
    [desc(exportRecords.createdAt), desc(exportRecords.id)],
    q.page,
    q.limit,
  );
}

/** Runs a failed export again: the same page and filters, checked and counted again. */
export async function retryExport(
  ctx: ServiceContext,
  services: AppServices,
  id: string,
): Promise<ExportRow> {
  const row = await findExport(ctx, id);
  if (row.status !== 'failed') throw AppError.conflict('export.notRetryable');
  const { count } = await prepare(ctx, services, row.page, row.filters);
  const [updated] = await ctx.tx
    .update(exportRecords)
    .set({
      status: 'queued',
      progress: 0,
      estimatedCount: count,
      actualCount: null,
      errorLog: null,
      startedAt: null,
      finishedAt: null,
      durationMs: null,
      jobId: null,
    })
    .where(and(eq(exportRecords.id, id), eq(exportRecords.status, 'failed')))
    .returning();
  if (!updated) throw AppError.conflict('export.notRetryable');
  return updated;
}

/** Removes a file unless another record still points at it (storage keys are content addresses). */
export async function dropFile(
  services: AppServices,
  tx: Executor,
  key: string | null,
  exceptId: string,
): Promise<void> {
  if (!key) return;
  const [other] = await tx
    .select({ id: exportRecords.id })
    .from(exportRecords)
    .where(and(eq(exportRecords.fileKey, key), ne(exportRecords.id, exceptId)))
    .limit(1);
  if (!other) await services.storage.delete(key);
}

/** Deletes the caller's record and its file. */
export async function deleteExport(ctx: ServiceContext, services: AppServices, id: string): Promise<number> {
  const row = await findExport(ctx, id);
  await ctx.tx.delete(exportRecords).where(and(eq(exportRecords.id, id), ...mine(ctx)));
  await dropFile(services, ctx.tx, row.fileKey, row.id);
  return 1;
}

/** A finished record's file, or why not: 404 when gone or expired, 409 while it is not ready. */
export function assertDownloadable(
  row: ExportRow,
  now = new Date(),
): asserts row is ExportRow & { fileKey: string } {
  if (row.expiresAt.getTime() <= now.getTime()) throw AppError.notFound('export.expired');
  if (row.status !== 'completed' || !row.fileKey) throw AppError.conflict('export.notReady');
}

/** Records one download of the record's file (spec §3 download time and status). */
export async function markDownloaded(tx: Executor, id: string): Promise<void> {
  await tx
    .update(exportRecords)
    .set({
      downloadStatus: 'downloaded',
      downloadedAt: new Date(),
      downloadCount: sql`${exportRecords.downloadCount} + 1`,
    })
    .where(eq(exportRecords.id, id));
}

/** Deletes records past their expiry and their files (the cleanup job). Returns how many. */
export async function deleteExpired(services: AppServices, now = new Date(), batch = 500): Promise<number> {
  const db = services.database.db;
  const rows = await db
    .delete(exportRecords)
    .where(
      sql`${exportRecords.id} in (select ${exportRecords.id} from ${exportRecords} where ${lt(exportRecords.expiresAt, now)} limit ${batch})`,
    )
    .returning({ id: exportRecords.id, fileKey: exportRecords.fileKey });
  for (const row of rows) await dropFile(services, db, row.fileKey, row.id);
  return rows.length;
}

/** A record as the records page shows it (spec §3 Export record). */
export function toExportRecord(services: AppServices, row: ExportRow, lang: Language): ExportRecord {
  const source = services.extensions.one(EXPORT_SOURCES, row.page);
  return {
    id: row.id,
    code: row.code,
    page: row.page,
    page_title: source ? source.title[lang] : row.page,
    type: row.type,
    filters: row.filters,
    estimated_count: row.estimatedCount,
    actual_count: row.actualCount,
    status: row.status,
    progress: row.progress,
    download_status: row.downloadStatus,
    download_count: row.downloadCount,
    duration_ms: row.durationMs,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    account: row.account,
    downloaded_at: row.downloadedAt?.toISOString() ?? null,
    error_log: row.errorLog,
    file_name: row.fileName,
    expires_at: row.expiresAt.toISOString(),
  };
}
