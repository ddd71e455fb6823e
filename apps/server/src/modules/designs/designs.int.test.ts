import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { quote, surfaceInputSchema, type PriceList } from '@pod/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildSupplierAdmin, buildTenant } from '../../../test/factories/index.ts';
import {
  buildCatalogBasics,
  buildImage,
  buildProduct,
  surfaceInput,
} from '../../../test/factories/catalog.ts';
import { exportedColumn as exportColumn } from '../../../test/helpers/export-file.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { catalogCategories, catalogColors, catalogProducts, merchants } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
const deps = () => ({ db: t.database.db, storage: t.services.storage });
const BASE = '/api/v1/admin/design';

async function setup(options: { designCount?: number } = {}) {
  const tenant = await buildTenant(t.database.db);
  const admin = await buildSupplierAdmin(t.database.db, tenant.id);
  const supplier = await t.authAs(adminActor(admin));
  const level = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/merchantLevel',
    headers: supplier,
    payload: { name: 'Gold', design_count: options.designCount ?? 100, storage_count: 1000 },
  });
  expect(level.statusCode, level.body).toBe(200);
  const m = await buildMerchant(t.database.db, tenant.id);
  const n = await buildMerchant(t.database.db, tenant.id);
  for (const id of [m.merchant.id, n.merchant.id])
    await t.database.db.update(merchants).set({ levelId: level.json().data.id }).where(eq(merchants.id, id));
  const basics = await buildCatalogBasics(t.database.db, tenant.id);
  const { product } = await buildProduct(deps(), tenant.id, {
    onSale: true,
    category_id: basics.category.id,
    color_ids: basics.colors.map((c) => c.id),
    size_ids: basics.sizes.map((z) => z.id),
  });
  const image = await buildImage(
    deps(),
    { tenantId: tenant.id, merchantId: m.merchant.id, uploaderId: m.primary.id },
    { width: 600, height: 600, hex: '#3366cc' },
  );
  return {
    tenant,
    supplier,
    admin,
    m,
    n,
    basics,
    product,
    image,
    headers: { ...EN, ...(await t.authAs(adminActor(m.primary))) },
    headersN: { ...EN, ...(await t.authAs(adminActor(n.primary))) },
  };
}
type Setup = Awaited<ReturnType<typeof setup>>;

function documentFor(s: Setup, colorIndex = 0, extra: Record<string, unknown>[] = []) {
  return {
    version: 2,
    product_id: s.product.id,
    color_id: s.basics.colors[colorIndex]!.id,
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
            text: 'Hello 你好',
            font_family: 'Noto Sans SC',
            font_size: 120,
            color: '#cc2200',
            bend: 20,
          },
          {
            id: 'photo',
            name: 'Photo',
            type: 'image',
            x: 200,
            y: 400,
            width: 600,
            height: 600,
            source: { kind: 'attachment', id: s.image.id },
            natural_width: 600,
            natural_height: 600,
          },
          ...extra,
        ],
      },
    },
  };
}

const save = (s: Setup, payload: Record<string, unknown>, headers = s.headers) =>
  t.app.inject({ method: 'POST', url: `${BASE}/finished`, headers, payload });

async function waitForJob(id: string, headers: Record<string, string>) {
  for (let i = 0; i < 240; i += 1) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers });
    const job = res.json().data;
    if (job.state === 'completed' || job.state === 'failed') return job;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('job did not finish');
}

/** The values of one column of the finished-products export, run with `headers` (and its language). */
function exportedColumn(headers: Record<string, string>, header: string): Promise<string[]> {
  return exportColumn(t, headers, 'publish/finished/my', header);
}

describe('saving a design as a finished product', () => {
  it('validates, prices with the shared engine, renders print files with their size and DPI, and lists it', async () => {
    const s = await setup();
    const res = await save(s, {
      product_id: s.product.id,
      name: 'Summer tee',
      documents: [documentFor(s, 0), documentFor(s, 1)],
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json().data;
    expect(reply.finished.code).toMatch(/^F\d{6}[0-9A-Z]{6}$/);
    expect(reply.finished.faces).toEqual(['front']);
    expect(reply.findings.some((f: { code: string }) => f.code === 'dpi')).toBe(true);

    // The editor's price preview: the shared engine on the catalogue's price list.
    const product = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/catalog/products/${s.product.id}`,
      headers: s.headers,
    });
    expect(product.statusCode, product.body).toBe(200);
    const p = product.json().data;
    const preview = quote(p.price_list as PriceList, p.buyer, { quantity: 1, surfaces: ['front'] });
    expect(reply.finished.unit_price).toBe(preview.unit);

    const job = await waitForJob(reply.job_id, s.headers);
    expect(job.state, job.error).toBe('completed');
    expect(job.progress).toBe(100);

    const got = await t.app.inject({
      method: 'GET',
      url: `${BASE}/finished/${reply.finished.id}`,
      headers: s.headers,
    });
    expect(got.statusCode).toBe(200);
    const detail = got.json().data;
    expect(detail.render_status).toBe('done');
    expect(detail.render_count).toBe(1);
    expect(detail.documents).toHaveLength(2);
    // Edit again needs the uploads' URLs: the photo layer's attachment comes back signed.
    expect(detail.assets).toEqual([expect.objectContaining({ kind: 'attachment', id: s.image.id })]);
    expect((await t.app.inject({ method: 'GET', url: detail.assets[0].url })).statusCode).toBe(200);
    const front = detail.surfaces.filter((x: { surface_key: string }) => x.surface_key === 'front');
    expect(front).toHaveLength(2);
    for (const surface of front) {
      const file = await t.app.inject({ method: 'GET', url: surface.print_url });
      expect(file.statusCode).toBe(200);
      const meta = await sharp(file.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 1000, height: 1200, density: 300, hasAlpha: true });
      const mockup = await t.app.inject({ method: 'GET', url: surface.mockup_url });
      expect((await sharp(mockup.rawPayload).metadata()).format).toBe('webp');
      const thumb = await t.app.inject({ method: 'GET', url: surface.thumb_url });
      expect(thumb.statusCode).toBe(200);
    }
    // The text was drawn: the print has red ink in the title's box.
    const print = await t.app.inject({ method: 'GET', url: front[0].print_url });
    const { data, info } = await sharp(print.rawPayload)
      .extract({ left: 100, top: 0, width: 800, height: 300 })
      .raw()
      .toBuffer({ resolveWithObject: true });
    let red = 0;
    for (let i = 0; i < data.length; i += info.channels)
      if (data[i + 3]! > 200 && data[i]! > 150 && data[i + 2]! < 80) red += 1;
    expect(red).toBeGreaterThan(2000);

    const list = await t.app.inject({
      method: 'GET',
      url: `${BASE}/finished?keyword=Summer`,
      headers: s.headers,
    });
    expect(list.json().data.total).toBe(1);
    expect(list.json().data.list[0].thumb_url).toMatch(/^\/files\//);
  });

  it("applies the surface's mask to the mockup: the design shows only where the mask is white", async () => {
    const s = await setup();
    const owner = { tenantId: s.tenant.id };
    // Template-sized (200 × 200) mask: black left of x = 100 (mid print area), white right of it.
    const raw = Buffer.alloc(200 * 200 * 3);
    for (let p = 0; p < 200 * 200; p += 1) raw.fill(p % 200 < 100 ? 0 : 255, p * 3, p * 3 + 3);
    const mask = await buildImage(deps(), owner, {
      png: await sharp(raw, { raw: { width: 200, height: 200, channels: 3 } })
        .png()
        .toBuffer(),
    });
    const grey = await buildImage(deps(), owner, { hex: '#c8c8c8' });
    const { product } = await buildProduct(deps(), s.tenant.id, {
      onSale: true,
      category_id: s.basics.category.id,
      color_ids: [s.basics.colors[0]!.id],
      size_ids: s.basics.sizes.map((z) => z.id),
      surfaces: [
        surfaceInputSchema.parse(
          surfaceInput('front', [{ color_id: s.basics.colors[0]!.id, image: grey.id }], { mask: mask.id }),
        ),
      ],
    });
    const document = {
      version: 2,
      product_id: product.id,
      color_id: s.basics.colors[0]!.id,
      surfaces: {
        front: {
          layers: [{ id: 'fill', type: 'rectangle', x: 0, y: 0, width: 1000, height: 1200, fill: '#ff0000' }],
        },
      },
    };
    const res = await save(s, { product_id: product.id, name: 'Masked', documents: [document] });
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitForJob(res.json().data.job_id, s.headers);
    expect(job.state, job.error).toBe('completed');
    const detail = (
      await t.app.inject({
        method: 'GET',
        url: `${BASE}/finished/${res.json().data.finished.id}`,
        headers: s.headers,
      })
    ).json().data;
    const mockup = await t.app.inject({ method: 'GET', url: detail.surfaces[0].mockup_url });
    const { data, info } = await sharp(mockup.rawPayload).raw().toBuffer({ resolveWithObject: true });
    const pixel = (x: number, y: number) =>
      Array.from(data.subarray((y * 200 + x) * info.channels, (y * 200 + x) * info.channels + 3));
    // Print area (50, 40, 100 × 120): masked-out left half keeps the grey template (WebP is lossy:
    // a few levels), the right half is multiplied red.
    for (const [x, y] of [
      [60, 60],
      [90, 140],
    ] as const)
      pixel(x, y).forEach((v) => expect(Math.abs(v - 200), `${x},${y}`).toBeLessThanOrEqual(8));
    for (const [x, y] of [
      [110, 60],
      [140, 140],
    ] as const) {
      const [r, g, b] = pixel(x, y);
      expect(r, `${x},${y}`).toBeGreaterThan(180);
      expect(Math.max(g!, b!), `${x},${y}`).toBeLessThan(30);
    }
  });

  it('rejects a malformed layer with the path of the bad field', async () => {
    const s = await setup();
    const doc = documentFor(s);
    (doc.surfaces.front.layers[0] as Record<string, unknown>).font_size = -3;
    const res = await save(s, { product_id: s.product.id, name: 'Bad', documents: [doc] });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors[0].field).toBe('documents.0.surfaces.front.layers.0.font_size');
    expect(res.json().msg).toContain('documents.0.surfaces.front.layers.0.font_size');
  });

  it('refuses a font that is not bundled', async () => {
    const s = await setup();
    const doc = documentFor(s);
    (doc.surfaces.front.layers[0] as Record<string, unknown>).font_family = 'Comic Sans';
    const res = await save(s, { product_id: s.product.id, name: 'Font', documents: [doc] });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toContain('Comic Sans');
    expect(res.json().data.errors[0].field).toBe('documents.0.surfaces.front.layers.0.font_family');
  });

  it('refuses a red-DPI image unless the merchant confirms, naming the layer', async () => {
    const s = await setup();
    const small = await buildImage(
      deps(),
      { tenantId: s.tenant.id, merchantId: s.m.merchant.id },
      { width: 100, height: 100 },
    );
    const blurry = {
      id: 'blurry',
      name: 'Tiny logo',
      type: 'image',
      x: 100,
      y: 300,
      width: 800,
      height: 800,
      source: { kind: 'attachment', id: small.id },
      natural_width: 100,
      natural_height: 100,
    };
    const payload = { product_id: s.product.id, name: 'Blurry', documents: [documentFor(s, 0, [blurry])] };
    const refused = await save(s, payload);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toContain('Tiny logo');
    expect(refused.json().data.needs_confirmation).toBe(true);
    const confirmed = await save(s, { ...payload, confirmed_blurry: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
  });

  it('refuses a material the merchant may not use (unauthorised official, blacklisted) and another merchant’s upload', async () => {
    const s = await setup();
    const official = await buildImage(deps(), { tenantId: s.tenant.id });
    const unauthorised = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/material',
      headers: s.supplier,
      payload: { attachment_id: official.id, name: 'Official', visibility: 'tenant' },
    });
    expect(unauthorised.statusCode, unauthorised.body).toBe(200);
    const official2 = await buildImage(deps(), { tenantId: s.tenant.id });
    const blacklisted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/material',
      headers: s.supplier,
      payload: {
        attachment_id: official2.id,
        name: 'Blacklisted',
        visibility: 'tenant',
        blacklist: [s.m.merchant.id],
      },
    });
    expect(blacklisted.statusCode, blacklisted.body).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/admin/material/${blacklisted.json().data.id}/authorise`,
      headers: s.supplier,
      payload: { is_authorised: true },
    });
    const layer = (id: string, kind = 'material') => ({
      id: 'mat',
      type: 'image',
      x: 100,
      y: 300,
      width: 200,
      height: 200,
      source: { kind, id },
      natural_width: 200,
      natural_height: 200,
    });
    for (const id of [unauthorised.json().data.id, blacklisted.json().data.id]) {
      const res = await save(s, {
        product_id: s.product.id,
        name: 'Mat',
        documents: [documentFor(s, 0, [layer(id)])],
      });
      expect(res.statusCode).toBe(404);
    }
    const others = await buildImage(deps(), { tenantId: s.tenant.id, merchantId: s.n.merchant.id });
    const res = await save(s, {
      product_id: s.product.id,
      name: 'Upload',
      documents: [documentFor(s, 0, [layer(others.id, 'attachment')])],
    });
    expect(res.statusCode).toBe(404);
  });

  it('enforces the level’s monthly design quota', async () => {
    const s = await setup({ designCount: 1 });
    const payload = { product_id: s.product.id, name: 'One', documents: [documentFor(s)] };
    expect((await save(s, payload)).statusCode).toBe(200);
    const second = await save(s, { ...payload, name: 'Two' });
    expect(second.statusCode).toBe(409);
    // Deleting does not give the slot back.
    const list = await t.app.inject({ method: 'GET', url: `${BASE}/finished`, headers: s.headers });
    const id = list.json().data.list[0].id;
    expect(
      (await t.app.inject({ method: 'DELETE', url: `${BASE}/finished/${id}`, headers: s.headers }))
        .statusCode,
    ).toBe(200);
    expect((await save(s, { ...payload, name: 'Three' })).statusCode).toBe(409);
  });

  it('keeps designs from another merchant and another tenant (404), and needs a token', async () => {
    const s = await setup();
    const res = await save(s, { product_id: s.product.id, name: 'Mine', documents: [documentFor(s)] });
    const id = res.json().data.finished.id;
    const other = await buildTenant(t.database.db);
    const o = await buildMerchant(t.database.db, other.id);
    const headersO = { ...EN, ...(await t.authAs(adminActor(o.primary))) };
    for (const headers of [s.headersN, headersO]) {
      expect((await t.app.inject({ method: 'GET', url: `${BASE}/finished/${id}`, headers })).statusCode).toBe(
        404,
      );
      expect(
        (await t.app.inject({ method: 'POST', url: `${BASE}/finished/${id}/render`, headers })).statusCode,
      ).toBe(404);
      expect(
        (
          await t.app.inject({
            method: 'PUT',
            url: `${BASE}/finished/${id}`,
            headers,
            payload: { name: 'x', documents: [documentFor(s)] },
          })
        ).statusCode,
      ).toBe(404);
      expect(
        (await t.app.inject({ method: 'DELETE', url: `${BASE}/finished/${id}`, headers })).statusCode,
      ).toBe(404);
      const list = await t.app.inject({ method: 'GET', url: `${BASE}/finished`, headers });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.total).toBe(0);
    }
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/finished/${id}` })).statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/finished/${id}`, headers: s.supplier })).statusCode,
    ).toBe(403);
  });
});

describe('the finished products list', () => {
  it("names the catalogue product and its colours in the reader's language, Chinese when no English is given (issue 26)", async () => {
    const s = await setup();
    const [white, black] = s.basics.colors;
    await t.database.db
      .update(catalogProducts)
      .set({ name: '经典T恤', enName: 'Classic tee' })
      .where(eq(catalogProducts.id, s.product.id));
    await t.database.db
      .update(catalogColors)
      .set({ name: '白色', enName: 'White' })
      .where(eq(catalogColors.id, white!.id));
    await t.database.db
      .update(catalogColors)
      .set({ name: '黑色', enName: '' })
      .where(eq(catalogColors.id, black!.id));
    const created = await save(s, {
      product_id: s.product.id,
      name: 'Names',
      documents: [documentFor(s, 0), documentFor(s, 1)],
    });
    expect(created.statusCode, created.body).toBe(200);
    const listIn = async (lang: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${BASE}/finished`,
        headers: { ...s.headers, 'accept-language': lang },
      });
      expect(res.statusCode, res.body).toBe(200);
      const row = res.json().data.list[0] as { product_name: string; colors: Array<{ name: string }> };
      return { product: row.product_name, colors: row.colors.map((c) => c.name).sort() };
    };
    expect(await listIn('en')).toEqual({ product: 'Classic tee', colors: ['White', '黑色'].sort() });
    expect(await listIn('zh-CN')).toEqual({ product: '经典T恤', colors: ['白色', '黑色'].sort() });
  });

  it('edits again, copies, groups, moves, deletes and exports to xlsx', async () => {
    const s = await setup();
    // The product's front surface has a Chinese and an English name.
    await t.database.db
      .update(catalogProducts)
      .set({
        surfaces: s.product.surfaces.map((x) =>
          x.key === 'front' ? { ...x, name: '前片', en_name: 'Front (en)' } : x,
        ),
      })
      .where(eq(catalogProducts.id, s.product.id));
    // Its category has an English name too.
    await t.database.db
      .update(catalogCategories)
      .set({ enName: 'Category (en)' })
      .where(eq(catalogCategories.id, s.basics.category.id));
    const created = await save(s, { product_id: s.product.id, name: 'Base', documents: [documentFor(s)] });
    const id = created.json().data.finished.id;
    await waitForJob(created.json().data.job_id, s.headers);

    const doc = documentFor(s);
    doc.surfaces.front.layers[0]!.text = 'Edited';
    const edited = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/finished/${id}`,
      headers: s.headers,
      payload: { name: 'Base v2', documents: [doc], size_mode: 'custom', custom_sizes: [{ name: 'XXL' }] },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const job = await waitForJob(edited.json().data.job_id, s.headers);
    expect(job.state).toBe('completed');
    const after = (
      await t.app.inject({ method: 'GET', url: `${BASE}/finished/${id}`, headers: s.headers })
    ).json().data;
    expect(after.render_count).toBe(2);
    expect(after.documents[0].surfaces.front.layers[0].text).toBe('Edited');
    expect(after.custom_sizes).toEqual([{ name: 'XXL', measurements: '' }]);

    const copy = await t.app.inject({
      method: 'POST',
      url: `${BASE}/finished/${id}/copy`,
      headers: s.headers,
      payload: {},
    });
    expect(copy.statusCode, copy.body).toBe(200);
    expect(copy.json().data.finished.code).not.toBe(after.code);

    const primary = await t.app.inject({
      method: 'POST',
      url: `${BASE}/groups`,
      headers: s.headers,
      payload: { name: 'Tees' },
    });
    const secondary = await t.app.inject({
      method: 'POST',
      url: `${BASE}/groups`,
      headers: s.headers,
      payload: { name: 'Summer', parent_id: primary.json().data.id },
    });
    expect(secondary.statusCode).toBe(200);
    const third = await t.app.inject({
      method: 'POST',
      url: `${BASE}/groups`,
      headers: s.headers,
      payload: { name: 'Too deep', parent_id: secondary.json().data.id },
    });
    expect(third.statusCode).toBe(400);
    const move = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/finished/move`,
      headers: s.headers,
      payload: { ids: [id], group_id: secondary.json().data.id },
    });
    expect(move.statusCode, move.body).toBe(200);
    const tree = (await t.app.inject({ method: 'GET', url: `${BASE}/groups`, headers: s.headers })).json()
      .data;
    expect(tree[0]).toMatchObject({ name: 'Tees', product_count: 1 });
    expect(tree[0].children[0]).toMatchObject({ name: 'Summer', product_count: 1 });
    const inGroup = await t.app.inject({
      method: 'GET',
      url: `${BASE}/finished?group_id=${primary.json().data.id}`,
      headers: s.headers,
    });
    expect(inGroup.json().data.list.map((f: { id: string }) => f.id)).toEqual([id]);
    expect(inGroup.json().data.list[0].group_name).toBe('Tees / Summer');
    const moveForeign = await t.app.inject({
      method: 'PUT',
      url: `${BASE}/finished/move`,
      headers: s.headersN,
      payload: { ids: [id], group_id: null },
    });
    expect(moveForeign.statusCode).toBe(404);
    // Deleting a group deletes its sub-groups; the products anywhere in them fall back to no group.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/groups/${primary.json().data.id}`,
      headers: s.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/groups`, headers: s.headers })).json().data,
    ).toEqual([]);
    const ungrouped = await t.app.inject({
      method: 'GET',
      url: `${BASE}/finished?group_id=none`,
      headers: s.headers,
    });
    expect(ungrouped.json().data.list.map((f: { id: string }) => f.id)).toContain(id);

    // The list's export runs on the exports module (issue 24) with the list's filters.
    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/exports',
      headers: s.headers,
      payload: { page: 'publish/finished/my', filters: {} },
    });
    expect(exported.statusCode, exported.body).toBe(200);
    let record = exported.json().data;
    for (let i = 0; i < 240 && !['completed', 'failed'].includes(record.status); i += 1) {
      await new Promise((r) => setTimeout(r, 100));
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/exports/${record.id}`,
        headers: s.headers,
      });
      record = res.json().data;
    }
    expect(record.status, record.error_log).toBe('completed');
    expect(record.actual_count).toBe(2);
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/exports/${record.id}/link`,
      headers: s.headers,
    });
    const file = await t.app.inject({ method: 'GET', url: link.json().data.url });
    expect(file.rawPayload.subarray(0, 2).toString()).toBe('PK');
    // The faces column names the designed surfaces in the export's language (issue 26), not by key.
    const faces = await exportedColumn(s.headers, 'Faces');
    expect(faces).toEqual(['Front (en)', 'Front (en)']);
    const zhFaces = await exportedColumn({ ...s.headers, 'accept-language': 'zh-cn' }, '设计面');
    expect(zhFaces).toEqual(['前片', '前片']);
    expect(await exportedColumn(s.headers, 'Category')).toEqual(['Category (en)', 'Category (en)']);

    const del = await t.app.inject({ method: 'DELETE', url: `${BASE}/finished/${id}`, headers: s.headers });
    expect(del.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: `${BASE}/finished`, headers: s.headers });
    expect(list.json().data.total).toBe(1);
  });

  it('runs a batch design over several products as one job with progress', async () => {
    const s = await setup();
    const targets = [];
    for (let i = 0; i < 20; i += 1) {
      const { product } = await buildProduct(deps(), s.tenant.id, {
        onSale: true,
        category_id: s.basics.category.id,
        color_ids: s.basics.colors.map((c) => c.id),
        size_ids: s.basics.sizes.map((z) => z.id),
        surfaceKeys: ['front'],
      });
      targets.push({ product_id: product.id, color_ids: [s.basics.colors[0]!.id] });
    }
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/batch`,
      headers: s.headers,
      payload: { document: documentFor(s), targets, name: 'Batch' },
    });
    expect(res.statusCode, res.body).toBe(200);
    // The progress bar moves through the batch, not only at the end.
    const seen = new Set<number>();
    let job;
    for (let i = 0; i < 600; i += 1) {
      job = (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/jobs/${res.json().data.job_id}`,
          headers: s.headers,
        })
      ).json().data;
      seen.add(job.progress);
      if (job.state === 'completed' || job.state === 'failed') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(job.state, job.error).toBe('completed');
    expect(job.progress).toBe(100);
    expect([...seen].filter((p) => p > 0 && p < 100).length).toBeGreaterThan(2);
    expect(job.result.failed).toEqual([]);
    expect(job.result.created).toHaveLength(20);
    const list = await t.app.inject({
      method: 'GET',
      url: `${BASE}/finished?keyword=Batch`,
      headers: s.headers,
    });
    expect(list.json().data.total).toBe(20);
    expect(list.json().data.list.every((f: { render_status: string }) => f.render_status === 'done')).toBe(
      true,
    );
  });

  it('maps surfaces by role in a batch (a T-shirt front onto a mug wrap) and gives each failure its reason in both languages (issue 26)', async () => {
    const s = await setup();
    const make = async (surfaceKeys: string[]) =>
      (
        await buildProduct(deps(), s.tenant.id, {
          onSale: true,
          category_id: s.basics.category.id,
          color_ids: s.basics.colors.map((c) => c.id),
          size_ids: s.basics.sizes.map((z) => z.id),
          surfaceKeys,
        })
      ).product;
    const mug = await make(['wrap']);
    const twoFronts = await make(['front_left', 'front_right']);
    const sleeves = await make(['sleeve_left', 'sleeve_right']);
    const colour = [s.basics.colors[0]!.id];
    const run = async (targets: Array<Record<string, unknown>>) => {
      const res = await t.app.inject({
        method: 'POST',
        url: `${BASE}/batch`,
        headers: s.headers,
        payload: { document: documentFor(s), targets, name: 'Roles' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const job = await waitForJob(res.json().data.job_id, s.headers);
      expect(job.state, job.error).toBe('completed');
      return job.result as {
        created: Array<{ product_id: string; finished_id: string }>;
        failed: Array<{ product_id: string; message: string; messages: { 'zh-cn': string; en: string } }>;
      };
    };

    const first = await run([
      { product_id: mug.id, color_ids: colour },
      { product_id: twoFronts.id, color_ids: colour },
      { product_id: sleeves.id, color_ids: colour },
    ]);
    // The mug gets the front's design on its wrap.
    expect(first.created.map((c) => c.product_id)).toEqual([mug.id]);
    const detail = await t.app.inject({
      method: 'GET',
      url: `${BASE}/finished/${first.created[0]!.finished_id}`,
      headers: s.headers,
    });
    expect(Object.keys(detail.json().data.documents[0].surfaces)).toEqual(['wrap']);
    // Each failure names its reason, in the requester's language (en) and in Chinese.
    const byProduct = new Map(first.failed.map((f) => [f.product_id, f]));
    const ambiguous = byProduct.get(twoFronts.id)!;
    expect(ambiguous.message).toContain('front_left');
    expect(ambiguous.message).toMatch(/^Choose where/);
    expect(ambiguous.messages['zh-cn']).toMatch(/请为设计的/);
    const none = byProduct.get(sleeves.id)!;
    expect(none.message).toContain('sleeve_left');
    expect(none.messages['zh-cn']).toMatch(/没有可放置设计/);

    // Choosing the surface makes the ambiguous product; a choice naming no surface is refused.
    const second = await run([
      { product_id: twoFronts.id, color_ids: colour, surface_map: { front: 'front_right' } },
      { product_id: sleeves.id, color_ids: colour, surface_map: { front: 'pocket' } },
    ]);
    expect(second.created.map((c) => c.product_id)).toEqual([twoFronts.id]);
    const chosen = await t.app.inject({
      method: 'GET',
      url: `${BASE}/finished/${second.created[0]!.finished_id}`,
      headers: s.headers,
    });
    expect(Object.keys(chosen.json().data.documents[0].surfaces)).toEqual(['front_right']);
    expect(second.failed[0]!.message).toContain('pocket');
  });
});
