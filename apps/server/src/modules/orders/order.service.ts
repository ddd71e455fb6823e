import { randomInt } from 'node:crypto';
import type { Order, OrderDetail } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { merchantScopeOf, type MerchantScope } from '../../platform/tenant-scope.ts';
import { countFinishedOrders } from '../designs/index.ts';
import { findAdminNames, findAdminUserById } from '../access/index.ts';
import type { DataScope } from '../../platform/context.ts';
import { transitionOrder } from './order-actions.ts';
import { recordOrderEvent, type OrderEventActor } from './order-events.ts';
import { factoriesByIds } from '../logistics/index.ts';
import * as repo from './order.repo.ts';

export const orderScope = (ctx: Pick<ServiceContext, 'scope' | 'actor'>) =>
  merchantScopeOf(ctx, 'order.merchantOnly');

/**
 * PO + date + 14 random digits (24 characters): not enumerable, and a clash is rare even at a
 * million orders a day; insertOrders draws again on the rare clash (the number is unique).
 */
export function newOrderNo(now = new Date()): string {
  const day = now.toISOString().slice(0, 10).replaceAll('-', '');
  const tail = [0, 0].map(() => `${randomInt(10_000_000)}`.padStart(7, '0')).join('');
  return `PO${day}${tail}`;
}

/** Tries before a clash of order numbers is given up as a conflict (each is about 1e-14 likely). */
const ORDER_NO_TRIES = 3;

export const PAID_STATUSES = repo.PAID_STATUSES;

/**
 * (sales total − actual payment) ÷ sales total, rounded to 4 places; only where a sales total in
 * the order's own currency is known and the order is paid (decision 0040).
 */
export function profitRate(
  row: Pick<repo.OrderRow, 'salesTotalAmount' | 'salesCurrency' | 'currency' | 'status' | 'totalAmount'>,
): number | null {
  if (!row.salesTotalAmount || row.salesCurrency !== row.currency || !PAID_STATUSES.has(row.status))
    return null;
  return Math.round(((row.salesTotalAmount - row.totalAmount) / row.salesTotalAmount) * 10_000) / 10_000;
}

export function toOrder(row: repo.OrderListRow): Order {
  return {
    id: row.id,
    order_no: row.orderNo,
    status: row.status,
    source: row.source,
    platform: row.platform,
    shop_name: row.shopName,
    third_party_order_no: row.thirdPartyOrderNo,
    currency: row.currency,
    product_amount: row.productAmount,
    shipping_amount: row.shippingAmount,
    total_amount: row.totalAmount,
    total_quantity: row.totalQuantity,
    weight: row.weight,
    country_code: row.countryCode,
    consignee: [row.address.first_name, row.address.last_name].filter(Boolean).join(' '),
    shipping: {
      method_id: row.shipping.method_id,
      carrier: row.shipping.carrier,
      name: row.shipping.name,
      code: row.shipping.code,
      delivery_days_min: row.shipping.delivery_days_min,
      delivery_days_max: row.shipping.delivery_days_max,
    },
    pay_method: row.payMethod,
    pay_no: row.payNo,
    remark: row.remark,
    ordered_by: row.orderedBy,
    shop_id: row.shopId,
    sub_order_no: row.subOrderNo,
    tracking_no: row.trackingNo,
    carrier_code: row.carrierCode,
    sales_currency: row.salesCurrency,
    sales_amount: row.salesAmount,
    sales_shipping_amount: row.salesShippingAmount,
    sales_total_amount: row.salesTotalAmount,
    profit_rate: profitRate(row),
    actual_payment: PAID_STATUSES.has(row.status) ? row.totalAmount : 0,
    latest_delivery_at: row.latestDeliveryAt?.toISOString() ?? null,
    shipped_at: row.shippedAt?.toISOString() ?? null,
    linked: row.unlinkedLines === 0,
    unlinked_lines: row.unlinkedLines,
    origin_order_no: row.originOrderNo,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    paid_at: row.paidAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}

export async function toOrderDetail(tx: Executor, row: repo.OrderRow, files: FileUrls): Promise<OrderDetail> {
  const [lines, factories] = await Promise.all([
    repo.linesOf(tx, [row.id]),
    row.factoryId ? factoriesByIds(tx, row.tenantId, [row.factoryId]) : Promise.resolve([]),
  ]);
  const factory = factories[0];
  return {
    ...toOrder(row),
    lines: lines.map((l) => ({
      id: l.id,
      finished_product_id: l.finishedProductId,
      color_id: l.colorId,
      size_id: l.sizeId,
      external_product_id: l.externalProductId,
      external_skc_id: l.externalSkcId,
      external_sku_id: l.externalSkuId,
      external_name: l.externalName,
      finished_code: l.finishedCode,
      name: l.name,
      style_code: l.styleCode,
      color_name: l.colorName,
      size_name: l.sizeName,
      sku_code: l.skuCode,
      quantity: l.quantity,
      unit_price: l.unitPrice,
      subtotal: l.subtotal,
      thumb_url: l.thumbKey ? files.url(l.thumbKey) : null,
    })),
    address: { ...row.address },
    customs: { ...row.customs },
    factory: factory ? { id: factory.id, name: factory.name } : null,
    tracking_no: row.trackingNo,
    cancelled_at: row.cancelledAt?.toISOString() ?? null,
  };
}

/** Inserts orders checkout built, with their lines, and counts them on the finished products. */
export async function insertOrders(
  tx: Executor,
  scope: MerchantScope,
  drafts: Array<{ order: repo.NewOrder; lines: repo.NewAnyOrderLine[] }>,
  event: { action: string; actorName?: string; detail?: Record<string, unknown> } = { action: 'created' },
): Promise<repo.OrderRow[]> {
  const rows: repo.OrderRow[] = [];
  const counts = new Map<string, number>();
  const creators = new Map<string, { departmentId: string | null; username: string }>();
  for (const draft of drafts) {
    let row: repo.OrderRow | null = null;
    const creator = draft.order.createdBy;
    if (creator && !creators.has(creator)) {
      const user = await findAdminUserById(tx, creator);
      creators.set(creator, { departmentId: user?.departmentId ?? null, username: user?.username ?? '' });
    }
    const base: repo.NewOrder = {
      ...draft.order,
      departmentId: draft.order.departmentId ?? (creator ? creators.get(creator)!.departmentId : null),
      unlinkedLines: draft.lines.filter((l) => !l.finishedProductId).length,
    };
    for (let attempt = 0; !row; attempt++) {
      if (attempt === ORDER_NO_TRIES) throw AppError.conflict();
      const order = attempt === 0 ? base : { ...base, orderNo: newOrderNo() };
      row = await repo.insertOrder(tx, order, draft.lines);
    }
    rows.push(row);
    await recordOrderEvent(tx, {
      order: row,
      action: event.action,
      actor: {
        id: creator ?? null,
        name: event.actorName ?? (creator ? creators.get(creator)!.username : 'system'),
      },
      toStatus: row.status,
      detail: event.detail ?? {},
    });
    for (const id of new Set(draft.lines.flatMap((l) => (l.finishedProductId ? [l.finishedProductId] : []))))
      counts.set(id, (counts.get(id) ?? 0) + 1);
  }
  await countFinishedOrders(tx, scope.tenantId, counts);
  return rows;
}

export async function findOrder(
  tx: Executor,
  scope: MerchantScope,
  orderNo: string,
  dataScope: DataScope = { kind: 'all' },
  lock = false,
): Promise<repo.OrderRow> {
  const [row] = await repo.findByNos(tx, scope, [orderNo], dataScope, lock);
  if (!row) throw AppError.notFound('order.notFound');
  return row;
}

/** Every one of `unique` was found, else 404 (another merchant's order is simply not found). */
function allFound<T>(rows: T[], unique: string[]): T[] {
  if (rows.length !== unique.length) throw AppError.notFound('order.notFound');
  return rows;
}

/** The merchant's orders among `orderNos`; 404 when one is not theirs (or does not exist). */
export async function findOrders(
  tx: Executor,
  scope: MerchantScope,
  orderNos: readonly string[],
  dataScope: DataScope = { kind: 'all' },
  lock = false,
) {
  const unique = [...new Set(orderNos)];
  return allFound(await repo.findByNos(tx, scope, unique, dataScope, lock), unique);
}

/** findOrders with only what paying reads. */
export async function findPayableOrders(
  tx: Executor,
  scope: MerchantScope,
  orderNos: readonly string[],
  dataScope: DataScope = { kind: 'all' },
) {
  const unique = [...new Set(orderNos)];
  return allFound(await repo.findPayable(tx, scope, unique, dataScope), unique);
}

/** Amounts per currency of some orders. */
export function totalsByCurrency(rows: Array<Pick<repo.OrderRow, 'currency' | 'totalAmount'>>) {
  const totals = new Map<string, number>();
  for (const r of rows) totals.set(r.currency, (totals.get(r.currency) ?? 0) + r.totalAmount);
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}

/** Why an order cannot be paid now, or null when it can. */
export function unpayable(row: repo.PayableOrder, now: Date): AppError | null {
  if (row.status === 'unpaid' && row.unlinkedLines > 0)
    return AppError.conflict('order.unlinked', { order_no: row.orderNo });
  if (row.status === 'unpaid' && row.reviewLines > 0)
    return AppError.conflict('order.personalisationReview', { order_no: row.orderNo });
  if (row.status === 'timed_out' || (row.status === 'unpaid' && row.expiresAt <= now))
    return AppError.conflict('order.timedOut', { order_no: row.orderNo });
  if (row.status !== 'unpaid') return AppError.conflict('order.notPayable', { order_no: row.orderNo });
  return null;
}

/**
 * Splits the orders of a payment into those to charge and those already paid. "No payable
 * orders" when there is nothing either way; 409 naming an order that timed out or was cancelled.
 */
export function payableOrders<T extends repo.PayableOrder>(rows: T[], now = new Date()) {
  const alreadyPaid = rows.filter((r) => PAID_STATUSES.has(r.status));
  const candidates = rows.filter((r) => !PAID_STATUSES.has(r.status));
  if (!candidates.length && !alreadyPaid.length) throw AppError.badRequest('order.noPayable');
  for (const row of candidates) {
    const problem = unpayable(row, now);
    if (problem) throw problem;
  }
  return { candidates, alreadyPaid };
}

/** Cancels an unpaid order (paid orders go through cancel requests, the after-sales module). */
export async function cancelOrder(ctx: ServiceContext, orderNo: string): Promise<repo.OrderRow> {
  const scope = orderScope(ctx);
  const row = await findOrder(ctx.tx, scope, orderNo, ctx.dataScope);
  const cancelled =
    row.status === 'unpaid'
      ? await transitionOrder(ctx.tx, {
          orderId: row.id,
          tenantId: scope.tenantId,
          transition: 'cancel',
          actor: await actorOf(ctx),
          set: { cancelledAt: new Date() },
        })
      : null;
  if (!cancelled) throw AppError.conflict('order.notCancellable', { order_no: row.orderNo });
  return cancelled;
}

/**
 * Cancels several unpaid orders (the 20-number box, decision 0062), in the caller's transaction.
 * Every number must be one of the caller's orders within their data scope (else 404 for the whole
 * request, as restore and batch pay); an order not unpaid is listed as failed with the reason and
 * the others are cancelled. None cancelled: the first reason is the answer (409).
 */
export async function cancelOrders(
  ctx: ServiceContext,
  orderNos: readonly string[],
): Promise<{ cancelled: repo.OrderRow[]; failed: Array<{ order_no: string; message: string }> }> {
  const scope = orderScope(ctx);
  const rows = await findOrders(ctx.tx, scope, orderNos, ctx.dataScope, true);
  const actor = await actorOf(ctx);
  const cancelled: repo.OrderRow[] = [];
  const refusals: AppError[] = [];
  const failed: Array<{ order_no: string; message: string }> = [];
  for (const row of rows) {
    const next = await transitionOrder(ctx.tx, {
      orderId: row.id,
      tenantId: scope.tenantId,
      transition: 'cancel',
      actor,
      set: { cancelledAt: new Date() },
    });
    if (next) {
      cancelled.push(next);
      continue;
    }
    const refusal = AppError.conflict('order.notCancellable', { order_no: row.orderNo });
    refusals.push(refusal);
    failed.push({ order_no: row.orderNo, message: t(ctx.lang, refusal.key, refusal.params) });
  }
  if (!cancelled.length && refusals.length) throw refusals[0]!;
  return { cancelled, failed };
}

/** Who acts, for the timeline: the user's name, or the system job's. */
export async function actorOf(ctx: Pick<ServiceContext, 'tx' | 'actor'>): Promise<OrderEventActor> {
  const names = await findAdminNames(ctx.tx, ctx.actor.id);
  return { id: ctx.actor.id, name: names?.username ?? '' };
}

/** The timeout job's work: unpaid orders past their deadline become timed out. */
export async function expireOverdueOrders(tx: Executor): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await repo.expireOverdue(tx, 500);
    total += n;
    if (n < 500) return total;
  }
}
