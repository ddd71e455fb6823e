import { ORDER_TIMEOUT_SOON_MINUTES, type ORDER_SORTS, type orderFilterSchema } from '@pod/shared';
import {
  and,
  asc,
  fillPlaceholders,
  desc,
  eq,
  gt,
  gte,
  inArray,
  isNotNull,
  lte,
  ne,
  or,
  sql,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DataScope } from '../../platform/context.ts';
import type { Executor } from '../../db/client.ts';
import { preparedQuery, anyOfPlaceholder } from '../../db/prepared.ts';
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
    .onConflictDoNothing({ target: [orders.tenantId, orders.orderNo] })
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
    payable(t, anyOfPlaceholder(orders.orderNo, 'orderNos', 'text')).orderBy(asc(orders.orderNo)),
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
  const scoped = dataScopeValues(dataScope);
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
    // Named one by one (dataScopeGuard's three under p's prefix): this runs for every payment,
    // and building the object from entries took V8's slow path (decision 0097).
    values: {
      order_tenant: scope.tenantId,
      order_merchant: scope.merchantId,
      order_no: orderNo,
      order_pay_method: payMethod,
      order_scope_all: scoped.scope_all,
      order_scope_departments: scoped.scope_departments,
      order_scope_user: scoped.scope_user,
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
 * How a list filter meets its statement. `inline` binds each value as a parameter of a statement
 * built for this one call (the export's keyset batches, the look-ups); `prepared` binds it as a
 * named placeholder of a statement rendered once per shape; `collect` builds no SQL at all and only
 * records the shape (which conditions are present) and the values — what a call of a prepared
 * statement needs once the statement exists (decision 0041).
 */
type BindMode = 'inline' | 'prepared' | 'collect';

class FilterBinder {
  readonly shape: string[] = [];
  readonly values: Record<string, unknown> = {};
  constructor(readonly mode: BindMode) {}

  #value(name: string, value: unknown): unknown {
    this.shape.push(name);
    // A prepared statement's time is bound as ISO text (PostgreSQL reads it as the column's
    // timestamptz, whatever the driver); inline, the column's own encoder takes the Date.
    this.values[name] = value instanceof Date ? value.toISOString() : value;
    return this.mode === 'prepared' ? sql.placeholder(name) : value;
  }

  /** A structural choice that binds no value (it still changes the statement, so the shape). */
  mark(tag: string): void {
    this.shape.push(tag);
  }

  eq(column: AnyPgColumn, name: string, value: unknown): SQL | undefined {
    const bound = this.#value(name, value);
    return this.mode === 'collect' ? undefined : eq(column, bound);
  }

  gt(column: AnyPgColumn, name: string, value: unknown): SQL | undefined {
    const bound = this.#value(name, value);
    return this.mode === 'collect' ? undefined : gt(column, bound);
  }

  gte(column: AnyPgColumn, name: string, value: unknown): SQL | undefined {
    const bound = this.#value(name, value);
    return this.mode === 'collect' ? undefined : gte(column, bound);
  }

  lte(column: AnyPgColumn, name: string, value: unknown): SQL | undefined {
    const bound = this.#value(name, value);
    return this.mode === 'collect' ? undefined : lte(column, bound);
  }

  /**
   * `column` is one of `values` (a query box): one array parameter when prepared. A text box never
   * holds an empty number, and saying so lets PostgreSQL use the numbers' partial indexes (`WHERE
   * column <> ''`).
   */
  anyOf(column: AnyPgColumn, name: string, values: string[], type: 'text' | 'uuid'): SQL | undefined {
    const bound = this.#value(name, values);
    if (this.mode === 'collect') return undefined;
    const found =
      this.mode === 'prepared' ? sql`${column} = ANY(${bound}::${sql.raw(type)}[])` : inArray(column, values);
    return type === 'text' ? and(found, ne(column, '')) : found;
  }

  /**
   * `column = value`, written so that no index can serve it: `(…) IS TRUE`. The order-number box
   * says which orders by id (`numbered`), and the merchant's own indexes would otherwise look
   * cheaper to a plan that cannot see how many orders the merchant has (a big merchant's are
   * thousands, walked to keep the few asked for): the ids are then read by the primary key, and the
   * merchant is still checked on each of them.
   */
  eqChecked(column: AnyPgColumn, name: string, value: unknown): SQL | undefined {
    const bound = this.#value(name, value);
    return this.mode === 'collect' ? undefined : sql`(${eq(column, bound)}) IS TRUE`;
  }

  /**
   * Orders of the merchant whose own number or third-party number is one of `values` (the
   * order-number box), as ids: each number is looked up on its own (`LATERAL`) in the order
   * number's unique index and the shop number's partial index, a few index probes however many
   * orders the merchant has. Written as `= ANY` over the merchant's orders, a plan that guesses an
   * average merchant walked all of a big merchant's orders instead.
   */
  numbered(scope: MerchantScope, values: string[]): SQL | undefined {
    const bound = this.#value('order_nos', values);
    if (this.mode === 'collect') return undefined;
    const prepared = this.mode === 'prepared';
    const tenant = prepared ? sql.placeholder('tenant') : scope.tenantId;
    const merchant = prepared ? sql.placeholder('merchant') : scope.merchantId;
    const numbers = prepared ? bound : sql.param(values);
    return sql`${orders.id} = ANY(ARRAY(SELECT found.id FROM unnest(${numbers}::text[]) AS box(no), LATERAL (
        SELECT ${orders.id} FROM ${orders} WHERE ${orders.tenantId} = ${tenant} AND ${orders.merchantId} = ${merchant}
          AND ${orders.orderNo} = box.no
        UNION ALL SELECT ${orders.id} FROM ${orders} WHERE ${orders.tenantId} = ${tenant} AND ${orders.merchantId} = ${merchant}
          AND ${orders.thirdPartyOrderNo} = box.no AND ${orders.thirdPartyOrderNo} <> '') found))`;
  }

  literal(tag: string, condition: SQL): SQL | undefined {
    this.mark(tag);
    return this.mode === 'collect' ? undefined : condition;
  }

  or(...parts: Array<SQL | undefined>): SQL | undefined {
    return this.mode === 'collect' ? undefined : or(...parts);
  }

  and(...parts: Array<SQL | undefined>): SQL | undefined {
    return this.mode === 'collect' ? undefined : and(...parts);
  }
}

/**
 * spec §6 data scope on orders: staff limited to departments and/or their own see the orders their
 * departments' users placed (the creator's department, kept on the order) and their own.
 */
function scopeCondition(b: FilterBinder, dataScope: DataScope): SQL | undefined {
  if (dataScope.kind === 'all') return undefined;
  const parts: Array<SQL | undefined> = [];
  if (dataScope.departmentIds.length)
    parts.push(b.anyOf(orders.departmentId, 'scope_departments', dataScope.departmentIds, 'uuid'));
  if (dataScope.includeOwn) parts.push(b.eq(orders.createdBy, 'scope_user', dataScope.userId));
  return parts.length ? b.or(...parts) : b.literal('scope_none', sql`false`);
}

/** The data scope condition with its values bound in (look-ups by number). */
export function dataScopeCondition(dataScope: DataScope): SQL | undefined {
  return scopeCondition(new FilterBinder('inline'), dataScope);
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

/**
 * The order list's WHERE clause, through a binder: the merchant's own orders within the caller's
 * data scope and the list's filters. The list, its status counts and its export all use it, so an
 * export holds exactly the rows the list shows.
 */
function filterConditions(
  b: FilterBinder,
  scope: MerchantScope,
  f: Partial<OrderListFilter>,
  dataScope: DataScope,
  now: Date,
): SQL | undefined {
  const c: (SQL | undefined)[] = [
    b.eq(orders.tenantId, 'tenant', scope.tenantId),
    // The order-number box finds its orders by id (`numbered`), already the merchant's.
    f.order_nos?.length
      ? b.eqChecked(orders.merchantId, 'merchant', scope.merchantId)
      : b.eq(orders.merchantId, 'merchant', scope.merchantId),
    scopeCondition(b, dataScope),
  ];
  if (f.status) c.push(b.eq(orders.status, 'status', f.status));
  if (f.order_nos?.length) c.push(b.numbered(scope, f.order_nos));
  const box = (column: AnyPgColumn, name: string, values: string[] | undefined) => {
    if (values?.length) c.push(b.anyOf(column, name, values, 'text'));
  };
  box(orders.thirdPartyOrderNo, 'third_party_nos', f.third_party_nos);
  box(orders.subOrderNo, 'sub_order_nos', f.sub_order_nos);
  box(orders.trackingNo, 'tracking_nos', f.tracking_nos);
  box(orders.payNo, 'pay_nos', f.pay_nos);
  if (f.platform) c.push(b.eq(orders.platform, 'platform', f.platform));
  if (f.shop_id) c.push(b.eq(orders.shopId, 'shop_id', f.shop_id));
  if (f.source) c.push(b.eq(orders.source, 'source', f.source));
  if (f.ordered_by) c.push(b.eq(orders.orderedBy, 'ordered_by', f.ordered_by));
  if (f.country) c.push(b.eq(orders.countryCode, 'country', f.country));
  if (f.linked === 'linked') c.push(b.literal('linked', eq(orders.unlinkedLines, 0)));
  if (f.linked === 'unlinked') c.push(b.literal('unlinked', gt(orders.unlinkedLines, 0)));
  const range = (column: AnyPgColumn, name: string, from?: string, to?: string) => {
    if (from) c.push(b.gte(column, `${name}_from`, new Date(from)));
    if (to) c.push(b.lte(column, `${name}_to`, new Date(to)));
  };
  range(orders.createdAt, 'created', f.from, f.to);
  range(orders.paidAt, 'paid', f.paid_from, f.paid_to);
  range(orders.shippedAt, 'shipped', f.shipped_from, f.shipped_to);
  range(orders.updatedAt, 'updated', f.updated_from, f.updated_to);
  if (f.amount_min !== undefined) c.push(b.gte(orders.totalAmount, 'amount_min', f.amount_min));
  if (f.amount_max !== undefined) c.push(b.lte(orders.totalAmount, 'amount_max', f.amount_max));
  if (f.timeout_soon) {
    c.push(b.literal('timeout_soon', eq(orders.status, 'unpaid')));
    c.push(b.gt(orders.expiresAt, 'soon_from', now));
    c.push(b.lte(orders.expiresAt, 'soon_to', new Date(now.getTime() + ORDER_TIMEOUT_SOON_MINUTES * 60_000)));
  }
  return b.and(...c);
}

/** The order list's WHERE clause with its values bound in (the export's keyset batches). */
export function listConditions(
  scope: MerchantScope,
  f: Partial<OrderListFilter>,
  dataScope: DataScope = { kind: 'all' },
  now = new Date(),
) {
  return filterConditions(new FilterBinder('inline'), scope, f, dataScope, now);
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

/** What `toOrder` reads of an order: not the customs, vendor state or bookkeeping. */
export type OrderListRow = Pick<
  OrderRow,
  | 'id'
  | 'orderNo'
  | 'status'
  | 'source'
  | 'platform'
  | 'shopName'
  | 'thirdPartyOrderNo'
  | 'currency'
  | 'productAmount'
  | 'shippingAmount'
  | 'totalAmount'
  | 'totalQuantity'
  | 'weight'
  | 'countryCode'
  | 'address'
  | 'shipping'
  | 'payMethod'
  | 'payNo'
  | 'remark'
  | 'orderedBy'
  | 'shopId'
  | 'subOrderNo'
  | 'trackingNo'
  | 'carrierCode'
  | 'salesCurrency'
  | 'salesAmount'
  | 'salesShippingAmount'
  | 'salesTotalAmount'
  | 'latestDeliveryAt'
  | 'shippedAt'
  | 'unlinkedLines'
  | 'originOrderNo'
  | 'expiresAt'
  | 'createdAt'
  | 'paidAt'
  | 'updatedAt'
>;

/** The statuses of an order that has been paid (its total is what was actually paid). */
export const PAID_STATUSES: ReadonlySet<OrderRow['status']> = new Set([
  'paid',
  'in_production',
  'shipped',
  'completed',
]);
const paidStatus = sql`${orders.status} IN (${sql.join(
  [...PAID_STATUSES].map((s) => sql.raw(`'${s}'`)),
  sql`, `,
)})`;

/** A time as `Date.toISOString()` writes it (UTC, milliseconds, `Z`). */
const isoTime = (column: AnyPgColumn) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The list's order as JSON text, written by PostgreSQL (decision 0089): exactly `toOrder` of the
 * row (the list's test compares the two over every kind of order, and under tests each reply is
 * checked against the `Order` schema), so Node neither maps nor re-encodes the page's rows.
 */
const ORDER_JSON = sql<string>`json_build_object(
  'id', ${orders.id}, 'order_no', ${orders.orderNo}, 'status', ${orders.status}, 'source', ${orders.source},
  'platform', ${orders.platform}, 'shop_name', ${orders.shopName},
  'third_party_order_no', ${orders.thirdPartyOrderNo}, 'currency', ${orders.currency},
  'product_amount', ${orders.productAmount}, 'shipping_amount', ${orders.shippingAmount},
  'total_amount', ${orders.totalAmount}, 'total_quantity', ${orders.totalQuantity}, 'weight', ${orders.weight},
  'country_code', ${orders.countryCode},
  'consignee', concat_ws(' ', nullif(${orders.address}->>'first_name', ''), nullif(${orders.address}->>'last_name', '')),
  'shipping', json_build_object('method_id', ${orders.shipping}->'method_id', 'carrier', ${orders.shipping}->'carrier',
    'name', ${orders.shipping}->'name', 'code', ${orders.shipping}->'code',
    'delivery_days_min', ${orders.shipping}->'delivery_days_min', 'delivery_days_max', ${orders.shipping}->'delivery_days_max'),
  'pay_method', ${orders.payMethod}, 'pay_no', ${orders.payNo}, 'remark', ${orders.remark},
  'ordered_by', ${orders.orderedBy}, 'shop_id', ${orders.shopId}, 'sub_order_no', ${orders.subOrderNo},
  'tracking_no', ${orders.trackingNo}, 'carrier_code', ${orders.carrierCode},
  'sales_currency', ${orders.salesCurrency}, 'sales_amount', ${orders.salesAmount},
  'sales_shipping_amount', ${orders.salesShippingAmount}, 'sales_total_amount', ${orders.salesTotalAmount},
  'profit_rate', CASE WHEN ${orders.salesTotalAmount} <> 0 AND ${orders.salesCurrency} = ${orders.currency} AND ${paidStatus}
    THEN floor((${orders.salesTotalAmount} - ${orders.totalAmount})::float8 / ${orders.salesTotalAmount} * 10000 + 0.5) / 10000 END,
  'actual_payment', CASE WHEN ${paidStatus} THEN ${orders.totalAmount} ELSE 0 END,
  'latest_delivery_at', ${isoTime(orders.latestDeliveryAt)}, 'shipped_at', ${isoTime(orders.shippedAt)},
  'linked', ${orders.unlinkedLines} = 0, 'unlinked_lines', ${orders.unlinkedLines},
  'origin_order_no', ${orders.originOrderNo}, 'expires_at', ${isoTime(orders.expiresAt)},
  'created_at', ${isoTime(orders.createdAt)}, 'paid_at', ${isoTime(orders.paidAt)},
  'updated_at', ${isoTime(orders.updatedAt)})::text`;

type ListFilter = Partial<OrderListFilter> & OrderListSort & { page: number; limit: number };

/**
 * The sorted column, its direction and the list's ORDER BY. Paid and delivery times are
 * nullable: NULLS LAST either way, and the filter on the sorted column keeps rows without it out,
 * so the (tenant, merchant, column) index serves the order (decision 0040).
 */
function sortOf(f: OrderListSort) {
  const [field, direction] = (f.order ?? 'created_at,desc').split(',') as [
    (typeof ORDER_SORTS)[number],
    string,
  ];
  const column = SORT_COLUMNS[field] ?? orders.createdAt;
  const dir = direction === 'asc' ? asc : desc;
  return {
    key: `${column === orders.createdAt ? 'created_at' : field}:${direction === 'asc' ? 'asc' : 'desc'}`,
    column,
    orderBy: [dir(column), dir(orders.id)],
  };
}

/** The query boxes' placeholders: a list with one of them matches a bounded set of orders. */
const QUERY_BOXES = new Set(['order_nos', 'third_party_nos', 'sub_order_nos', 'tracking_nos', 'pay_nos']);

/** Names of prepared statements, one per shape (PostgreSQL keeps names to 63 bytes). */
const statementNames = new Map<string, string>();
const nameOf = (prefix: string, shape: string) => {
  let name = statementNames.get(`${prefix}|${shape}`);
  if (!name) statementNames.set(`${prefix}|${shape}`, (name = `${prefix}_${statementNames.size + 1}`));
  return name;
};

/**
 * The list's page and its total in ONE prepared statement (decision 0041):
 * - the count is an uncorrelated scalar subquery PostgreSQL runs once (an InitPlan, index-only on
 *   the list's indexes), so a page costs one round trip instead of two;
 * - the page's ids are found first in the index order (an index-only scan on
 *   `(tenant, merchant[, status], created_at, id)` that steps over the OFFSET without reading the
 *   table), and only the page's rows are read from the table (a "deferred join"), so page 50 costs
 *   about what page 1 does;
 * - the statement is rendered once per shape (which filters are present, and the sort) and runs
 *   as a named prepared statement: a request fills in its values and costs no ORM rendering.
 */
export function listPage(
  tx: Executor,
  scope: MerchantScope,
  f: ListFilter,
  dataScope: DataScope = { kind: 'all' },
) {
  const now = new Date();
  const sort = sortOf(f);
  const collected = new FilterBinder('collect');
  filterConditions(collected, scope, f, dataScope, now);
  const bounded = collected.shape.some((name) => QUERY_BOXES.has(name));
  const shape = `${collected.shape.join(',')}|${sort.key}`;
  const query = preparedQuery(tx, nameOf('orders_list', shape), (t) => {
    const b = new FilterBinder('prepared');
    const filters = filterConditions(b, scope, f, dataScope, now);
    const where = sort.column === orders.createdAt ? filters : and(filters, isNotNull(sort.column));
    // The tenant too: the key is (tenant_id, id) (decision 0077), so rows are found by id through
    // it, not by scanning the table.
    const sameTenant = eq(orders.tenantId, sql.placeholder('tenant'));
    if (bounded) {
      // A query box matches at most a few hundred orders: they are found once (through the
      // numbers' indexes) and both the total and the page are taken from that set, instead of
      // finding them twice.
      const matched = t.$with('matched').as(t.select({ id: orders.id }).from(orders).where(where));
      const pageIds = t
        .select({ id: orders.id })
        .from(orders)
        .where(and(sameTenant, inArray(orders.id, t.select({ id: matched.id }).from(matched))))
        .orderBy(...sort.orderBy)
        .limit(sql.placeholder('limit'))
        .offset(sql.placeholder('offset'));
      return t
        .with(matched)
        .select({ json: ORDER_JSON, listTotal: sql<number>`(SELECT count(*)::int FROM ${matched})` })
        .from(orders)
        .where(and(sameTenant, inArray(orders.id, pageIds)))
        .orderBy(...sort.orderBy);
    }
    const pageIds = t
      .select({ id: orders.id })
      .from(orders)
      .where(where)
      .orderBy(...sort.orderBy)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return t
      .select({
        json: ORDER_JSON,
        listTotal: sql<number>`(SELECT count(*)::int FROM ${orders} WHERE ${where ?? sql`true`})`,
      })
      .from(orders)
      .where(and(sameTenant, inArray(orders.id, pageIds)))
      .orderBy(...sort.orderBy);
  });
  return {
    query,
    values: { ...collected.values, limit: f.limit, offset: (f.page - 1) * f.limit },
  };
}

/**
 * The SQL text and values a list request sends (bench:orders sends the same unprepared, as its
 * raw side).
 */
export function listPageSql(tx: Executor, scope: MerchantScope, f: ListFilter, dataScope?: DataScope) {
  const { query, values } = listPage(tx, scope, f, dataScope);
  const { sql: text, params } = query.getQuery();
  return { sql: text, params: fillPlaceholders(params, values) };
}

/**
 * One page of the list, each order as the JSON text of `toOrder` (PostgreSQL writes it), with the
 * total of the filters' matches.
 */
export async function listForMerchant(
  tx: Executor,
  scope: MerchantScope,
  f: ListFilter,
  dataScope: DataScope = { kind: 'all' },
): Promise<{ items: string[]; total: number }> {
  const { query, values } = listPage(tx, scope, f, dataScope);
  const found = await query.execute(values);
  if (!found.length) {
    if (f.page === 1) return { items: [], total: 0 };
    // A page past the end has no row to carry the total: only then is it counted on its own.
    const sort = sortOf(f);
    const filters = listConditions(scope, f, dataScope);
    const where = sort.column === orders.createdAt ? filters : and(filters, isNotNull(sort.column));
    const { total } = await pagedRows(tx, orders, where, sort.orderBy, 1, 0);
    return { items: [], total };
  }
  return { items: found.map((row) => row.json), total: found[0]!.listTotal };
}

/** How many orders of each status match the filters (the status tabs), as one prepared statement. */
export async function statusCounts(
  tx: Executor,
  scope: MerchantScope,
  f: Partial<OrderListFilter>,
  dataScope: DataScope,
): Promise<Array<{ status: OrderRow['status']; n: number }>> {
  const now = new Date();
  const filter = { ...f, status: undefined };
  const collected = new FilterBinder('collect');
  filterConditions(collected, scope, filter, dataScope, now);
  return preparedQuery(tx, nameOf('orders_status_counts', collected.shape.join(',')), (t) =>
    t
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(filterConditions(new FilterBinder('prepared'), scope, filter, dataScope, now))
      .groupBy(orders.status),
  ).execute(collected.values);
}
