import { PricingError, quote, tiersVisibleTo, type Buyer, type PriceBreakdown } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import type { StoredSku } from './schema.ts';
import { findVisibleProducts } from './listing.service.ts';
import { colorsByIds, sizesByIds } from './lookups.repo.ts';
import { buyerFor } from './pricing.service.ts';
import { priceListOf } from './product.views.ts';

/**
 * What cart and checkout need to know of a catalogue product a merchant orders: its SKUs with
 * stock, colour and size names, weight, factory, customs basics, and a price function over the
 * tiers that merchant may use. Loaded in a few queries for many products at once.
 */
export interface OrderableProduct {
  id: string;
  name: string;
  enName: string;
  styleCode: string;
  material: string;
  /** Grams per piece. */
  weight: number;
  factoryId: string | null;
  currency: string;
  skus: StoredSku[];
  colors: Map<string, { name: string; enName: string; hex: string }>;
  sizes: Map<string, { name: string; enName: string }>;
  /** The pricing engine's price; null when it cannot be priced (a face the product lost). */
  price(quantity: number, faces: readonly string[]): PriceBreakdown | null;
}

/** The SKU of a colour and size that can be ordered now (in stock or low), else null. */
export function orderableSku(product: OrderableProduct, colorId: string, sizeId: string): StoredSku | null {
  const sku = product.skus.find((s) => s.color_id === colorId && s.size_id === sizeId);
  return sku && sku.stock_state !== 'out_of_stock' ? sku : null;
}

/**
 * The products among `ids` the merchant may order now (listed or its own), by id. Products it may
 * no longer see (taken off sale, expired, another tenant's) are missing from the map.
 */
export async function orderableProducts(
  tx: Executor,
  scope: { tenantId: string; merchantId: string },
  ids: readonly string[],
): Promise<Map<string, OrderableProduct>> {
  const rows = await findVisibleProducts(
    tx,
    scope.tenantId,
    { kind: 'merchant', merchantId: scope.merchantId, ownOnly: false },
    ids,
  );
  if (!rows.length) return new Map();
  const [buyer, colors, sizes] = await Promise.all([
    buyerFor(tx, scope.tenantId, scope.merchantId),
    colorsByIds(
      tx,
      scope.tenantId,
      rows.flatMap((r) => r.colorIds),
    ),
    sizesByIds(
      tx,
      scope.tenantId,
      rows.flatMap((r) => r.sizeIds),
    ),
  ]);
  const colorMap = new Map(colors.map((c) => [c.id, { name: c.name, enName: c.enName, hex: c.hex }]));
  const sizeMap = new Map(sizes.map((s) => [s.id, { name: s.name, enName: s.enName }]));
  return new Map(
    rows.map((row) => {
      const list = priceListOf(row, tiersVisibleTo(row.priceTiers, scope.merchantId));
      const product: OrderableProduct = {
        id: row.id,
        name: row.name,
        enName: row.enName,
        styleCode: row.styleCode,
        material: row.material,
        weight: row.weight,
        factoryId: row.factoryId,
        currency: row.currency,
        skus: row.skus,
        colors: new Map(row.colorIds.flatMap((id) => (colorMap.has(id) ? [[id, colorMap.get(id)!]] : []))),
        sizes: new Map(row.sizeIds.flatMap((id) => (sizeMap.has(id) ? [[id, sizeMap.get(id)!]] : []))),
        price: (quantity, faces) => priceOrNull(list, buyer, quantity, faces),
      };
      return [row.id, product];
    }),
  );
}

function priceOrNull(
  list: ReturnType<typeof priceListOf>,
  buyer: Buyer,
  quantity: number,
  faces: readonly string[],
): PriceBreakdown | null {
  try {
    return quote(list, buyer, { quantity, surfaces: faces });
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
}
