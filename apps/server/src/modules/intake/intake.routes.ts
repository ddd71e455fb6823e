import { intakeOperations as op } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import {
  createImport,
  findImport,
  listImports,
  queueImport,
  templateWorkbook,
  toImportRecord,
} from './import.service.ts';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Order import (spec §2): upload, records, failed rows and the template. */
export function intakeRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  route(app, op.orderImportCreate, async (request) => {
    if (!services.jobs.isStarted) throw new AppError(503, 'http.503');
    // No transaction around the upload (decision 0092): the record is written in one statement
    // once the file is stored, and queued after it, so the job always finds it.
    const ctx = await adminContext(request, db);
    const row = await createImport(ctx, services, request, request.query);
    const queued = await queueImport(services, ctx, row);
    return ok(toImportRecord(queued, request.ctx.lang), t(request.ctx.lang, 'intake.started'));
  });

  route(app, op.orderImportList, async (request) => {
    const ctx = await adminContext(request, db);
    const q = request.query;
    const { rows, total } = await listImports(ctx, q);
    return ok({ list: rows.map((r) => toImportRecord(r, ctx.lang)), total, page: q.page, limit: q.limit });
  });

  route(app, op.orderImportDetail, async (request) => {
    const ctx = await adminContext(request, db);
    return ok(toImportRecord(await findImport(ctx, request.params.id), ctx.lang));
  });

  route(app, op.orderImportFailedRows, async (request, reply) => {
    const ctx = await adminContext(request, db);
    const row = await findImport(ctx, request.params.id);
    if (!row.failedFileKey) throw AppError.notFound('intake.noFailedRows');
    const stream = await services.storage.get(row.failedFileKey);
    if (!stream) throw AppError.notFound('intake.noFailedRows');
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="failed-rows-${row.code}.xlsx"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(stream) as never;
  });

  route(app, op.orderImportTemplate, async (request, reply) => {
    const lang = request.query.lang ?? request.ctx.lang;
    const body = await templateWorkbook(lang);
    const name = lang === 'en' ? 'order-import-template.xlsx' : 'order-import-template-zh.xlsx';
    return reply
      .header('content-type', XLSX_TYPE)
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(body) as never;
  });
}
