import { orderOperations as op } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
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

/** Orders as checkout creates them (spec §2 /admin/order/list, /admin/order/detail): read, pay, cancel. */
export function orderRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  route(app, op.orderList, async (request) => {
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
  });

  route(app, op.orderPayStatus, async (request) => {
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
  });

  route(app, op.orderDetail, async (request) => {
    const scope = orderScope(merchantWideContext(request, db));
    const row = await findOrder(db, scope, request.params.order_no);
    return ok(await toOrderDetail(db, row, services.files));
  });

  route(app, op.orderCancel, async (request) => {
    const row = await db.transaction((tx) =>
      cancelOrder(merchantWideContext(request, tx), request.params.order_no),
    );
    return ok(toOrder(row), t(request.ctx.lang, 'order.cancelled'));
  });
}
