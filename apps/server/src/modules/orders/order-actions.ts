import { ORDER_ACTION_STATUSES, orderActionAllowed, type OrderAction } from '@pod/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { recordOrderEvent, type OrderEventActor } from './order-events.ts';
import { orders } from './schema.ts';

/**
 * The order state machine (decision 0039), in one place: which action is allowed in which status
 * (ORDER_ACTION_STATUSES, shared with the web) and which status changes exist and who drives them.
 * Every service that moves an order's status goes through `transitionOrder`, which checks the
 * table inside its guarded UPDATE and writes the timeline entry in the same transaction.
 */
export type OrderStatus = (typeof orders.$inferSelect)['status'];

export const ORDER_TRANSITIONS: Readonly<Record<string, { from: readonly OrderStatus[]; to: OrderStatus }>> =
  {
    /** Payment (balance or Alipay): the paying statement itself (decision 0024). */
    pay: { from: ['unpaid'], to: 'paid' },
    cancel: { from: ['unpaid'], to: 'cancelled' },
    /** The timeout sweep. */
    time_out: { from: ['unpaid'], to: 'timed_out' },
    restore: { from: ['cancelled', 'timed_out'], to: 'unpaid' },
    /** An approved cancel request, or a refund of everything of an unshipped order (after-sales, 0042). */
    cancel_paid: { from: ['paid', 'in_production'], to: 'cancelled' },
    /** Fulfilment (issue 21): the factory starts, a tracking number is imported, delivery. */
    start_production: { from: ['paid'], to: 'in_production' },
    ship: { from: ['paid', 'in_production'], to: 'shipped' },
    complete: { from: ['shipped'], to: 'completed' },
  };
export type OrderTransition = keyof typeof ORDER_TRANSITIONS;

/** 409 "cannot do this in the current status" unless the action is allowed in the order's status. */
export function assertAction(action: OrderAction, row: { status: OrderStatus; orderNo: string }): void {
  if (!orderActionAllowed(action, row.status))
    throw AppError.conflict('order.actionNotAllowed', { order_no: row.orderNo, action });
}

/** The actions allowed in a status (the detail's buttons). */
export const actionsIn = (status: OrderStatus): OrderAction[] =>
  (Object.keys(ORDER_ACTION_STATUSES) as OrderAction[]).filter((a) => orderActionAllowed(a, status));

export function transitionAllowed(name: OrderTransition, from: OrderStatus): boolean {
  return ORDER_TRANSITIONS[name]!.from.includes(from);
}

/**
 * Moves one order along a transition: a guarded UPDATE (the order's current status must be one
 * the transition starts from) plus its timeline entry, in the caller's transaction. Returns the
 * updated row, or null when the order was not in a starting status (nothing written). `set`
 * carries the columns the transition changes besides the status (e.g. tracking number).
 */
export async function transitionOrder(
  tx: Executor,
  input: {
    orderId: string;
    tenantId: string;
    transition: OrderTransition;
    actor: OrderEventActor;
    set?: Partial<typeof orders.$inferInsert>;
    detail?: Record<string, unknown>;
  },
): Promise<typeof orders.$inferSelect | null> {
  const t = ORDER_TRANSITIONS[input.transition]!;
  const [before] = await tx
    .select({ status: orders.status, orderNo: orders.orderNo, reviewLines: orders.reviewLines })
    .from(orders)
    .where(and(eq(orders.id, input.orderId), eq(orders.tenantId, input.tenantId)))
    .for('update');
  if (!before || !t.from.includes(before.status)) return null;
  // decision 0053: personalised lines pending or flagged for review keep the order out of production.
  if (t.to === 'in_production' && before.reviewLines > 0)
    throw AppError.conflict('order.personalisationReview', { order_no: before.orderNo });
  const [row] = await tx
    .update(orders)
    .set({ ...input.set, status: t.to, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, input.orderId),
        eq(orders.tenantId, input.tenantId),
        inArray(orders.status, [...t.from]),
      ),
    )
    .returning();
  if (!row) return null;
  await recordOrderEvent(tx, {
    order: row,
    action: input.transition,
    actor: input.actor,
    fromStatus: before.status,
    toStatus: t.to,
    detail: input.detail ?? {},
  });
  return row;
}
