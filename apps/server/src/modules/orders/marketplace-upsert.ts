import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import type {
  Customisation,
  MarketAddress,
  MarketOrderState,
} from '../../integrations/marketplace/adapter.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import { findAdminUserById } from '../access/index.ts';
import { linkLinesByMapping } from './centre.service.ts';
import { transitionOrder } from './order-actions.ts';
import { recordOrderEvent, type OrderEventActor } from './order-events.ts';
import { newOrderNo } from './order.service.ts';
import {
  orderEvents,
  orderLines,
  orders,
  orderSkuMappings,
  type StoredOrderAddress,
  type StoredOrderCustoms,
  type StoredOrderShipping,
} from './schema.ts';

/**
 * The one idempotent upsert of a marketplace order (issue 20, decision 0051), shared by the
 * spreadsheet import and the marketplace sync (webhooks and polling).
 *
 * - Keyed by (shop, third-party order number), unique by `orders_shop_third_no_uq`: the same order
 *   twice never makes two, also when two transactions upsert it at the same moment (INSERT … ON
 *   CONFLICT DO NOTHING, then the row is read and locked).
 * - An update whose `vendorUpdatedAt` is older than the stored one is `stale` and writes nothing.
 *   A newer one updates the marketplace's state, status text, deadline, sales amounts and (while
 *   the order is unpaid) the address; it never moves the platform's own status backwards (a
 *   marketplace cancellation cancels only an unpaid order; a paid one is after-sales' business).
 * - The channel it arrived through is added to `intake_channels`: an order with both `import` and
 *   `sync` was merged (sync health counts them).
 * - Lines link through the order centre's SKU mapping (decision 0040) and are then priced as the
 *   order centre prices a linked line; the rest stay unlinked (`unlinked_lines`).
 */

export type IntakeChannel = 'import' | 'sync';

export interface MarketplaceOrderLineInput {
  /** The vendor's line ids (TikTok: one per unit; Temu: the sub-order sn). */
  lineIds: string[];
  productId: string | null;
  /** Temu's SKC id, when known. */
  skcId?: string | null;
  /** The marketplace SKU id: the SKU mapping's key. */
  skuId: string;
  sellerSku: string | null;
  productName: string;
  skuName: string | null;
  imageUrl: string | null;
  quantity: number;
  /** What the buyer paid per piece, minor units of the order's sales currency. */
  unitPrice: number | null;
  customisation: Customisation[];
}

export interface MarketplaceOrderInput {
  shopId: string;
  platform: 'tiktok' | 'temu' | 'other';
  shopName: string;
  thirdPartyOrderNo: string;
  channel: IntakeChannel;
  vendorStatus: string;
  marketState: MarketOrderState;
  /** The vendor's update time of this state; null when the source has none (a spreadsheet). */
  vendorUpdatedAt: Date | null;
  createdAt: Date | null;
  paidAt: Date | null;
  shipBy: Date | null;
  buyerMessage: string | null;
  salesCurrency: string | null;
  /** Goods, shipping and total the buyer paid, minor units of `salesCurrency`. */
  salesAmount: number | null;
  salesShippingAmount: number | null;
  salesTotalAmount: number | null;
  /** The adapter's address shape (`MarketAddress`); null when the vendor masks it. */
  address: MarketAddress | null;
  lines: MarketplaceOrderLineInput[];
  /** The user who imported it (the order's creator and department); null for sync. */
  createdBy?: OrderEventActor | null;
}

export type UpsertOutcome = 'created' | 'updated' | 'unchanged' | 'stale';

export interface UpsertResult {
  orderId: string;
  orderNo: string;
  outcome: UpsertOutcome;
  /** The channels the order has arrived through, after this call. */
  channels: IntakeChannel[];
}

/** The order's currency until a line is linked: the supplier's price currency (decision 0051). */
export const INTAKE_ORDER_CURRENCY = 'CNY';
/** How long an imported or synced order stays payable before the timeout sweep (decision 0051). */
export const INTAKE_PAY_DAYS = 7;

/** No logistics chosen yet: uuid-shaped so the paying statement's casts hold; never a method. */
const NO_UUID = '00000000-0000-0000-0000-000000000000';
export const UNSET_SHIPPING: StoredOrderShipping = {
  method_id: NO_UUID,
  rate_id: NO_UUID,
  rate_version: 0,
  carrier: '',
  name: '',
  code: '',
  delivery_days_min: 0,
  delivery_days_max: 0,
  currency: INTAKE_ORDER_CURRENCY,
  fee: 0,
};
const EMPTY_CUSTOMS: StoredOrderCustoms = {
  cn_name: '',
  en_name: '',
  en_material: '',
  declared_price_usd: 0,
  declared_weight: 0,
  customs_code: '',
};

/** The adapter's address as the order stores it (full name as first name; address lines joined). */
export function storedAddress(a: MarketAddress | null): StoredOrderAddress {
  return {
    first_name: a?.name ?? '',
    last_name: '',
    mobile_phone: a?.phone ?? '',
    country: (a?.country ?? '').toUpperCase(),
    province: a?.province ?? '',
    city: a?.city ?? '',
    area: a?.district ?? '',
    street: [a?.address1, a?.address2].filter((s) => s && s.trim()).join(' '),
    postcode: a?.postcode ?? '',
  };
}

const keyOf = (shopId: string, no: string) => `${shopId}\u0000${no}`;

type Existing = Pick<
  typeof orders.$inferSelect,
  | 'id'
  | 'orderNo'
  | 'tenantId'
  | 'merchantId'
  | 'shopId'
  | 'thirdPartyOrderNo'
  | 'status'
  | 'vendorUpdatedAt'
  | 'vendorStatus'
  | 'marketState'
  | 'intakeChannels'
  | 'countryCode'
  | 'address'
  | 'productAmount'
>;
const existingFields = {
  id: orders.id,
  orderNo: orders.orderNo,
  tenantId: orders.tenantId,
  merchantId: orders.merchantId,
  shopId: orders.shopId,
  thirdPartyOrderNo: orders.thirdPartyOrderNo,
  status: orders.status,
  vendorUpdatedAt: orders.vendorUpdatedAt,
  vendorStatus: orders.vendorStatus,
  marketState: orders.marketState,
  intakeChannels: orders.intakeChannels,
  countryCode: orders.countryCode,
  address: orders.address,
  productAmount: orders.productAmount,
};

/**
 * The orders already present for `inputs` (by shop and third-party number), locked FOR UPDATE.
 *
 * Two steps (decision 0080). First each (shop, number) pair is looked up on its own in the unique
 * index `orders_shop_third_no_uq` (a scalar subquery per pair: equality on the index's columns,
 * its predicate and the tenant, which a tenant-sharded index leads with, so no other index can
 * compete, with or without statistics); then
 * the orders found are read and locked by id, within the merchant. The former single
 * `shop_id IN (…) AND third_party_order_no IN (…500 numbers…)` was planned, without fresh
 * statistics (a large import into a shop: its orders are all new), as a scan of every order of
 * the shop filtered by the list — ~13 ms per batch at 11,000 orders and growing with each batch —
 * against ~1 ms per batch this way whatever the shop's size. The conditions are the unique
 * index's own (`<> ''` included): the key is exactly the index's. An order inserted by another
 * transaction between the two steps makes the insert clash and is found then (the caller's
 * retry), as before.
 */
async function findExisting(
  tx: Executor,
  owner: MerchantScope,
  inputs: readonly MarketplaceOrderInput[],
): Promise<Map<string, Existing>> {
  const pairs = new Map<string, { shopId: string; no: string }>();
  for (const i of inputs)
    if (i.thirdPartyOrderNo !== '')
      pairs.set(keyOf(i.shopId, i.thirdPartyOrderNo), { shopId: i.shopId, no: i.thirdPartyOrderNo });
  if (!pairs.size) return new Map();
  const list = [...pairs.values()];
  const found = await tx.execute(
    sql`SELECT f.id FROM (
        SELECT (
          SELECT ${orders.id} FROM ${orders}
          WHERE ${orders.tenantId} = ${owner.tenantId}
            AND ${orders.shopId} = n.shop
            AND ${orders.thirdPartyOrderNo} = n.no
            AND ${orders.thirdPartyOrderNo} <> ''
            AND ${orders.originOrderNo} = ''
          LIMIT 1
        ) AS id
        FROM unnest(
          ${sql.param(list.map((p) => p.shopId))}::uuid[],
          ${sql.param(list.map((p) => p.no))}::text[]
        ) AS n(shop, no)
        OFFSET 0
      ) AS f
      WHERE f.id IS NOT NULL`,
  );
  const ids = (found as unknown as { rows: Array<{ id: string }> }).rows.map((r) => r.id);
  if (!ids.length) return new Map();
  const rows = await tx
    .select(existingFields)
    .from(orders)
    .where(
      and(
        inArray(orders.id, ids),
        eq(orders.tenantId, owner.tenantId),
        eq(orders.merchantId, owner.merchantId),
      ),
    )
    .orderBy(orders.id)
    .for('update');
  return new Map(rows.map((r) => [keyOf(r.shopId!, r.thirdPartyOrderNo), r]));
}

function orderDraft(
  owner: MerchantScope,
  input: MarketplaceOrderInput,
  creator: { id: string; name: string; departmentId: string | null } | null,
  now: Date,
): typeof orders.$inferInsert {
  const address = storedAddress(input.address);
  const cancelled = input.marketState === 'cancelled';
  return {
    tenantId: owner.tenantId,
    merchantId: owner.merchantId,
    orderNo: newOrderNo(now),
    source: input.channel,
    platform: input.platform,
    shopId: input.shopId,
    shopName: input.shopName,
    thirdPartyOrderNo: input.thirdPartyOrderNo,
    status: cancelled ? 'cancelled' : 'unpaid',
    cancelledAt: cancelled ? now : null,
    currency: INTAKE_ORDER_CURRENCY,
    productAmount: 0,
    shippingAmount: 0,
    totalAmount: 0,
    totalQuantity: input.lines.reduce((s, l) => s + l.quantity, 0),
    weight: 0,
    countryCode: address.country,
    address,
    customs: EMPTY_CUSTOMS,
    shipping: UNSET_SHIPPING,
    salesCurrency: input.salesCurrency,
    salesAmount: input.salesAmount,
    salesShippingAmount: input.salesShippingAmount,
    salesTotalAmount: input.salesTotalAmount,
    latestDeliveryAt: input.shipBy,
    unlinkedLines: input.lines.length,
    createdBy: creator?.id ?? null,
    orderedBy: creator?.name ?? '',
    departmentId: creator?.departmentId ?? null,
    expiresAt: new Date(now.getTime() + INTAKE_PAY_DAYS * 86_400_000),
    vendorUpdatedAt: input.vendorUpdatedAt,
    vendorStatus: input.vendorStatus,
    marketState: input.marketState,
    intakeChannels: [input.channel],
    marketCreatedAt: input.createdAt,
    marketPaidAt: input.paidAt,
    buyerMessage: input.buyerMessage ?? '',
  };
}

const lineDraft = (l: MarketplaceOrderLineInput, tenantId: string, orderId: string, sort: number) => ({
  tenantId,
  orderId,
  sort,
  finishedProductId: null,
  finishedCode: '',
  name: l.productName,
  productId: null,
  styleCode: '',
  colorId: null,
  colorName: '',
  sizeId: null,
  sizeName: '',
  skuCode: '',
  quantity: l.quantity,
  unitPrice: 0,
  subtotal: 0,
  externalProductId: l.productId ?? '',
  externalSkcId: l.skcId ?? '',
  externalSkuId: l.skuId,
  externalName: l.productName,
  externalLineIds: l.lineIds,
  sellerSku: l.sellerSku ?? '',
  externalSkuName: l.skuName ?? '',
  externalImageUrl: l.imageUrl ?? '',
  salesUnitPrice: l.unitPrice,
  customisation: l.customisation,
});

/** Whether two values of a column give the same JSON (what `recordset` may send once). */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((v, i) => v === b[i] && (v === null || typeof v !== 'object'));
  return false;
}

/**
 * Rows as TWO parameters: a JSON array the database turns into rows of the table's type
 * (`jsonb_populate_recordset`), and one JSON object of the columns every row has the same value in
 * (`jsonb_populate_record`), sent once instead of once a row. A multi-row VALUES list binds a
 * parameter per cell, which on the embedded database costs about a millisecond a row; this costs a
 * fraction. Of an import's orders, more than half the columns are the batch's (owner, shop,
 * empty logistics and customs, deadlines): sending them once halves the JSON to build, send and
 * parse (decision 0093). Every row has the same keys (columns not named keep their defaults);
 * `varying` names the keys `where` reads, which stay in the rows. Returns the column list and the
 * SELECT of the rows.
 */
function recordset(
  table: PgTable,
  rows: Array<Record<string, unknown>>,
  where?: { sql: SQL; varying: string[] },
) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  const first = rows[0]!;
  const keys = Object.keys(first).filter((k) => columns[k]);
  const shared =
    rows.length < 2
      ? []
      : keys.filter(
          (k) =>
            !where?.varying.includes(k) && rows.every((row) => sameValue(row[k] ?? null, first[k] ?? null)),
        );
  const own = keys.filter((k) => !shared.includes(k));
  const names = own.map((k) => columns[k]!.name);
  // A plain loop per row: Object.fromEntries over entry pairs cost several percent of an import.
  const json = JSON.stringify(
    rows.map((row) => {
      const record: Record<string, unknown> = {};
      for (let i = 0; i < own.length; i++) record[names[i]!] = row[own[i]!] ?? null;
      return record;
    }),
  );
  const sharedNames = shared.map((k) => columns[k]!.name);
  const common: Record<string, unknown> = {};
  shared.forEach((k, i) => (common[sharedNames[i]!] = first[k] ?? null));
  const list = sql.join(
    [...names, ...sharedNames].map((n) => sql.identifier(n)),
    sql`, `,
  );
  const picked = sql.join(
    [
      ...names.map((n) => sql`x.${sql.identifier(n)}`),
      ...sharedNames.map((n) => sql`c.${sql.identifier(n)}`),
    ],
    sql`, `,
  );
  const from = shared.length
    ? sql`jsonb_populate_recordset(NULL::${table}, ${json}::jsonb) AS x, jsonb_populate_record(NULL::${table}, ${JSON.stringify(common)}::jsonb) AS c`
    : sql`jsonb_populate_recordset(NULL::${table}, ${json}::jsonb) AS x`;
  return {
    list,
    select: sql`SELECT ${picked} FROM ${from}${where ? sql` WHERE ${where.sql}` : sql``}`,
  };
}

/**
 * New orders with their lines and their intake events in ONE statement (one round trip a batch:
 * an import's job parses the sheet on the same thread, so every round trip of a batch waits for
 * the parser to yield). The orders' ids are drawn here, so their lines and events are built before
 * the insert; an order skipped by ON CONFLICT (already present, or its random number taken) takes
 * its lines and event with it, since they are inserted only for the orders the insert returns. The
 * foreign keys are checked at the end of the statement, when the orders are there.
 */
async function insertOrdersWithLines(
  tx: Executor,
  orderRows: Array<typeof orders.$inferInsert & { id: string }>,
  lineRows: Array<Record<string, unknown>>,
  eventRows: Array<typeof orderEvents.$inferInsert>,
): Promise<Array<{ id: string; order_no: string }>> {
  if (!orderRows.length) return [];
  const o = recordset(orders, orderRows);
  const made = { sql: sql`x.order_id IN (SELECT id FROM o)`, varying: ['orderId'] };
  const parts = [
    sql`WITH o AS (INSERT INTO ${orders} (${o.list}) ${o.select} ON CONFLICT DO NOTHING RETURNING id, order_no)`,
  ];
  if (lineRows.length) {
    const l = recordset(orderLines, lineRows, made);
    parts.push(sql`, l AS (INSERT INTO ${orderLines} (${l.list}) ${l.select} ON CONFLICT DO NOTHING)`);
  }
  if (eventRows.length) {
    const e = recordset(orderEvents, eventRows, made);
    parts.push(sql`, e AS (INSERT INTO ${orderEvents} (${e.list}) ${e.select})`);
  }
  parts.push(sql` SELECT id, order_no FROM o`);
  const result = await tx.execute(sql.join(parts, sql``));
  return (result as unknown as { rows: Array<{ id: string; order_no: string }> }).rows;
}

/** Rows per multi-row INSERT (well under PostgreSQL's 65,535 parameters at ~26 columns a line). */
const CHUNK = 1000;
const chunks = <T>(list: T[], size = CHUNK): T[][] =>
  Array.from({ length: Math.ceil(list.length / size) }, (_, i) => list.slice(i * size, (i + 1) * size));

/** Inserts the drafts; returns the ones that clashed (already present, or an order-number clash). */
async function insertDrafts(
  tx: Executor,
  drafts: Array<{ input: MarketplaceOrderInput; order: typeof orders.$inferInsert }>,
  results: Map<string, UpsertResult>,
  actorOf: (input: MarketplaceOrderInput) => OrderEventActor,
): Promise<Array<{ input: MarketplaceOrderInput; order: typeof orders.$inferInsert }>> {
  const clashed: typeof drafts = [];
  for (const part of chunks(drafts)) {
    const withIds = part.map((d) => ({ ...d, order: { ...d.order, id: d.order.id ?? randomUUID() } }));
    const lines: Array<ReturnType<typeof lineDraft>> = [];
    const events: Array<typeof orderEvents.$inferInsert> = [];
    for (const { input, order } of withIds) {
      input.lines.forEach((l, i) => lines.push(lineDraft(l, order.tenantId, order.id, i)));
      const actor = actorOf(input);
      events.push({
        tenantId: order.tenantId,
        merchantId: order.merchantId,
        orderId: order.id,
        action: input.channel === 'import' ? 'imported' : 'synced',
        actorId: actor.id,
        actorName: actor.name,
        toStatus: order.status,
        detail: { third_party_order_no: input.thirdPartyOrderNo, vendor_status: input.vendorStatus },
      });
    }
    // ON CONFLICT DO NOTHING without a target covers both the shop's third-party number and the
    // order number; which one clashed is told apart afterwards by reading the shop's order.
    const made = new Map(
      (
        await insertOrdersWithLines(
          tx,
          withIds.map((d) => d.order),
          lines,
          events,
        )
      ).map((r) => [r.id, r.order_no]),
    );
    for (const d of withIds) {
      const orderNo = made.get(d.order.id);
      if (orderNo === undefined) {
        clashed.push(d);
        continue;
      }
      results.set(keyOf(d.input.shopId, d.input.thirdPartyOrderNo), {
        orderId: d.order.id,
        orderNo,
        outcome: 'created',
        channels: [d.input.channel],
      });
    }
  }
  return clashed;
}

/** The newer state of an order already present (the row is locked). */
async function applyUpdate(
  tx: Executor,
  row: Existing,
  input: MarketplaceOrderInput,
  actor: OrderEventActor,
): Promise<UpsertResult> {
  const channels = (
    row.intakeChannels.includes(input.channel) ? row.intakeChannels : [...row.intakeChannels, input.channel]
  ) as IntakeChannel[];
  const merged = channels.length !== row.intakeChannels.length;
  const base = { orderId: row.id, orderNo: row.orderNo, channels };
  const stored = row.vendorUpdatedAt?.getTime() ?? null;
  const incoming = input.vendorUpdatedAt?.getTime() ?? null;
  if (stored !== null && incoming !== null && incoming < stored) {
    return { ...base, channels: row.intakeChannels as IntakeChannel[], outcome: 'stale' };
  }
  const newer = incoming !== null && (stored === null || incoming > stored);
  if (!newer) {
    if (merged)
      await tx
        .update(orders)
        .set({ intakeChannels: channels, updatedAt: new Date() })
        .where(and(eq(orders.id, row.id), eq(orders.tenantId, row.tenantId)));
    return { ...base, outcome: 'unchanged' };
  }
  const set: Partial<typeof orders.$inferInsert> = {
    intakeChannels: channels,
    vendorUpdatedAt: input.vendorUpdatedAt,
    vendorStatus: input.vendorStatus,
    marketState: input.marketState,
    updatedAt: new Date(),
  };
  if (input.shipBy) set.latestDeliveryAt = input.shipBy;
  if (input.paidAt) set.marketPaidAt = input.paidAt;
  if (input.buyerMessage !== null) set.buyerMessage = input.buyerMessage;
  if (input.salesCurrency) {
    set.salesCurrency = input.salesCurrency;
    if (input.salesAmount !== null) set.salesAmount = input.salesAmount;
    if (input.salesShippingAmount !== null) set.salesShippingAmount = input.salesShippingAmount;
    if (input.salesTotalAmount !== null) set.salesTotalAmount = input.salesTotalAmount;
  }
  let addressChanged = false;
  if (input.address) {
    const address = storedAddress(input.address);
    addressChanged = JSON.stringify(address) !== JSON.stringify(row.address);
    // Only an unpaid order takes the marketplace's address as is; a new country means logistics
    // must be chosen again. A paid order keeps the address it was paid with (the timeline shows the
    // marketplace's, and the merchant changes it through "modify address" with its fee difference).
    if (addressChanged && row.status === 'unpaid') {
      set.address = address;
      if (address.country !== row.countryCode) {
        set.countryCode = address.country;
        set.shipping = UNSET_SHIPPING;
        set.shippingAmount = 0;
        set.totalAmount = row.productAmount;
      }
    }
  }
  await tx
    .update(orders)
    .set(set)
    .where(and(eq(orders.id, row.id), eq(orders.tenantId, row.tenantId)));
  if (row.status === 'unpaid') {
    for (const line of input.lines)
      if (line.customisation.length)
        await tx
          .update(orderLines)
          .set({ customisation: line.customisation })
          .where(and(eq(orderLines.orderId, row.id), eq(orderLines.externalSkuId, line.skuId)));
  }
  await recordOrderEvent(tx, {
    order: row,
    action: 'market_update',
    actor,
    detail: {
      channel: input.channel,
      vendor_status: { from: row.vendorStatus, to: input.vendorStatus },
      market_state: { from: row.marketState, to: input.marketState },
      ...(addressChanged
        ? { address: row.status === 'unpaid' ? 'updated' : storedAddress(input.address) }
        : {}),
    },
  });
  // The marketplace cancelled it: an unpaid order is cancelled too; anything further along is not
  // regressed (a paid order's cancellation is an after-sales request).
  if (input.marketState === 'cancelled' && row.status === 'unpaid')
    await transitionOrder(tx, {
      orderId: row.id,
      tenantId: row.tenantId,
      transition: 'cancel',
      actor,
      set: { cancelledAt: new Date() },
      detail: { reason: 'marketplace_cancelled' },
    });
  return { ...base, outcome: 'updated' };
}

/**
 * Upserts many marketplace orders of one merchant in the caller's transaction (the import's batch
 * path: a few multi-row statements per batch instead of several per order). Results are in the
 * order of `inputs`; a third-party number repeated within `inputs` is applied in turn.
 */
export async function upsertMarketplaceOrders(
  tx: Executor,
  owner: MerchantScope,
  inputs: readonly MarketplaceOrderInput[],
): Promise<UpsertResult[]> {
  if (!inputs.length) return [];
  // A number repeated within the batch: the first occurrence now, the rest in a next round.
  const seen = new Set<string>();
  const first: MarketplaceOrderInput[] = [];
  const later: MarketplaceOrderInput[] = [];
  for (const input of inputs) {
    const key = keyOf(input.shopId, input.thirdPartyOrderNo);
    (seen.has(key) ? later : first).push(input);
    seen.add(key);
  }
  const creators = new Map<string, { id: string; name: string; departmentId: string | null }>();
  for (const input of first) {
    const c = input.createdBy;
    if (c?.id && !creators.has(c.id)) {
      const user = await findAdminUserById(tx, c.id);
      creators.set(c.id, {
        id: c.id,
        name: c.name || user?.username || '',
        departmentId: user?.departmentId ?? null,
      });
    }
  }
  const actorOf = (input: MarketplaceOrderInput): OrderEventActor =>
    input.createdBy?.id
      ? { id: input.createdBy.id, name: creators.get(input.createdBy.id)!.name }
      : { id: null, name: input.createdBy?.name || 'system' };

  const results = new Map<string, UpsertResult>();
  const now = new Date();
  // A sync brings orders that are mostly there already: they are looked up first. An import brings
  // mostly new ones: they are inserted at once, and only the ones the insert skipped (already
  // there) are looked up — one round trip a batch fewer, the same outcome either way.
  let existing = first.every((i) => i.channel === 'import')
    ? new Map<string, Existing>()
    : await findExisting(tx, owner, first);
  let pending = first
    .filter((i) => !existing.has(keyOf(i.shopId, i.thirdPartyOrderNo)))
    .map((input) => ({
      input,
      order: orderDraft(owner, input, input.createdBy?.id ? creators.get(input.createdBy.id)! : null, now),
    }));
  const toUpdate = first.filter((i) => existing.has(keyOf(i.shopId, i.thirdPartyOrderNo)));
  for (let attempt = 0; pending.length; attempt++) {
    if (attempt === 3) throw new Error('order intake: could not insert orders after 3 attempts');
    const clashed = await insertDrafts(tx, pending, results, actorOf);
    if (!clashed.length) break;
    // Either another transaction inserted the same order (now committed: read and lock it, then
    // update it) or the random order number clashed (draw again).
    const found = await findExisting(
      tx,
      owner,
      clashed.map((c) => c.input),
    );
    existing = new Map([...existing, ...found]);
    pending = [];
    for (const c of clashed) {
      if (found.has(keyOf(c.input.shopId, c.input.thirdPartyOrderNo))) toUpdate.push(c.input);
      else pending.push({ ...c, order: { ...c.order, orderNo: newOrderNo(now) } });
    }
    // A clash on the shop's number that this merchant cannot see is another merchant's shop id:
    // the caller's mistake, never an order written under the wrong owner.
  }
  for (const input of toUpdate) {
    const key = keyOf(input.shopId, input.thirdPartyOrderNo);
    results.set(key, await applyUpdate(tx, existing.get(key)!, input, actorOf(input)));
  }
  await linkCreated(tx, owner, first, results);

  const out = first.map((i) => results.get(keyOf(i.shopId, i.thirdPartyOrderNo))!);
  const rest = await upsertMarketplaceOrders(tx, owner, later);
  // Re-assemble in the order of `inputs`.
  const byInput = new Map<MarketplaceOrderInput, UpsertResult>();
  first.forEach((i, n) => byInput.set(i, out[n]!));
  later.forEach((i, n) => byInput.set(i, rest[n]!));
  return inputs.map((i) => byInput.get(i)!);
}

/** Links the new orders' lines whose shop SKU has a mapping (one query when none has). */
async function linkCreated(
  tx: Executor,
  owner: MerchantScope,
  inputs: MarketplaceOrderInput[],
  results: Map<string, UpsertResult>,
): Promise<void> {
  const created = inputs.filter(
    (i) => results.get(keyOf(i.shopId, i.thirdPartyOrderNo))?.outcome === 'created',
  );
  const skus = [...new Set(created.flatMap((i) => i.lines.map((l) => l.skuId)).filter(Boolean))];
  // A mapping publishing wrote also matches by the seller SKU (decision 0067).
  const sellerSkus = [
    ...new Set(created.flatMap((i) => i.lines.map((l) => l.sellerSku ?? '')).filter(Boolean)),
  ];
  if (!skus.length && !sellerSkus.length) return;
  const mapped = await tx
    .select({
      shopId: orderSkuMappings.shopId,
      sku: orderSkuMappings.externalSkuId,
      sellerSku: orderSkuMappings.sellerSku,
    })
    .from(orderSkuMappings)
    .where(
      and(
        eq(orderSkuMappings.tenantId, owner.tenantId),
        eq(orderSkuMappings.merchantId, owner.merchantId),
        inArray(orderSkuMappings.shopId, [...new Set(created.map((i) => i.shopId))]),
        or(
          ...(skus.length ? [inArray(orderSkuMappings.externalSkuId, skus)] : []),
          ...(sellerSkus.length ? [inArray(orderSkuMappings.sellerSku, sellerSkus)] : []),
        ),
      ),
    );
  if (!mapped.length) return;
  const has = new Set(mapped.map((m) => keyOf(m.shopId, m.sku)));
  const hasSeller = new Set(mapped.filter((m) => m.sellerSku).map((m) => keyOf(m.shopId, m.sellerSku)));
  for (const input of created) {
    if (input.marketState === 'cancelled') continue;
    if (
      !input.lines.some(
        (l) =>
          has.has(keyOf(input.shopId, l.skuId)) ||
          (l.sellerSku && hasSeller.has(keyOf(input.shopId, l.sellerSku))),
      )
    )
      continue;
    const result = results.get(keyOf(input.shopId, input.thirdPartyOrderNo))!;
    await linkLinesByMapping(tx, owner, result.orderId, input.createdBy ?? { id: null, name: 'system' });
  }
}

/** One marketplace order (webhook, poll, a single import row group). */
export async function upsertMarketplaceOrder(
  tx: Executor,
  owner: MerchantScope,
  input: MarketplaceOrderInput,
): Promise<UpsertResult> {
  const [result] = await upsertMarketplaceOrders(tx, owner, [input]);
  return result!;
}
