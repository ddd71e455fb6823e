import type { Language, OrderCentreDetail } from '@pod/shared';
import { addressIssues } from '@pod/shared';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import { orderableProducts, orderableSku, type OrderableProduct } from '../catalog/index.ts';
import { finishedForOrder, type FinishedForOrder } from '../designs/index.ts';
import { logisticsError, shipFromFactory } from '../logistics/index.ts';
import { credit, debit, transactionsOfReferences } from '../wallet/index.ts';
import { actionsIn, assertAction, ORDER_TRANSITIONS, transitionOrder } from './order-actions.ts';
import { eventsOf, recordOrderEvent, type OrderEventActor } from './order-events.ts';
import * as repo from './order.repo.ts';
import {
  actorOf,
  findOrder,
  findOrders,
  insertOrders,
  newOrderNo,
  orderScope,
  PAID_STATUSES,
  toOrderDetail,
} from './order.service.ts';
import { optionsIn, toStoredShipping, type PricedShipping } from './shipping.ts';
import { orderLines, orders, orderSkuMappings, type StoredOrderAddress } from './schema.ts';

/**
 * The order centre's actions (issue 19, decision 0039). Every one runs in the caller's transaction,
 * locks the order row first (so concurrent actions on one order run one after the other), checks
 * the action table (order-actions.ts) and writes a timeline entry.
 */

type Row = repo.OrderRow;
type LineRow = repo.OrderLineRow;

/** The merchant's order within the caller's data scope, row-locked; 404 otherwise. */
function lockOrder(ctx: ServiceContext, orderNo: string): Promise<Row> {
  return findOrder(ctx.tx, orderScope(ctx), orderNo, ctx.dataScope, true);
}

// ---- Detail --------------------------------------------------------------------------------------

export async function orderCentreDetail(
  ctx: ServiceContext,
  orderNo: string,
  files: FileUrls,
): Promise<OrderCentreDetail> {
  const scope = orderScope(ctx);
  const row = await findOrder(ctx.tx, scope, orderNo, ctx.dataScope);
  const [detail, events, ledger] = await Promise.all([
    toOrderDetail(ctx.tx, row, files),
    eventsOf(ctx.tx, row.id),
    transactionsOfReferences(ctx.tx, scope, [row.orderNo]),
  ]);
  // Paying is one statement on the hot path (decision 0024) and writes no timeline row of its
  // own: its entry is read from the order's paid time and ledger number.
  if (row.paidAt && !events.some((e) => e.action === 'pay'))
    events.push({
      id: `pay-${row.payNo}`,
      action: 'pay',
      actor_name: row.payMethod ?? '',
      from_status: 'unpaid',
      to_status: 'paid',
      detail: { pay_no: row.payNo, total_amount: row.totalAmount },
      created_at: row.paidAt.toISOString(),
    });
  events.sort((a, b) => a.created_at.localeCompare(b.created_at));
  return {
    ...detail,
    events,
    ledger: ledger.map((t) => ({
      trade_no: t.tradeNo,
      type: t.type,
      currency: t.currency,
      amount: t.amount,
      created_at: t.createdAt.toISOString(),
      remark: t.remark,
    })),
    actions: actionsIn(row.status),
  };
}

// ---- Pricing and logistics ------------------------------------------------------------------------

interface Refs {
  finished: Map<string, FinishedForOrder>;
  products: Map<string, OrderableProduct>;
}

export async function refsFor(tx: Executor, scope: MerchantScope, finishedIds: string[]): Promise<Refs> {
  const finished = await finishedForOrder(tx, scope, finishedIds);
  const products = await orderableProducts(tx, scope, [
    ...new Set([...finished.values()].map((f) => f.productId)),
  ]);
  return { finished, products };
}

export const nameIn = (lang: Language, v: { name: string; enName: string } | undefined) =>
  v ? (lang === 'en' && v.enName ? v.enName : v.name) : '';

/**
 * A finished product in a colour and size, priced for a quantity: the line's product columns. A
 * deleted finished product answers "link failed, link again"; a product taken off sale (or a SKU
 * out of stock, or another currency than the order's) "association failed" (spec §4, §8).
 */
function pricedLine(
  refs: Refs,
  item: { finishedProductId: string; colorId: string; sizeId: string; quantity: number },
  currency: string,
  lang: Language,
) {
  const finished = refs.finished.get(item.finishedProductId);
  if (!finished) throw AppError.notFound('order.finishedNotFound');
  if (finished.deleted) throw AppError.conflict('order.linkFailed');
  const product = refs.products.get(finished.productId);
  if (!product) throw AppError.conflict('order.associationFailed');
  const colorOk = finished.colorIds.includes(item.colorId);
  const sizeOk = !finished.sizeIds.length || finished.sizeIds.includes(item.sizeId);
  if (!colorOk) throw AppError.field('color_id', 'order.colorSize');
  if (!sizeOk) throw AppError.field('size_id', 'order.colorSize');
  const sku = orderableSku(product, item.colorId, item.sizeId);
  if (!sku) throw AppError.conflict('order.associationFailed');
  const price = product.price(item.quantity, finished.faces);
  if (!price || price.currency !== currency) throw AppError.conflict('order.associationFailed');
  return {
    finishedProductId: finished.id,
    finishedCode: finished.code,
    name: finished.name,
    productId: product.id,
    styleCode: product.styleCode,
    colorId: item.colorId,
    colorName: nameIn(lang, product.colors.get(item.colorId)),
    sizeId: item.sizeId,
    sizeName: nameIn(lang, product.sizes.get(item.sizeId)),
    skuCode: sku.sku_code,
    unitPrice: price.unit,
    subtotal: price.unit * item.quantity,
    unitWeight: product.weight,
    thumbKey: finished.thumbKey(item.colorId),
    factoryId: product.factoryId,
  };
}

/** The lines priced again today (restore, copy); unlinked lines stay as they are. */
async function repriced(ctx: ServiceContext, order: Row, lines: LineRow[]): Promise<LineRow[]> {
  const scope = orderScope(ctx);
  const refs = await refsFor(
    ctx.tx,
    scope,
    lines.flatMap((l) => (l.finishedProductId ? [l.finishedProductId] : [])),
  );
  return lines.map((l) => {
    if (!l.finishedProductId || !l.colorId || !l.sizeId) return l;
    const p = pricedLine(
      refs,
      { finishedProductId: l.finishedProductId, colorId: l.colorId, sizeId: l.sizeId, quantity: l.quantity },
      order.currency,
      ctx.lang,
    );
    return { ...l, unitPrice: p.unitPrice, subtotal: p.subtotal, unitWeight: p.unitWeight };
  });
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
const weightOf = (lines: Array<Pick<LineRow, 'unitWeight' | 'quantity'>>) =>
  sum(lines.map((l) => l.unitWeight * l.quantity));

/**
 * The fee of one method for a parcel now, in the order's currency; "current logistics unavailable
 * or changed" (409) when it does not serve the parcel.
 */
async function quote(
  tx: Executor,
  tenantId: string,
  parcel: { factoryId: string | null; country: string; weight: number; currency: string },
  methodId: string,
): Promise<PricedShipping> {
  const options = await optionsIn(
    tx,
    tenantId,
    { factoryId: parcel.factoryId, country: parcel.country, weightGrams: parcel.weight },
    parcel.currency,
  );
  const option = options.find((o) => o.method_id === methodId);
  if (!option) throw logisticsError('changed');
  return option;
}

export async function shippingOptionsFor(ctx: ServiceContext, orderNo: string): Promise<PricedShipping[]> {
  const scope = orderScope(ctx);
  const row = await findOrder(ctx.tx, scope, orderNo, ctx.dataScope);
  return optionsIn(
    ctx.tx,
    scope.tenantId,
    { factoryId: row.factoryId, country: row.countryCode, weightGrams: row.weight },
    row.currency,
  );
}

/**
 * A paid order whose total changed (logistics or address): the difference is charged or refunded
 * through the ledger once, keyed by the order's revision (decision 0039).
 */
async function settleDifference(ctx: ServiceContext, before: Row, after: Row): Promise<void> {
  if (!PAID_STATUSES.has(before.status)) return;
  const diff = after.totalAmount - before.totalAmount;
  if (diff === 0) return;
  const entry = {
    merchantId: after.merchantId,
    currency: after.currency as 'CNY' | 'USD',
    amount: Math.abs(diff),
    idempotencyKey: `order:${after.orderNo}:r${after.revision}`,
    referenceType: 'order' as const,
    reference: after.orderNo,
    remark: {
      key: 'wallet.remark.orderRevision',
      params: { order_no: after.orderNo, revision: after.revision },
    },
  };
  if (diff > 0) await debit(ctx, { ...entry, type: 'order_payment', payMethod: 'balance' });
  else await credit(ctx, { ...entry, type: 'order_refund', payMethod: 'balance' });
}

async function updateOrder(tx: Executor, row: Row, set: Partial<repo.NewOrder>): Promise<Row> {
  const [updated] = await tx
    .update(orders)
    .set({ ...set, updatedAt: new Date() })
    .where(and(eq(orders.id, row.id), eq(orders.tenantId, row.tenantId)))
    .returning();
  return updated!;
}

// ---- Restore ----------------------------------------------------------------------------------------

export async function restoreOrders(
  ctx: ServiceContext,
  orderNos: string[],
  timeoutMinutes: number,
): Promise<{ restored: Row[]; skipped: string[] }> {
  const scope = orderScope(ctx);
  const rows = await findOrders(ctx.tx, scope, orderNos, ctx.dataScope, true);
  const from = ORDER_TRANSITIONS.restore!.from;
  const candidates = rows.filter((r) => from.includes(r.status));
  if (!candidates.length) throw AppError.conflict('order.noRestore');
  const actor = await actorOf(ctx);
  const restored: Row[] = [];
  for (const row of candidates) {
    const lines = await repriced(ctx, row, await repo.linesOf(ctx.tx, [row.id]));
    const weight = weightOf(lines);
    const option = await quote(
      ctx.tx,
      scope.tenantId,
      { factoryId: row.factoryId, country: row.countryCode, weight, currency: row.currency },
      row.shipping.method_id,
    );
    for (const l of lines)
      await ctx.tx
        .update(orderLines)
        .set({ unitPrice: l.unitPrice, subtotal: l.subtotal, unitWeight: l.unitWeight })
        .where(eq(orderLines.id, l.id));
    const productAmount = sum(lines.map((l) => l.subtotal));
    const next = await transitionOrder(ctx.tx, {
      orderId: row.id,
      tenantId: scope.tenantId,
      transition: 'restore',
      actor,
      set: {
        productAmount,
        shippingAmount: option.order_fee,
        totalAmount: productAmount + option.order_fee,
        weight,
        shipping: toStoredShipping(option),
        cancelledAt: null,
        expiresAt: new Date(Date.now() + timeoutMinutes * 60_000),
        revision: row.revision + 1,
      },
      detail: { total_amount: { from: row.totalAmount, to: productAmount + option.order_fee } },
    });
    if (next) restored.push(next);
  }
  return { restored, skipped: rows.filter((r) => !candidates.includes(r)).map((r) => r.orderNo) };
}

// ---- Copy -------------------------------------------------------------------------------------------

function draftFrom(
  row: Row,
  actor: OrderEventActor,
  timeoutMinutes: number,
  set: Partial<repo.NewOrder>,
): repo.NewOrder {
  return {
    tenantId: row.tenantId,
    merchantId: row.merchantId,
    orderNo: newOrderNo(),
    source: row.source,
    platform: row.platform,
    shopId: row.shopId,
    shopName: row.shopName,
    thirdPartyOrderNo: row.thirdPartyOrderNo,
    subOrderNo: row.subOrderNo,
    currency: row.currency,
    productAmount: row.productAmount,
    shippingAmount: row.shippingAmount,
    totalAmount: row.totalAmount,
    totalQuantity: row.totalQuantity,
    weight: row.weight,
    countryCode: row.countryCode,
    address: row.address,
    customs: row.customs,
    factoryId: row.factoryId,
    shipping: row.shipping,
    remark: row.remark,
    salesCurrency: row.salesCurrency,
    latestDeliveryAt: row.latestDeliveryAt,
    createdBy: actor.id,
    orderedBy: actor.name,
    originOrderNo: row.orderNo,
    expiresAt: new Date(Date.now() + timeoutMinutes * 60_000),
    ...set,
  };
}

const lineDraft = (l: LineRow, quantity = l.quantity): repo.NewAnyOrderLine => ({
  finishedProductId: l.finishedProductId,
  finishedCode: l.finishedCode,
  name: l.name,
  productId: l.productId,
  styleCode: l.styleCode,
  colorId: l.colorId,
  colorName: l.colorName,
  sizeId: l.sizeId,
  sizeName: l.sizeName,
  skuCode: l.skuCode,
  quantity,
  unitPrice: l.unitPrice,
  subtotal: l.unitPrice * quantity,
  thumbKey: l.thumbKey,
  unitWeight: l.unitWeight,
  externalProductId: l.externalProductId,
  externalSkcId: l.externalSkcId,
  externalSkuId: l.externalSkuId,
  externalName: l.externalName,
});

export async function copyOrder(ctx: ServiceContext, orderNo: string, timeoutMinutes: number): Promise<Row> {
  const scope = orderScope(ctx);
  const row = await findOrder(ctx.tx, scope, orderNo, ctx.dataScope);
  assertAction('copy', row);
  const lines = await repriced(ctx, row, await repo.linesOf(ctx.tx, [row.id]));
  const weight = weightOf(lines);
  const option = await quote(
    ctx.tx,
    scope.tenantId,
    { factoryId: row.factoryId, country: row.countryCode, weight, currency: row.currency },
    row.shipping.method_id,
  );
  const actor = await actorOf(ctx);
  const productAmount = sum(lines.map((l) => l.subtotal));
  const [copy] = await insertOrders(
    ctx.tx,
    scope,
    [
      {
        order: draftFrom(row, actor, timeoutMinutes, {
          productAmount,
          shippingAmount: option.order_fee,
          totalAmount: productAmount + option.order_fee,
          weight,
          shipping: toStoredShipping(option),
          // A copy is a new order of the merchant's own, not the marketplace's.
          thirdPartyOrderNo: '',
          subOrderNo: '',
          source: 'manual',
        }),
        lines: lines.map((l) => lineDraft(l)),
      },
    ],
    { action: 'copied', actorName: actor.name, detail: { from: row.orderNo } },
  );
  await recordOrderEvent(ctx.tx, { order: row, action: 'copy', actor, detail: { to: copy!.orderNo } });
  return copy!;
}

// ---- Split ------------------------------------------------------------------------------------------

/**
 * Moves some lines (or part of a line's quantity) to a new unpaid order (decision 0039). Both
 * parcels are quoted again with the same method. Every piece and its unit price is in exactly one
 * of the two, so their product amounts and quantities add up to the original's.
 */
export async function splitOrder(
  ctx: ServiceContext,
  orderNo: string,
  moves: Array<{ line_id: string; quantity: number }>,
): Promise<Row[]> {
  const scope = orderScope(ctx);
  const row = await lockOrder(ctx, orderNo);
  assertAction('split', row);
  const lines = await repo.linesOf(ctx.tx, [row.id]);
  const byId = new Map(lines.map((l) => [l.id, l]));
  const moving = new Map<string, number>();
  for (const m of moves) {
    const line = byId.get(m.line_id);
    if (!line) throw AppError.field('lines', 'order.splitLine');
    moving.set(m.line_id, (moving.get(m.line_id) ?? 0) + m.quantity);
    if (moving.get(m.line_id)! > line.quantity) throw AppError.field('lines', 'order.splitQuantity');
  }
  const stay = lines.flatMap((l) => {
    const q = l.quantity - (moving.get(l.id) ?? 0);
    return q > 0 ? [{ line: l, quantity: q }] : [];
  });
  const go = lines.flatMap((l) => (moving.get(l.id) ? [{ line: l, quantity: moving.get(l.id)! }] : []));
  if (!stay.length || !go.length) throw AppError.field('lines', 'order.splitNothing');

  const part = (items: typeof stay) => ({
    weight: sum(items.map((i) => i.line.unitWeight * i.quantity)),
    quantity: sum(items.map((i) => i.quantity)),
    productAmount: sum(items.map((i) => i.line.unitPrice * i.quantity)),
    unlinked: items.filter((i) => !i.line.finishedProductId).length,
  });
  const a = part(stay);
  const b = part(go);
  const parcel = (weight: number) => ({
    factoryId: row.factoryId,
    country: row.countryCode,
    weight,
    currency: row.currency,
  });
  const [optionA, optionB] = [
    await quote(ctx.tx, scope.tenantId, parcel(a.weight), row.shipping.method_id),
    await quote(ctx.tx, scope.tenantId, parcel(b.weight), row.shipping.method_id),
  ];
  const actor = await actorOf(ctx);

  for (const { line, quantity } of stay)
    if (quantity !== line.quantity)
      await ctx.tx
        .update(orderLines)
        .set({ quantity, subtotal: line.unitPrice * quantity })
        .where(eq(orderLines.id, line.id));
  const gone = lines.filter((l) => !stay.some((s) => s.line.id === l.id)).map((l) => l.id);
  if (gone.length) await ctx.tx.delete(orderLines).where(inArray(orderLines.id, gone));
  const updated = await updateOrder(ctx.tx, row, {
    productAmount: a.productAmount,
    shippingAmount: optionA.order_fee,
    totalAmount: a.productAmount + optionA.order_fee,
    totalQuantity: a.quantity,
    weight: a.weight,
    unlinkedLines: a.unlinked,
    shipping: toStoredShipping(optionA),
    revision: row.revision + 1,
  });
  const [created] = await insertOrders(
    ctx.tx,
    scope,
    [
      {
        order: draftFrom(row, actor, 0, {
          productAmount: b.productAmount,
          shippingAmount: optionB.order_fee,
          totalAmount: b.productAmount + optionB.order_fee,
          totalQuantity: b.quantity,
          weight: b.weight,
          shipping: toStoredShipping(optionB),
          // The part keeps the original's deadline and ordering account.
          expiresAt: row.expiresAt,
          createdBy: row.createdBy,
          orderedBy: row.orderedBy,
          departmentId: row.departmentId,
        }),
        lines: go.map((g) => lineDraft(g.line, g.quantity)),
      },
    ],
    { action: 'split_from', actorName: actor.name, detail: { from: row.orderNo } },
  );
  await recordOrderEvent(ctx.tx, {
    order: row,
    action: 'split',
    actor,
    detail: {
      to: created!.orderNo,
      moved: [...moving].map(([line_id, quantity]) => ({ line_id, quantity })),
    },
  });
  return [updated, created!];
}

// ---- Logistics and address --------------------------------------------------------------------------

export async function modifyLogistics(ctx: ServiceContext, orderNo: string, methodId: string): Promise<Row> {
  const scope = orderScope(ctx);
  const row = await lockOrder(ctx, orderNo);
  assertAction('modify_logistics', row);
  if (row.shipping.method_id === methodId) throw AppError.badRequest('order.logisticsUnchanged');
  const option = await quote(
    ctx.tx,
    scope.tenantId,
    { factoryId: row.factoryId, country: row.countryCode, weight: row.weight, currency: row.currency },
    methodId,
  );
  const updated = await updateOrder(ctx.tx, row, {
    shipping: toStoredShipping(option),
    shippingAmount: option.order_fee,
    totalAmount: row.productAmount + option.order_fee,
    revision: row.revision + 1,
  });
  await settleDifference(ctx, row, updated);
  await recordOrderEvent(ctx.tx, {
    order: row,
    action: 'modify_logistics',
    actor: await actorOf(ctx),
    detail: {
      method: { from: row.shipping.name, to: option.name },
      shipping_amount: { from: row.shippingAmount, to: option.order_fee },
    },
  });
  return updated;
}

export async function modifyAddress(
  ctx: ServiceContext,
  orderNo: string,
  input: Omit<StoredOrderAddress, 'last_name' | 'province' | 'area' | 'postcode'> &
    Partial<StoredOrderAddress>,
): Promise<Row> {
  const scope = orderScope(ctx);
  const address: StoredOrderAddress = {
    first_name: input.first_name,
    last_name: input.last_name ?? '',
    mobile_phone: input.mobile_phone,
    country: input.country,
    province: input.province ?? '',
    city: input.city,
    area: input.area ?? '',
    street: input.street,
    postcode: input.postcode ?? '',
  };
  const issue = addressIssues(address)[0];
  if (issue) throw AppError.field(`address.${issue.field}`, `validation.${issue.rule}`);
  const row = await lockOrder(ctx, orderNo);
  assertAction('modify_address', row);
  const option = await quote(
    ctx.tx,
    scope.tenantId,
    { factoryId: row.factoryId, country: address.country, weight: row.weight, currency: row.currency },
    row.shipping.method_id,
  );
  const updated = await updateOrder(ctx.tx, row, {
    address,
    countryCode: address.country,
    shipping: toStoredShipping(option),
    shippingAmount: option.order_fee,
    totalAmount: row.productAmount + option.order_fee,
    revision: row.revision + 1,
  });
  await settleDifference(ctx, row, updated);
  await recordOrderEvent(ctx.tx, {
    order: row,
    action: 'modify_address',
    actor: await actorOf(ctx),
    detail: {
      country: { from: row.countryCode, to: address.country },
      shipping_amount: { from: row.shippingAmount, to: option.order_fee },
    },
  });
  return updated;
}

export async function setRemark(ctx: ServiceContext, orderNo: string, remark: string): Promise<Row> {
  const row = await lockOrder(ctx, orderNo);
  assertAction('remark', row);
  const updated = await updateOrder(ctx.tx, row, { remark });
  await recordOrderEvent(ctx.tx, {
    order: row,
    action: 'remark',
    actor: await actorOf(ctx),
    detail: { remark: { from: row.remark, to: remark } },
  });
  return updated;
}

// ---- Linking finished products ------------------------------------------------------------------------

interface LinkTarget {
  finishedProductId: string;
  colorId: string;
  sizeId: string;
}

/** Links lines of a locked order and recomputes its amounts; the caller checked the action. */
async function linkLines(
  tx: Executor,
  scope: MerchantScope,
  row: Row,
  links: Array<{ line: LineRow; target: LinkTarget }>,
  lang: Language,
): Promise<Row> {
  const refs = await refsFor(
    tx,
    scope,
    links.map((l) => l.target.finishedProductId),
  );
  let factoryId = row.factoryId;
  for (const { line, target } of links) {
    const p = pricedLine(refs, { ...target, quantity: line.quantity }, row.currency, lang);
    if (!factoryId) factoryId = await shipFromFactory(tx, scope.tenantId, p.factoryId);
    const { factoryId: _f, ...columns } = p;
    await tx.update(orderLines).set(columns).where(eq(orderLines.id, line.id));
  }
  const lines = await repo.linesOf(tx, [row.id]);
  const productAmount = sum(lines.map((l) => l.subtotal));
  return updateOrder(tx, row, {
    productAmount,
    totalAmount: productAmount + row.shippingAmount,
    weight: weightOf(lines),
    unlinkedLines: lines.filter((l) => !l.finishedProductId).length,
    factoryId,
  });
}

async function remember(
  tx: Executor,
  scope: MerchantScope,
  shopId: string,
  line: LineRow,
  target: LinkTarget,
  userId: string | null,
): Promise<void> {
  await tx
    .insert(orderSkuMappings)
    .values({
      tenantId: scope.tenantId,
      merchantId: scope.merchantId,
      shopId,
      externalSkuId: line.externalSkuId,
      externalProductId: line.externalProductId,
      externalSkcId: line.externalSkcId,
      ...target,
      createdBy: userId,
    })
    .onConflictDoUpdate({
      target: [
        orderSkuMappings.tenantId,
        orderSkuMappings.merchantId,
        orderSkuMappings.shopId,
        orderSkuMappings.externalSkuId,
      ],
      set: { ...target, updatedAt: sql`now()` },
    });
}

export async function linkLine(
  ctx: ServiceContext,
  orderNo: string,
  lineId: string,
  input: LinkTarget & { remember: boolean },
): Promise<Row> {
  const scope = orderScope(ctx);
  const row = await lockOrder(ctx, orderNo);
  assertAction('link', row);
  const [line] = (await repo.linesOf(ctx.tx, [row.id])).filter((l) => l.id === lineId);
  if (!line) throw AppError.notFound('order.lineNotFound');
  const target = { finishedProductId: input.finishedProductId, colorId: input.colorId, sizeId: input.sizeId };
  const updated = await linkLines(ctx.tx, scope, row, [{ line, target }], ctx.lang);
  if (input.remember && row.shopId && line.externalSkuId)
    await remember(ctx.tx, scope, row.shopId, line, target, ctx.actor.id);
  await recordOrderEvent(ctx.tx, {
    order: row,
    action: 'link',
    actor: await actorOf(ctx),
    detail: {
      line_id: line.id,
      external_sku_id: line.externalSkuId,
      finished_product_id: target.finishedProductId,
    },
  });
  return updated;
}

/**
 * The mapping of each line of a shop: by the line's SKU id, else (decision 0067) by its seller SKU
 * when exactly one mapping publishing wrote carries it (Temu's order lines name the goods SKU, the
 * listing answered the product SKU; both carry the seller SKU we published).
 */
async function mappingsFor(
  tx: Executor,
  scope: MerchantScope,
  shopId: string,
  lines: ReadonlyArray<{ externalSkuId: string; sellerSku: string }>,
): Promise<
  (line: { externalSkuId: string; sellerSku: string }) => typeof orderSkuMappings.$inferSelect | null
> {
  const skuIds = [...new Set(lines.map((l) => l.externalSkuId).filter(Boolean))];
  const sellerSkus = [...new Set(lines.map((l) => l.sellerSku).filter(Boolean))];
  if (!skuIds.length && !sellerSkus.length) return () => null;
  const keys = [
    ...(skuIds.length ? [inArray(orderSkuMappings.externalSkuId, skuIds)] : []),
    ...(sellerSkus.length ? [inArray(orderSkuMappings.sellerSku, sellerSkus)] : []),
  ];
  const mappings = await tx
    .select()
    .from(orderSkuMappings)
    .where(
      and(
        eq(orderSkuMappings.tenantId, scope.tenantId),
        eq(orderSkuMappings.merchantId, scope.merchantId),
        eq(orderSkuMappings.shopId, shopId),
        or(...keys),
      ),
    );
  const bySku = new Map(mappings.map((m) => [m.externalSkuId, m]));
  const bySeller = new Map<string, Array<(typeof mappings)[number]>>();
  for (const m of mappings)
    if (m.sellerSku) bySeller.set(m.sellerSku, [...(bySeller.get(m.sellerSku) ?? []), m]);
  return (line) => {
    const direct = bySku.get(line.externalSkuId);
    if (direct) return direct;
    const bySellerSku = line.sellerSku ? bySeller.get(line.sellerSku) : undefined;
    return bySellerSku?.length === 1 ? bySellerSku[0]! : null;
  };
}

/**
 * Order intake (issue 20): links an order's unlinked lines whose shop SKU has a mapping. A line
 * whose mapped product was deleted or taken off sale stays unlinked (the merchant links it by
 * hand). Returns how many lines were linked. Runs in the caller's transaction.
 */
export async function linkLinesByMapping(
  tx: Executor,
  scope: MerchantScope,
  orderId: string,
  actor: OrderEventActor = { id: null, name: 'system' },
  lang: Language = 'zh-cn',
): Promise<number> {
  const [row] = await tx
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.tenantId, scope.tenantId),
        eq(orders.merchantId, scope.merchantId),
      ),
    )
    .for('update');
  if (!row?.shopId || row.unlinkedLines === 0 || row.status !== 'unpaid') return 0;
  const unlinked = (await repo.linesOf(tx, [row.id])).filter((l) => !l.finishedProductId && l.externalSkuId);
  if (!unlinked.length) return 0;
  const mappingOf = await mappingsFor(tx, scope, row.shopId, unlinked);
  let current = row;
  let linked = 0;
  for (const line of unlinked) {
    const m = mappingOf(line);
    if (!m) continue;
    try {
      current = await tx.transaction((sp) => linkLines(sp, scope, current, [{ line, target: m }], lang));
      linked++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
  }
  if (linked)
    await recordOrderEvent(tx, { order: row, action: 'link_by_mapping', actor, detail: { lines: linked } });
  return linked;
}
