import type { FastifyRequest } from 'fastify';
import { aftersalesOperations as op } from '@pod/shared';
import type { ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { alipayProviderFor } from '../../integrations/alipay/index.ts';
import { merchantWideContext } from '../access/index.ts';
import type { ListFilter } from './aftersales.repo.ts';
import {
  approveRequest,
  closeRequest,
  createRequest,
  getRequest,
  listRequests,
  refundable,
  rejectRequest,
  toDetail,
  type AlipayRefunds,
} from './aftersales.service.ts';

/** The list's filters as the repo takes them (the export uses the same mapping). */
export const toListFilter = (q: {
  status?: ListFilter['status'];
  kind?: ListFilter['kind'];
  refund_type?: ListFilter['refundType'];
  source?: ListFilter['source'];
  order_no?: string | undefined;
  request_no?: string | undefined;
  merchant_id?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}): ListFilter => ({
  status: q.status,
  kind: q.kind,
  refundType: q.refund_type,
  source: q.source,
  orderNo: q.order_no || undefined,
  requestNo: q.request_no || undefined,
  merchantId: q.merchant_id,
  from: q.from,
  to: q.to,
});

/**
 * After-sales routes (decision 0042): the merchant's requests and the supplier's review. Requests
 * are merchant-wide rows (no department data scope), like orders and the wallet; the route's
 * permission is checked by the guard. Every write runs in one transaction.
 */
export function aftersalesRoutes(app: ZodApp, services: AppServices, alipay?: AlipayRefunds): void {
  const db = services.database.db;
  const refunds = alipay ?? alipayProviderFor(services.config.alipay);
  const read = <T>(request: FastifyRequest, fn: (ctx: ServiceContext) => Promise<T>) =>
    fn(merchantWideContext(request, db));
  const write = <T>(request: FastifyRequest, fn: (ctx: ServiceContext) => Promise<T>) =>
    db.transaction((tx) => fn(merchantWideContext(request, tx)));
  const detail = (row: Parameters<typeof toDetail>[1]) => toDetail(db, row, services.files);

  route(app, op.aftersalesList, async (request) => {
    const q = request.query;
    return ok(await read(request, (ctx) => listRequests(ctx, 'merchant', toListFilter(q), q.page, q.limit)));
  });
  route(app, op.aftersalesGet, async (request) =>
    ok(await detail(await read(request, (ctx) => getRequest(ctx, request.params.id, 'merchant')))),
  );
  route(app, op.aftersalesRefundable, async (request) =>
    ok(await read(request, (ctx) => refundable(ctx, request.params.order_no))),
  );
  route(app, op.aftersalesCreate, async (request) => {
    const row = await write(request, (ctx) => createRequest(ctx, request.body));
    return ok(await detail(row), t(request.ctx.lang, 'aftersales.submitted'));
  });
  route(app, op.aftersalesClose, async (request) => {
    const row = await write(request, (ctx) =>
      closeRequest(ctx, request.params.id, request.body.note, 'merchant'),
    );
    return ok(await detail(row), t(request.ctx.lang, 'aftersales.closed'));
  });

  route(app, op.aftersalesReviewList, async (request) => {
    const q = request.query;
    return ok(await read(request, (ctx) => listRequests(ctx, 'reviewer', toListFilter(q), q.page, q.limit)));
  });
  route(app, op.aftersalesReviewGet, async (request) =>
    ok(await detail(await read(request, (ctx) => getRequest(ctx, request.params.id, 'reviewer')))),
  );
  route(app, op.aftersalesApprove, async (request) => {
    const row = await write(request, (ctx) => approveRequest(ctx, request.params.id, request.body, refunds));
    return ok(await detail(row), t(request.ctx.lang, 'aftersales.approved'));
  });
  route(app, op.aftersalesReject, async (request) => {
    const row = await write(request, (ctx) => rejectRequest(ctx, request.params.id, request.body.note));
    return ok(await detail(row), t(request.ctx.lang, 'aftersales.rejected'));
  });
  route(app, op.aftersalesReviewClose, async (request) => {
    const row = await write(request, (ctx) =>
      closeRequest(ctx, request.params.id, request.body.note, 'reviewer'),
    );
    return ok(await detail(row), t(request.ctx.lang, 'aftersales.closed'));
  });
}
