import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor, findAdminUserByUsername } from '../../modules/access/index.ts';
import { seedDemo } from './seed.ts';
import { DEMO_USERNAMES } from './demo-platform.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.services);
}, 120_000);
afterAll(() => t.close());

describe('the demo catalogue', () => {
  it('puts a T-shirt, a hoodie, a mug, a tote bag and a phone case on the demo storefront', async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storefront/products',
      headers: { host: 'localhost:3000' },
    });
    expect(list.statusCode, list.body).toBe(200);
    const products = list.json().data.list as Array<{ id: string; en_name: string }>;
    expect(products.map((p) => p.en_name)).toEqual([
      'Classic crew-neck T-shirt',
      'Pullover hoodie',
      'Ceramic mug',
      'Canvas tote bag',
      'Phone case',
    ]);
    const surfaces: Record<string, string[]> = {};
    for (const p of products) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/storefront/products/${p.id}`,
        headers: { host: 'localhost' },
      });
      const detail = res.json().data;
      expect(detail.colors.length, p.en_name).toBeGreaterThanOrEqual(2);
      expect(detail.sizes.length, p.en_name).toBeGreaterThanOrEqual(1);
      expect(detail.gallery.length, p.en_name).toBeGreaterThanOrEqual(2);
      surfaces[p.en_name] = detail.surfaces.map((s: { key: string }) => s.key);
    }
    expect(surfaces).toEqual({
      'Classic crew-neck T-shirt': ['front', 'back'],
      'Pullover hoodie': ['front', 'back', 'sleeve_left'],
      'Ceramic mug': ['wrap'],
      'Canvas tote bag': ['front'],
      'Phone case': ['back'],
    });
  });

  it('names its categories in Chinese and in English (issue 26)', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storefront/categories',
      headers: { host: 'localhost' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json().data as Array<{ category_name: string; en_name: string }>).map(
      (c) => `${c.category_name}/${c.en_name}`,
    );
    expect(names).toEqual(
      expect.arrayContaining(['服装/Apparel', 'T恤/T-shirts', '卫衣/Hoodies', '家居/Home', '马克杯/Mugs']),
    );
    expect(names).toHaveLength(8);
  });

  it("labels the tee's type, season, process and wash care from the dictionary in each language (issue 26)", async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/storefront/products',
      headers: { host: 'localhost' },
    });
    const tee = (list.json().data.list as Array<{ id: string; en_name: string }>).find(
      (p) => p.en_name === 'Classic crew-neck T-shirt',
    )!;
    const labels = async (language: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/storefront/products/${tee.id}`,
          headers: { host: 'localhost', 'accept-language': language },
        })
      ).json().data.dictionary_labels;
    expect(await labels('en')).toMatchObject({
      product_type: 'Apparel',
      season: 'All seasons',
      process: 'DTG (direct to garment)',
      wash_care: 'Wash cold, inside out; do not iron the print.',
    });
    expect(await labels('zh-cn')).toMatchObject({
      product_type: '服装',
      season: '四季',
      process: '直喷',
      wash_care: '冷水反面机洗，勿熨烫印花',
    });
  });

  it('gives the editor a mockup per colour of every surface, drawn at the template size, with print areas', async () => {
    const merchant = await findAdminUserByUsername(t.database.db, DEMO_USERNAMES.merchant);
    const headers = await t.authAs(adminActor(merchant!));
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/catalog/products', headers })
    ).json().data.list;
    expect(list).toHaveLength(5);
    for (const item of list as Array<{ id: string }>) {
      const p = (
        await t.app.inject({ method: 'GET', url: `/api/v1/admin/catalog/products/${item.id}`, headers })
      ).json().data;
      for (const s of p.surfaces) {
        expect(s.mockups.map((m: { color_id: string }) => m.color_id)).toEqual(
          p.colors.map((c: { id: string }) => c.id),
        );
        expect(s.print_area.x + s.print_area.width).toBeLessThanOrEqual(s.template.width);
        const file = await t.app.inject({ method: 'GET', url: s.mockups[0].image.url });
        expect(file.statusCode).toBe(200);
        const meta = await sharp(file.rawPayload).metadata();
        expect([meta.width, meta.height]).toEqual([s.template.width, s.template.height]);
      }
      if (p.en_name === 'Ceramic mug')
        expect(p.surfaces[0]).toMatchObject({ kind: 'wrap', blend: 'normal', min_dpi: 300 });
      if (p.product_type === 'apparel') expect(p.surfaces[0].blend).toBe('multiply');
    }
    // The demo merchant has an exclusive T-shirt price below the list price.
    const tee = (list as Array<{ id: string; style_code: string }>).find(
      (p) => p.style_code === 'TS-CLASSIC',
    )!;
    const q = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/catalog/quote',
      headers,
      payload: { product_id: tee.id, quantity: 2, surfaces: ['front'] },
    });
    expect(q.json().data).toMatchObject({
      base: 3000,
      tier: { kind: 'exclusive' },
      unit: 4000,
      subtotal: 8000,
    });
  });

  it('shows the supplier its SPU inventory with generated codes', async () => {
    const supplier = await findAdminUserByUsername(t.database.db, DEMO_USERNAMES.supplier);
    const headers = await t.authAs(adminActor(supplier!));
    const spus = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/spu?order=code,asc', headers })
    ).json().data;
    expect(spus.list.map((s: { code: string }) => s.code)).toEqual(['SPU000001', 'SPU000002']);
    const charts = (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/spuSizeTemplate', headers })
    ).json().data;
    expect(charts.total).toBe(2);
  });
});
