import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  fromCnyMinorAt,
  LOGISTICS_ERRORS,
  type Language,
  type SettlementPreview,
  type settlementPreviewSchema,
  type settlementSubmitSchema,
} from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { checkouts } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import {
  cartLinesForCheckout,
  deleteCartLines,
  loadLineRefs,
  priceLine,
  type CartLineRow,
} from '../cart/index.ts';
import { dictionaryLabel } from '../catalog/index.ts';
import { shipFromFactoryNamed } from '../logistics/index.ts';
import { findAdminUserById } from '../access/index.ts';
import {
  findOrdersByIds,
  insertOrders,
  newOrderNo,
  optionsIn,
  toStoredShipping,
  type NewOrder,
  type NewOrderLine,
  type OrderRow,
  type PricedShipping,
} from '../orders/index.ts';
import { merchantBalances, rateAt } from '../wallet/index.ts';
import { addressScope, addressesForCheckout, toAddress } from './address.service.ts';
import type { AddressRow } from './address.repo.ts';

type PreviewInput = z.output<typeof settlementPreviewSchema>;
type SubmitInput = z.output<typeof settlementSubmitSchema>;

/** A selected cart line priced now, with what the order line will carry. */
interface SelectedLine {
  row: CartLineRow;
  unit: number;
  currency: string;
  line: NewOrderLine;
  weight: number;
}

/** The selected lines as one parcel: one currency and one ship-from factory (decision 0024). */
interface Selection {
  lines: SelectedLine[];
  currency: string;
  factoryId: string | null;
  /** The ship-from factory's name, read with its id (the page shows it). */
  factoryName: string;
  weight: number;
  quantity: number;
  productAmount: number;
  customs: { cnName: string; enName: string; material: string };
}

const nameIn = (lang: Language, v: { name: string; enName: string } | undefined) =>
  v ? (lang === 'en' && v.enName ? v.enName : v.name) : '';

async function loadSelection(
  tx: Executor,
  scope: MerchantScope,
  lang: Language,
  cartLineIds: readonly string[],
): Promise<Selection> {
  const rows = await cartLinesForCheckout(tx, scope, cartLineIds);
  const refs = await loadLineRefs(
    tx,
    scope,
    rows.map((r) => r.finishedProductId),
  );
  const lines: SelectedLine[] = [];
  const factories = new Set<string | null>();
  const factoryNames = new Map<string, string>();
  // Products of one factory resolve once (the lines usually share it).
  const shipFrom = new Map<string, string | null>();
  for (const row of rows) {
    const priced = priceLine(refs, row);
    if (!priced.ok) {
      const name = refs.finished.get(row.finishedProductId)?.name ?? '';
      throw AppError.conflict('checkout.lineUnavailable', { name });
    }
    const { finished, product } = priced;
    const key = product.factoryId ?? '';
    if (!shipFrom.has(key)) {
      const factory = await shipFromFactoryNamed(tx, scope.tenantId, product.factoryId);
      if (factory) factoryNames.set(factory.id, factory.name);
      shipFrom.set(key, factory?.id ?? null);
    }
    factories.add(shipFrom.get(key)!);
    lines.push({
      row,
      unit: priced.unit,
      currency: priced.currency,
      weight: product.weight * row.quantity,
      line: {
        finishedProductId: finished.id,
        finishedCode: finished.code,
        name: finished.name,
        productId: product.id,
        styleCode: product.styleCode,
        colorId: row.colorId,
        colorName: nameIn(lang, product.colors.get(row.colorId)),
        sizeId: row.sizeId,
        sizeName: nameIn(lang, product.sizes.get(row.sizeId)),
        skuCode: priced.skuCode,
        quantity: row.quantity,
        unitPrice: priced.unit,
        unitWeight: product.weight,
        subtotal: priced.unit * row.quantity,
        thumbKey: finished.thumbKey(row.colorId),
      },
    });
  }
  const currencies = new Set(lines.map((l) => l.currency));
  if (currencies.size > 1) throw AppError.badRequest('checkout.mixedCurrencies');
  if (factories.size > 1) throw AppError.badRequest('checkout.mixedFactories');
  const first = refs.products.get(refs.finished.get(rows[0]!.finishedProductId)!.productId)!;
  return {
    lines,
    currency: lines[0]!.currency,
    factoryId: [...factories][0] ?? null,
    factoryName: factoryNames.get([...factories][0] ?? '') ?? '',
    weight: lines.reduce((sum, l) => sum + l.weight, 0),
    quantity: lines.reduce((sum, l) => sum + l.row.quantity, 0),
    productAmount: lines.reduce((sum, l) => sum + l.line.subtotal, 0),
    customs: {
      cnName: first.name,
      enName: first.enName || first.name,
      // The declaration is in English: the material's English label, not its dictionary value.
      material: await dictionaryLabel(tx, scope.tenantId, 'material', first.material, 'en'),
    },
  };
}

/** The methods for one address: its options, or the spec §8 reason there are none. */
async function shippingFor(
  tx: Executor,
  tenantId: string,
  selection: Selection,
  address: AddressRow,
): Promise<{ options: PricedShipping[]; error: string | null }> {
  try {
    const options = await optionsIn(
      tx,
      tenantId,
      { factoryId: selection.factoryId, country: address.country, weightGrams: selection.weight },
      selection.currency,
    );
    return { options, error: options.length ? null : LOGISTICS_ERRORS.noneAvailable };
  } catch (error) {
    if (error instanceof AppError && error.key === LOGISTICS_ERRORS.incomplete)
      return { options: [], error: error.key };
    throw error;
  }
}

/** An option as the page shows it: its fee in the order's currency (a USD rate may be converted). */
const publicOption = ({ order_fee, ...option }: PricedShipping, currency: string) => ({
  ...option,
  currency: currency as PricedShipping['currency'],
  fee: order_fee,
});

/**
 * The settlement page (spec §2 /admin/settlement): the selected lines priced now (flagging a
 * price that changed since they were added), and per consignee address its logistics options
 * and amounts, with the balances to pay from.
 */
export async function previewSettlement(
  ctx: ServiceContext,
  lang: Language,
  files: FileUrls,
  input: PreviewInput,
): Promise<SettlementPreview> {
  const scope = addressScope(ctx);
  const selection = await loadSelection(ctx.tx, scope, lang, input.cart_line_ids);
  const addresses = await addressesForCheckout(
    ctx,
    input.addresses.map((a) => a.address_id),
  );
  const orders = [];
  for (const address of addresses) {
    const { options, error } = await shippingFor(ctx.tx, scope.tenantId, selection, address);
    const wanted = input.addresses.find((a) => a.address_id === address.id)?.shipping_method_id;
    const chosen = options.find((o) => o.method_id === wanted) ?? options[0] ?? null;
    const shippingAmount = chosen?.order_fee ?? 0;
    orders.push({
      address: toAddress(address),
      options: options.map((o) => publicOption(o, selection.currency)),
      shipping: chosen ? publicOption(chosen, selection.currency) : null,
      shipping_error: error ? t(lang, error) : null,
      product_amount: selection.productAmount,
      shipping_amount: shippingAmount,
      total_amount: selection.productAmount + shippingAmount,
    });
  }
  // The ship-from factory's name was read with it (loadSelection): not read again.
  const factory = selection.factoryId ? { id: selection.factoryId, name: selection.factoryName } : undefined;
  const balances = await merchantBalances(ctx.tx, scope.tenantId, scope.merchantId);
  const shippingAmount = orders.reduce((sum, o) => sum + o.shipping_amount, 0);
  // One order per address; before any address is chosen the goods are shown once, not as ¥0.00
  // (issue 26).
  const productAmount = selection.productAmount * Math.max(orders.length, 1);
  return {
    currency: selection.currency,
    lines: selection.lines.map((l) => ({
      cart_line_id: l.row.id,
      finished_product_id: l.line.finishedProductId,
      finished_code: l.line.finishedCode,
      name: l.line.name,
      style_code: l.line.styleCode,
      thumb_url: l.line.thumbKey ? files.url(l.line.thumbKey) : null,
      color_name: l.line.colorName,
      size_name: l.line.sizeName,
      quantity: l.row.quantity,
      unit_price: l.unit,
      added_unit_price: l.row.unitPrice,
      price_changed: l.unit !== l.row.unitPrice,
      subtotal: l.line.subtotal,
    })),
    total_quantity: selection.quantity,
    weight: selection.weight,
    factory: factory ? { id: factory.id, name: factory.name } : null,
    orders,
    product_amount: productAmount,
    shipping_amount: shippingAmount,
    total_amount: productAmount + shippingAmount,
    balances: balances.map((b) => ({ currency: b.currency, balance: b.balance })),
    price_changed: selection.lines.some((l) => l.unit !== l.row.unitPrice),
    can_submit: orders.length > 0 && orders.every((o) => o.shipping !== null),
  };
}

const requestHash = (input: SubmitInput) =>
  createHash('sha256')
    .update(
      JSON.stringify([
        input.lines,
        input.addresses,
        input.remark,
        input.third_party_order_no,
        input.platform ?? null,
        input.shop_name,
      ]),
    )
    .digest('hex');

/** Declared customs value in USD cents: the product amount at today's rate (0 without a rate). */
async function declaredUsd(tx: Executor, amount: number, currency: string): Promise<number> {
  if (currency === 'USD') return amount;
  const rate = await rateAt(tx, 'USD', new Date());
  // "RMB = 1 : x" (decision 0050): fen × x is cents. Without a USD rate nothing can be declared.
  return rate && Number(rate) > 0 ? fromCnyMinorAt(amount, rate) : 0;
}

export interface SubmitResult {
  orders: OrderRow[];
  replayed: boolean;
}

/**
 * Settlement submit, a workflow over cart, logistics and orders in the caller's transaction
 * (CONVENTIONS 6; decision 0024). Steps, each undone by the transaction's rollback if a later
 * one fails:
 *  1. claim the idempotency key (a retry returns the first result; another payload with the key → 409);
 *  2. price the selected lines again: a unit price unlike the one the user was shown → 409;
 *  3. quote each address's chosen method again: gone or another fee → 409 "logistics changed";
 *  4. insert one order per address, with lines, address, customs and logistics snapshots;
 *  5. remove the ordered lines from the cart.
 * Paying is a separate step after commit (the orders stay unpaid if it fails).
 */
export async function submitSettlement(
  ctx: ServiceContext,
  lang: Language,
  input: SubmitInput,
  timeoutMinutes: number,
): Promise<SubmitResult> {
  const scope = addressScope(ctx);
  const hash = requestHash(input);

  // 1. The key.
  const [previous] = await ctx.tx
    .select()
    .from(checkouts)
    .where(
      and(eq(checkouts.merchantId, scope.merchantId), eq(checkouts.idempotencyKey, input.idempotency_key)),
    );
  if (previous) {
    if (previous.requestHash !== hash) throw AppError.conflict('checkout.idempotencyConflict');
    return { orders: await findOrdersByIds(ctx.tx, scope, previous.orderIds), replayed: true };
  }

  // 2. Prices.
  const selection = await loadSelection(
    ctx.tx,
    scope,
    lang,
    input.lines.map((l) => l.cart_line_id),
  );
  const changed = selection.lines.filter(
    (l) => input.lines.find((x) => x.cart_line_id === l.row.id)?.unit_price !== l.unit,
  );
  if (changed.length)
    throw AppError.conflict(
      'checkout.priceChanged',
      { count: changed.length },
      { lines: changed.map((l) => ({ cart_line_id: l.row.id, unit_price: l.unit })) },
    );

  // 3. Logistics.
  const addresses = await addressesForCheckout(
    ctx,
    input.addresses.map((a) => a.address_id),
  );
  const shipping = [];
  for (const chosen of input.addresses) {
    const address = addresses.find((a) => a.id === chosen.address_id)!;
    const { options, error } = await shippingFor(ctx.tx, scope.tenantId, selection, address);
    if (error === LOGISTICS_ERRORS.incomplete) throw AppError.badRequest(error);
    const option = options.find((o) => o.method_id === chosen.shipping_method_id);
    if (!option || option.order_fee !== chosen.shipping_fee)
      throw new AppError(409, LOGISTICS_ERRORS.changed, {}, { address_id: address.id });
    shipping.push({ address, option });
  }

  // 4. Orders.
  const declared = await declaredUsd(ctx.tx, selection.productAmount, selection.currency);
  const expiresAt = new Date(Date.now() + timeoutMinutes * 60_000);
  const orderedBy = (await findAdminUserById(ctx.tx, ctx.actor.id))?.username ?? '';
  const drafts = shipping.map(({ address, option }) => {
    const order: NewOrder = {
      tenantId: scope.tenantId,
      merchantId: scope.merchantId,
      orderNo: newOrderNo(),
      source: 'manual',
      platform: input.platform ?? null,
      shopName: input.shop_name,
      thirdPartyOrderNo: input.third_party_order_no,
      currency: selection.currency,
      productAmount: selection.productAmount,
      shippingAmount: option.order_fee,
      totalAmount: selection.productAmount + option.order_fee,
      totalQuantity: selection.quantity,
      weight: selection.weight,
      countryCode: address.country,
      address: {
        first_name: address.firstName,
        last_name: address.lastName,
        mobile_phone: address.mobilePhone,
        country: address.country,
        province: address.province,
        city: address.city,
        area: address.area,
        street: address.street,
        postcode: address.postcode,
      },
      customs: {
        cn_name: selection.customs.cnName,
        en_name: selection.customs.enName,
        en_material: selection.customs.material,
        declared_price_usd: declared,
        declared_weight: selection.weight,
        customs_code: '',
      },
      factoryId: selection.factoryId,
      shipping: toStoredShipping(option),
      remark: input.remark,
      createdBy: ctx.actor.id,
      orderedBy,
      expiresAt,
    };
    return { order, lines: selection.lines.map((l) => l.line) };
  });
  const orders = await insertOrders(ctx.tx, scope, drafts);

  // 5. The cart.
  await deleteCartLines(
    ctx.tx,
    scope,
    selection.lines.map((l) => l.row.id),
  );
  await ctx.tx.insert(checkouts).values({
    tenantId: scope.tenantId,
    merchantId: scope.merchantId,
    idempotencyKey: input.idempotency_key,
    requestHash: hash,
    orderIds: orders.map((o) => o.id),
    createdBy: ctx.actor.id,
  });
  return { orders, replayed: false };
}
