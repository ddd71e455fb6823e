import { readFile } from 'node:fs/promises';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { FULFILMENT_LIMITS, fulfilmentOperations as op } from '@pod/shared';
import type { ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import { receiveUpload, type ReceivedUpload } from '../../platform/uploads/receive.ts';
import type { UploadPolicy } from '../../platform/uploads/inspect.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import * as labels from './label.service.ts';
import * as production from './production.service.ts';

const pdfPolicy = (maxBytes: number): UploadPolicy => ({
  suffixes: ['pdf'],
  mimeTypes: ['application/pdf'],
  maxBytes,
  maxPixels: 0,
});

/** A file reply: its type, a download name, never sniffed or cached by a shared cache. */
function sendFile(reply: FastifyReply, body: unknown, type: string, name: string) {
  return reply
    .header('content-type', type)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(body);
}

/**
 * Fulfilment routes (issue 21, decision 0054). The queue's routes take the caller's factory
 * permissions (adminContext); label routes are the merchant's. Writes run in one transaction.
 */
export function fulfilmentRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  const read = async <T>(request: FastifyRequest, fn: (ctx: ServiceContext) => Promise<T>) =>
    fn(await adminContext(request, db));
  const write = <T>(request: FastifyRequest, fn: (ctx: ServiceContext) => Promise<T>) =>
    db.transaction(async (tx) => fn(await adminContext(request, tx)));

  // ---- The production queue ----------------------------------------------------------------
  route(app, op.productionList, async (request) =>
    ok(await read(request, (ctx) => production.listQueue(ctx, request.query))),
  );
  route(app, op.productionStart, async (request) =>
    ok(await write(request, (ctx) => production.start(ctx, request.body.ids))),
  );
  route(app, op.productionPrintFiles, async (request, reply) => {
    const stream = await read(request, (ctx) =>
      production.printFilesZip(ctx, request.body.ids, services.storage),
    );
    return sendFile(reply, stream, 'application/zip', `print-files-${Date.now()}.zip`);
  });
  route(app, op.productionGet, async (request) =>
    ok(await read(request, (ctx) => production.getDetail(ctx, request.params.id, services.files))),
  );
  for (const [operation, kind] of [
    [op.productionPackingSlip, 'packing_slip'],
    [op.productionSheet, 'production_sheet'],
  ] as const)
    route(app, operation, async (request, reply) => {
      const doc = await read(request, (ctx) =>
        production.orderDocument(ctx, request.params.id, kind, services.storage),
      );
      return sendFile(reply, Buffer.from(doc.pdf), 'application/pdf', `${doc.orderNo}-${kind}.pdf`);
    });
  route(app, op.productionLabel, async (request, reply) => {
    const file = await read(request, (ctx) => production.labelFileOf(ctx, request.params.id));
    const stream = await services.storage.get(file.key);
    if (!stream) throw AppError.notFound('fulfilment.labelNotFound');
    return sendFile(reply, stream, 'application/pdf', file.name);
  });
  route(app, op.productionShip, async (request) =>
    ok(
      await write(request, async (ctx) => {
        await production.ship(ctx, request.params.id, request.body);
        return production.getDetail(ctx, request.params.id, services.files);
      }),
      t(request.ctx.lang, 'fulfilment.shipped'),
    ),
  );

  // ---- Label import, waybills, the split of one label PDF -----------------------------------
  route(app, op.labelImport, async (request) =>
    ok(await write(request, (ctx) => labels.importLabels(ctx, request.body))),
  );
  route(app, op.labelMethods, async (request) => ok(await read(request, (ctx) => labels.methodOptions(ctx))));
  route(app, op.labelList, async (request) =>
    ok(await read(request, (ctx) => labels.listLabels(ctx, request.query))),
  );
  route(app, op.labelDownload, async (request, reply) => {
    const stream = await read(request, (ctx) => labels.labelsZip(ctx, request.body.ids, services.storage));
    return sendFile(reply, stream, 'application/zip', `waybills-${Date.now()}.zip`);
  });

  const receivePdfs = async (request: FastifyRequest, maxFiles: number, maxBytes: number) => {
    // The caller must be a merchant before a byte is stored (the context refuses others).
    await read(request, async (ctx) => labels.assertMerchant(ctx));
    return receiveUpload(request, () => pdfPolicy(maxBytes), { tmpRoot: services.config.dataDir, maxFiles });
  };
  const withUpload = async <T>(received: ReceivedUpload, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } finally {
      await received.cleanup();
    }
  };

  route(app, op.waybillUpload, async (request) => {
    const received = await receivePdfs(
      request,
      FULFILMENT_LIMITS.waybillBatch,
      FULFILMENT_LIMITS.waybillBytes,
    );
    return withUpload(received, async () => {
      if (received.isOverBatch)
        throw AppError.badRequest('upload.tooMany', { max: FULFILMENT_LIMITS.waybillBatch });
      if (!received.files.length) throw AppError.badRequest('upload.incomplete');
      const files: labels.WaybillFile[] = [];
      for (const f of received.files)
        files.push(
          f.ok
            ? { name: f.name, ok: true, bytes: await readFile(f.path) }
            : { name: f.name, ok: false, reason: f.error.reason === 'size' ? 'size' : 'type' },
        );
      return ok(await write(request, (ctx) => labels.importWaybills(ctx, files, services.storage)));
    });
  });
  route(app, op.labelSplitCreate, async (request) => {
    const received = await receivePdfs(request, 1, FULFILMENT_LIMITS.labelPdfBytes);
    return withUpload(received, async () => {
      const file = received.files[0];
      if (!file || received.isOverBatch) throw AppError.badRequest('upload.oneFile');
      if (!file.ok)
        throw AppError.badRequest(
          file.error.reason === 'size' ? 'fulfilment.tooLarge' : 'fulfilment.waybill.type',
          {
            max: Math.round(FULFILMENT_LIMITS.labelPdfBytes / 1024 / 1024),
            tracking_no: file.name,
          },
        );
      const bytes = await readFile(file.path);
      // Pages are read and drawn first, outside the transaction; only the matching is written.
      const pages = await read(request, (ctx) =>
        labels.readSplitPdf(ctx, { name: file.name, bytes }, services.storage),
      );
      const row = await write(request, (ctx) => labels.createSplit(ctx, pages, services.storage));
      return ok(labels.toSplit(row, services.files));
    });
  });
  route(app, op.labelSplitGet, async (request) =>
    ok(labels.toSplit(await read(request, (ctx) => labels.getSplit(ctx, request.params.id)), services.files)),
  );
  route(app, op.labelSplitPage, async (request, reply) => {
    const pdf = await read(request, (ctx) =>
      labels.splitPage(ctx, request.params.id, request.params.page, services.storage),
    );
    return reply
      .header('content-type', 'application/pdf')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `inline; filename="page-${request.params.page}.pdf"`)
      .send(pdf);
  });
  route(app, op.labelSplitConfirm, async (request) =>
    ok(
      await write(request, (ctx) =>
        labels.confirmSplit(ctx, request.params.id, services.storage, services.files),
      ),
      t(request.ctx.lang, 'fulfilment.splitSaved'),
    ),
  );
}
