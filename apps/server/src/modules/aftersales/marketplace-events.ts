import type { Executor } from '../../db/client.ts';
import { systemContext } from '../../platform/context.ts';
import { orderRefunds } from '../orders/index.ts';
import type { ShopEvent, ShopEventHandler } from '../shops/index.ts';
import * as repo from './aftersales.repo.ts';
import { boundsOf, closeRequest, insertWithNumber, kindFor } from './aftersales.service.ts';

/*
 * Marketplace cancellations and returns (issue 22): TikTok Shop's CANCELLATION_STATUS_CHANGE (11)
 * and RETURN_STATUS_CHANGE (12), Temu's bg_cancel_order_status_change and
 * bg_aftersales_status_change. The first event of a vendor order's cancellation or return opens a
 * request for review, marked with its source; later events add a step to its progress, and the
 * vendor withdrawing it closes a pending one (decision 0042).
 */

type Kind = 'cancel' | 'aftersales';

/** Which of our kinds a vendor event is, or null when it is not a cancellation or return. */
export function eventKind(event: Pick<ShopEvent, 'platform' | 'type'>): Kind | null {
  if (event.platform === 'tiktok')
    return event.type === '11' ? 'cancel' : event.type === '12' ? 'aftersales' : null;
  if (event.type === 'bg_cancel_order_status_change') return 'cancel';
  if (event.type === 'bg_aftersales_status_change') return 'aftersales';
  return null;
}

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim().slice(0, 200) : typeof v === 'number' ? String(v) : '';

/** The vendor's order number and status of the event (TikTok and Temu name them differently). */
export function eventFacts(data: Record<string, unknown>) {
  return {
    orderNo:
      text(data.order_id) || text(data.parentOrderSn) || text(data.parent_order_sn) || text(data.orderSn),
    status:
      text(data.cancel_status) ||
      text(data.return_status) ||
      text(data.afterSalesStatus) ||
      text(data.status) ||
      text(data.order_status),
    reason: text(data.cancel_reason) || text(data.return_reason) || text(data.reason),
  };
}

/** The vendor withdrew or closed its request (buyer cancelled it, or it was rejected there). */
const WITHDRAWN = /CANCEL(LED)?$|CLOSED?$|WITHDRAWN?$|REJECT/i;

export const onMarketplaceEvent: ShopEventHandler = async (tx: Executor, event: ShopEvent) => {
  const kind = eventKind(event);
  if (!kind) return null;
  const facts = eventFacts(event.data);
  if (!facts.orderNo || !event.shops.length) return null;
  const owners = event.shops.map((s) => ({ tenantId: s.tenantId, merchantId: s.merchantId }));
  const order = await orderRefunds.findMarketplaceOrder(tx, owners, event.platform, facts.orderNo);
  if (!order) return `after-sales: no order ${facts.orderNo}`;
  const externalRef = `${kind}:${facts.orderNo}`;
  const ctx = systemContext(tx, { tenantId: order.tenantId, merchantId: order.merchantId }, event.platform);
  const existing = await repo.findByExternal(tx, order.tenantId, event.platform, externalRef);
  if (existing) {
    if (existing.status === 'pending_review' && WITHDRAWN.test(facts.status)) {
      await closeRequest(ctx, existing.id, facts.status, 'merchant');
      return `after-sales ${existing.requestNo} closed (${facts.status})`;
    }
    await repo.insertEvent(tx, {
      tenantId: existing.tenantId,
      requestId: existing.id,
      step: 'updated',
      note: facts.status,
      actorName: event.platform,
    });
    return `after-sales ${existing.requestNo} updated (${facts.status})`;
  }
  if (kindFor(order.status) !== kind) return `after-sales: order ${order.orderNo} is ${order.status}`;
  if (await repo.openRequestOf(tx, order.id))
    return `after-sales: order ${order.orderNo} has an open request`;
  // A cancellation asks for everything not yet refunded; a return is a claim the reviewer prices.
  const refundType = kind === 'cancel' ? 'full' : 'none';
  const amount = kind === 'cancel' ? boundsOf(order, order.productAmount).full : 0;
  if (kind === 'cancel' && amount <= 0) return `after-sales: order ${order.orderNo} has nothing to refund`;
  const row = await insertWithNumber(tx, {
    tenantId: order.tenantId,
    merchantId: order.merchantId,
    kind,
    source: event.platform,
    externalRef,
    orderId: order.id,
    orderNo: order.orderNo,
    currency: order.currency,
    reason: facts.reason || (kind === 'cancel' ? 'marketplace cancellation' : 'marketplace return'),
    refundReason: facts.status || event.type,
    refundType,
    applicationAmount: amount,
  });
  await repo.insertEvent(tx, {
    tenantId: row.tenantId,
    requestId: row.id,
    step: 'submitted',
    note: facts.status,
    amount,
    actorName: event.platform,
  });
  return `after-sales ${row.requestNo} opened`;
};
