import type { PRODUCTION_STATUSES } from '@pod/shared';
import { and, asc, count, desc, eq, gte, inArray, isNotNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Scope } from '../../platform/context.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import { transitionOrder } from './order-actions.ts';
import type { OrderEventActor } from './order-events.ts';
import { recordOrderEvent } from './order-events.ts';
import type { OrderLineRow, OrderRow } from './order.repo.ts';
import { orderLines, orders } from './schema.ts';

/*
 * The order's side of fulfilment (issue 21, decision 0054), at the order centre's root: the
 * factories' view of paid orders (ownership `factory` on the order's ship-from factory), the
 * production transitions through the one state machine, and the tracking number a label import
 * assigns. The fulfilment module calls these through orders/index.ts.
 */

/** A paid order belongs to the factory it ships from: the tenant's factories the caller acts for. */
const FACTORY_ORDER_OWNER: Ownership = {
  level: 'factory',
  tenant: orders.tenantId,
  factory: orders.factoryId,
};

type ProductionStatus = (typeof PRODUCTION_STATUSES)[number];
const QUEUE_STATUSES: ProductionStatus[] = ['paid', 'in_production', 'shipped', 'completed'];

/** The rows a factory-side caller may see: paid (or later) orders of its factories. */
function factoryOrders(scope: Scope): SQL[] {
  return [
    ...ownedBy(FACTORY_ORDER_OWNER, scope),
    isNotNull(orders.factoryId),
    inArray(orders.status, QUEUE_STATUSES),
  ];
}

export interface ProductionFilter {
  status?: ProductionStatus | undefined;
  order_no?: string | undefined;
  factory_id?: string | undefined;
  country?: string | undefined;
  paid_from?: string | undefined;
  paid_to?: string | undefined;
  page: number;
  limit: number;
}

/** One page of the production queue, oldest payment first, with the counts of each status. */
export async function productionQueue(tx: Executor, scope: Scope, q: ProductionFilter) {
  const base = factoryOrders(scope);
  if (q.factory_id) base.push(eq(orders.factoryId, q.factory_id));
  if (q.country) base.push(eq(orders.countryCode, q.country));
  if (q.order_no) {
    const like = `${q.order_no.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base.push(or(sql`${orders.orderNo} LIKE ${like}`, eq(orders.trackingNo, q.order_no))!);
  }
  if (q.paid_from) base.push(gte(orders.paidAt, new Date(q.paid_from)));
  if (q.paid_to) base.push(lte(orders.paidAt, new Date(q.paid_to)));
  const where = and(...base, q.status ? eq(orders.status, q.status) : undefined);
  const { rows, total } = await pagedRows(
    tx,
    orders,
    where,
    [
      q.status === 'shipped' || q.status === 'completed' ? desc(orders.shippedAt) : asc(orders.paidAt),
      asc(orders.id),
    ],
    q.page,
    q.limit,
  );
  const counted = await tx
    .select({ status: orders.status, n: count() })
    .from(orders)
    .where(and(...base))
    .groupBy(orders.status);
  const counts = Object.fromEntries(QUEUE_STATUSES.map((s) => [s, 0])) as Record<ProductionStatus, number>;
  for (const c of counted) counts[c.status as ProductionStatus] = c.n;
  return { rows, total, counts };
}

/** Orders of the queue among `ids` (missing: not the caller's factories', or not paid). */
export function productionOrders(
  tx: Executor,
  scope: Scope,
  ids: readonly string[],
  lock = false,
): Promise<OrderRow[]> {
  if (!ids.length) return Promise.resolve([]);
  const q = tx
    .select()
    .from(orders)
    .where(and(...factoryOrders(scope), inArray(orders.id, [...ids])))
    .orderBy(asc(orders.orderNo));
  return lock ? q.for('update') : q;
}

/** The lines of orders, in their order. */
export function productionLines(tx: Executor, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.orderId), asc(orderLines.sort));
}

/** paid → in production; null when the order was not paid (nothing written). */
export function startProduction(tx: Executor, order: OrderRow, actor: OrderEventActor) {
  return transitionOrder(tx, {
    orderId: order.id,
    tenantId: order.tenantId,
    transition: 'start_production',
    actor,
  });
}

/** in production → shipped with the carrier and tracking number; null when not in production. */
export function shipOrder(
  tx: Executor,
  order: OrderRow,
  input: { carrierCode: string; trackingNo: string },
  actor: OrderEventActor,
) {
  return transitionOrder(tx, {
    orderId: order.id,
    tenantId: order.tenantId,
    transition: 'ship',
    actor,
    set: { carrierCode: input.carrierCode, trackingNo: input.trackingNo, shippedAt: new Date() },
    detail: {
      carrier_code: { from: order.carrierCode, to: input.carrierCode },
      tracking_no: { from: order.trackingNo, to: input.trackingNo },
    },
  });
}

/** The merchant's orders with these numbers (a label import's lines). */
export function merchantOrdersByNos(
  tx: Executor,
  scope: MerchantScope,
  orderNos: readonly string[],
): Promise<OrderRow[]> {
  if (!orderNos.length) return Promise.resolve([]);
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, scope.tenantId),
        eq(orders.merchantId, scope.merchantId),
        inArray(orders.orderNo, [...orderNos]),
      ),
    );
}

/** The merchant's orders by id. */
export function merchantOrdersByIds(tx: Executor, scope: MerchantScope, ids: readonly string[]) {
  if (!ids.length) return Promise.resolve([] as OrderRow[]);
  return tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.tenantId, scope.tenantId),
        eq(orders.merchantId, scope.merchantId),
        inArray(orders.id, [...ids]),
      ),
    );
}

/** An order takes a logistics number while paid and not shipped yet. */
export const LABELLABLE_STATUSES: ReadonlySet<OrderRow['status']> = new Set(['paid', 'in_production']);

/**
 * Sets the tracking number a label import assigned (spec §5) on a paid, unshipped order, with its
 * timeline entry; false when the order moved on meanwhile (nothing written).
 */
export async function assignTracking(
  tx: Executor,
  order: OrderRow,
  trackingNo: string,
  actor: OrderEventActor,
  detail: Record<string, unknown> = {},
): Promise<boolean> {
  const [row] = await tx
    .update(orders)
    .set({ trackingNo, updatedAt: new Date() })
    .where(
      and(
        eq(orders.id, order.id),
        eq(orders.tenantId, order.tenantId),
        inArray(orders.status, [...LABELLABLE_STATUSES]),
      ),
    )
    .returning();
  if (!row) return false;
  await recordOrderEvent(tx, {
    order: row,
    action: 'label_import',
    actor,
    detail: { tracking_no: { from: order.trackingNo, to: trackingNo }, ...detail },
  });
  return true;
}
