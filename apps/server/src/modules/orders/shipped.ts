import { and, asc, eq, inArray, lte, ne, or, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { orders } from './schema.ts';

/**
 * The carrier an order shipped with: the one the factory recorded when it marked the order shipped
 * (`carrier_code`, issue 21), else the carrier of the logistics method chosen at checkout.
 */
export function shippedCarrier(o: { carrierCode: string; shipping: { carrier: string } }): string {
  return o.carrierCode || o.shipping.carrier;
}

/** Statuses in which an order has left the factory (spec §4: "shipped orders" may be synced). */
export const SHIPPED_STATUSES = ['shipped', 'completed'] as const;

/** A shipped marketplace order, as a push of its tracking needs it (issue 21). */
export interface ShippedOrder {
  id: string;
  tenantId: string;
  merchantId: string;
  orderNo: string;
  shopId: string;
  platform: 'tiktok' | 'temu';
  thirdPartyOrderNo: string;
  subOrderNo: string;
  trackingNo: string;
  carrier: string;
  shippedAt: Date | null;
}

/**
 * Marketplace orders of these shops that shipped (with a tracking number) at or before each
 * shop's cut-off, oldest first (the auto-ship job, issue 21). `unpushed` lets the caller leave out
 * the orders it already handled (its own table, given the order's id and tracking columns).
 */
export async function shippedOrdersForPush(
  tx: Executor,
  shops: ReadonlyArray<{ shopId: string; tenantId: string; merchantId: string; shippedBefore: Date }>,
  unpushed: (columns: { id: AnyPgColumn; trackingNo: AnyPgColumn }) => SQL,
  limit = 200,
): Promise<ShippedOrder[]> {
  if (!shops.length) return [];
  const perShop = shops.map((s) =>
    and(
      eq(orders.shopId, s.shopId),
      eq(orders.tenantId, s.tenantId),
      eq(orders.merchantId, s.merchantId),
      lte(orders.shippedAt, s.shippedBefore),
    )!,
  );
  const rows = await tx
    .select()
    .from(orders)
    .where(
      and(
        inArray(orders.status, [...SHIPPED_STATUSES]),
        inArray(orders.platform, ['tiktok', 'temu']),
        ne(orders.trackingNo, ''),
        ne(orders.thirdPartyOrderNo, ''),
        or(...perShop),
        unpushed({ id: orders.id, trackingNo: orders.trackingNo }),
      ),
    )
    .orderBy(asc(orders.shippedAt), asc(orders.id))
    .limit(limit);
  return rows.map((o) => ({
    id: o.id,
    tenantId: o.tenantId,
    merchantId: o.merchantId,
    orderNo: o.orderNo,
    shopId: o.shopId!,
    platform: o.platform as 'tiktok' | 'temu',
    thirdPartyOrderNo: o.thirdPartyOrderNo,
    subOrderNo: o.subOrderNo,
    trackingNo: o.trackingNo,
    carrier: shippedCarrier(o),
    shippedAt: o.shippedAt,
  }));
}
