import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildSupplierAdmin, buildTenant } from '../../../test/factories/index.ts';
import { buildCatalogBasics, buildProduct } from '../../../test/factories/catalog.ts';
import { statementsOf } from '../../../test/helpers/statements.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { catalogCategories, catalogProducts } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';
import { createCategory, createDictionaryEntries, createSizeAttribute, createSizeTemplate } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const deps = () => ({ db: t.database.db, storage: t.services.storage });

/**
 * Tenant A (a.example.com): Apparel > Tees with a tee and a polo, Home with a mug, plus products
 * that must not show (off sale, expired, in a disabled category, a merchant's template).
 * Tenant B (b.example.com): one product of its own.
 */
async function twoStorefronts() {
  const db = t.database.db;
  const a = await buildTenant(db, { domain: 'a.example.com' });
  const b = await buildTenant(db, { domain: 'b.example.com' });
  const basics = await buildCatalogBasics(db, a.id);
  const apparel = await createCategory(db, a.id, { category_name: 'Apparel', sort: 2 });
  const tees = await createCategory(db, a.id, {
    category_name: 'Tees',
    en_name: 'T-shirts (en)',
    parent_id: apparel.id,
  });
  const home = await createCategory(db, a.id, { category_name: 'Home', sort: 1 });
  const hidden = await createCategory(db, a.id, { category_name: 'Hidden' });
  await db.update(catalogCategories).set({ status: 'disabled' }).where(eq(catalogCategories.id, hidden.id));
  const chest = await createSizeAttribute(db, a.id, { name: 'Chest' });
  const chart = await createSizeTemplate(db, a.id, {
    template_name: 'Tee chart',
    size_attribute_ids: [chest.id],
    rows: basics.sizes.map((z, i) => ({ size_id: z.id, values: { [chest.id]: 48 + i * 3 } })),
  });
  const common = { color_ids: basics.colors.map((c) => c.id), size_ids: basics.sizes.map((z) => z.id) };
  const level = (await buildMerchant(db, a.id)).merchant;
  const tee = (
    await buildProduct(deps(), a.id, {
      ...common,
      onSale: true,
      category_id: tees.id,
      name: 'Organic tee',
      en_name: 'Organic T-shirt',
      size_template_id: chart.id,
      sort: 5,
      price_tiers: [
        { kind: 'wholesale', min_qty: 10, price: 4500, level_id: null, merchant_id: null },
        { kind: 'wholesale', min_qty: 50, price: 4000, level_id: null, merchant_id: null },
        { kind: 'exclusive', min_qty: 1, price: 100, level_id: null, merchant_id: level.id },
      ],
      factory_addresses: [
        {
          name: 'Secret plant',
          country: 'CN',
          province: '',
          address: 'x',
          post_code: '',
          phone: '13800000002',
        },
      ],
    })
  ).product;
  const polo = (
    await buildProduct(deps(), a.id, {
      ...common,
      onSale: true,
      category_id: apparel.id,
      name: 'Polo shirt',
      sort: 4,
    })
  ).product;
  const mug = (
    await buildProduct(deps(), a.id, { ...common, onSale: true, category_id: home.id, name: 'Mug', sort: 3 })
  ).product;
  const offSale = (await buildProduct(deps(), a.id, { ...common, category_id: tees.id, name: 'Draft tee' }))
    .product;
  const expired = (
    await buildProduct(deps(), a.id, {
      ...common,
      onSale: true,
      category_id: tees.id,
      name: 'Old tee',
      expire_at: '2020-01-01T00:00:00Z',
    })
  ).product;
  const disabled = (
    await buildProduct(deps(), a.id, { ...common, onSale: true, category_id: hidden.id, name: 'Hidden tee' })
  ).product;
  const bProduct = (await buildProduct(deps(), b.id, { onSale: true, name: 'B tee' })).product;
  return { a, b, basics, apparel, tees, home, tee, polo, mug, offSale, expired, disabled, bProduct };
}

const get = (host: string, url: string) => t.app.inject({ method: 'GET', url, headers: { host } });
const ids = (res: { json(): { data: { list: Array<{ id: string }> } } }) =>
  res.json().data.list.map((p) => p.id);

describe('the storefront', () => {
  it("lists only the host's supplier's products on sale, with category, search and paging", async () => {
    const s = await twoStorefronts();
    const all = await get('a.example.com', '/api/v1/storefront/products');
    expect(all.statusCode, all.body).toBe(200);
    expect(ids(all)).toEqual([s.tee.id, s.polo.id, s.mug.id]);
    expect(all.json().data.total).toBe(3);
    // A category includes its subcategories.
    expect(
      ids(await get('a.example.com', `/api/v1/storefront/products?category_id=${s.apparel.id}`)),
    ).toEqual([s.tee.id, s.polo.id]);
    expect(ids(await get('a.example.com', `/api/v1/storefront/products?category_id=${s.tees.id}`))).toEqual([
      s.tee.id,
    ]);
    expect(ids(await get('a.example.com', '/api/v1/storefront/products?keyword=organic'))).toEqual([
      s.tee.id,
    ]);
    expect(ids(await get('a.example.com', '/api/v1/storefront/products?keyword=T-SHIRT'))).toEqual([
      s.tee.id,
    ]);
    const page2 = await get('a.example.com', '/api/v1/storefront/products?limit=2&page=2');
    expect(page2.json().data).toMatchObject({ total: 3, page: 2, limit: 2 });
    expect(ids(page2)).toEqual([s.mug.id]);
    // A page past the end still says how many there are.
    const past = await get('a.example.com', '/api/v1/storefront/products?limit=2&page=3');
    expect(past.json().data).toMatchObject({ total: 3, page: 3, list: [] });
    const item = all.json().data.list[0];
    expect(item).toMatchObject({
      name: 'Organic tee',
      category_name: 'Tees',
      category_en_name: 'T-shirts (en)',
      base_price: 5000,
      price_from: 4000 + 1000,
      currency: 'CNY',
    });
    expect(item.colors).toHaveLength(2);
    // The cover image loads without signing in.
    expect((await t.app.inject({ method: 'GET', url: item.cover.url })).statusCode).toBe(200);
    const bad = await get('a.example.com', '/api/v1/storefront/products?limit=1000');
    expect(bad.statusCode).toBe(400);
  });

  it("tenant A's products never appear in tenant B's storefront or API", async () => {
    const s = await twoStorefronts();
    const aIds = [s.tee, s.polo, s.mug, s.offSale, s.expired, s.disabled].map((p) => p.id);
    const bList = await get('b.example.com', '/api/v1/storefront/products?limit=60');
    expect(ids(bList)).toEqual([s.bProduct.id]);
    for (const id of aIds) {
      const detail = await get('b.example.com', `/api/v1/storefront/products/${id}`);
      expect(detail.statusCode).toBe(404);
      expect(detail.body).not.toContain(id);
    }
    // B's category tree and a filter by A's category show nothing of A.
    const bCategories = await get('b.example.com', '/api/v1/storefront/categories');
    expect(bCategories.body).not.toContain(s.apparel.id);
    expect(
      ids(await get('b.example.com', `/api/v1/storefront/products?category_id=${s.apparel.id}`)),
    ).toEqual([]);
    // Nor in B's merchants' catalogue, nor their quotes.
    const bMerchant = await buildMerchant(t.database.db, s.b.id);
    const headers = await t.authAs(adminActor(bMerchant.primary));
    const catalogue = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/catalog/products?limit=100',
      headers,
    });
    expect(ids(catalogue)).toEqual([s.bProduct.id]);
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/catalog/products/${s.tee.id}`,
      headers,
    });
    expect(peek.statusCode).toBe(404);
    const bSupplier = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, s.b.id)));
    const managed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/product?limit=100',
      headers: bSupplier,
    });
    expect(ids(managed)).toEqual([s.bProduct.id]);
  });

  it('shows a product page: gallery, colours, sizes and chart, surfaces and public price tiers only', async () => {
    const s = await twoStorefronts();
    const res = await get('a.example.com', `/api/v1/storefront/products/${s.tee.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const p = res.json().data;
    expect(p).toMatchObject({
      name: 'Organic tee',
      category_path: [
        { id: s.apparel.id, category_name: 'Apparel', en_name: '' },
        { id: s.tees.id, category_name: 'Tees', en_name: 'T-shirts (en)' },
      ],
      category_name: 'Tees',
      category_en_name: 'T-shirts (en)',
      colors: s.basics.colors.map((c) => ({ id: c.id, hex: c.hex })),
      sizes: s.basics.sizes.map((z) => ({ id: z.id, name: z.name })),
      size_chart: { template_name: 'Tee chart', columns: [{ name: 'Chest' }] },
      price_table: [
        { min_qty: 1, max_qty: 9, base: 5000, unit_one_face: 6000 },
        { min_qty: 10, max_qty: 49, base: 4500, unit_one_face: 5500 },
        { min_qty: 50, max_qty: null, base: 4000, unit_one_face: 5000 },
      ],
      level_prices: [],
    });
    expect(p.gallery).toHaveLength(1);
    expect(p.skus).toHaveLength(4);
    expect(p.surfaces.map((x: { key: string }) => x.key)).toEqual(['front', 'back']);
    expect(p.surfaces[0].preview.url).toMatch(/^\/files\//);
    // Each colour has its own picture: that colour's mockup (issue 26), in the detail and the list.
    const mockupOf = (colorId: string) =>
      s.tee.surfaces[0]!.mockups.find((m: { color_id: string }) => m.color_id === colorId)!.image.id;
    const pictures = s.basics.colors.map((c) => ({ color_id: c.id, image: { id: mockupOf(c.id) } }));
    expect(new Set(pictures.map((x) => x.image.id)).size).toBe(s.basics.colors.length);
    expect(p.color_pictures).toMatchObject(pictures);
    expect(p.color_pictures[1].image.url).toMatch(/^\/files\//);
    const listed = (await get('a.example.com', '/api/v1/storefront/products?limit=60'))
      .json()
      .data.list.find((x: { id: string }) => x.id === s.tee.id);
    expect(listed.color_pictures).toMatchObject(pictures);
    // Exclusive prices, factory addresses and SKU codes stay off the public page.
    expect(res.body).not.toContain('Secret plant');
    expect(res.body).not.toContain('"price":100');
    expect(res.body).not.toContain('sku_code');

    for (const hiddenId of [
      s.offSale.id,
      s.expired.id,
      s.disabled.id,
      '00000000-0000-4000-8000-000000000000',
    ]) {
      expect((await get('a.example.com', `/api/v1/storefront/products/${hiddenId}`)).statusCode).toBe(404);
    }
    expect((await get('a.example.com', '/api/v1/storefront/products/not-a-uuid')).statusCode).toBe(400);
  });

  it("shows dictionary-backed fields by the dictionary's labels in the shopper's language (issue 26)", async () => {
    const db = t.database.db;
    const a = await buildTenant(db, { domain: 'a.example.com' });
    const b = await buildTenant(db, { domain: 'b.example.com' });
    await createDictionaryEntries(db, a.id, [
      { type: 'product_type', value: 'apparel', label: '服装', enLabel: 'Apparel' },
      { type: 'season', value: 'all', label: '四季', enLabel: 'All seasons' },
      // No English label: English readers see the Chinese one.
      { type: 'process', value: 'DTG', label: '直喷' },
      // Same value under another type: not the label of the season field.
      { type: 'unit', value: 'winter', label: '冬装单位', enLabel: 'Winter unit' },
    ]);
    // Another supplier's dictionary never labels this supplier's products.
    await createDictionaryEntries(db, b.id, [
      { type: 'material', value: 'cotton', label: '乙方棉', enLabel: 'B cotton' },
    ]);
    const product = async (tenantId: string, fields: Record<string, string>) =>
      (await buildProduct(deps(), tenantId, { onSale: true, ...fields })).product;
    const tee = await product(a.id, {
      product_type: 'apparel',
      season: 'all',
      process: 'DTG',
      material: 'cotton',
      wash_care: 'Hand wash cold.',
    });
    const coat = await product(a.id, { product_type: 'apparel', season: 'winter' });
    const detail = async (id: string, language?: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/storefront/products/${id}`,
        headers: { host: 'a.example.com', ...(language ? { 'accept-language': language } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data;
    };

    const en = await detail(tee.id, 'en-GB,en;q=0.9');
    expect(en.dictionary_labels).toEqual({
      product_type: 'Apparel',
      season: 'All seasons',
      process: '直喷',
      material: 'cotton',
      wash_care: 'Hand wash cold.',
    });
    // The raw values stay as they are (the forms and the API edit values, not labels).
    expect(en).toMatchObject({ product_type: 'apparel', season: 'all', process: 'DTG' });
    const zh = await detail(tee.id, 'zh-CN');
    expect(zh.dictionary_labels).toMatchObject({ product_type: '服装', season: '四季', process: '直喷' });
    // No Accept-Language: the default language, Chinese.
    expect((await detail(tee.id)).dictionary_labels).toEqual(zh.dictionary_labels);
    expect((await detail(coat.id, 'en')).dictionary_labels).toMatchObject({
      product_type: 'Apparel',
      season: 'winter',
    });

    // An English label added in the back office shows at once.
    const headers = await t.authAs(adminActor(await buildSupplierAdmin(db, a.id)));
    const entries = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/spuDictionary?type=process',
      headers,
    });
    const dtg = entries.json().data.list[0];
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/spuDictionary/${dtg.id}`,
      headers,
      payload: { en_label: 'Direct to garment' },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect((await detail(tee.id, 'en')).dictionary_labels.process).toBe('Direct to garment');
    expect((await detail(tee.id, 'zh-CN')).dictionary_labels.process).toBe('直喷');
  });

  it('lists the visible category tree with product counts', async () => {
    const s = await twoStorefronts();
    const res = await get('a.example.com', '/api/v1/storefront/categories');
    expect(res.statusCode).toBe(200);
    const tree = res.json().data as Array<{ id: string; product_count: number; parent_id: string | null }>;
    const count = (id: string) => tree.find((c) => c.id === id)?.product_count;
    // Every enabled category shows (empty ones with 0); the disabled one and its products do not.
    expect(tree.map((c) => c.id).sort()).toEqual(
      [s.apparel.id, s.tees.id, s.home.id, s.basics.category.id].sort(),
    );
    expect(count(s.basics.category.id)).toBe(0);
    expect(count(s.apparel.id)).toBe(2);
    expect(count(s.tees.id)).toBe(1);
    expect(count(s.home.id)).toBe(1);
    expect(tree.find((c) => c.id === s.tees.id)?.parent_id).toBe(s.apparel.id);
    // Each with its English name for English readers (issue 26), '' when it has none.
    expect(tree.find((c) => c.id === s.tees.id)).toMatchObject({
      category_name: 'Tees',
      en_name: 'T-shirts (en)',
    });
    expect(tree.find((c) => c.id === s.apparel.id)).toMatchObject({ en_name: '' });
  });
});

describe("the merchant's catalogue", () => {
  it("lists the supplier's products on sale and the merchant's own templates, and opens one for the editor", async () => {
    const s = await twoStorefronts();
    const { merchant, primary } = await buildMerchant(t.database.db, s.a.id);
    const headers = await t.authAs(adminActor(primary));
    const template = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/productTemplate',
      headers,
      payload: {
        category_id: s.tees.id,
        name: 'My own tee',
        base_price: 3000,
        color_ids: [s.basics.colors[0]!.id],
        size_ids: [s.basics.sizes[0]!.id],
        surfaces: [
          {
            key: 'front',
            name: 'Front',
            template: { width: 200, height: 200 },
            print_area: { x: 0, y: 0, width: 200, height: 200 },
            safe_area: { x: 10, y: 10, width: 180, height: 180 },
            print_file: { width: 2400, height: 2400, dpi: 300 },
          },
        ],
      },
    });
    expect(template.statusCode, template.body).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/catalog/products', headers });
    expect(list.statusCode, list.body).toBe(200);
    expect(ids(list).sort()).toEqual([s.tee.id, s.polo.id, s.mug.id, template.json().data.id].sort());
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/catalog/products?scope=own',
      headers,
    });
    expect(own.json().data.list).toEqual([
      expect.objectContaining({ id: template.json().data.id, is_own: true }),
    ]);
    const filtered = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/catalog/products?category_id=${s.home.id}`,
      headers,
    });
    expect(ids(filtered)).toEqual([s.mug.id]);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/catalog/products/${s.tee.id}`,
      headers,
    });
    expect(detail.statusCode).toBe(200);
    const p = detail.json().data;
    expect(p.surfaces[0]).toMatchObject({
      key: 'front',
      print_area: { width: 100 },
      print_file: { dpi: 300 },
      min_dpi: 150,
    });
    expect(p.surfaces[0].mockups).toHaveLength(2);
    expect(p.buyer).toEqual({ merchant_id: merchant.id, level_id: null });
    expect(p.size_chart.template_name).toBe('Tee chart');

    // Another merchant of the supplier does not see this one's template.
    const other = await buildMerchant(t.database.db, s.a.id);
    const otherHeaders = await t.authAs(adminActor(other.primary));
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/catalog/products/${template.json().data.id}`,
      headers: otherHeaders,
    });
    expect(peek.statusCode).toBe(404);
    const categories = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/catalog/categories',
      headers,
    });
    expect(
      categories
        .json()
        .data.map((c: { category_name: string }) => c.category_name)
        .sort(),
    ).toEqual(['Apparel', s.basics.category.categoryName, 'Home', 'Tees'].sort());
    expect(categories.json().data.find((c: { id: string }) => c.id === s.tees.id)).toMatchObject({
      en_name: 'T-shirts (en)',
    });
    expect(p).toMatchObject({ category_name: 'Tees', category_en_name: 'T-shirts (en)' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/catalog/products' })).statusCode).toBe(
      401,
    );
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/catalog/products?category_id=nope',
      headers,
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('public catalogue caching (issue 25)', () => {
  it('replies carry an ETag and revalidate: a repeat load is a 304, a change or another host a 200', async () => {
    const s = await twoStorefronts();
    const urls = [
      '/api/v1/storefront/products',
      `/api/v1/storefront/products/${s.tee.id}`,
      '/api/v1/storefront/categories',
    ];
    for (const url of urls) {
      const first = await get('a.example.com', url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag, url).toMatch(/^W\/".+"$/);
      expect(first.headers['cache-control']).toBe('public, no-cache');
      expect(String(first.headers.vary)).toContain('Host');
      const again = await t.app.inject({
        method: 'GET',
        url,
        headers: { host: 'a.example.com', 'if-none-match': etag },
      });
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      // The same content a second later (the envelope's time has moved on) is still the same ETag.
      const second = Math.floor(Date.now() / 1000);
      while (Math.floor(Date.now() / 1000) === second) await new Promise((r) => setTimeout(r, 50));
      const later = await get('a.example.com', url);
      expect(later.json().time).toBeGreaterThan(first.json().time);
      expect(later.headers.etag, url).toBe(etag);
      // Another supplier's storefront never answers with A's ETag.
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/v1/storefront/products',
        headers: { host: 'b.example.com', 'if-none-match': etag },
      });
      expect(other.statusCode).toBe(200);
    }
    const list = await get('a.example.com', '/api/v1/storefront/products');
    await t.database.db
      .update(catalogProducts)
      .set({ name: 'Organic tee, new' })
      .where(eq(catalogProducts.id, s.tee.id));
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storefront/products',
      headers: { host: 'a.example.com', 'if-none-match': list.headers.etag as string },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(list.headers.etag);
    expect(changed.json().data.list[0].name).toBe('Organic tee, new');
    // A 404 is not cached.
    const missing = await get('a.example.com', `/api/v1/storefront/products/${s.offSale.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });

  it('gives a repeat load the reply already built, without a statement, until the catalogue changes (decision 0086)', async () => {
    const s = await twoStorefronts();
    const url = '/api/v1/storefront/products';
    const first = await get('a.example.com', url);
    expect(first.statusCode).toBe(200);
    const repeat = await statementsOf(t.database, () => get('a.example.com', url));
    expect(repeat.statements).toEqual([]);
    expect(repeat.result.json().data).toEqual(first.json().data);
    // The page of a product and the categories are kept the same way.
    await get('a.example.com', `${url}/${s.tee.id}`);
    expect(
      (await statementsOf(t.database, () => get('a.example.com', `${url}/${s.tee.id}`))).statements,
    ).toEqual([]);
    // Another host, another language or another query is its own reply.
    for (const [host, path, language] of [
      ['b.example.com', url, 'zh-CN'],
      ['a.example.com', url, 'en'],
      ['a.example.com', `${url}?page=2&limit=1`, 'zh-CN'],
    ] as const) {
      const other = await statementsOf(t.database, () =>
        t.app.inject({ method: 'GET', url: path, headers: { host, 'accept-language': language } }),
      );
      expect(other.statements.length, `${host} ${path} ${language}`).toBeGreaterThan(0);
    }
    // A change through the supplier's API clears the kept replies: the next load is built again.
    const supplier = await buildSupplierAdmin(t.database.db, s.a.id);
    const headers = await t.authAs(adminActor(supplier));
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/product/${s.polo.id}`,
      headers,
      payload: { name: 'Polo shirt, piqué' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = await statementsOf(t.database, () => get('a.example.com', url));
    expect(after.statements.length).toBeGreaterThan(0);
    expect(after.result.json().data.list.map((p: { name: string }) => p.name)).toContain('Polo shirt, piqué');
    // So does a change written straight to the database (the tables announce it themselves).
    await t.database.db
      .update(catalogProducts)
      .set({ status: 'off_sale' })
      .where(eq(catalogProducts.id, s.mug.id));
    expect(ids(await get('a.example.com', url))).not.toContain(s.mug.id);
  });
});
