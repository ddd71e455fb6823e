import { sql } from 'drizzle-orm';
import { PERMISSIONS } from '@pod/shared';
import { z } from 'zod';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { merchantWideContext } from '../access/index.ts';
import { findOrdersByIds, orderScope, transitionOrder } from '../orders/index.ts';
import { findShop, gatewayOf } from '../shops/index.ts';
import { trackingPushes } from './schema.ts';

/**
 * Test-only hook (NODE_ENV=test, hidden from the API document): the browser test's stand-in for
 * the factory marking an order shipped (issue 21's fulfilment side, another branch). It makes a
 * paid order of a shop's marketplace order (one still awaiting shipment on the marketplace, read
 * through the adapter) and ships it with a tracking number, through the orders state machine.
 */
export function trackingTestHooks(app: ZodApp, services: AppServices): void {
  if (!services.config.testHooks) return;
  app.post(
    '/api/test/tracking/ship',
    {
      // Signed in as the merchant (the guard reads the token), like its own routes.
      config: { audience: 'admin', permission: PERMISSIONS.tracking.sync },
      schema: {
        hide: true,
        body: z.object({ order_id: z.uuid(), shop_id: z.uuid(), tracking_no: z.string().min(1).max(60) }),
      },
    },
    async (request) => {
      const db = services.database.db;
      const { order_id, shop_id, tracking_no } = request.body;
      const ctx = merchantWideContext(request, db);
      const m = orderScope(ctx);
      const shop = await findShop(ctx, shop_id);
      const [order] = await findOrdersByIds(db, m, [order_id]);
      if (!order) throw AppError.notFound('tracking.orderNotFound');
      const gateway = gatewayOf(services);
      const access = await gateway.accessFor(db, shop);
      const { orders } = await gateway
        .adapterFor(shop.platform)
        .searchOrders(access, { states: ['awaiting_shipment'], pageSize: 50 });
      const taken = new Set(
        (await db.select({ no: trackingPushes.thirdPartyOrderNo }).from(trackingPushes)).map((r) => r.no),
      );
      const vendor = orders.find((o) => !taken.has(o.id) && o.lines.length > 0);
      if (!vendor) throw AppError.conflict();
      const row = await db.transaction(async (tx) => {
        // A sync may have brought this vendor order in already as an unpaid copy (one order per shop
        // and third-party number): the test's paid order takes its place (test hook only).
        await tx.execute(
          sql`UPDATE orders SET third_party_order_no = third_party_order_no || '-replaced'
              WHERE shop_id = ${shop.id} AND third_party_order_no = ${vendor.id}
                AND id <> ${order.id} AND status = 'unpaid'`,
        );
        return transitionOrder(tx, {
          orderId: order.id,
          tenantId: order.tenantId,
          transition: 'ship',
          actor: { id: null, name: 'test' },
          set: {
            platform: shop.platform,
            shopId: shop.id,
            shopName: shop.name,
            source: 'sync',
            thirdPartyOrderNo: vendor.id,
            trackingNo: tracking_no,
            shippedAt: new Date(),
          },
        });
      });
      if (!row) throw AppError.conflict();
      return ok({ order_id: row.id, third_party_order_no: vendor.id, tracking_no });
    },
  );
}
