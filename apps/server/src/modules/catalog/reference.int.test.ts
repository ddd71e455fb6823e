import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildSupplierAdmin, buildTenant } from '../../../test/factories/index.ts';
import { buildImage } from '../../../test/factories/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor } from '../access/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
const ZH = { 'accept-language': 'zh-cn' };

async function supplier() {
  const tenant = await buildTenant(t.database.db);
  const admin = await buildSupplierAdmin(t.database.db, tenant.id);
  return { tenant, admin, headers: await t.authAs(adminActor(admin)) };
}

const post = async (headers: Record<string, string>, url: string, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });

describe('SPU categories', () => {
  it('builds a tree whose positions follow moves, and refuses cycles and deleting a used node', async () => {
    const { headers } = await supplier();
    const root = (await post(headers, '/api/v1/admin/spuCategory', { category_name: 'Apparel' })).json().data;
    expect(root).toMatchObject({
      category_name: 'Apparel',
      parent_id: null,
      level: 1,
      position: `${root.id}/`,
    });
    const child = await post(headers, '/api/v1/admin/spuCategory', {
      category_name: 'T-shirts',
      parent_id: root.id,
    });
    expect(child.statusCode, child.body).toBe(200);
    expect(child.json().data).toMatchObject({ level: 2, position: `${root.id}/${child.json().data.id}/` });
    const leaf = (
      await post(headers, '/api/v1/admin/spuCategory', {
        category_name: 'V-neck',
        parent_id: child.json().data.id,
      })
    ).json().data;

    // Moving the child to the root carries its subtree along.
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/spuCategory/${child.json().data.id}`,
      headers,
      payload: { parent_id: null },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ level: 1, position: `${child.json().data.id}/` });
    const leafNow = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/spuCategory/${leaf.id}`,
      headers,
    });
    expect(leafNow.json().data).toMatchObject({ level: 2, position: `${child.json().data.id}/${leaf.id}/` });

    const cycle = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/spuCategory/${child.json().data.id}`,
      headers: { ...headers, ...EN },
      payload: { parent_id: leaf.id },
    });
    expect(cycle.statusCode).toBe(400);
    expect(cycle.json().msg).toBe('A category cannot be moved under itself or one of its subcategories');

    const used = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/spuCategory/${child.json().data.id}`,
      headers: { ...headers, ...EN },
    });
    expect(used.statusCode).toBe(409);
    expect(used.json().msg).toBe('The category still has subcategories, SPUs or products');
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/spuCategory/${leaf.id}`,
      headers,
    });
    expect(gone.statusCode).toBe(200);
  });

  it('validates the name, needs a token, refuses merchants and hides other tenants', async () => {
    const { headers } = await supplier();
    const blank = await post({ ...headers, ...EN }, '/api/v1/admin/spuCategory', { category_name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().msg).toBe('Please enter category name');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/spuCategory' });
    expect(anonymous.statusCode).toBe(401);

    const own = (await post(headers, '/api/v1/admin/spuCategory', { category_name: 'Mine' })).json().data;
    const other = await supplier();
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/spuCategory/${own.id}`,
      headers: other.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const underForeign = await post(other.headers, '/api/v1/admin/spuCategory', {
      category_name: 'X',
      parent_id: own.id,
    });
    expect(underForeign.statusCode).toBe(404);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/spuCategory',
      headers: other.headers,
    });
    expect(list.json().data.total).toBe(0);

    const { primary } = await buildMerchant(t.database.db, other.tenant.id);
    const merchant = await t.authAs(adminActor(primary));
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/spuCategory', headers: merchant })).statusCode,
    ).toBe(403);
  });

  it('keeps an optional English name (issue 26): trimmed, edited, searched, at most 50 characters', async () => {
    const { headers } = await supplier();
    const plain = (await post(headers, '/api/v1/admin/spuCategory', { category_name: '箱包' })).json().data;
    expect(plain).toMatchObject({ category_name: '箱包', en_name: '' });
    const named = await post(headers, '/api/v1/admin/spuCategory', {
      category_name: '服装',
      en_name: ' Apparel ',
    });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data).toMatchObject({ category_name: '服装', en_name: 'Apparel' });

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/spuCategory/${plain.id}`,
      headers,
      payload: { en_name: 'Bags' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ category_name: '箱包', en_name: 'Bags' });
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/spuCategory?quickSearch=bags',
      headers,
    });
    expect(found.json().data.list.map((c: { id: string }) => c.id)).toEqual([plain.id]);

    const long = await post({ ...headers, ...EN }, '/api/v1/admin/spuCategory', {
      category_name: '长',
      en_name: 'x'.repeat(51),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().data.errors[0].field).toBe('en_name');
  });
});

describe('colours, sizes, attributes, dictionary', () => {
  it('keeps a colour with its hex and swatch image, and refuses deleting the swatch while used', async () => {
    const { tenant, headers, admin } = await supplier();
    const swatch = await buildImage(
      { db: t.database.db, storage: t.services.storage },
      { tenantId: tenant.id, uploaderId: admin.id },
      { width: 40, height: 40, hex: '#123456' },
    );
    const res = await post(headers, '/api/v1/admin/spuColor', {
      name: '藏青',
      en_name: 'Navy',
      hex: '#1E3A5F',
      swatch: swatch.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const color = res.json().data;
    expect(color).toMatchObject({
      name: '藏青',
      en_name: 'Navy',
      hex: '#1e3a5f',
      swatch: { id: swatch.id, width: 40, height: 40 },
    });
    expect(color.swatch.url).toMatch(/^\/files\//);
    const file = await t.app.inject({ method: 'GET', url: color.swatch.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    // The upload is in use: deleting it is a conflict, not a dangling colour.
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/attachment/${swatch.id}`,
      headers,
    });
    expect(del.statusCode).toBe(409);

    const badHex = await post({ ...headers, ...EN }, '/api/v1/admin/spuColor', { name: 'X', hex: 'navy' });
    expect(badHex.statusCode).toBe(400);
    const other = await supplier();
    const foreignSwatch = await post(other.headers, '/api/v1/admin/spuColor', {
      name: 'Y',
      hex: '#000000',
      swatch: swatch.id,
    });
    expect(foreignSwatch.statusCode).toBe(404);
  });

  it('sizes, size attributes, attributes and dictionary entries', async () => {
    const { headers } = await supplier();
    const size = await post(headers, '/api/v1/admin/spuSize', {
      name: 'XL',
      en_name: 'Extra large',
      sort: 5,
    });
    expect(size.json().data).toMatchObject({
      name: 'XL',
      en_name: 'Extra large',
      sort: 5,
      status: 'enabled',
    });
    const attr = await post(headers, '/api/v1/admin/spuSizeAttribute', {
      name: '胸宽',
      en_name: 'Chest width',
    });
    expect(attr.json().data).toMatchObject({ unit: 'cm' });
    const attribute = await post(headers, '/api/v1/admin/spuAttribute', {
      name: 'Collar',
      values: ['Round', 'V-neck'],
    });
    expect(attribute.json().data.values).toEqual(['Round', 'V-neck']);
    const dupeValues = await post(headers, '/api/v1/admin/spuAttribute', {
      name: 'Collar',
      values: ['Round', 'Round'],
    });
    expect(dupeValues.statusCode).toBe(400);

    const season = await post(headers, '/api/v1/admin/spuDictionary', {
      type: 'season',
      label: 'Summer',
      value: 'summer',
    });
    expect(season.statusCode, season.body).toBe(200);
    const again = await post({ ...headers, ...EN }, '/api/v1/admin/spuDictionary', {
      type: 'season',
      label: 'Summer 2',
      value: 'summer',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This value already exists for the dictionary type');
    const filtered = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/spuDictionary?type=season',
      headers,
    });
    expect(filtered.json().data.list.map((d: { value: string }) => d.value)).toEqual(['summer']);
    const options = await t.app.inject({ method: 'GET', url: '/api/v1/admin/spuSize?select=true', headers });
    expect(options.json().data.options).toEqual([{ value: size.json().data.id, label: 'XL' }]);
  });
});

describe('dictionary labels in two languages (issue 26)', () => {
  it('keeps a Chinese and an English label, validated, within the tenant', async () => {
    const { headers } = await supplier();
    const created = await post(headers, '/api/v1/admin/spuDictionary', {
      type: 'product_type',
      label: '服装',
      en_label: ' Apparel ',
      value: 'apparel',
    });
    expect(created.statusCode, created.body).toBe(200);
    const entry = created.json().data;
    expect(entry).toMatchObject({ label: '服装', en_label: 'Apparel', value: 'apparel' });
    // Without an English label it is empty (the Chinese label shows in English).
    const plain = await post(headers, '/api/v1/admin/spuDictionary', {
      type: 'season',
      label: '四季',
      value: 'all',
    });
    expect(plain.json().data.en_label).toBe('');
    const url = `/api/v1/admin/spuDictionary/${entry.id}`;
    const edited = await t.app.inject({ method: 'PATCH', url, headers, payload: { en_label: 'Clothing' } });
    expect(edited.statusCode, edited.body).toBe(200);
    const read = await t.app.inject({ method: 'GET', url, headers });
    expect(read.json().data).toMatchObject({ label: '服装', en_label: 'Clothing' });
    const found = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/spuDictionary?quickSearch=Clothing',
      headers,
    });
    expect(found.json().data.list.map((d: { id: string }) => d.id)).toEqual([entry.id]);

    // Too long: a 400 naming the field in the request's language, and nothing written.
    for (const [lang, msg] of [
      [EN, /english label/i],
      [ZH, /英文标签/],
    ] as const) {
      const long = await t.app.inject({
        method: 'PATCH',
        url,
        headers: { ...headers, ...lang },
        payload: { label: '衣服', en_label: 'x'.repeat(51) },
      });
      expect(long.statusCode).toBe(400);
      expect(long.json().data.errors[0]).toMatchObject({ field: 'en_label' });
      expect(long.json().msg).toMatch(msg);
    }
    const wrongType = await post(headers, '/api/v1/admin/spuDictionary', {
      type: 'unit',
      label: '件',
      en_label: 7,
      value: 'piece',
    });
    expect(wrongType.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url, headers })).json().data).toMatchObject({
      label: '服装',
      en_label: 'Clothing',
    });

    // No token: 401; another tenant's supplier neither reads nor edits it.
    const anonymous = await t.app.inject({ method: 'PATCH', url, payload: { en_label: 'Stolen' } });
    expect(anonymous.statusCode).toBe(401);
    const other = await supplier();
    const foreign = await t.app.inject({
      method: 'PATCH',
      url,
      headers: other.headers,
      payload: { en_label: 'Stolen' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers: other.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url, headers })).json().data.en_label).toBe('Clothing');
  });
});

describe('size templates', () => {
  it('says "Template name cannot be empty." in both languages, blank or missing', async () => {
    const { headers } = await supplier();
    const attr = (await post(headers, '/api/v1/admin/spuSizeAttribute', { name: 'Length' })).json().data;
    const size = (await post(headers, '/api/v1/admin/spuSize', { name: 'M' })).json().data;
    const chart = {
      size_attribute_ids: [attr.id],
      rows: [{ size_id: size.id, values: { [attr.id]: 70.5 } }],
    };
    for (const body of [chart, { ...chart, template_name: '   ' }]) {
      const en = await post({ ...headers, ...EN }, '/api/v1/admin/spuSizeTemplate', body);
      expect(en.statusCode).toBe(400);
      expect(en.json().msg).toBe('Template name cannot be empty.');
      expect(en.json().data.errors[0]).toMatchObject({ field: 'template_name' });
      const zh = await post({ ...headers, ...ZH }, '/api/v1/admin/spuSizeTemplate', body);
      expect(zh.json().msg).toBe('模板名称不能为空。');
    }
    const patchBlank = await post(headers, '/api/v1/admin/spuSizeTemplate', {
      ...chart,
      template_name: 'Tee',
    });
    const blank = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/spuSizeTemplate/${patchBlank.json().data.id}`,
      headers: { ...headers, ...EN },
      payload: { template_name: '' },
    });
    expect(blank.json().msg).toBe('Template name cannot be empty.');
  });

  it('stores measurements per size with column and size names, and checks the chart', async () => {
    const { headers } = await supplier();
    const chest = (
      await post(headers, '/api/v1/admin/spuSizeAttribute', { name: 'Chest', unit: 'cm' })
    ).json().data;
    const length = (
      await post(headers, '/api/v1/admin/spuSizeAttribute', { name: 'Length', unit: 'cm' })
    ).json().data;
    const s = (await post(headers, '/api/v1/admin/spuSize', { name: 'S' })).json().data;
    const m = (await post(headers, '/api/v1/admin/spuSize', { name: 'M' })).json().data;
    const res = await post(headers, '/api/v1/admin/spuSizeTemplate', {
      template_name: 'T-shirt',
      size_attribute_ids: [chest.id, length.id],
      rows: [
        { size_id: s.id, values: { [chest.id]: 48, [length.id]: 68 } },
        { size_id: m.id, values: { [chest.id]: 51, [length.id]: null } },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      template_name: 'T-shirt',
      columns: [
        { id: chest.id, name: 'Chest', unit: 'cm' },
        { id: length.id, name: 'Length', unit: 'cm' },
      ],
      rows: [
        { size_id: s.id, size_name: 'S', values: { [chest.id]: 48, [length.id]: 68 } },
        { size_id: m.id, size_name: 'M', values: { [chest.id]: 51, [length.id]: null } },
      ],
    });
    // A column the chart does not have, the same size twice, a PATCH dropping a used column.
    const stray = await post({ ...headers, ...EN }, '/api/v1/admin/spuSizeTemplate', {
      template_name: 'Bad',
      size_attribute_ids: [chest.id],
      rows: [{ size_id: s.id, values: { [length.id]: 1 } }],
    });
    expect(stray.json().msg).toBe('The size chart has a value for a column it does not have');
    const twice = await post(headers, '/api/v1/admin/spuSizeTemplate', {
      template_name: 'Bad',
      size_attribute_ids: [chest.id],
      rows: [
        { size_id: s.id, values: {} },
        { size_id: s.id, values: {} },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const dropColumn = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/spuSizeTemplate/${res.json().data.id}`,
      headers,
      payload: { size_attribute_ids: [chest.id] },
    });
    expect(dropColumn.statusCode).toBe(400);
    // The size and the attribute are in use by the chart.
    const inUse = await t.app.inject({ method: 'DELETE', url: `/api/v1/admin/spuSize/${s.id}`, headers });
    expect(inUse.statusCode).toBe(409);
    const attrInUse = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/spuSizeAttribute/${chest.id}`,
      headers,
    });
    expect(attrInUse.statusCode).toBe(409);
  });
});
