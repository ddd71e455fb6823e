import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import type { OrderLineRow, OrderRow } from './order.repo.ts';
import { transitionAllowed, transitionOrder } from './order-actions.ts';
import type { OrderEventActor } from './order-events.ts';
import { orderLines, orders } from './schema.ts';

/*
 * The order's side of after-sales refunds (issue 22, decision 0042): how much of an order is still
 * refundable, and the guarded statement that adds a refund to it. The after-sales module calls these
 * through orders/index.ts inside the transaction that also writes the ledger credit.
 */

/** An order is paid (and so refundable) in these statuses. */
const REFUNDABLE_STATUSES = ['paid', 'in_production', 'shipped', 'completed'] as const;
/** Paid and not yet shipped: a cancel request's orders; a full refund cancels them. */
export const UNSHIPPED_STATUSES: ReadonlySet<OrderRow['status']> = new Set(['paid', 'in_production']);
/** Shipped or completed: an after-sales request's orders. */
export const SHIPPED_STATUSES: ReadonlySet<OrderRow['status']> = new Set(['shipped', 'completed']);

const mine = (scope: MerchantScope) =>
  and(eq(orders.tenantId, scope.tenantId), eq(orders.merchantId, scope.merchantId));

/** What is left to refund of an order: everything paid, less what was refunded. */
export function refundableOf(row: Pick<OrderRow, 'status' | 'totalAmount' | 'refundedAmount'>): number {
  if (!(REFUNDABLE_STATUSES as readonly string[]).includes(row.status)) return 0;
  return Math.max(0, row.totalAmount - row.refundedAmount);
}

/** The merchant's order by number, with its lines; undefined when it is not the merchant's. */
export async function orderForRefund(
  tx: Executor,
  scope: MerchantScope,
  by: { orderNo: string } | { id: string },
): Promise<{ order: OrderRow; lines: OrderLineRow[] } | undefined> {
  const [order] = await tx
    .select()
    .from(orders)
    .where(and(mine(scope), 'id' in by ? eq(orders.id, by.id) : eq(orders.orderNo, by.orderNo)));
  if (!order) return undefined;
  const lines = await tx
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.sort));
  return { order, lines };
}

/**
 * Adds `amount` to the order's refunded amount in one guarded UPDATE: only while the order is paid
 * and the sum stays within its total (the CHECK `orders_refunded_within_paid` holds the same line
 * in the database, whatever the caller). A cancel (`cancel`) needs the order still unshipped and
 * cancels it; any refund that returns everything of an unshipped order cancels it too, which stops
 * its production. The cancelling goes through the state machine's one transition function
 * (`cancel_paid`, decision 0039), which writes the timeline entry. Undefined when a guard refused
 * (nothing written: the caller's transaction rolls back or writes nothing else).
 */
export async function addRefund(
  tx: Executor,
  scope: MerchantScope,
  orderId: string,
  amount: number,
  options: { cancel: boolean; actor?: OrderEventActor },
): Promise<OrderRow | undefined> {
  // The row lock first: the status read here is the one the refund and the transition see.
  const [current] = await tx
    .select({ status: orders.status, refundedAmount: orders.refundedAmount, totalAmount: orders.totalAmount })
    .from(orders)
    .where(and(mine(scope), eq(orders.id, orderId)))
    .for('update');
  if (!current) return undefined;
  const unshipped = transitionAllowed('cancel_paid', current.status);
  if (options.cancel && !unshipped) return undefined;
  const cancels = options.cancel || (unshipped && current.refundedAmount + amount === current.totalAmount);
  const [row] = await tx
    .update(orders)
    .set({ refundedAmount: sql`${orders.refundedAmount} + ${amount}`, updatedAt: new Date() })
    .where(
      and(
        mine(scope),
        eq(orders.id, orderId),
        inArray(orders.status, [...REFUNDABLE_STATUSES]),
        sql`${orders.refundedAmount} + ${amount} <= ${orders.totalAmount}`,
      ),
    )
    .returning();
  if (!row || !cancels) return row;
  const cancelled = await transitionOrder(tx, {
    orderId,
    tenantId: scope.tenantId,
    transition: 'cancel_paid',
    actor: options.actor ?? { id: null, name: 'system' },
    set: { cancelledAt: new Date() },
    detail: { refunded_amount: { from: current.refundedAmount, to: row.refundedAmount } },
  });
  if (!cancelled) throw new Error(`order ${orderId}: cancel_paid refused after the refund guard passed`);
  return cancelled;
}

/** A marketplace order of one of these merchants (webhooks name the vendor's order number). */
export async function findMarketplaceOrder(
  tx: Executor,
  owners: readonly MerchantScope[],
  platform: 'tiktok' | 'temu',
  thirdPartyOrderNo: string,
): Promise<OrderRow | undefined> {
  if (!owners.length || !thirdPartyOrderNo) return undefined;
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.platform, platform),
        eq(orders.thirdPartyOrderNo, thirdPartyOrderNo),
        inArray(
          orders.merchantId,
          owners.map((o) => o.merchantId),
        ),
        inArray(
          orders.tenantId,
          owners.map((o) => o.tenantId),
        ),
      ),
    )
    .orderBy(asc(orders.createdAt))
    .limit(1);
  return row;
}
