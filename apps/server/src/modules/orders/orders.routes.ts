import { ORDER_STATUSES, orderOperations as op } from '@pod/shared';
import { registerCrud } from '../../platform/crud/crud.ts';
import { ok } from '../../platform/http/envelope.ts';
import { jsonArray, okWithJson } from '../../platform/http/json-text.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { adminContext, dataScopeFor, merchantWideContext } from '../access/index.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { Executor } from '../../db/client.ts';
import type { FastifyRequest } from 'fastify';
import { merchantBalances } from '../wallet/index.ts';
import {
  copyOrder,
  linkLine,
  modifyAddress,
  modifyLogistics,
  orderCentreDetail,
  restoreOrders,
  setRemark,
  shippingOptionsFor,
  splitOrder,
} from './centre.service.ts';
import * as repo from './order.repo.ts';
import { skuMappingResource } from './sku-mapping.resource.ts';
import {
  cancelOrder,
  cancelOrders,
  findOrders,
  orderScope,
  PAID_STATUSES,
  toOrder,
  totalsByCurrency,
} from './order.service.ts';

/**
 * The order centre (spec §2 /admin/order/list, /admin/order/detail; decisions 0024, 0039, 0040):
 * the list with its filters and status counts, the detail, and every action but paying (checkout's
 * payment workflow) and cancel requests (after-sales). Reads and actions honour the caller's data
 * scope (spec §6): staff see the orders of their departments and their own.
 */
/**
 * The context of an order request: the route's permission is checked by the auth guard, so only
 * the data scope is read (one look-up for staff, none for a primary account), not every grant.
 */
async function orderContext(request: FastifyRequest, tx: Executor): Promise<ServiceContext> {
  const ctx = merchantWideContext(request, tx);
  return { ...ctx, dataScope: await dataScopeFor(tx, ctx.actor) };
}

export function orderRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  const timeout = services.config.orders.timeoutMinutes;
  registerCrud(app, services.crud, adminContext, skuMappingResource);

  route(app, op.orderList, async (request) => {
    const ctx = await orderContext(request, db);
    const q = request.query;
    const { items, total } = await repo.listForMerchant(db, orderScope(ctx), q, ctx.dataScope);
    return okWithJson({ total, page: q.page, limit: q.limit }, 'list', jsonArray(items));
  });

  route(app, op.orderStatusCounts, async (request) => {
    const ctx = await orderContext(request, db);
    const rows = await repo.statusCounts(db, orderScope(ctx), request.query, ctx.dataScope);
    const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<
      (typeof ORDER_STATUSES)[number],
      number
    >;
    for (const r of rows) counts[r.status] = r.n;
    return ok({ all: rows.reduce((a, r) => a + r.n, 0), counts });
  });

  route(app, op.orderPayStatus, async (request) => {
    const ctx = await orderContext(request, db);
    const scope = orderScope(ctx);
    const rows = await findOrders(db, scope, request.query.order_nos, ctx.dataScope);
    const balances = await merchantBalances(db, scope.tenantId, scope.merchantId);
    return ok({
      orders: rows.map(toOrder),
      success: rows.every((r) => PAID_STATUSES.has(r.status)),
      amounts: totalsByCurrency(rows),
      balances: balances.map((b) => ({ currency: b.currency, balance: b.balance })),
    });
  });

  route(app, op.orderDetail, async (request) => {
    const ctx = await orderContext(request, db);
    return ok(await orderCentreDetail(ctx, request.params.order_no, services.files));
  });

  route(app, op.orderShippingOptions, async (request) => {
    const ctx = await orderContext(request, db);
    return ok({ options: await shippingOptionsFor(ctx, request.params.order_no) });
  });

  route(app, op.orderCancel, async (request) => {
    const row = await db.transaction(async (tx) =>
      cancelOrder(await orderContext(request, tx), request.params.order_no),
    );
    return ok(toOrder(row), t(request.ctx.lang, 'order.cancelled'));
  });

  route(app, op.orderCancelBatch, async (request) => {
    const result = await db.transaction(async (tx) =>
      cancelOrders(await orderContext(request, tx), request.body.order_nos),
    );
    return ok(
      { cancelled: result.cancelled.map(toOrder), failed: result.failed },
      t(request.ctx.lang, 'order.cancelled'),
    );
  });

  route(app, op.orderRestore, async (request) => {
    const result = await db.transaction(async (tx) =>
      restoreOrders(await orderContext(request, tx), request.body.order_nos, timeout),
    );
    return ok(
      { restored: result.restored.map(toOrder), skipped: result.skipped },
      t(request.ctx.lang, 'order.restored'),
    );
  });

  route(app, op.orderCopy, async (request) => {
    const row = await db.transaction(async (tx) =>
      copyOrder(await orderContext(request, tx), request.params.order_no, timeout),
    );
    return ok(toOrder(row), t(request.ctx.lang, 'order.copySuccess'));
  });

  route(app, op.orderSplit, async (request) => {
    const rows = await db.transaction(async (tx) =>
      splitOrder(await orderContext(request, tx), request.params.order_no, request.body.lines),
    );
    return ok({ orders: rows.map(toOrder) }, t(request.ctx.lang, 'common.ok'));
  });

  route(app, op.orderModifyLogistics, async (request) => {
    const row = await db.transaction(async (tx) =>
      modifyLogistics(
        await orderContext(request, tx),
        request.params.order_no,
        request.body.shipping_method_id,
      ),
    );
    return ok(toOrder(row), t(request.ctx.lang, 'common.ok'));
  });

  route(app, op.orderModifyAddress, async (request) => {
    const row = await db.transaction(async (tx) =>
      modifyAddress(await orderContext(request, tx), request.params.order_no, request.body.address),
    );
    return ok(toOrder(row), t(request.ctx.lang, 'common.ok'));
  });

  route(app, op.orderRemark, async (request) => {
    const row = await db.transaction(async (tx) =>
      setRemark(await orderContext(request, tx), request.params.order_no, request.body.remark),
    );
    return ok(toOrder(row), t(request.ctx.lang, 'common.ok'));
  });

  route(app, op.orderLinkLine, async (request) => {
    const b = request.body;
    const row = await db.transaction(async (tx) =>
      linkLine(await orderContext(request, tx), request.params.order_no, request.params.line_id, {
        finishedProductId: b.finished_product_id,
        colorId: b.color_id,
        sizeId: b.size_id,
        remember: b.remember,
      }),
    );
    return ok(toOrder(row), t(request.ctx.lang, 'common.ok'));
  });
}
