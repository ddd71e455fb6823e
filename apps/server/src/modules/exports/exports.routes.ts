import { exportOperations as op } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { ExportLinks } from './export-links.ts';
import {
  assertDownloadable,
  createExport,
  deleteExport,
  findExport,
  listExports,
  markDownloaded,
  queueExport,
  retryExport,
  toExportRecord,
} from './export.service.ts';
import { exportRecords } from './schema.ts';
import { eq } from 'drizzle-orm';

/** Export records (spec §2 back-office "export records"): create, list, read, link, retry, delete, download. */
export function exportRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  const links = new ExportLinks(services.config.jwtSecret);
  const jobsRunning = () => {
    if (!services.jobs.isStarted) throw new AppError(503, 'http.503');
  };

  route(app, op.exportCreate, async (request) => {
    jobsRunning();
    const { row, ctx } = await db.transaction(async (tx) => {
      const ctx = await adminContext(request, tx);
      return { row: await createExport(ctx, services, request.body), ctx };
    });
    // Queued once the record is committed, so the job always finds it.
    const queued = await queueExport(services, { ...ctx, tx: db }, row);
    return ok(toExportRecord(services, queued, request.ctx.lang), t(request.ctx.lang, 'export.started'));
  });

  route(app, op.exportList, async (request) => {
    const ctx = await adminContext(request, db);
    const q = request.query;
    const { rows, total } = await listExports(ctx, q);
    return ok({
      list: rows.map((r) => toExportRecord(services, r, ctx.lang)),
      total,
      page: q.page,
      limit: q.limit,
    });
  });

  route(app, op.exportDetail, async (request) => {
    const ctx = await adminContext(request, db);
    return ok(toExportRecord(services, await findExport(ctx, request.params.id), ctx.lang));
  });

  route(app, op.exportLink, async (request) => {
    const ctx = await adminContext(request, db);
    const row = await findExport(ctx, request.params.id);
    assertDownloadable(row);
    const link = links.link(row.id);
    return ok({
      url: link.url,
      file_name: row.fileName ?? `${row.code}.xlsx`,
      expires_at: link.expiresAt.toISOString(),
    });
  });

  route(app, op.exportRetry, async (request) => {
    jobsRunning();
    const { row, ctx } = await db.transaction(async (tx) => {
      const ctx = await adminContext(request, tx);
      return { row: await retryExport(ctx, services, request.params.id), ctx };
    });
    const queued = await queueExport(services, { ...ctx, tx: db }, row);
    return ok(toExportRecord(services, queued, request.ctx.lang), t(request.ctx.lang, 'export.started'));
  });

  route(app, op.exportDelete, async (request) => {
    const deleted = await db.transaction(async (tx) =>
      deleteExport(await adminContext(request, tx), services, request.params.id),
    );
    return ok({ deleted }, t(request.ctx.lang, 'common.ok'));
  });

  // The link is the credential (a browser download sends no bearer token): signed for the record, expiring.
  route(app, op.exportDownload, async (request, reply) => {
    const { id } = request.params;
    const verdict = links.check(id, request.query.e, request.query.s);
    if (verdict === 'bad') throw AppError.notFound('export.notFound');
    if (verdict === 'expired') throw AppError.forbidden('export.linkExpired');
    const [row] = await db.select().from(exportRecords).where(eq(exportRecords.id, id)).limit(1);
    if (!row) throw AppError.notFound('export.notFound');
    assertDownloadable(row);
    const stream = await services.storage.get(row.fileKey);
    if (!stream) throw AppError.notFound('export.expired');
    await markDownloaded(db, row.id);
    const name = row.fileName ?? `${row.code}.xlsx`;
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="${name.replace(/[^\w.-]/g, '_')}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream) as never;
  });
}
