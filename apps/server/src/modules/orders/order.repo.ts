import { and, asc, desc, eq, gte, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { orderLines, orders } from './schema.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import type { KeyColumn } from '../../platform/crud/keyset.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId' | 'tenantId'>;

const mine = (scope: MerchantScope) =>
  and(eq(orders.tenantId, scope.tenantId), eq(orders.merchantId, scope.merchantId));

/** The order and its lines; null (nothing written) when its order number is already taken. */
export async function insertOrder(
  tx: Executor,
  order: NewOrder,
  lines: NewOrderLine[],
): Promise<OrderRow | null> {
  const [row] = await tx
    .insert(orders)
    .values(order)
    .onConflictDoNothing({ target: orders.orderNo })
    .returning();
  if (!row) return null;
  await tx
    .insert(orderLines)
    .values(lines.map((line, sort) => ({ ...line, sort, orderId: row.id, tenantId: row.tenantId })));
  return row;
}

export function findByNos(
  tx: Executor,
  scope: MerchantScope,
  orderNos: readonly string[],
): Promise<OrderRow[]> {
  if (!orderNos.length) return Promise.resolve([]);
  return tx
    .select()
    .from(orders)
    .where(and(mine(scope), inArray(orders.orderNo, [...orderNos])))
    .orderBy(asc(orders.orderNo));
}

/** What paying an order reads of it. */
export type PayableOrder = Pick<
  OrderRow,
  | 'id'
  | 'orderNo'
  | 'status'
  | 'currency'
  | 'totalAmount'
  | 'expiresAt'
  | 'factoryId'
  | 'countryCode'
  | 'weight'
  | 'shipping'
>;

const payableFields = {
  id: orders.id,
  orderNo: orders.orderNo,
  status: orders.status,
  currency: orders.currency,
  totalAmount: orders.totalAmount,
  expiresAt: orders.expiresAt,
  factoryId: orders.factoryId,
  countryCode: orders.countryCode,
  weight: orders.weight,
  shipping: orders.shipping,
};

/**
 * The merchant's orders with these numbers, as payment needs them. Paying is the hot path (issue
 * 10 benchmark): prepared statements, one for a single order (the usual case, which PostgreSQL
 * plans once: with `= ANY(array)` it would plan every call, since it guesses an unknown array
 * holds ten numbers) and one for any number.
 */
export function findPayable(
  tx: Executor,
  scope: MerchantScope,
  orderNos: readonly string[],
): Promise<PayableOrder[]> {
  if (!orderNos.length) return Promise.resolve([]);
  const values = { tenantId: scope.tenantId, merchantId: scope.merchantId };
  const payable = (t: Executor, numbered: SQL) =>
    t
      .select(payableFields)
      .from(orders)
      .where(
        and(
          eq(orders.tenantId, sql.placeholder('tenantId')),
          eq(orders.merchantId, sql.placeholder('merchantId')),
          numbered,
        ),
      );
  if (orderNos.length === 1)
    return preparedQuery(tx, 'orders_find_payable_one', (t) =>
      payable(t, eq(orders.orderNo, sql.placeholder('orderNo'))),
    ).execute({ ...values, orderNo: orderNos[0] });
  return preparedQuery(tx, 'orders_find_payable', (t) =>
    payable(t, sql`${orders.orderNo} = ANY(${sql.placeholder('orderNos')}::text[])`).orderBy(
      asc(orders.orderNo),
    ),
  ).execute({ ...values, orderNos: [...orderNos] });
}

export function findByIds(tx: Executor, scope: MerchantScope, ids: readonly string[]): Promise<OrderRow[]> {
  if (!ids.length) return Promise.resolve([]);
  return tx
    .select()
    .from(orders)
    .where(and(mine(scope), inArray(orders.id, [...ids])))
    .orderBy(asc(orders.createdAt), asc(orders.orderNo));
}

export function linesOf(tx: Executor, orderIds: readonly string[]): Promise<OrderLineRow[]> {
  if (!orderIds.length) return Promise.resolve([]);
  return tx
    .select()
    .from(orderLines)
    .where(inArray(orderLines.orderId, [...orderIds]))
    .orderBy(asc(orderLines.sort));
}

/**
 * The order's part of the paying statement (decision 0024, composed by the payment workflow):
 * `lock` row-locks the merchant's order with this number while unpaid, not timed out and while
 * `serves` (the workflow's other conditions, read from the same row) holds; its total is the
 * amount debited. `markPaid` moves it to paid with the ledger row's trade number (`t`). No look-up
 * before: the statement finds the order itself.
 */
export function payableOrder(scope: MerchantScope, orderNo: string, payMethod: 'balance' | 'alipay') {
  const p = (name: string) => sql.placeholder(`order_${name}`);
  return {
    lock: (serves: SQL) =>
      sql`SELECT ${orders.id} AS id, ${orders.totalAmount} AS amount, ${orders.currency} AS currency
        FROM ${orders}
        WHERE ${orders.tenantId} = ${p('tenant')}::uuid AND ${orders.merchantId} = ${p('merchant')}::uuid
          AND ${orders.orderNo} = ${p('no')}::text AND ${orders.status} = 'unpaid' AND ${orders.expiresAt} > now()
          AND ${serves}
        FOR UPDATE OF ${orders}`,
    markPaid: () =>
      sql`UPDATE ${orders} SET status = 'paid', pay_method = ${p('pay_method')}::text, pay_no = t.trade_no,
        paid_at = t.paid_at, updated_at = now() FROM t, g WHERE ${orders.id} = g.id RETURNING ${orders.id}`,
    values: {
      order_tenant: scope.tenantId,
      order_merchant: scope.merchantId,
      order_no: orderNo,
      order_pay_method: payMethod,
    },
  };
}

export async function markCancelled(
  tx: Executor,
  scope: MerchantScope,
  id: string,
): Promise<OrderRow | undefined> {
  const [row] = await tx
    .update(orders)
    .set({ status: 'cancelled', cancelledAt: new Date() })
    .where(and(mine(scope), eq(orders.id, id), eq(orders.status, 'unpaid')))
    .returning();
  return row;
}

/** unpaid → timed_out for orders past their deadline, a batch at a time (the timeout job). */
export async function expireOverdue(tx: Executor, batch: number): Promise<number> {
  const rows = await tx
    .update(orders)
    .set({ status: 'timed_out' })
    .where(
      inArray(
        orders.id,
        tx
          .select({ id: orders.id })
          .from(orders)
          .where(and(eq(orders.status, 'unpaid'), lte(orders.expiresAt, sql`now()`)))
          .limit(batch),
      ),
    )
    .returning({ id: orders.id });
  return rows.length;
}

export interface OrderListFilter {
  page: number;
  limit: number;
  status?: OrderRow['status'] | undefined;
  orderNos?: string[] | undefined;
  country?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * The order list's WHERE clause: the merchant's own orders and the list's filters. The list and
 * its export (order.export.ts) both use it, so an export holds exactly the rows the list shows.
 */
export function listConditions(scope: MerchantScope, f: Omit<OrderListFilter, 'page' | 'limit'>) {
  const conditions: (SQL | undefined)[] = [mine(scope)];
  if (f.status) conditions.push(eq(orders.status, f.status));
  if (f.orderNos?.length)
    conditions.push(or(inArray(orders.orderNo, f.orderNos), inArray(orders.thirdPartyOrderNo, f.orderNos)));
  if (f.country) conditions.push(eq(orders.countryCode, f.country));
  if (f.from) conditions.push(gte(orders.createdAt, new Date(f.from)));
  if (f.to) conditions.push(lte(orders.createdAt, new Date(f.to)));
  return and(...conditions);
}

/** The order list's order: newest first (the export's keyset follows it). */
export const LIST_KEYS: readonly KeyColumn[] = [
  { column: orders.createdAt, dir: 'desc', cast: 'timestamptz' },
  { column: orders.id, dir: 'desc', cast: 'uuid' },
];

export function listForMerchant(tx: Executor, scope: MerchantScope, f: OrderListFilter) {
  return pagedRows(
    tx,
    orders,
    listConditions(scope, f),
    [desc(orders.createdAt), desc(orders.id)],
    f.page,
    f.limit,
  );
}
