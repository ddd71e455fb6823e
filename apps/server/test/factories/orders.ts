import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { merchants } from '../../src/db/schema/index.ts';
import { adminActor } from '../../src/modules/access/index.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { buildCatalogBasics, buildProduct } from './catalog.ts';
import {
  buildFactoryWithUser,
  buildMerchant,
  buildSupplierAdmin,
  buildTenant,
  fundWallet,
  unique,
} from './index.ts';
import { buildShippingMethod, buildShippingRate } from './logistics.ts';

const EN = { 'accept-language': 'en' };

/** A design document of one colour with one text layer on the front (no uploads needed). */
export function textDocument(productId: string, colorId: string, text = 'Hello 你好') {
  return {
    version: 2,
    product_id: productId,
    color_id: colorId,
    surfaces: {
      front: {
        layers: [
          {
            id: 'title',
            name: 'Title',
            type: 'text',
            x: 100,
            y: 80,
            width: 800,
            height: 200,
            text,
            font_family: 'Noto Sans SC',
            font_size: 120,
            color: '#cc2200',
          },
        ],
      },
    },
  };
}

/**
 * Everything a checkout needs, built through the services and the API: a supplier tenant with a
 * factory, a product on sale (250 g a piece), a logistics method to the US and CN from that
 * factory, and two merchants (m and n) with a level, a finished product each and a funded
 * balance (1,000.00 CNY).
 */
export async function buildCheckoutWorld(t: TestApp, options: { balance?: number; tenantId?: string } = {}) {
  const db = t.database.db;
  const tenant = options.tenantId ? { id: options.tenantId } : await buildTenant(db);
  const admin = await buildSupplierAdmin(db, tenant.id);
  const supplier = { ...EN, ...(await t.authAs(adminActor(admin))) };
  const { factory, user: factoryUser } = await buildFactoryWithUser(db, tenant.id);
  const level = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/merchantLevel',
    headers: supplier,
    payload: { name: unique('Gold'), design_count: 100, storage_count: 1000 },
  });
  expect(level.statusCode, level.body).toBe(200);
  const basics = await buildCatalogBasics(db, tenant.id);
  const { product } = await buildProduct({ db, storage: t.services.storage }, tenant.id, {
    onSale: true,
    category_id: basics.category.id,
    color_ids: basics.colors.map((c) => c.id),
    size_ids: basics.sizes.map((z) => z.id),
    weight: 250,
  });
  const method = await buildShippingMethod(db, tenant.id, {
    carrier: 'YunExpress',
    destination_countries: ['US', 'CN'],
  });
  const rate = await buildShippingRate(db, tenant.id, { methodId: method.id, factoryId: factory.id });

  const merchant = async () => {
    const m = await buildMerchant(db, tenant.id);
    await db.update(merchants).set({ levelId: level.json().data.id }).where(eq(merchants.id, m.merchant.id));
    await fundWallet(db, { tenantId: tenant.id, merchantId: m.merchant.id }, options.balance ?? 100_000);
    const headers = { ...EN, ...(await t.authAs(adminActor(m.primary))) };
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/design/finished',
      headers,
      payload: {
        product_id: product.id,
        name: 'Summer tee',
        documents: [textDocument(product.id, basics.colors[0]!.id)],
      },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    return { ...m, headers, finished: saved.json().data.finished as { id: string; unit_price: number } };
  };
  const m = await merchant();
  const n = await merchant();
  return { tenant, admin, supplier, factory, factoryUser, basics, product, method, rate, m, n };
}
export type CheckoutWorld = Awaited<ReturnType<typeof buildCheckoutWorld>>;

export const US_ADDRESS = {
  first_name: 'Jane Doe',
  mobile_phone: '(415) 555-0132',
  country: 'US',
  province: 'CA',
  city: 'San Francisco',
  street: '1 Market St',
  postcode: '94105',
};

/** An unpaid order of world.m, through cart, address, preview and submit. */
export async function buildUnpaidOrder(t: TestApp, w: CheckoutWorld) {
  const h = w.m.headers;
  const cart = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/cart',
    headers: h,
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
  expect(cart.statusCode, cart.body).toBe(200);
  const line = cart.json().data.list[0];
  const address = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/address',
    headers: h,
    payload: US_ADDRESS,
  });
  expect(address.statusCode, address.body).toBe(200);
  const preview = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/settlement/preview',
    headers: h,
    payload: { cart_line_ids: [line.id], addresses: [{ address_id: address.json().data.id }] },
  });
  expect(preview.statusCode, preview.body).toBe(200);
  const view = preview.json().data;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/settlement/submit',
    headers: h,
    payload: {
      lines: [{ cart_line_id: line.id, unit_price: view.lines[0].unit_price }],
      addresses: [
        {
          address_id: address.json().data.id,
          shipping_method_id: view.orders[0].shipping.method_id,
          shipping_fee: view.orders[0].shipping.fee,
        },
      ],
      idempotency_key: `ck-${randomUUID()}`,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.orders[0] as { order_no: string; total_amount: number; expires_at: string };
}
