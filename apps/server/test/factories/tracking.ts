import { eq } from 'drizzle-orm';
import { orders } from '../../src/db/schema/index.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { buildPaidOrder } from './aftersales.ts';
import type { CheckoutWorld } from './orders.ts';

/**
 * A paid order of world.m moved to "shipped" as the factory's fulfilment will move it (issue 21:
 * status, tracking number, shipped time), made a marketplace order of a shop when `shop` is given.
 */
export async function buildShippedOrder(
  t: TestApp,
  w: CheckoutWorld,
  options: {
    status?: 'paid' | 'in_production' | 'shipped' | 'completed';
    shop?: { id: string; platform: 'tiktok' | 'temu' | 'other'; name?: string };
    thirdPartyOrderNo?: string;
    trackingNo?: string;
    shippedAt?: Date;
  } = {},
) {
  const status = options.status ?? 'shipped';
  const paid = await buildPaidOrder(t, w, status === 'shipped' || status === 'completed' ? 'paid' : status);
  const shipped = status === 'shipped' || status === 'completed';
  const [row] = await t.database.db
    .update(orders)
    .set({
      ...(shipped
        ? {
            status,
            trackingNo: options.trackingNo ?? `TRK${Date.now()}${Math.floor(Math.random() * 1e6)}`,
            shippedAt: options.shippedAt ?? new Date(),
          }
        : {}),
      ...(options.shop
        ? {
            platform: options.shop.platform,
            shopId: options.shop.id,
            shopName: options.shop.name ?? '',
            source: 'sync' as const,
            thirdPartyOrderNo: options.thirdPartyOrderNo ?? '',
          }
        : {}),
    })
    .where(eq(orders.id, paid.id))
    .returning();
  return row!;
}
