import { PricingError, quote, tiersVisibleTo, type Buyer, type PriceBreakdown } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import { merchantLevel } from '../tenancy/index.ts';
import { findVisibleProduct } from './listing.service.ts';
import { priceListOf } from './product.views.ts';

/** A merchant as a buyer: itself, and its level in force (decision 0012: expired → default). */
export async function buyerFor(tx: Executor, tenantId: string, merchantId: string): Promise<Buyer> {
  const level = await merchantLevel(tx, tenantId, merchantId);
  return { merchant_id: merchantId, level_id: level?.id ?? null };
}

export interface QuoteInput {
  product_id: string;
  quantity: number;
  /** Designed faces, by surface id or key. */
  surfaces: readonly string[];
}

/**
 * The price a merchant pays for a product (spec §9): the shared pricing engine over the tiers
 * that merchant may use, with its level in force. Cart, checkout and finished products call this,
 * so the order price is the one the merchant was quoted. 404 for a product it may not order.
 */
export async function quoteForMerchant(
  tx: Executor,
  scope: { tenantId: string; merchantId: string },
  input: QuoteInput,
): Promise<PriceBreakdown> {
  const product = await findVisibleProduct(
    tx,
    scope.tenantId,
    { kind: 'merchant', merchantId: scope.merchantId, ownOnly: false },
    input.product_id,
  );
  const buyer = await buyerFor(tx, scope.tenantId, scope.merchantId);
  try {
    return quote(priceListOf(product, tiersVisibleTo(product.priceTiers, scope.merchantId)), buyer, input);
  } catch (error) {
    if (error instanceof PricingError)
      throw new AppError(
        400,
        `catalog.${error.code}`,
        { value: error.detail },
        { field: error.code === 'badQuantity' ? 'quantity' : 'surfaces' },
      );
    throw error;
  }
}
