import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildSupplierAdmin, buildTenant } from '../../../test/factories/index.ts';
import { buildCatalogBasics, buildImage, surfaceInput } from '../../../test/factories/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { merchants } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
const deps = () => ({ db: t.database.db, storage: t.services.storage });

async function supplier() {
  const tenant = await buildTenant(t.database.db);
  const admin = await buildSupplierAdmin(t.database.db, tenant.id);
  const basics = await buildCatalogBasics(t.database.db, tenant.id);
  return { tenant, admin, basics, headers: await t.authAs(adminActor(admin)) };
}
type Supplier = Awaited<ReturnType<typeof supplier>>;

/** A complete product body: two colours, two sizes, front and back with a mockup per colour. */
async function productBody(s: Supplier, extra: Record<string, unknown> = {}) {
  const [white, black] = s.basics.colors;
  const image = async (hex: string, width = 200, height = 200) =>
    (await buildImage(deps(), { tenantId: s.tenant.id }, { width, height, hex })).id;
  const mockups = [
    { color_id: white!.id, image: await image('#f5f5f5') },
    { color_id: black!.id, image: await image('#1f1f1f') },
  ];
  return {
    category_id: s.basics.category.id,
    product_type: 'apparel',
    name: 'Classic tee',
    en_name: 'Classic T-shirt',
    style_code: 'TEE-01',
    material: '100% cotton',
    process: 'DTG',
    weight: 180,
    introduction: 'A soft everyday tee.',
    season: 'all',
    wash_care: 'Machine wash cold',
    base_price: 5000,
    design_price: 1200,
    image_requirements: 'PNG, transparent background, 300 DPI',
    status: 'on_sale',
    gallery: [await image('#ffffff', 300, 400)],
    color_ids: [white!.id, black!.id],
    size_ids: s.basics.sizes.map((z) => z.id),
    skus: [{ color_id: black!.id, size_id: s.basics.sizes[1]!.id, stock_state: 'out_of_stock' }],
    surfaces: [
      surfaceInput('front', mockups, { name: 'Front', sort: 2 }),
      surfaceInput('back', mockups, { name: 'Back', sort: 1, print_price: 800, bleed: 30, min_dpi: 200 }),
    ],
    price_tiers: [
      { kind: 'wholesale', min_qty: 10, price: 4500 },
      { kind: 'wholesale', min_qty: 50, price: 4000 },
    ],
    factory_addresses: [
      {
        name: 'Main plant',
        country: 'CN',
        province: 'Zhejiang',
        address: '1 Mill Road',
        post_code: '310000',
        phone: '13800000001',
      },
    ],
    ...extra,
  };
}

const create = (headers: Record<string, string>, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/product',
    headers,
    payload: payload as Record<string, unknown>,
  });

describe('products', () => {
  it('creates a product with variants, surfaces for the editor, tiers and factory addresses', async () => {
    const s = await supplier();
    const body = await productBody(s);
    const res = await create(s.headers, body);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'Classic tee',
      style_code: 'TEE-01',
      merchant_id: null,
      category_name: s.basics.category.categoryName,
      status: 'on_sale',
      colors: s.basics.colors.map((c) => ({ id: c.id, name: c.name, hex: c.hex })),
      sizes: s.basics.sizes.map((z) => ({ id: z.id, name: z.name })),
      factory_addresses: [{ name: 'Main plant', province: 'Zhejiang', post_code: '310000' }],
    });
    // SKUs: colour × size, each with its stock state and a generated code.
    expect(p.skus).toHaveLength(4);
    expect(p.skus.filter((k: { stock_state: string }) => k.stock_state === 'out_of_stock')).toHaveLength(1);
    expect(p.skus.map((k: { sku_code: string }) => k.sku_code)).toEqual([
      'TEE-01-0101',
      'TEE-01-0102',
      'TEE-01-0201',
      'TEE-01-0202',
    ]);
    // Surfaces, larger sort first, with what the editor and renderer need.
    expect(p.surfaces.map((x: { key: string }) => x.key)).toEqual(['front', 'back']);
    const back = p.surfaces[1];
    expect(back).toMatchObject({
      template: { width: 200, height: 200 },
      print_area: { x: 50, y: 40, width: 100, height: 120 },
      safe_area: { x: 55, y: 45, width: 90, height: 110 },
      print_file: { width: 1000, height: 1200, dpi: 300 },
      bleed: 30,
      min_dpi: 200,
      kind: 'flat',
      blend: 'multiply',
      print_price: 800,
      effective_print_price: 800,
      scale: 10,
      print_size_mm: { width: 84.7, height: 101.6 },
    });
    expect(p.surfaces[0].effective_print_price).toBe(1200);
    expect(back.mockups).toHaveLength(2);
    expect(back.mockups[0].image).toMatchObject({ width: 200, height: 200 });
    expect(p.cover.id).toBe(body.gallery[0]);
    expect(p.price_tiers).toEqual([
      expect.objectContaining({
        kind: 'wholesale',
        min_qty: 10,
        price: 4500,
        level_id: null,
        merchant_id: null,
      }),
      expect.objectContaining({ kind: 'wholesale', min_qty: 50, price: 4000 }),
    ]);
    const fetched = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/product/${p.id}`,
      headers: s.headers,
    });
    expect(fetched.json().data).toEqual(p);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/product?quickSearch=classic',
      headers: s.headers,
    });
    expect(list.json().data.list.map((x: { id: string }) => x.id)).toEqual([p.id]);
  });

  it('keeps surface, SKU and tier ids across edits, and a PATCH of colours drops their mockups', async () => {
    const s = await supplier();
    const p = (await create(s.headers, await productBody(s, { status: 'off_sale' }))).json().data;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/product/${p.id}`,
      headers: s.headers,
      payload: { color_ids: [s.basics.colors[0]!.id], name: 'White tee' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const q = patched.json().data;
    expect(q.name).toBe('White tee');
    expect(q.surfaces.map((x: { id: string }) => x.id)).toEqual(p.surfaces.map((x: { id: string }) => x.id));
    expect(q.surfaces[0].mockups).toHaveLength(1);
    expect(q.skus.map((k: { id: string }) => k.id)).toEqual(
      p.skus.slice(0, 2).map((k: { id: string }) => k.id),
    );
    expect(q.price_tiers.map((x: { id: string }) => x.id)).toEqual(
      p.price_tiers.map((x: { id: string }) => x.id),
    );
    // Sending the product back as the form would keeps everything as it was.
    const resent = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/product/${p.id}`,
      headers: s.headers,
      payload: {
        surfaces: q.surfaces.map(
          (x: Record<string, unknown> & { mockups: Array<{ color_id: string; image: { id: string } }> }) => ({
            ...Object.fromEntries(
              Object.entries(x).filter(
                ([k]) => !['effective_print_price', 'scale', 'print_size_mm', 'mask'].includes(k),
              ),
            ),
            mockups: x.mockups.map((m) => ({ color_id: m.color_id, image: m.image.id })),
          }),
        ),
        price_tiers: q.price_tiers.map((x: Record<string, unknown>) => ({
          id: x.id,
          kind: x.kind,
          min_qty: x.min_qty,
          price: x.price,
        })),
      },
    });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json().data.surfaces).toEqual(q.surfaces);
    expect(resent.json().data.price_tiers).toEqual(q.price_tiers);
  });

  it('checks surface geometry, mockup sizes and what a product on sale needs', async () => {
    const s = await supplier();
    const body = await productBody(s);
    const front = body.surfaces[0]!;
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { surfaces: [{ ...front, print_area: { x: 150, y: 40, width: 100, height: 120 } }] },
        'The print area must lie inside the template image',
      ],
      [
        { surfaces: [{ ...front, safe_area: { x: 0, y: 0, width: 90, height: 110 } }] },
        'The safe area must lie inside the print area',
      ],
      [
        { surfaces: [{ ...front, print_file: { width: 1000, height: 1000, dpi: 300 } }] },
        'The print file must have the same aspect ratio as the print area',
      ],
      [
        { surfaces: [{ ...front, min_dpi: 600 }] },
        "The minimum resolution cannot be above the print file's DPI",
      ],
      [
        { surfaces: [{ ...front, mockups: front.mockups.slice(0, 1) }] },
        'A product on sale needs a mockup of every colour on every design surface',
      ],
      [{ gallery: [] }, 'A product on sale needs at least one gallery image'],
      [
        { price_tiers: [{ kind: 'wholesale', min_qty: 10, price: 6000 }] },
        'A tier price cannot be above the base price',
      ],
      [
        {
          price_tiers: [
            { kind: 'wholesale', min_qty: 10, price: 4000 },
            { kind: 'wholesale', min_qty: 50, price: 4500 },
          ],
        },
        'A tier for more pieces cannot cost more than one for fewer',
      ],
      [
        { price_tiers: [{ kind: 'level', min_qty: 1, price: 4000 }] },
        'Please select the merchant level or merchant the price is for',
      ],
      [{ surfaces: [front, { ...front }] }, 'key (surfaces #2) contains a duplicate'],
    ];
    for (const [change, message] of cases) {
      const res = await create({ ...s.headers, ...EN }, { ...body, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(res.json().msg, JSON.stringify(change)).toBe(message);
    }
    // A mockup must have the template's size, so the editor and renderer agree on pixels.
    const wrongSize = await buildImage(deps(), { tenantId: s.tenant.id }, { width: 300, height: 200 });
    const res = await create(
      { ...s.headers, ...EN },
      {
        ...body,
        surfaces: [{ ...front, mockups: [front.mockups[0], { ...front.mockups[1], image: wrongSize.id }] }],
      },
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe("The mockup image must be 200×200 px, the size of the surface's template");
    expect(res.json().data.errors[0].field).toBe('surfaces.0.mockups.1.image');
  });

  it('style codes are unique per tenant and generated when blank', async () => {
    const s = await supplier();
    const body = await productBody(s, { status: 'off_sale' });
    expect((await create(s.headers, body)).statusCode).toBe(200);
    const dupe = await create({ ...s.headers, ...EN }, body);
    expect(dupe.statusCode).toBe(409);
    expect(dupe.json().msg).toBe('This style code already exists');
    const generated = await create(s.headers, { ...body, style_code: '' });
    expect(generated.json().data.style_code).toBe('P000001');
    // Another tenant may use the same code.
    const other = await supplier();
    expect((await create(other.headers, await productBody(other, { status: 'off_sale' }))).statusCode).toBe(
      200,
    );
  });

  it("never uses or shows another tenant's images, colours, levels or products", async () => {
    const a = await supplier();
    const b = await supplier();
    const bodyA = await productBody(a);
    const productA = (await create(a.headers, bodyA)).json().data;
    const bodyB = await productBody(b);
    for (const change of [
      { gallery: bodyA.gallery },
      { category_id: a.basics.category.id },
      {
        status: 'off_sale',
        color_ids: [a.basics.colors[0]!.id],
        skus: [],
        surfaces: [surfaceInput('front')],
      },
      {
        price_tiers: [
          {
            kind: 'exclusive',
            merchant_id: (await buildMerchant(t.database.db, a.tenant.id)).merchant.id,
            price: 100,
          },
        ],
      },
    ]) {
      const res = await create(b.headers, { ...bodyB, ...change });
      expect(res.statusCode, JSON.stringify(change)).toBe(404);
    }
    for (const [method, payload] of [
      ['GET', undefined],
      ['PATCH', { name: 'x' }],
      ['DELETE', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/v1/admin/product/${productA.id}`,
        headers: b.headers,
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, method).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/product', headers: b.headers })).json().data
        .total,
    ).toBe(0);
  });

  it('needs a token and the product permission', async () => {
    const s = await supplier();
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/admin/product', payload: {} })).statusCode,
    ).toBe(401);
    const { primary } = await buildMerchant(t.database.db, s.tenant.id);
    const merchant = await t.authAs(adminActor(primary));
    expect((await create(merchant, await productBody(s))).statusCode).toBe(403);
  });
});

describe("merchants' own product templates", () => {
  it("are the merchant's own, limited by its level's product_template_count, and use its own uploads", async () => {
    const s = await supplier();
    const { merchant, primary } = await buildMerchant(t.database.db, s.tenant.id);
    const headers = await t.authAs(adminActor(primary));
    const level = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/merchantLevel',
      headers: s.headers,
      payload: { name: 'Starter', product_template_count: 1, storage_count: 100 },
    });
    expect(level.statusCode, level.body).toBe(200);
    await t.database.db
      .update(merchants)
      .set({ levelId: level.json().data.id })
      .where(eq(merchants.id, merchant.id));

    const upload = (hex: string) =>
      buildImage(deps(), { tenantId: s.tenant.id, merchantId: merchant.id, uploaderId: primary.id }, { hex });
    const [white] = s.basics.colors;
    const mockup = (await upload('#ffffff')).id;
    const body = {
      category_id: s.basics.category.id,
      name: 'My tote',
      base_price: 3000,
      color_ids: [white!.id],
      size_ids: [s.basics.sizes[0]!.id],
      surfaces: [surfaceInput('front', [{ color_id: white!.id, image: mockup }])],
    };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/productTemplate',
      headers,
      payload: body,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.merchant_id).toBe(merchant.id);

    const over = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/productTemplate',
      headers: { ...headers, ...EN },
      payload: { ...body, name: 'Second' },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().msg).toBe('The product template limit of level Starter is reached (1/1)');

    // The supplier's uploads are not the merchant's; level and exclusive prices are the supplier's to set.
    const supplierImage = (await buildImage(deps(), { tenantId: s.tenant.id })).id;
    await t.database.db.update(merchants).set({ levelId: null }).where(eq(merchants.id, merchant.id));
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/productTemplate',
      headers,
      payload: {
        ...body,
        surfaces: [surfaceInput('front', [{ color_id: white!.id, image: supplierImage }])],
      },
    });
    expect(foreign.statusCode).toBe(404);
    const tiers = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/productTemplate',
      headers,
      payload: { ...body, price_tiers: [{ kind: 'exclusive', merchant_id: merchant.id, price: 100 }] },
    });
    expect(tiers.statusCode).toBe(400);

    // Another merchant of the same supplier does not see it; the supplier's product list neither.
    const other = await buildMerchant(t.database.db, s.tenant.id);
    const otherHeaders = await t.authAs(adminActor(other.primary));
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/productTemplate/${res.json().data.id}`,
      headers: otherHeaders,
    });
    expect(peek.statusCode).toBe(404);
    const supplierList = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/product',
      headers: s.headers,
    });
    expect(supplierList.json().data.total).toBe(0);
  });
});
