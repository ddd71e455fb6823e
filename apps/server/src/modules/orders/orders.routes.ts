import { z } from 'zod';
import {
  envelope,
  orderDetailSchema,
  orderListQuerySchema,
  orderNoParamsSchema,
  orderPayStatusQuerySchema,
  orderPayStatusSchema,
  orderSchema,
} from '@pod/shared';
import { listReplySchema } from '../../platform/crud/crud-schemas.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { merchantWideContext } from '../access/index.ts';
import { merchantBalances } from '../wallet/index.ts';
import * as repo from './order.repo.ts';
import {
  cancelOrder,
  findOrder,
  findOrders,
  orderScope,
  PAID_STATUSES,
  toOrder,
  toOrderDetail,
  totalsByCurrency,
} from './order.service.ts';

const TAGS = ['orders'];
const BASE = '/api/v1/admin/order';
const admin = (permission: string) => ({ audience: 'admin' as const, permission });

/** Orders as checkout creates them (spec §2 /admin/order/list, /admin/order/detail): read, pay, cancel. */
export function orderRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  app.get(
    BASE,
    {
      config: admin('order:list'),
      schema: {
        tags: TAGS,
        operationId: 'orderList',
        summary: 'The merchant’s orders, newest first, with status, number, country and date filters',
        querystring: orderListQuerySchema,
        response: { 200: envelope(listReplySchema(orderSchema)) },
      },
    },
    async (request) => {
      const scope = orderScope(merchantWideContext(request, db));
      const q = request.query;
      const { rows, total } = await repo.listForMerchant(db, scope, {
        page: q.page,
        limit: q.limit,
        status: q.status,
        orderNos: q.order_nos,
        country: q.country,
        from: q.from,
        to: q.to,
      });
      return ok({ list: rows.map(toOrder), total, page: q.page, limit: q.limit });
    },
  );

  app.get(
    `${BASE}/payStatus`,
    {
      config: admin('order:list'),
      schema: {
        tags: TAGS,
        operationId: 'orderPayStatus',
        summary: 'Whether orders are paid, with their amounts and the balances (payment result pages)',
        querystring: orderPayStatusQuerySchema,
        response: { 200: envelope(orderPayStatusSchema) },
      },
    },
    async (request) => {
      const ctx = merchantWideContext(request, db);
      const scope = orderScope(ctx);
      const rows = await findOrders(db, scope, request.query.order_nos);
      const balances = await merchantBalances(db, scope.tenantId, scope.merchantId);
      return ok({
        orders: rows.map(toOrder),
        success: rows.every((r) => PAID_STATUSES.has(r.status)),
        amounts: totalsByCurrency(rows),
        balances: balances.map((b) => ({ currency: b.currency, balance: b.balance })),
      });
    },
  );

  app.get(
    `${BASE}/:order_no`,
    {
      config: admin('order:list'),
      schema: {
        tags: TAGS,
        operationId: 'orderDetail',
        summary: 'One order with its lines, address, customs and logistics',
        params: orderNoParamsSchema,
        response: { 200: envelope(orderDetailSchema) },
      },
    },
    async (request) => {
      const scope = orderScope(merchantWideContext(request, db));
      const row = await findOrder(db, scope, request.params.order_no);
      return ok(await toOrderDetail(db, row, services.files));
    },
  );

  app.post(
    `${BASE}/:order_no/cancel`,
    {
      config: admin('order:cancel'),
      schema: {
        tags: TAGS,
        operationId: 'orderCancel',
        summary: 'Cancels an unpaid order',
        params: orderNoParamsSchema,
        body: z.object({}).strict().optional(),
        response: { 200: envelope(orderSchema) },
      },
    },
    async (request) => {
      const row = await db.transaction((tx) =>
        cancelOrder(merchantWideContext(request, tx), request.params.order_no),
      );
      return ok(toOrder(row), t(request.ctx.lang, 'order.cancelled'));
    },
  );
}
