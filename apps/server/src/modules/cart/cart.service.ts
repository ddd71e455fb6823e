import type { z } from 'zod';
import { CART_LIMITS, type CartLine, type cartItemSchema, type Language } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { merchantScopeOf, type MerchantScope } from '../../platform/tenant-scope.ts';
import { orderableProducts, orderableSku, type OrderableProduct } from '../catalog/index.ts';
import { finishedForOrder, type FinishedForOrder } from '../designs/index.ts';
import * as repo from './cart.repo.ts';

type CartItem = z.output<typeof cartItemSchema>;

/**
 * What a cart line refers to, loaded for many lines at once: the merchant's finished products and
 * the catalogue products behind them (as the merchant may order them now).
 */
export interface LineRefs {
  finished: Map<string, FinishedForOrder>;
  products: Map<string, OrderableProduct>;
}

export async function loadLineRefs(
  tx: Executor,
  scope: MerchantScope,
  finishedIds: Iterable<string>,
): Promise<LineRefs> {
  const finished = await finishedForOrder(tx, scope, finishedIds);
  const products = await orderableProducts(
    tx,
    scope,
    [...finished.values()].map((f) => f.productId),
  );
  return { finished, products };
}

export type LineProblem = 'finishedNotFound' | 'productUnavailable' | 'colorSize' | 'unpriced';

/** Prices one colour/size/quantity of a finished product now, or says why it cannot be ordered. */
export function priceLine(
  refs: LineRefs,
  item: { finishedProductId: string; colorId: string; sizeId: string; quantity: number },
):
  | {
      ok: true;
      finished: FinishedForOrder;
      product: OrderableProduct;
      unit: number;
      currency: string;
      skuCode: string;
    }
  | { ok: false; problem: LineProblem } {
  const finished = refs.finished.get(item.finishedProductId);
  if (!finished || finished.deleted) return { ok: false, problem: 'finishedNotFound' };
  const product = refs.products.get(finished.productId);
  if (!product) return { ok: false, problem: 'productUnavailable' };
  const sku = orderableSku(product, item.colorId, item.sizeId);
  const colorOk = finished.colorIds.includes(item.colorId);
  const sizeOk = !finished.sizeIds.length || finished.sizeIds.includes(item.sizeId);
  if (!sku || !colorOk || !sizeOk) return { ok: false, problem: 'colorSize' };
  const price = product.price(item.quantity, finished.faces);
  if (!price) return { ok: false, problem: 'unpriced' };
  return { ok: true, finished, product, unit: price.unit, currency: price.currency, skuCode: sku.sku_code };
}

const nameIn = (lang: Language, v: { name: string; enName: string } | undefined) =>
  v ? (lang === 'en' && v.enName ? v.enName : v.name) : '';

/** The colours and sizes a line may switch to: in-stock SKUs of the finished product's colours. */
function lineOptions(
  lang: Language,
  finished: FinishedForOrder | undefined,
  product: OrderableProduct | undefined,
) {
  if (!finished || !product) return { colors: [], sizes: [] };
  const skus = product.skus.filter(
    (s) =>
      s.stock_state !== 'out_of_stock' &&
      finished.colorIds.includes(s.color_id) &&
      (!finished.sizeIds.length || finished.sizeIds.includes(s.size_id)),
  );
  const colorIds = [...new Set(skus.map((s) => s.color_id))];
  const sizeIds = [...new Set(skus.map((s) => s.size_id))];
  return {
    colors: colorIds.map((id) => ({
      id,
      name: nameIn(lang, product.colors.get(id)),
      hex: product.colors.get(id)?.hex,
    })),
    sizes: sizeIds.map((id) => ({
      id,
      name: nameIn(lang, product.sizes.get(id)),
      color_ids: skus.filter((s) => s.size_id === id).map((s) => s.color_id),
    })),
  };
}

/** A cart line as the cart page shows it: the price when added, today's, and whether it can be ordered. */
export function toCartLine(lang: Language, row: repo.CartLineRow, refs: LineRefs, files: FileUrls): CartLine {
  const finished = refs.finished.get(row.finishedProductId);
  const product = finished ? refs.products.get(finished.productId) : undefined;
  const priced = priceLine(refs, row);
  const current = priced.ok ? priced.unit : null;
  const state: CartLine['state'] = !priced.ok
    ? priced.problem === 'colorSize'
      ? 'out_of_stock'
      : 'unavailable'
    : current !== row.unitPrice || priced.currency !== row.currency
      ? 'price_changed'
      : 'ok';
  const thumb = finished?.thumbKey(row.colorId) ?? null;
  return {
    id: row.id,
    finished_product_id: row.finishedProductId,
    finished_code: finished?.code ?? '',
    name: finished?.name ?? '',
    product_id: finished?.productId ?? '',
    style_code: product?.styleCode ?? '',
    thumb_url: thumb ? files.url(thumb) : null,
    color_id: row.colorId,
    color_name: nameIn(lang, product?.colors.get(row.colorId)),
    size_id: row.sizeId,
    size_name: nameIn(lang, product?.sizes.get(row.sizeId)),
    quantity: row.quantity,
    currency: row.currency,
    unit_price: row.unitPrice,
    current_unit_price: current,
    subtotal: (current ?? row.unitPrice) * row.quantity,
    weight: product?.weight ?? 0,
    state,
    options: lineOptions(lang, finished, product),
    created_at: row.createdAt.toISOString(),
  };
}

const PROBLEM_KEYS: Record<LineProblem, string> = {
  finishedNotFound: 'cart.finishedNotFound',
  productUnavailable: 'cart.productUnavailable',
  colorSize: 'cart.colorSize',
  unpriced: 'cart.unpriced',
};

function refuse(problem: LineProblem, field: string): AppError {
  // Another merchant's (or tenant's) finished product is simply not found.
  if (problem === 'finishedNotFound') return AppError.notFound(PROBLEM_KEYS[problem]);
  return AppError.field(field, PROBLEM_KEYS[problem]);
}

export const cartScope = (ctx: ServiceContext) => merchantScopeOf(ctx, 'cart.merchantOnly');

/** Cart lines as the cart page shows them (one batch load of what they refer to). */
export async function viewLines(
  ctx: ServiceContext,
  lang: Language,
  files: FileUrls,
  rows: repo.CartLineRow[],
): Promise<CartLine[]> {
  const refs = await loadLineRefs(
    ctx.tx,
    cartScope(ctx),
    rows.map((r) => r.finishedProductId),
  );
  return rows.map((row) => toCartLine(lang, row, refs, files));
}

export async function listCart(ctx: ServiceContext, lang: Language, files: FileUrls): Promise<CartLine[]> {
  return viewLines(ctx, lang, files, await repo.listLines(ctx.tx, cartScope(ctx)));
}

/**
 * Adds up to 50 finished products (spec §5) in one go: each needs a colour and size of an
 * in-stock SKU. The same SKU again adds to its line's quantity. All or nothing.
 */
export async function addToCart(ctx: ServiceContext, items: CartItem[]): Promise<repo.CartLineRow[]> {
  const scope = cartScope(ctx);
  const refs = await loadLineRefs(
    ctx.tx,
    scope,
    items.map((i) => i.finished_product_id),
  );
  const out: repo.CartLineRow[] = [];
  for (const [index, item] of items.entries()) {
    const key = { finishedProductId: item.finished_product_id, colorId: item.color_id, sizeId: item.size_id };
    const existing = await repo.findSameSku(ctx.tx, scope, key);
    const quantity = Math.min((existing?.quantity ?? 0) + item.quantity, CART_LIMITS.quantity);
    const priced = priceLine(refs, { ...key, quantity });
    if (!priced.ok)
      throw refuse(
        priced.problem,
        `items.${index}.${priced.problem === 'colorSize' ? 'size_id' : 'finished_product_id'}`,
      );
    out.push(
      existing
        ? (await repo.updateLine(ctx.tx, scope, existing.id, {
            quantity,
            unitPrice: priced.unit,
            currency: priced.currency,
          }))!
        : await repo.insertLine(ctx.tx, {
            tenantId: scope.tenantId,
            merchantId: scope.merchantId,
            ...key,
            quantity,
            unitPrice: priced.unit,
            currency: priced.currency,
            createdBy: ctx.actor.id,
          }),
    );
  }
  if ((await repo.countLines(ctx.tx, scope)) > CART_LIMITS.lines)
    throw AppError.conflict('cart.full', { max: CART_LIMITS.lines });
  // The same SKU twice in one add is one line: its last state.
  return [...new Map(out.map((row) => [row.id, row])).values()];
}

/**
 * Changes a line's quantity, colour or size. It is priced again (quantity tiers) and the new
 * price is the one the user now sees as "added". Switching to a colour/size the cart already
 * holds merges the two lines.
 */
export async function updateCartLine(
  ctx: ServiceContext,
  id: string,
  patch: { quantity?: number | undefined; color_id?: string | undefined; size_id?: string | undefined },
): Promise<repo.CartLineRow> {
  const scope = cartScope(ctx);
  const [row] = await repo.findLines(ctx.tx, scope, [id]);
  if (!row) throw AppError.notFound('cart.lineNotFound');
  const key = {
    finishedProductId: row.finishedProductId,
    colorId: patch.color_id ?? row.colorId,
    sizeId: patch.size_id ?? row.sizeId,
  };
  let quantity = patch.quantity ?? row.quantity;
  const other =
    key.colorId !== row.colorId || key.sizeId !== row.sizeId
      ? await repo.findSameSku(ctx.tx, scope, key)
      : undefined;
  if (other) quantity = Math.min(quantity + other.quantity, CART_LIMITS.quantity);
  const refs = await loadLineRefs(ctx.tx, scope, [row.finishedProductId]);
  const priced = priceLine(refs, { ...key, quantity });
  if (!priced.ok) throw refuse(priced.problem, priced.problem === 'colorSize' ? 'size_id' : 'id');
  if (other) await repo.deleteLines(ctx.tx, scope, [other.id]);
  return (await repo.updateLine(ctx.tx, scope, row.id, {
    colorId: key.colorId,
    sizeId: key.sizeId,
    quantity,
    unitPrice: priced.unit,
    currency: priced.currency,
  }))!;
}

/** Deletes the selected lines; an id that is not one of the merchant's lines is a 404. */
export async function removeCartLines(ctx: ServiceContext, ids: readonly string[]): Promise<number> {
  const scope = cartScope(ctx);
  const unique = [...new Set(ids)];
  const found = await repo.findLines(ctx.tx, scope, unique);
  if (found.length !== unique.length) throw AppError.notFound('cart.lineNotFound');
  return repo.deleteLines(ctx.tx, scope, unique);
}

/** The merchant's lines among `ids`, for checkout (404 when one is missing). */
export async function cartLinesForCheckout(
  tx: Executor,
  scope: MerchantScope,
  ids: readonly string[],
): Promise<repo.CartLineRow[]> {
  const unique = [...new Set(ids)];
  const rows = await repo.findLines(tx, scope, unique);
  if (rows.length !== unique.length) throw AppError.notFound('cart.lineNotFound');
  return rows;
}

/** Checkout removes the lines it turned into orders, in its own transaction. */
export const deleteCartLines = repo.deleteLines;
