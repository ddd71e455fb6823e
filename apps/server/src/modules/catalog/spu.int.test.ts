import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildFactoryWithUser, buildSupplierAdmin, buildTenant } from '../../../test/factories/index.ts';
import { buildCatalogBasics } from '../../../test/factories/catalog.ts';
import { exportedColumn } from '../../../test/helpers/export-file.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor } from '../access/index.ts';
import { createCategory, createSizeTemplate } from './index.ts';

const EN = { 'accept-language': 'en' };

async function supplier(t: TestApp) {
  const tenant = await buildTenant(t.database.db);
  const admin = await buildSupplierAdmin(t.database.db, tenant.id);
  return { tenant, headers: await t.authAs(adminActor(admin)) };
}

const spuBody = (categoryId: string, extra: Record<string, unknown> = {}) => ({
  article_number: 'A-1001',
  name: 'Cotton tee blank',
  style_number: 'ST-01',
  inventory_category_id: categoryId,
  main_material: 'Cotton',
  unit: 'piece',
  cost_price: 1250,
  ...extra,
});

describe('SPUs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: true });
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  it('creates an SPU with every field and a generated code, naming what it points at', async () => {
    const { tenant, headers } = await supplier(t);
    const basics = await buildCatalogBasics(t.database.db, tenant.id);
    // Named in both languages: the list carries both, the page and the export pick one.
    const tops = await createCategory(t.database.db, tenant.id, { category_name: '上衣', en_name: 'Tops' });
    const { factory } = await buildFactoryWithUser(t.database.db, tenant.id, { name: 'North mill' });
    const chart = await createSizeTemplate(t.database.db, tenant.id, {
      template_name: 'Tee chart',
      size_attribute_ids: [],
      rows: [],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/spu',
      headers,
      payload: spuBody(tops.id, {
        status: 'enabled',
        type: 'blank',
        factory_id: factory.id,
        color_ids: basics.colors.map((c) => c.id),
        material_size: '150 cm roll',
        composition: '100% cotton',
        season: 'summer',
        fabric_weight: 180,
        size_template_id: chart.id,
        gender: 'unisex',
        brand: 'Acme',
      }),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      code: 'SPU000001',
      article_number: 'A-1001',
      inventory_category_name: '上衣',
      inventory_category_en_name: 'Tops',
      factory_name: 'North mill',
      size_template_name: 'Tee chart',
      colors: basics.colors.map((c) => ({ id: c.id, name: c.name, hex: c.hex })),
      fabric_weight: 180,
      cost_price: 1250,
      currency: 'CNY',
      image: null,
    });
    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/spu',
      headers,
      payload: spuBody(basics.category.id),
    });
    expect(second.json().data.code).toBe('SPU000002');
    // The code is the server's: a client's is ignored.
    const set = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/spu/${second.json().data.id}`,
      headers,
      payload: { code: 'MINE', name: 'Renamed' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ code: 'SPU000002', name: 'Renamed' });
  });

  it('exports the category in the reader’s language (issue 26)', async () => {
    const { tenant, headers } = await supplier(t);
    const tops = await createCategory(t.database.db, tenant.id, { category_name: '上衣', en_name: 'Tops' });
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/spu',
      headers,
      payload: spuBody(tops.id),
    });
    expect(made.statusCode, made.body).toBe(200);
    const categoryColumn = (lang: Record<string, string>, header: string) =>
      exportedColumn(t, { ...headers, ...lang }, 'spu/spu', header);
    expect(await categoryColumn(EN, 'Category')).toEqual(['Tops']);
    expect(await categoryColumn({ 'accept-language': 'zh-CN' }, '分类')).toEqual(['上衣']);
  });

  it('names every missing required field (spec §5)', async () => {
    const { headers } = await supplier(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/spu',
      headers: { ...headers, ...EN },
      payload: {},
    });
    expect(res.statusCode).toBe(400);
    const messages = res.json().data.errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Please enter article number',
        'Please enter style number',
        'Please enter inventory category',
        'Please enter main material',
        'Please enter cost price',
      ]),
    );
    const zh = await t.app.inject({ method: 'POST', url: '/api/v1/admin/spu', headers, payload: {} });
    expect(zh.json().data.errors.map((e: { message: string }) => e.message)).toContain('请输入货号');
  });

  it("refuses another tenant's category, colours and factory, and hides its SPUs", async () => {
    const a = await supplier(t);
    const b = await supplier(t);
    const basicsA = await buildCatalogBasics(t.database.db, a.tenant.id);
    const basicsB = await buildCatalogBasics(t.database.db, b.tenant.id);
    const foreignCategory = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/spu',
      headers: b.headers,
      payload: spuBody(basicsA.category.id),
    });
    expect(foreignCategory.statusCode).toBe(404);
    const foreignColour = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/spu',
      headers: b.headers,
      payload: spuBody(basicsB.category.id, { color_ids: [basicsA.colors[0]!.id] }),
    });
    expect(foreignColour.statusCode).toBe(404);
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/spu',
      headers: a.headers,
      payload: spuBody(basicsA.category.id),
    });
    const peek = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/spu/${own.json().data.id}`,
      headers: b.headers,
    });
    expect(peek.statusCode).toBe(404);
    // Each tenant counts its own codes.
    const bOwn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/spu',
      headers: b.headers,
      payload: spuBody(basicsB.category.id),
    });
    expect(bOwn.json().data.code).toBe('SPU000001');
  });
});

describe.runIf(process.env.DATABASE_URL)('SPU codes under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ startJobs: true });
  });
  afterAll(() => t.close());

  it('20 concurrent creates get 20 different codes', async () => {
    const { tenant, headers } = await supplier(t);
    const basics = await buildCatalogBasics(t.database.db, tenant.id);
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/spu',
          headers,
          payload: spuBody(basics.category.id, { article_number: `A-${i}` }),
        }),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
    const codes = results.map((r) => r.json().data.code as string);
    expect(new Set(codes).size).toBe(20);
    expect([...codes].sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `SPU${String(i + 1).padStart(6, '0')}`),
    );
  });
});
