import { eq } from 'drizzle-orm';
import { quote } from '@pod/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildSupplierAdmin, buildTenant } from '../../../test/factories/index.ts';
import { buildCatalogBasics, buildProduct } from '../../../test/factories/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { merchants } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';
import { quoteForMerchant } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
const deps = () => ({ db: t.database.db, storage: t.services.storage });

/** A supplier with a Gold merchant level, a Gold merchant M, and another Gold merchant N. */
async function setup() {
  const tenant = await buildTenant(t.database.db);
  const admin = await buildSupplierAdmin(t.database.db, tenant.id);
  const supplierHeaders = await t.authAs(adminActor(admin));
  const level = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/merchantLevel',
    headers: supplierHeaders,
    payload: { name: 'Gold' },
  });
  expect(level.statusCode, level.body).toBe(200);
  const goldId = level.json().data.id as string;
  const m = await buildMerchant(t.database.db, tenant.id);
  const n = await buildMerchant(t.database.db, tenant.id);
  for (const id of [m.merchant.id, n.merchant.id])
    await t.database.db.update(merchants).set({ levelId: goldId }).where(eq(merchants.id, id));
  const basics = await buildCatalogBasics(t.database.db, tenant.id);
  return {
    tenant,
    goldId,
    m,
    n,
    basics,
    headersM: await t.authAs(adminActor(m.primary)),
    headersN: await t.authAs(adminActor(n.primary)),
  };
}
type Setup = Awaited<ReturnType<typeof setup>>;

/** A product on sale at 50.00 base, 10.00 per face (back 8.00), with all three tier kinds. */
async function productWith(s: Setup, tiers: { level: number; wholesale10: number; exclusive: number }) {
  const { product } = await buildProduct(deps(), s.tenant.id, {
    onSale: true,
    category_id: s.basics.category.id,
    color_ids: s.basics.colors.map((c) => c.id),
    size_ids: s.basics.sizes.map((z) => z.id),
    base_price: 5000,
    design_price: 1000,
    price_tiers: [
      { kind: 'level', level_id: s.goldId, merchant_id: null, min_qty: 1, price: tiers.level },
      { kind: 'wholesale', level_id: null, merchant_id: null, min_qty: 10, price: tiers.wholesale10 },
      { kind: 'wholesale', level_id: null, merchant_id: null, min_qty: 50, price: 3900 },
      { kind: 'exclusive', level_id: null, merchant_id: s.m.merchant.id, min_qty: 1, price: tiers.exclusive },
    ],
  });
  return product;
}

const quoteAs = (headers: Record<string, string>, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/v1/admin/catalog/quote', headers, payload });

describe('the order price for a merchant with a level price, a wholesale tier and an exclusive price', () => {
  it('is the best of the three, whichever it is', async () => {
    const s = await setup();
    const cases = [
      { tiers: { level: 4300, wholesale10: 4600, exclusive: 4700 }, best: 'level', base: 4300 },
      { tiers: { level: 4600, wholesale10: 4300, exclusive: 4700 }, best: 'wholesale', base: 4300 },
      { tiers: { level: 4600, wholesale10: 4700, exclusive: 4300 }, best: 'exclusive', base: 4300 },
    ];
    for (const c of cases) {
      const product = await productWith(s, c.tiers);
      const res = await quoteAs(s.headersM, {
        product_id: product.id,
        quantity: 12,
        surfaces: ['front', 'back'],
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data, c.best).toMatchObject({
        quantity: 12,
        list_base: 5000,
        base: c.base,
        tier: { kind: c.best, price: c.base },
        print: 2000,
        unit: c.base + 2000,
        subtotal: (c.base + 2000) * 12,
        list_unit: 7000,
        savings: (7000 - c.base - 2000) * 12,
      });
    }
  });

  it('changes with quantity, and exclusive prices are only their merchant’s', async () => {
    const s = await setup();
    const product = await productWith(s, { level: 4600, wholesale10: 4500, exclusive: 4200 });
    const at = async (headers: Record<string, string>, quantity: number) =>
      (await quoteAs(headers, { product_id: product.id, quantity, surfaces: ['front'] })).json().data;
    expect(await at(s.headersM, 1)).toMatchObject({ base: 4200, tier: { kind: 'exclusive' }, unit: 5200 });
    expect(await at(s.headersM, 60)).toMatchObject({ base: 3900, tier: { kind: 'wholesale', min_qty: 50 } });
    // N is Gold too, but M's exclusive price is not N's.
    expect(await at(s.headersN, 1)).toMatchObject({ base: 4600, tier: { kind: 'level' } });
    expect(await at(s.headersN, 10)).toMatchObject({ base: 4500, tier: { kind: 'wholesale' } });
    // A merchant of no level pays the list price until a wholesale tier applies.
    const plain = await buildMerchant(t.database.db, s.tenant.id);
    const plainHeaders = await t.authAs(adminActor(plain.primary));
    expect(await at(plainHeaders, 1)).toMatchObject({ base: 5000, tier: null, unit: 6000 });

    // What the merchant sees is what it is charged: the shared engine on the detail's price list.
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/catalog/products/${product.id}`,
        headers: s.headersN,
      })
    ).json().data;
    expect(detail.buyer).toEqual({ merchant_id: s.n.merchant.id, level_id: s.goldId });
    expect(detail.price_tiers.map((x: { kind: string }) => x.kind)).not.toContain('exclusive');
    for (const quantity of [1, 9, 10, 49, 50, 500]) {
      const local = quote(detail.price_list, detail.buyer, { quantity, surfaces: ['front', 'back'] });
      const served = (
        await quoteAs(s.headersN, { product_id: product.id, quantity, surfaces: ['front', 'back'] })
      ).json().data;
      expect(served).toEqual(local);
    }
    // Cart and checkout call the same service.
    const direct = await quoteForMerchant(
      t.database.db,
      { tenantId: s.tenant.id, merchantId: s.m.merchant.id },
      {
        product_id: product.id,
        quantity: 1,
        surfaces: ['front'],
      },
    );
    expect(direct).toEqual(await at(s.headersM, 1));
  });

  it('refuses bad quotes: quantity, unknown face, no token, not a merchant, another tenant', async () => {
    const s = await setup();
    const product = await productWith(s, { level: 4600, wholesale10: 4500, exclusive: 4200 });
    const zero = await quoteAs({ ...s.headersM, ...EN }, { product_id: product.id, quantity: 0 });
    expect(zero.statusCode).toBe(400);
    const face = await quoteAs(
      { ...s.headersM, ...EN },
      { product_id: product.id, quantity: 1, surfaces: ['pocket'] },
    );
    expect(face.statusCode).toBe(400);
    expect(face.json().msg).toBe('The product has no design surface pocket');
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/admin/catalog/quote', payload: {} })).statusCode,
    ).toBe(401);
    const supplierAdmin = await buildSupplierAdmin(t.database.db, s.tenant.id);
    const asSupplier = await quoteAs(await t.authAs(adminActor(supplierAdmin)), {
      product_id: product.id,
      quantity: 1,
    });
    expect(asSupplier.statusCode).toBe(403);
    const otherTenant = await buildTenant(t.database.db);
    const stranger = await buildMerchant(t.database.db, otherTenant.id);
    const foreign = await quoteAs(await t.authAs(adminActor(stranger.primary)), {
      product_id: product.id,
      quantity: 1,
    });
    expect(foreign.statusCode).toBe(404);
    // A product taken off sale can no longer be quoted.
    const supplierHeaders = await t.authAs(adminActor(supplierAdmin));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/product/${product.id}`,
      headers: supplierHeaders,
      payload: { status: 'off_sale' },
    });
    expect((await quoteAs(s.headersM, { product_id: product.id, quantity: 1 })).statusCode).toBe(404);
  });
});
