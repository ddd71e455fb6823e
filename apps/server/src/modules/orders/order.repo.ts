import { ORDER_TIMEOUT_SOON_MINUTES, type ORDER_SORTS, type orderFilterSchema } from '@pod/shared';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gt,
  gte,
  inArray,
  isNotNull,
  lte,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DataScope } from '../../platform/context.ts';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { orderEvents, orderLines, orders } from './schema.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import type { KeyColumn } from '../../platform/crud/keyset.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
/** A line of any order (a marketplace line may have no finished product yet). */
export type NewAnyOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId' | 'tenantId'>;
/** A line checkout builds: always of a finished product. */
export type NewOrderLine = NewAnyOrderLine & { finishedProductId: string };

const mine = (scope: MerchantScope) =>
  and(eq(orders.tenantId, scope.tenantId), eq(orders.merchantId, scope.merchantId));

/** The order and its lines; null (nothing written) when its order number is already taken. */
export async function insertOrder(
  tx: Executor,
  order: NewOrder,
  lines: NewAnyOrderLine[],
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
  dataScope: DataScope = { kind: 'all' },
  lock = false,
): Promise<OrderRow[]> {
  if (!orderNos.length) return Promise.resolve([]);
  const q = tx
    .select()
    .from(orders)
    .where(and(mine(scope), dataScopeCondition(dataScope), inArray(orders.orderNo, [...orderNos])))
    .orderBy(asc(orders.orderNo));
  return lock ? q.for('update') : q;
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
  | 'unlinkedLines'
  | 'reviewLines'
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
  unlinkedLines: orders.unlinkedLines,
  reviewLines: orders.reviewLines,
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
  dataScope: DataScope = { kind: 'all' },
): Promise<PayableOrder[]> {
  if (!orderNos.length) return Promise.resolve([]);
  const values = { tenantId: scope.tenantId, merchantId: scope.merchantId, ...dataScopeValues(dataScope) };
  const payable = (t: Executor, numbered: SQL) =>
    t
      .select(payableFields)
      .from(orders)
      .where(
        and(
          eq(orders.tenantId, sql.placeholder('tenantId')),
          eq(orders.merchantId, sql.placeholder('merchantId')),
          numbered,
          dataScopeGuard((name) => sql.placeholder(name)),
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
 * Sets how many of an order's personalised lines are pending or flagged for review (decision
 * 0053: the personalisation module counts them); the order is payable only at 0.
 */
export async function setReviewLines(
  tx: Executor,
  order: { tenantId: string; orderId: string },
  count: number,
): Promise<void> {
  await tx
    .update(orders)
    .set({ reviewLines: count, updatedAt: new Date() })
    .where(and(eq(orders.id, order.orderId), eq(orders.tenantId, order.tenantId)));
}

/**
 * The order's part of the paying statement (decision 0024, composed by the payment workflow):
 * `lock` row-locks the merchant's order with this number while unpaid, not timed out and while
 * `serves` (the workflow's other conditions, read from the same row) holds; its total is the
 * amount debited. `markPaid` moves it to paid with the ledger row's trade number (`t`). No look-up
 * before: the statement finds the order itself.
 */
export function payableOrder(
  scope: MerchantScope,
  orderNo: string,
  payMethod: 'balance' | 'alipay',
  dataScope: DataScope = { kind: 'all' },
) {
  const p = (name: string) => sql.placeholder(`order_${name}`);
  return {
    lock: (serves: SQL) =>
      sql`SELECT ${orders.id} AS id, ${orders.totalAmount} AS amount, ${orders.currency} AS currency
        FROM ${orders}
        WHERE ${orders.tenantId} = ${p('tenant')}::uuid AND ${orders.merchantId} = ${p('merchant')}::uuid
          AND ${orders.orderNo} = ${p('no')}::text AND ${orders.status} = 'unpaid' AND ${orders.expiresAt} > now()
          AND ${orders.unlinkedLines} = 0 AND ${orders.reviewLines} = 0
          AND ${dataScopeGuard((name) => p(name))}
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
      ...Object.fromEntries(Object.entries(dataScopeValues(dataScope)).map(([k, v]) => [`order_${k}`, v])),
    },
  };
}

/**
 * unpaid → timed_out for orders past their deadline, a batch at a time (the timeout job), with
 * the timeline entry of each in the same statement (decision 0039, transition `time_out`).
 */
export async function expireOverdue(tx: Executor, batch: number): Promise<number> {
  const result = await tx.execute(sql`
    WITH due AS (
      SELECT ${orders.id} AS id FROM ${orders}
      WHERE ${orders.status} = 'unpaid' AND ${orders.expiresAt} <= now()
      LIMIT ${batch} FOR UPDATE SKIP LOCKED
    ), moved AS (
      UPDATE ${orders} SET status = 'timed_out', updated_at = now()
      FROM due WHERE ${orders.id} = due.id AND ${orders.status} = 'unpaid'
      RETURNING ${orders.id} AS id, ${orders.tenantId} AS tenant_id, ${orders.merchantId} AS merchant_id
    )
    INSERT INTO ${orderEvents} (tenant_id, merchant_id, order_id, action, actor_name, from_status, to_status)
    SELECT tenant_id, merchant_id, id, 'time_out', 'system', 'unpaid', 'timed_out' FROM moved
    RETURNING order_id`);
  return result.rows.length;
}

/** The list's filters as its contract parses them (decision 0040). */
export type OrderListFilter = z.output<typeof orderFilterSchema>;
export type OrderListSort = { order?: string | undefined };

/**
 * spec §6 data scope on orders: staff limited to departments and/or their own see the orders their
 * departments' users placed (the creator's department, kept on the order) and their own.
 */
export function dataScopeCondition(dataScope: DataScope): SQL | undefined {
  if (dataScope.kind === 'all') return undefined;
  const parts: SQL[] = [];
  if (dataScope.departmentIds.length) parts.push(inArray(orders.departmentId, dataScope.departmentIds));
  if (dataScope.includeOwn) parts.push(eq(orders.createdBy, dataScope.userId));
  return parts.length ? or(...parts) : sql`false`;
}

/**
 * The data scope as a statement's parameters (decision 0061): one statement shape for every
 * caller, so the paying statement stays one prepared statement. A primary account (or a role
 * with the 'all' scope) passes `scope_all` and the rest is never looked at.
 */
export function dataScopeValues(dataScope: DataScope) {
  const limited = dataScope.kind === 'limited';
  return {
    scope_all: !limited,
    scope_departments: limited ? dataScope.departmentIds : [],
    scope_user: limited && dataScope.includeOwn ? dataScope.userId : null,
  };
}

/** `dataScopeCondition` with its values as placeholders (see `dataScopeValues`). */
function dataScopeGuard(p: (name: string) => Placeholder) {
  return sql`(${p('scope_all')}::boolean OR ${orders.departmentId} = ANY(${p('scope_departments')}::uuid[]) OR ${orders.createdBy} = ${p('scope_user')}::uuid)`;
}

const box = (column: AnyPgColumn, values: string[] | undefined) =>
  values?.length ? inArray(column, values) : undefined;

/**
 * The order list's WHERE clause: the merchant's own orders within the caller's data scope and the
 * list's filters. The list, its status counts and its export all use it, so an export holds
 * exactly the rows the list shows.
 */
export function listConditions(
  scope: MerchantScope,
  f: Partial<OrderListFilter>,
  dataScope: DataScope = { kind: 'all' },
  now = new Date(),
) {
  const c: (SQL | undefined)[] = [mine(scope), dataScopeCondition(dataScope)];
  if (f.status) c.push(eq(orders.status, f.status));
  if (f.order_nos?.length)
    c.push(or(inArray(orders.orderNo, f.order_nos), inArray(orders.thirdPartyOrderNo, f.order_nos)));
  c.push(box(orders.thirdPartyOrderNo, f.third_party_nos));
  c.push(box(orders.subOrderNo, f.sub_order_nos));
  c.push(box(orders.trackingNo, f.tracking_nos));
  c.push(box(orders.payNo, f.pay_nos));
  if (f.platform) c.push(eq(orders.platform, f.platform));
  if (f.shop_id) c.push(eq(orders.shopId, f.shop_id));
  if (f.source) c.push(eq(orders.source, f.source));
  if (f.ordered_by) c.push(eq(orders.orderedBy, f.ordered_by));
  if (f.country) c.push(eq(orders.countryCode, f.country));
  if (f.linked === 'linked') c.push(eq(orders.unlinkedLines, 0));
  if (f.linked === 'unlinked') c.push(gt(orders.unlinkedLines, 0));
  const range = (column: AnyPgColumn, from?: string, to?: string) => {
    if (from) c.push(gte(column, new Date(from)));
    if (to) c.push(lte(column, new Date(to)));
  };
  range(orders.createdAt, f.from, f.to);
  range(orders.paidAt, f.paid_from, f.paid_to);
  range(orders.shippedAt, f.shipped_from, f.shipped_to);
  range(orders.updatedAt, f.updated_from, f.updated_to);
  if (f.amount_min !== undefined) c.push(gte(orders.totalAmount, f.amount_min));
  if (f.amount_max !== undefined) c.push(lte(orders.totalAmount, f.amount_max));
  if (f.timeout_soon) {
    c.push(eq(orders.status, 'unpaid'));
    c.push(gt(orders.expiresAt, now));
    c.push(lte(orders.expiresAt, new Date(now.getTime() + ORDER_TIMEOUT_SOON_MINUTES * 60_000)));
  }
  return and(...c);
}

/** The order list's order: newest first (the export's keyset follows it). */
export const LIST_KEYS: readonly KeyColumn[] = [
  { column: orders.createdAt, dir: 'desc', cast: 'timestamptz' },
  { column: orders.id, dir: 'desc', cast: 'uuid' },
];

const SORT_COLUMNS = {
  created_at: orders.createdAt,
  paid_at: orders.paidAt,
  latest_delivery_at: orders.latestDeliveryAt,
} as const;

/**
 * One page of the list. Paid and delivery times are nullable: NULLS LAST either way, and the
 * filter on the sorted column keeps rows without it out, so the (tenant, merchant, column)
 * index serves the order (decision 0040).
 */
export function listForMerchant(
  tx: Executor,
  scope: MerchantScope,
  f: Partial<OrderListFilter> & OrderListSort & { page: number; limit: number },
  dataScope: DataScope = { kind: 'all' },
) {
  const { where, orderBy } = listParts(scope, f, dataScope);
  return pageWithTotal(tx, where, orderBy, f.page, f.limit);
}

/** The list's WHERE and ORDER BY (also what bench:orders EXPLAINs: the API's own statement). */
export function listParts(
  scope: MerchantScope,
  f: Partial<OrderListFilter> & OrderListSort,
  dataScope: DataScope = { kind: 'all' },
) {
  const [field, direction] = (f.order ?? 'created_at,desc').split(',') as [
    (typeof ORDER_SORTS)[number],
    string,
  ];
  const column = SORT_COLUMNS[field] ?? orders.createdAt;
  const dir = direction === 'asc' ? asc : desc;
  const where =
    column === orders.createdAt
      ? listConditions(scope, f, dataScope)
      : and(listConditions(scope, f, dataScope), isNotNull(column));
  return { where, orderBy: [dir(column), dir(orders.id)] };
}

/**
 * The list's page and its total in ONE statement (decision 0041):
 * - the count is an uncorrelated scalar subquery PostgreSQL runs once (an InitPlan, index-only on
 *   the list's indexes), so a page costs one round trip instead of two;
 * - the page's ids are found first in the index order (an index-only scan on
 *   `(tenant, merchant[, status], created_at, id)` that steps over the OFFSET without reading the
 *   table), and only the page's rows are read from the table (a "deferred join"), so page 50 costs
 *   about what page 1 does.
 * A page past the end has no row to carry the total: only then is it counted on its own.
 */
export function listStatement(
  tx: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  page: number,
  limit: number,
) {
  const pageIds = tx
    .select({ id: orders.id })
    .from(orders)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset((page - 1) * limit);
  return tx
    .select({
      ...getTableColumns(orders),
      listTotal: sql<number>`(SELECT count(*)::int FROM ${orders} WHERE ${where ?? sql`true`})`,
    })
    .from(orders)
    .where(inArray(orders.id, pageIds))
    .orderBy(...orderBy);
}

async function pageWithTotal(
  tx: Executor,
  where: SQL | undefined,
  orderBy: SQL[],
  page: number,
  limit: number,
): Promise<{ rows: OrderRow[]; total: number }> {
  const found = await listStatement(tx, where, orderBy, page, limit);
  if (!found.length) return page === 1 ? { rows: [], total: 0 } : pagedRows(tx, orders, where, orderBy, 1, 0);
  const total = found[0]!.listTotal;
  return { rows: found.map(({ listTotal: _total, ...row }) => row), total };
}

/** How many orders of each status match the filters (the status tabs). */
export async function statusCounts(
  tx: Executor,
  scope: MerchantScope,
  f: Partial<OrderListFilter>,
  dataScope: DataScope,
): Promise<Array<{ status: OrderRow['status']; n: number }>> {
  return tx
    .select({ status: orders.status, n: sql<number>`count(*)::int` })
    .from(orders)
    .where(listConditions(scope, { ...f, status: undefined }, dataScope))
    .groupBy(orders.status);
}
