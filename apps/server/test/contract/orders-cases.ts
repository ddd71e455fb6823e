import { adminActor } from '../../src/modules/access/index.ts';
import { buildMerchant } from '../factories/index.ts';
import { buildCheckoutWorld, buildUnpaidOrder, US_ADDRESS } from '../factories/orders.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { registerCrossTenantCase } from './cross-tenant.ts';

/**
 * Cart lines, addresses and orders are one merchant's: the owning tenant's request is made by that
 * merchant, the other tenant's by a merchant of its own.
 */
const worlds = new Map<string, Awaited<ReturnType<typeof buildCheckoutWorld>>>();
const worldOf = async (t: TestApp, tenantId: string) => {
  const known = worlds.get(tenantId);
  if (known) return known;
  const w = await buildCheckoutWorld(t, { tenantId });
  worlds.set(tenantId, w);
  return w;
};
const others = new Map<string, Record<string, string>>();
const asMerchantOf = async (t: TestApp, tenantId: string) => {
  const own = worlds.get(tenantId);
  if (own) return own.m.headers;
  const known = others.get(tenantId);
  if (known) return known;
  const headers = await t.authAs(adminActor((await buildMerchant(t.database.db, tenantId)).primary));
  others.set(tenantId, headers);
  return headers;
};

registerCrossTenantCase({
  name: 'checkout: PATCH /api/v1/admin/address/{id}',
  async arrange(t, tenantId) {
    const w = await worldOf(t, tenantId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/address',
      headers: w.m.headers,
      payload: US_ADDRESS,
    });
    return {
      method: 'PATCH',
      url: `/api/v1/admin/address/${res.json().data.id}`,
      payload: { city: 'Oakland' },
    };
  },
  as: asMerchantOf,
});

registerCrossTenantCase({
  name: 'cart: PATCH /api/v1/admin/cart/{id}',
  async arrange(t, tenantId) {
    const w = await worldOf(t, tenantId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/cart',
      headers: w.m.headers,
      payload: {
        items: [
          {
            finished_product_id: w.m.finished.id,
            color_id: w.basics.colors[0]!.id,
            size_id: w.basics.sizes[0]!.id,
          },
        ],
      },
    });
    return {
      method: 'PATCH',
      url: `/api/v1/admin/cart/${res.json().data.list[0].id}`,
      payload: { quantity: 3 },
    };
  },
  as: asMerchantOf,
});

registerCrossTenantCase({
  name: 'orders: GET /api/v1/admin/order/{order_no}',
  async arrange(t, tenantId) {
    const order = await buildUnpaidOrder(t, await worldOf(t, tenantId));
    return { method: 'GET', url: `/api/v1/admin/order/${order.order_no}` };
  },
  as: asMerchantOf,
});

registerCrossTenantCase({
  name: 'orders: POST /api/v1/admin/order/pay',
  async arrange(t, tenantId) {
    const order = await buildUnpaidOrder(t, await worldOf(t, tenantId));
    return { method: 'POST', url: '/api/v1/admin/order/pay', payload: { order_nos: [order.order_no] } };
  },
  as: asMerchantOf,
});

registerCrossTenantCase({
  name: 'orders: POST /api/v1/admin/order/cancelBatch',
  async arrange(t, tenantId) {
    const order = await buildUnpaidOrder(t, await worldOf(t, tenantId));
    return {
      method: 'POST',
      url: '/api/v1/admin/order/cancelBatch',
      payload: { order_nos: [order.order_no] },
    };
  },
  as: asMerchantOf,
});

registerCrossTenantCase({
  name: 'orders: POST /api/v1/admin/order/{order_no}/cancel',
  async arrange(t, tenantId) {
    const order = await buildUnpaidOrder(t, await worldOf(t, tenantId));
    return { method: 'POST', url: `/api/v1/admin/order/${order.order_no}/cancel`, payload: {} };
  },
  as: asMerchantOf,
});
