import { eq } from 'drizzle-orm';
import { t } from '../../platform/i18n/i18n.ts';
import { AppError } from '../../platform/http/errors.ts';
import { writeXlsx } from '../../platform/xlsx/xlsx-writer.ts';
import type { AppServices } from '../../services.ts';
import { contextOfUser } from '../access/index.ts';
import { cellFormat } from './cell-format.ts';
import { dropFile, EXPORT_JOB, parseFilters, sourceOf, type ExportRow } from './export.service.ts';
import { exportRecords } from './schema.ts';

export interface ExportJobData {
  record_id: string;
}

/** Rows read per query; progress is reported after each batch. */
export const EXPORT_BATCH = 1000;

/** The message of a failure in the record's language (AppErrors are translated). */
function messageOf(error: unknown, row: ExportRow): string {
  if (error instanceof AppError) return t(row.lang, error.key, error.params);
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

/**
 * Writes one export: the user's context is built again from who they are now (a user who lost
 * the permission or was disabled meanwhile exports nothing), the rows are read in keyset batches
 * with the list's own scoped query and streamed into the xlsx, and the record gets its counts,
 * file, duration and status, or its error log.
 */
export async function runExport(services: AppServices, data: ExportJobData): Promise<unknown> {
  const db = services.database.db;
  const [row] = await db.select().from(exportRecords).where(eq(exportRecords.id, data.record_id)).limit(1);
  if (!row || row.status === 'completed') return { record_id: data.record_id, skipped: true };
  const started = new Date();
  await db
    .update(exportRecords)
    .set({ status: 'running', startedAt: started, progress: 0, errorLog: null })
    .where(eq(exportRecords.id, row.id));
  let written = 0;
  let fileKey: string | null = null;
  try {
    const ctx = await contextOfUser(db, row.userId, row.lang);
    if (!ctx) throw AppError.forbidden('export.userGone');
    const source = sourceOf(services, row.page);
    if (!ctx.permissions.has(source.permission)) throw AppError.forbidden('export.noLongerAllowed');
    const filters = parseFilters(source, row.filters);
    const format = cellFormat(row.lang, row.timeZone);
    const max = services.config.exports.maxRows;
    const estimated = Math.max(row.estimatedCount, 1);
    const stored = await writeXlsx(
      services.storage,
      {
        name: source.title[row.lang],
        columns: source.columns.map((c) => ({
          header: c.header[row.lang],
          ...(c.width ? { width: c.width } : {}),
        })),
      },
      async (sink) => {
        for await (const batch of source.batches(ctx, filters, EXPORT_BATCH, services)) {
          if (written + batch.length > max)
            throw AppError.badRequest('export.tooManyRows', { count: written + batch.length, max });
          for (const item of batch) sink.addRow(source.columns.map((c) => c.value(item, format)));
          written += batch.length;
          const progress = Math.min(99, Math.floor((written / estimated) * 100));
          await db.update(exportRecords).set({ progress }).where(eq(exportRecords.id, row.id));
        }
      },
    );
    fileKey = stored.key;
    const finished = new Date();
    const day = finished.toISOString().slice(0, 10);
    const [done] = await db
      .update(exportRecords)
      .set({
        status: 'completed',
        progress: 100,
        actualCount: written,
        fileKey: stored.key,
        fileName: `${row.page.replace(/[^a-zA-Z0-9]+/g, '-')}-${row.code}-${day}.xlsx`,
        finishedAt: finished,
        durationMs: finished.getTime() - started.getTime(),
      })
      .where(eq(exportRecords.id, row.id))
      .returning({ id: exportRecords.id });
    // Deleted while it ran: its file goes too.
    if (!done) await dropFile(services, db, stored.key, row.id);
    return { record_id: row.id, rows: written };
  } catch (error) {
    if (fileKey) await dropFile(services, db, fileKey, row.id);
    const finished = new Date();
    await db
      .update(exportRecords)
      .set({
        status: 'failed',
        actualCount: written,
        errorLog: messageOf(error, row).slice(0, 4000),
        finishedAt: finished,
        durationMs: finished.getTime() - started.getTime(),
      })
      .where(eq(exportRecords.id, row.id));
    throw error;
  }
}

/** Declares the export job (never retried on its own: the records page retries). */
export function registerExportJobs(services: AppServices): void {
  services.jobs.define<ExportJobData>({
    name: EXPORT_JOB,
    retryLimit: 0,
    expireInSeconds: 60 * 60,
    handler: (run) => runExport(services, run.data),
  });
}
