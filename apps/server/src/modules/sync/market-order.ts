import type { SyncChannel } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import type { MarketOrder } from '../../integrations/marketplace/index.ts';
import {
  mergedOrderCounts as ordersMerged,
  upsertMarketplaceOrder,
  type MarketplaceOrderInput,
  type UpsertOutcome,
} from '../orders/index.ts';
import type { ShopRow } from '../shops/index.ts';

/**
 * A vendor's order (the adapter's `MarketOrder`) as the orders module's one upsert takes it
 * (decision 0051): keyed by the shop and the vendor's order id, ordered by the vendor's update
 * time, with the buyer's customisation on its lines. Webhooks and polls both come through here.
 */
export function toUpsertInput(
  shop: Pick<ShopRow, 'id' | 'platform' | 'name'>,
  order: MarketOrder,
): MarketplaceOrderInput {
  const currency = order.total?.currency ?? order.lines.find((l) => l.unitPrice)?.unitPrice?.currency ?? null;
  const priced = order.lines.every((l) => l.unitPrice && l.unitPrice.currency === currency);
  const shipping =
    order.shippingFee && order.shippingFee.currency === currency ? order.shippingFee.amount : null;
  const total = order.total?.amount ?? null;
  const goods = priced
    ? order.lines.reduce((s, l) => s + l.unitPrice!.amount * l.quantity, 0)
    : total !== null
      ? Math.max(0, total - (shipping ?? 0))
      : null;
  return {
    shopId: shop.id,
    platform: shop.platform,
    shopName: shop.name,
    thirdPartyOrderNo: order.id,
    channel: 'sync',
    vendorStatus: order.vendorStatus,
    marketState: order.state,
    // The vendor's own clock orders the updates; a vendor giving none falls back to its creation.
    vendorUpdatedAt: order.updatedAt ?? order.createdAt,
    createdAt: order.createdAt,
    paidAt: order.paidAt,
    shipBy: order.shipBy,
    buyerMessage: order.buyerMessage,
    salesCurrency: currency,
    salesAmount: goods,
    salesShippingAmount: shipping,
    salesTotalAmount: total,
    address: order.address,
    lines: order.lines.map((l) => ({
      lineIds: l.lineIds,
      productId: l.productId,
      skuId: l.skuId,
      sellerSku: l.sellerSku,
      productName: l.productName,
      skuName: l.skuName,
      imageUrl: l.imageUrl,
      quantity: l.quantity,
      unitPrice: l.unitPrice && l.unitPrice.currency === currency ? l.unitPrice.amount : null,
      customisation: l.customisation,
    })),
    createdBy: null,
  };
}

/** Upserts one vendor order of the shop (in the caller's transaction); the channel is for records. */
export async function upsertMarketOrder(
  tx: Executor,
  shop: ShopRow,
  order: MarketOrder,
  _channel: SyncChannel,
): Promise<UpsertOutcome> {
  const result = await upsertMarketplaceOrder(
    tx,
    { tenantId: shop.tenantId, merchantId: shop.merchantId },
    toUpsertInput(shop, order),
  );
  return result.outcome;
}

/** Orders per shop merged from spreadsheet import and sync. */
export function mergedOrderCounts(
  tx: Executor,
  shops: Array<Pick<ShopRow, 'id' | 'tenantId' | 'merchantId'>>,
): Promise<Map<string, number>> {
  return ordersMerged(tx, shops);
}
