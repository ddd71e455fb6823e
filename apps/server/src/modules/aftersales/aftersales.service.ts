import { randomInt } from 'node:crypto';
import type { z } from 'zod';
import {
  AFTERSALES_IMAGE_TYPES,
  orderActionAllowed,
  type aftersalesApproveSchema,
  type aftersalesCreateSchema,
  type AftersalesDetail,
  type Aftersales,
  type Refundable,
  type RefundType,
} from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import type { RefundResult, RefundRequest } from '../../integrations/alipay/index.ts';
import type { AnyContext, ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { merchantScopeOf, type MerchantScope } from '../../platform/tenant-scope.ts';
import { adminUsernamesByIds } from '../access/index.ts';
import { attachmentsLinkedTo, findAttachments } from '../admin/index.ts';
import { actorOf, orderRefunds, type OrderRow } from '../orders/index.ts';
import { merchantsByIds } from '../tenancy/index.ts';
import { paidAlipayPurchaseOf, refund as walletRefund } from '../wallet/index.ts';
import * as repo from './aftersales.repo.ts';

/** The Alipay side of a refund to Alipay itself (the adapter, or a test's stand-in). */
export interface AlipayRefunds {
  refund(request: RefundRequest): Promise<RefundResult>;
}

/** The merchant a merchant-tier caller acts for (requests are merchants', spec §3). */
export const merchantScope = (ctx: Pick<ServiceContext, 'scope'>): MerchantScope =>
  merchantScopeOf(ctx, 'aftersales.merchantOnly');

/** The tenant a supplier-tier reviewer reviews for; other tiers have no review queue. */
export function reviewerTenant(ctx: Pick<ServiceContext, 'scope'>): string {
  if (ctx.scope.tier !== 'supplier' || !ctx.scope.tenantId) throw AppError.forbidden();
  return ctx.scope.tenantId;
}

const merchantOwner = (ctx: Pick<ServiceContext, 'scope'>): repo.RequestOwner => merchantScope(ctx);
const reviewerOwner = (ctx: Pick<ServiceContext, 'scope'>): repo.RequestOwner => ({
  tenantId: reviewerTenant(ctx),
  merchantId: null,
});

/** AS + Beijing date + 10 random digits: not enumerable; a clash is drawn again. */
export function newRequestNo(now = new Date()): string {
  const day = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10).replaceAll('-', '');
  return `AS${day}${String(randomInt(100_000)).padStart(5, '0')}${String(randomInt(100_000)).padStart(5, '0')}`;
}

/** Minor units as the major-unit text messages show (CNY and USD have two decimals). */
const major = (minor: number) => (minor / 100).toFixed(2);

/** The kind of request an order allows now: cancel while unshipped, after-sales once shipped. */
export function kindFor(status: OrderRow['status']): 'cancel' | 'aftersales' | null {
  // The order centre's action table (decision 0039) says which request an order's status takes.
  if (orderActionAllowed('cancel_request', status)) return 'cancel';
  if (orderActionAllowed('aftersales_request', status)) return 'aftersales';
  return null;
}

type OrderWithLines = NonNullable<Awaited<ReturnType<typeof orderRefunds.orderForRefund>>>;

/**
 * Each refund type's upper bound (issue 22, decision 0042): full = everything paid not yet
 * refunded; goods = the lines' amounts; freight = the logistics amount; partial = the remainder;
 * none = 0. Every bound is capped by the remainder.
 */
export function boundsOf(order: OrderRow, linesAmount: number): Record<RefundType, number> {
  const remainder = orderRefunds.refundableOf(order);
  return {
    full: remainder,
    goods: Math.min(linesAmount, remainder),
    freight: Math.min(order.shippingAmount, remainder),
    partial: remainder,
    none: 0,
  };
}

/** The lines asked about, checked against the order: its own lines, at most their quantity. */
function checkedLines(order: OrderWithLines, input: Array<{ line_id: string; quantity: number }>) {
  const seen = new Set<string>();
  let amount = 0;
  for (const l of input) {
    const line = order.lines.find((x) => x.id === l.line_id);
    if (!line || seen.has(l.line_id) || l.quantity > line.quantity)
      throw AppError.field('lines', 'aftersales.invalidLine');
    seen.add(l.line_id);
    amount += line.unitPrice * l.quantity;
  }
  return { lines: input.map((l) => ({ line_id: l.line_id, quantity: l.quantity })), amount };
}

/**
 * The application amount of a request: what the refund type allows, or 400 naming the bound.
 * full and none are fixed; goods and freight default to their bound; partial must be given.
 */
export function applicationAmount(
  type: RefundType,
  bounds: Record<RefundType, number>,
  requested: number | undefined,
): number {
  const max = bounds[type];
  if (type === 'none') {
    if (requested) throw AppError.field('application_amount', 'aftersales.amountNone');
    return 0;
  }
  if (max <= 0) throw AppError.conflict('aftersales.nothingRefundable');
  if (type === 'full') {
    if (requested !== undefined && requested !== max)
      throw AppError.field('application_amount', 'aftersales.amountFull', { max: major(max) });
    return max;
  }
  if (requested === undefined) {
    if (type === 'partial') throw AppError.field('application_amount', 'aftersales.amountRequired');
    return max;
  }
  if (requested < 1 || requested > max)
    throw AppError.field('application_amount', 'aftersales.amountOutOfBounds', { max: major(max) });
  return requested;
}

async function loadOrder(tx: Executor, scope: MerchantScope, by: { orderNo: string } | { id: string }) {
  const found = await orderRefunds.orderForRefund(tx, scope, by);
  if (!found) throw AppError.notFound('order.notFound');
  return found;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * What the create form needs: the kind the order allows and each refund type's bound. The order
 * centre links here with the order's id (`?orderId=`), the form with its number: both are taken.
 */
export async function refundable(ctx: ServiceContext, orderRef: string): Promise<Refundable> {
  const scope = merchantScope(ctx);
  const found = await loadOrder(
    ctx.tx,
    scope,
    UUID.test(orderRef) ? { id: orderRef } : { orderNo: orderRef },
  );
  const { order } = found;
  const open = await repo.openRequestOf(ctx.tx, order.id);
  return {
    order_no: order.orderNo,
    order_status: order.status,
    currency: order.currency,
    pay_method: order.payMethod,
    kind: kindFor(order.status),
    total_amount: order.totalAmount,
    refunded_amount: order.refundedAmount,
    bounds: boundsOf(order, order.productAmount),
    lines: found.lines.map((l) => toLine(l)),
    open_request_id: open?.id ?? null,
  };
}

const toLine = (l: OrderWithLines['lines'][number], quantity = l.quantity) => ({
  line_id: l.id,
  name: l.name,
  sku_code: l.skuCode,
  color_name: l.colorName,
  size_name: l.sizeName,
  quantity,
  unit_price: l.unitPrice,
});

/**
 * Opens a cancel request (a paid order not yet shipped) or an after-sales request (a shipped or
 * completed one), spec §2, §3, §5: reason, refund reason, refund type and its amount, 1–9 evidence
 * images of the merchant's own png/jpg uploads. One pending request per order.
 */
export async function createRequest(
  ctx: ServiceContext,
  input: z.output<typeof aftersalesCreateSchema>,
): Promise<repo.RequestRow> {
  const scope = merchantScope(ctx);
  const found = await loadOrder(ctx.tx, scope, { orderNo: input.order_no });
  const { order } = found;
  const kind = kindFor(order.status);
  if (kind !== input.kind)
    throw AppError.conflict(input.kind === 'cancel' ? 'aftersales.cancelFailed' : 'aftersales.notShipped', {
      order_no: order.orderNo,
    });
  if (input.refund_type === 'goods' && !input.lines.length)
    throw AppError.field('lines', 'aftersales.linesRequired');
  const lines = checkedLines(found, input.lines);
  const bounds = boundsOf(order, input.refund_type === 'goods' ? lines.amount : order.productAmount);
  const amount = applicationAmount(input.refund_type, bounds, input.application_amount);
  const images = await findAttachments(ctx.tx, scope, input.image_ids, { imagesOnly: true });
  if (images.some((a) => !(AFTERSALES_IMAGE_TYPES as readonly string[]).includes(a.mimeType)))
    throw AppError.field('image_ids', 'aftersales.imageType');
  if (await repo.openRequestOf(ctx.tx, order.id))
    throw AppError.conflict('aftersales.openExists', { order_no: order.orderNo });
  const row = await insertWithNumber(ctx.tx, {
    tenantId: scope.tenantId,
    merchantId: scope.merchantId,
    kind,
    source: 'merchant',
    orderId: order.id,
    orderNo: order.orderNo,
    currency: order.currency,
    reason: input.reason,
    refundReason: input.refund_reason,
    refundType: input.refund_type,
    applicationAmount: amount,
    lines: lines.lines,
    imageIds: images.map((a) => a.id),
    createdBy: ctx.actor.id,
  });
  await repo.insertEvent(ctx.tx, {
    tenantId: row.tenantId,
    requestId: row.id,
    step: 'submitted',
    note: input.reason,
    amount,
    actorId: ctx.actor.id,
  });
  return row;
}

/** Inserts a request, drawing another number on the rare clash; 409 when the order has an open one. */
export async function insertWithNumber(
  tx: Executor,
  values: Omit<repo.NewRequest, 'requestNo'>,
): Promise<repo.RequestRow> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const row = await repo.insertRequest(tx, { ...values, requestNo: newRequestNo() });
    if (row) return row;
    if (await repo.openRequestOf(tx, values.orderId))
      throw AppError.conflict('aftersales.openExists', { order_no: values.orderNo });
  }
  throw AppError.conflict();
}

/** A request refused to move: which state it is in and which it was asked for. */
const refused = (row: repo.RequestRow, to: string) =>
  AppError.conflict('aftersales.transitionRefused', { from: row.status, to });

async function lockedRequest(ctx: AnyContext, owner: repo.RequestOwner, id: string) {
  const row = await repo.findById(ctx.tx, owner, id, { lock: true });
  if (!row) throw AppError.notFound('aftersales.notFound');
  return row;
}

/**
 * Approves a pending request with the actual refund and an audit note (spec §3), and refunds it in
 * the same transaction: the order's refunded amount through its guarded statement, then the
 * merchant's balance through the wallet ledger (key `aftersales:<id>`), or Alipay itself with
 * out_request_no = the request number. Approving again with the same amount returns the request
 * (idempotent); two reviewers at once serialise on the request's row lock and refund once.
 */
export async function approveRequest(
  ctx: ServiceContext,
  id: string,
  input: z.output<typeof aftersalesApproveSchema>,
  alipay: AlipayRefunds,
): Promise<repo.RequestRow> {
  const owner = reviewerOwner(ctx);
  const row = await lockedRequest(ctx, owner, id);
  if (row.status === 'approved' && row.refundAmount === input.refund_amount) return row;
  if (row.status !== 'pending_review') throw refused(row, 'approved');
  const scope = { tenantId: row.tenantId, merchantId: row.merchantId };
  const { order } = await loadOrder(ctx.tx, scope, { id: row.orderId });
  const amount = input.refund_amount;
  const remainder = orderRefunds.refundableOf(order);
  if (amount > remainder)
    throw AppError.field('refund_amount', 'aftersales.amountOutOfBounds', { max: major(remainder) });
  // Raising the refund above what was asked is allowed within the remainder, with a reason.
  if (amount > row.applicationAmount && !input.note)
    throw AppError.field('note', 'aftersales.raiseNeedsNote');
  const purchase =
    input.refund_to === 'alipay' && amount > 0
      ? order.payMethod === 'alipay'
        ? await paidAlipayPurchaseOf(ctx.tx, scope, order.orderNo)
        : undefined
      : null;
  if (purchase === undefined) throw AppError.field('refund_to', 'aftersales.notPaidByAlipay');

  const updated = await orderRefunds.addRefund(ctx.tx, scope, order.id, amount, {
    cancel: row.kind === 'cancel',
    actor: await actorOf(ctx),
  });
  if (!updated)
    throw AppError.conflict(row.kind === 'cancel' ? 'aftersales.cancelFailed' : 'aftersales.refundExceeds', {
      order_no: order.orderNo,
    });

  let channel: repo.RequestRow['refundChannel'] = null;
  let tradeNo = '';
  if (amount > 0 && purchase) {
    const result = await alipay.refund({
      outTradeNo: purchase.outTradeNo,
      refundAmount: amount,
      outRequestNo: row.requestNo,
      reason: row.refundReason,
    });
    if (!result.ok)
      throw AppError.conflict('aftersales.alipayRefused', { message: result.message || result.subCode });
    channel = 'alipay';
    tradeNo = result.tradeNo;
  } else if (amount > 0) {
    if (order.currency !== 'CNY' && order.currency !== 'USD')
      throw AppError.badRequest('wallet.invalidAmount');
    const { transaction } = await walletRefund(ctx, {
      merchantId: row.merchantId,
      currency: order.currency,
      amount,
      idempotencyKey: `aftersales:${row.id}`,
      orderNo: order.orderNo,
      type: row.kind === 'cancel' ? 'order_refund' : 'aftersales_refund',
      remark: row.requestNo,
    });
    channel = 'balance';
    tradeNo = transaction.tradeNo;
  }

  const now = new Date();
  const approved = await repo.transition(ctx.tx, owner, row.id, ['pending_review'], {
    status: 'approved',
    refundAmount: amount,
    refundChannel: channel,
    refundTradeNo: tradeNo,
    auditNote: input.note,
    reviewerId: ctx.actor.id,
    reviewedAt: now,
  });
  if (!approved) throw refused(row, 'approved');
  await repo.insertEvent(ctx.tx, {
    tenantId: row.tenantId,
    requestId: row.id,
    step: 'approved',
    note: input.note,
    amount,
    actorId: ctx.actor.id,
  });
  if (amount > 0)
    await repo.insertEvent(ctx.tx, {
      tenantId: row.tenantId,
      requestId: row.id,
      step: 'refunded',
      note: `${channel}:${tradeNo}`,
      amount,
      actorId: ctx.actor.id,
    });
  return approved;
}

/** Rejects a pending request with a note; rejecting again with any note returns it. */
export async function rejectRequest(ctx: ServiceContext, id: string, note: string): Promise<repo.RequestRow> {
  const owner = reviewerOwner(ctx);
  const row = await lockedRequest(ctx, owner, id);
  if (row.status === 'rejected') return row;
  const rejected = await repo.transition(ctx.tx, owner, row.id, ['pending_review'], {
    status: 'rejected',
    auditNote: note,
    reviewerId: ctx.actor.id,
    reviewedAt: new Date(),
  });
  if (!rejected) throw refused(row, 'rejected');
  await repo.insertEvent(ctx.tx, {
    tenantId: row.tenantId,
    requestId: row.id,
    step: 'rejected',
    note,
    actorId: ctx.actor.id,
  });
  return rejected;
}

/** States a request may be closed from (spec §4, confirmed by the caller); closed is final. */
export const CLOSABLE: readonly repo.RequestRow['status'][] = ['pending_review', 'approved', 'rejected'];

/** Closes a request: the merchant its own, a reviewer any of the tenant's. */
export async function closeRequest(
  ctx: AnyContext,
  id: string,
  note: string,
  as: 'merchant' | 'reviewer',
): Promise<repo.RequestRow> {
  const owner = as === 'merchant' ? merchantOwner(ctx) : reviewerOwner(ctx);
  const row = await lockedRequest(ctx, owner, id);
  const closed = await repo.transition(ctx.tx, owner, row.id, CLOSABLE, {
    status: 'closed',
    closedAt: new Date(),
  });
  if (!closed) throw refused(row, 'closed');
  await repo.insertEvent(ctx.tx, {
    tenantId: row.tenantId,
    requestId: row.id,
    step: 'closed',
    note,
    actorId: ctx.actor.id,
    actorName: ctx.actor.kind === 'system' ? ctx.actor.name : '',
  });
  return closed;
}

// ---- Reading ---------------------------------------------------------------------------------------

export async function listRequests(
  ctx: ServiceContext,
  as: 'merchant' | 'reviewer',
  filter: repo.ListFilter,
  page: number,
  limit: number,
) {
  const owner = as === 'merchant' ? merchantOwner(ctx) : reviewerOwner(ctx);
  const { rows, total } = await repo.list(ctx.tx, owner, filter, page, limit);
  return { list: await toSummaries(ctx.tx, rows), total, page, limit };
}

export async function getRequest(ctx: ServiceContext, id: string, as: 'merchant' | 'reviewer') {
  const owner = as === 'merchant' ? merchantOwner(ctx) : reviewerOwner(ctx);
  const row = await repo.findById(ctx.tx, owner, id);
  if (!row) throw AppError.notFound('aftersales.notFound');
  return row;
}

/** Names of merchants and accounts, for a page of requests. */
export async function namesFor(tx: Executor, rows: repo.RequestRow[], extraUsers: string[] = []) {
  const tenantId = rows[0]?.tenantId;
  const [merchants, users] = await Promise.all([
    tenantId
      ? merchantsByIds(
          tx,
          tenantId,
          rows.map((r) => r.merchantId),
        )
      : Promise.resolve([]),
    adminUsernamesByIds(tx, [
      ...rows.flatMap((r) => [r.createdBy, r.reviewerId].filter((x): x is string => !!x)),
      ...extraUsers,
    ]),
  ]);
  return {
    merchant: (id: string) => merchants.find((m) => m.id === id)?.name ?? '',
    user: (id: string | null) => (id ? (users.get(id) ?? '') : ''),
  };
}

type Names = Awaited<ReturnType<typeof namesFor>>;

/** The order's third-party number for a page of requests (the list shows it). */
function toSummary(r: repo.RequestRow, names: Names): Aftersales {
  return {
    id: r.id,
    request_no: r.requestNo,
    kind: r.kind,
    source: r.source,
    merchant_id: r.merchantId,
    merchant_name: names.merchant(r.merchantId),
    order_no: r.orderNo,
    third_party_order_no: r.source === 'merchant' ? '' : r.externalRef.split(':').slice(1).join(':'),
    currency: r.currency,
    reason: r.reason,
    refund_reason: r.refundReason,
    refund_type: r.refundType,
    application_amount: r.applicationAmount,
    refund_amount: r.refundAmount,
    refund_channel: r.refundChannel,
    refund_trade_no: r.refundTradeNo,
    status: r.status,
    audit_note: r.auditNote,
    applicant_name: r.source === 'merchant' ? names.user(r.createdBy) : r.source,
    reviewer_name: names.user(r.reviewerId),
    image_count: r.imageIds.length,
    created_at: r.createdAt.toISOString(),
    reviewed_at: r.reviewedAt?.toISOString() ?? null,
    closed_at: r.closedAt?.toISOString() ?? null,
  };
}

export async function toSummaries(tx: Executor, rows: repo.RequestRow[]): Promise<Aftersales[]> {
  const names = await namesFor(tx, rows);
  return rows.map((r) => toSummary(r, names));
}

/** One request with its lines, evidence (signed URLs), progress and the order's figures. */
export async function toDetail(
  tx: Executor,
  row: repo.RequestRow,
  files: FileUrls,
): Promise<AftersalesDetail> {
  const scope = { tenantId: row.tenantId, merchantId: row.merchantId };
  const [found, events, images] = await Promise.all([
    orderRefunds.orderForRefund(tx, scope, { id: row.orderId }),
    repo.eventsOf(tx, row.tenantId, row.id),
    // The rows were authorised with the request (decision 0015's receipts do the same).
    attachmentsLinkedTo(tx, row.imageIds),
  ]);
  const names = await namesFor(
    tx,
    [row],
    events.flatMap((e) => (e.actorId ? [e.actorId] : [])),
  );
  const order = found?.order;
  return {
    ...toSummary(row, names),
    lines: row.lines.flatMap((l) => {
      const line = found?.lines.find((x) => x.id === l.line_id);
      return line ? [toLine(line, l.quantity)] : [];
    }),
    images: row.imageIds.flatMap((id) => {
      const a = images.find((x) => x.id === id);
      if (!a) return [];
      return [
        { id, url: files.url(a.storageKey), thumb_url: a.thumbnailKey ? files.url(a.thumbnailKey) : null },
      ];
    }),
    timeline: events.map((e) => ({
      step: e.step,
      note: e.note,
      amount: e.amount,
      actor_name: e.actorName || names.user(e.actorId),
      at: e.createdAt.toISOString(),
    })),
    order: {
      status: order?.status ?? '',
      pay_method: order?.payMethod ?? null,
      total_amount: order?.totalAmount ?? 0,
      shipping_amount: order?.shippingAmount ?? 0,
      refunded_amount: order?.refundedAmount ?? 0,
      refundable: order ? orderRefunds.refundableOf(order) : 0,
    },
  };
}
