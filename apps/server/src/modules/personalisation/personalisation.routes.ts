import type { FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { personalisationOperations as op } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { dataScopeFor, merchantWideContext } from '../access/index.ts';
import { checkDesign, finishedForPersonalisation, parseDocuments } from '../designs/index.ts';
import { actorOf, findOrder, orderLinesOf, orderScope, recordOrderEvent } from '../orders/index.ts';
import { queuePersonalisation, recount, rowsOf, toLinePersonalisation } from './personalisation.service.ts';
import { orderLinePersonalisations as olp } from './schema.ts';

/** An order request's context: the merchant and the caller's data scope (as the order centre reads). */
async function orderContext(request: FastifyRequest, tx: Executor): Promise<ServiceContext> {
  const ctx = merchantWideContext(request, tx);
  return { ...ctx, dataScope: await dataScopeFor(tx, ctx.actor) };
}

/**
 * Buyer personalisation of an order's lines (issue 20, decision 0053): read, fill again, and save
 * a line's design from the editor. The order is found as the order centre finds it (merchant,
 * data scope): another merchant's or tenant's order is 404.
 */
export function personalisationRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  route(app, op.orderPersonalisation, async (request) => {
    const ctx = await orderContext(request, db);
    const m = orderScope(ctx);
    const order = await findOrder(db, m, request.params.order_no, ctx.dataScope);
    const rows = await rowsOf(db, m, order.id);
    const lines = await orderLinesOf(db, [order.id]);
    const out = [];
    for (const line of lines) {
      const row = rows.find((r) => r.lineId === line.id);
      if (row) out.push(await toLinePersonalisation(db, m, row, line, services.files, request.ctx.lang));
    }
    return ok({ order_no: order.orderNo, blocking_lines: order.reviewLines, lines: out });
  });

  route(app, op.orderPersonalisationRun, async (request) => {
    const ctx = await orderContext(request, db);
    const m = orderScope(ctx);
    const order = await findOrder(db, m, request.params.order_no, ctx.dataScope);
    if (order.status !== 'unpaid')
      throw AppError.conflict('personalisation.orderNotEditable', { order_no: order.orderNo });
    const jobId = await queuePersonalisation(services, m, order.id, { createdBy: ctx.actor.id });
    return ok({ job_id: jobId }, t(request.ctx.lang, 'personalisation.queued'));
  });

  route(app, op.orderPersonalisationSave, async (request) => {
    const ctx = await orderContext(request, db);
    const m = orderScope(ctx);
    const { order_no, line_id } = request.params;
    const order = await findOrder(db, m, order_no, ctx.dataScope);
    const [row] = await db
      .select()
      .from(olp)
      .where(
        and(
          eq(olp.tenantId, m.tenantId),
          eq(olp.merchantId, m.merchantId),
          eq(olp.orderId, order.id),
          eq(olp.lineId, line_id),
        ),
      );
    if (!row) throw AppError.notFound('personalisation.lineNotFound');
    if (order.status !== 'unpaid')
      throw AppError.conflict('personalisation.orderNotEditable', { order_no: order.orderNo });
    const finished = row.finishedProductId
      ? await finishedForPersonalisation(db, m, row.finishedProductId)
      : null;
    if (!finished) throw AppError.notFound('personalisation.lineNotFound');
    const [doc] = parseDocuments([request.body.document], 'document');
    // The same checks as saving a finished product: product and colour, fonts, DPI (blurry images
    // need the merchant's confirmation), print area, the merchant's own images.
    await checkDesign(db, m, finished.productId, [doc!], {
      confirmedBlurry: request.body.confirmed_blurry,
      sizeIds: [],
      prefix: 'document',
    });
    await db.transaction(async (tx) => {
      await tx
        .update(olp)
        .set({
          document: doc,
          edited: true,
          status: 'rendering',
          reasonCode: null,
          reasonParams: {},
          updatedAt: new Date(),
        })
        .where(eq(olp.id, row.id));
      await recount(tx, m, order.id);
      await recordOrderEvent(tx, {
        order: { id: order.id, tenantId: m.tenantId, merchantId: m.merchantId },
        action: 'personalisation_saved',
        actor: await actorOf({ tx, actor: ctx.actor }),
        detail: { line_id },
      });
    });
    await queuePersonalisation(services, m, order.id, {
      createdBy: ctx.actor.id,
      lineIds: [line_id],
      renderOnly: true,
    });
    const [fresh] = await db.select().from(olp).where(eq(olp.id, row.id));
    const line = (await orderLinesOf(db, [order.id])).find((l) => l.id === line_id)!;
    return ok(
      await toLinePersonalisation(db, m, fresh!, line, services.files, request.ctx.lang),
      t(request.ctx.lang, 'personalisation.saved'),
    );
  });
}
