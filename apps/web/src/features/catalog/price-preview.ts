import { PricingError, quote, type CatalogProduct, type PriceBreakdown } from '@pod/shared';

/**
 * The merchant's price for a product, from the shared engine (packages/shared pricing) over the
 * price list and buyer the server sent: the same numbers the server charges at order (spec §9).
 */
export function previewPrice(
  product: Pick<CatalogProduct, 'price_list' | 'buyer'>,
  quantity: number,
  surfaces: readonly string[],
): PriceBreakdown | null {
  try {
    return quote(product.price_list, product.buyer, { quantity, surfaces });
  } catch (error) {
    if (error instanceof PricingError) return null;
    throw error;
  }
}
