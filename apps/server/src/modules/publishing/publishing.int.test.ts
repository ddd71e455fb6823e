import { tmpdir } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  listingFieldsSchema,
  PUBLISH_JOBS,
  publishingOperations,
  type ListingFieldsInput,
  type PublishJobResult,
} from '@pod/shared';
import { buildPlatformAdmin, unique } from '../../../test/factories/index.ts';
import { buildCheckoutWorld, type CheckoutWorld } from '../../../test/factories/orders.ts';
import { staffWithRole } from '../../../test/helpers/access.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import {
  finishedProducts,
  levels,
  merchants,
  orderLines,
  orders,
  orderSkuMappings,
  publishListings,
  riskWords,
} from '../../db/schema/index.ts';
import { multipart, png } from '../../../test/helpers/multipart.ts';
import { upsertMarketplaceOrder, type MarketplaceOrderInput } from '../orders/index.ts';
import { temuSandboxFor, type TemuSandbox } from '../../integrations/temu/index.ts';
import { tiktokSandboxFor, type TikTokSandbox } from '../../integrations/tiktok/index.ts';
import { adminActor } from '../access/index.ts';

let t: TestApp;
let tiktok: TikTokSandbox;
let temu: TemuSandbox;
let w: CheckoutWorld;
let shops: { tiktok: string; temu: string };
const SELLERS = { tiktok: 'pub-seller', temu: 'pub-mall' };

type Headers = Record<string, string>;
async function api(headers: Headers, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const h = () => w.m.headers;

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitJob(jobId: string) {
  const job = await waitFor(
    async () => (await api(h(), 'GET', `/api/v1/jobs/${jobId}`)).json().data,
    (j) => j.state === 'completed' || j.state === 'failed',
  );
  return job as { state: string; progress: number; result: PublishJobResult };
}

async function authorise(platform: 'tiktok' | 'temu'): Promise<string> {
  const res = await api(h(), 'POST', '/api/v1/admin/shop', { name: unique(`Pub ${platform}`), platform });
  expect(res.statusCode, res.body).toBe(200);
  const shopId = res.json().data.id as string;
  const slots = platform === 'tiktok' ? ['default'] : ['product'];
  for (const slot of slots) {
    const start = await api(h(), 'POST', `/api/v1/admin/shop/${shopId}/authorise`, { slot });
    expect(start.statusCode, start.body).toBe(200);
    const state = new URL(start.json().data.url as string).searchParams.get('state')!;
    const code =
      platform === 'tiktok' ? tiktok.issueCode(SELLERS.tiktok) : temu.issueCode(SELLERS.temu, 'pa');
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shops/oauth/callback',
      payload: { platform, code, state },
    });
    expect(back.statusCode, back.body).toBe(200);
  }
  return shopId;
}

/** A listing every rule accepts on both platforms (images are the finished product's mockups). */
function goodFields(over: Partial<ListingFieldsInput> = {}): ListingFieldsInput {
  const ref = `${w.basics.colors[0]!.id}:front`;
  const img = (width: number, height: number) => ({
    source: 'mockup' as const,
    ref,
    width,
    height,
    bytes: 300_000,
    format: 'jpg' as const,
  });
  const photo = img(1350, 1800);
  const sites = ['101'];
  return {
    title_zh: '夏季T恤',
    title_en: 'Summer Tee',
    category_id: '600001',
    declared_price: 1299,
    declared_currency: 'USD',
    origin_country: 'CN',
    origin_province: 'Zhejiang',
    images: {
      product_photos: [photo, photo, photo],
      skc_carousel: [photo, photo, photo],
      main: [img(1000, 1000)],
      square: [img(1000, 1000)],
      thumbnail: [img(80, 80)],
      outer_package: [photo],
      theme: [photo],
      detail: [],
    },
    volume: 1200,
    weight: 250,
    length: 30,
    width: 20,
    height: 2,
    delivery_days: 2,
    warehouse_routes: [{ warehouse_id: 'WH1', warehouse_type: 'self', site_ids: sites }],
    site_ids: sites,
    sales_mode: 'single_site',
    composition: [{ material: 'Cotton', ratio: 100 }],
    size_tables: [0, 1].map((i) => ({
      name: `T${i}`,
      rows: [{ size: 'M', length: 30, width: 20, height: 2, net_weight: 250 }],
    })),
    sku_prefix: 'PUB-',
    ...over,
  };
}

async function createListing(finishedId: string, shopId: string, fields = goodFields()) {
  const res = await api(h(), 'POST', '/api/v1/admin/publish/listing', {
    finished_id: finishedId,
    shop_id: shopId,
    fields,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; status: string };
}
const getListing = async (id: string) =>
  (await api(h(), 'GET', `/api/v1/admin/publish/listing/${id}`)).json().data;

async function publish(ids: string[]) {
  const res = await api(h(), 'POST', '/api/v1/admin/publish/publish', { listing_ids: ids });
  expect(res.statusCode, res.body).toBe(200);
  return waitJob(res.json().data.job_id as string);
}

/** A copy of merchant m's rendered finished product (a new code), as the batch needs many. */
async function copyFinished(): Promise<string> {
  const db = t.database.db;
  const [row] = await db.select().from(finishedProducts).where(eq(finishedProducts.id, w.m.finished.id));
  const { id: _id, createdAt: _c, updatedAt: _u, ...rest } = row!;
  const [copy] = await db
    .insert(finishedProducts)
    .values({ ...rest, code: unique('FP').slice(0, 30) })
    .returning({ id: finishedProducts.id });
  return copy!.id;
}

beforeAll(async () => {
  const base = loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) }).marketplaces;
  tiktok = tiktokSandboxFor(base.tiktok);
  temu = temuSandboxFor(base.temu);
  const [tiktokUrl, temuUrl] = await Promise.all([tiktok.start(0), temu.start(0)]);
  t = await createTestApp({
    startJobs: true,
    env: { TIKTOK_SANDBOX_PORT: new URL(tiktokUrl).port, TEMU_SANDBOX_PORT: new URL(temuUrl).port },
  });
  w = await buildCheckoutWorld(t);
  const db = t.database.db;
  const [ma] = await db.select().from(merchants).where(eq(merchants.id, w.m.merchant.id));
  await db.update(levels).set({ shopCount: 100 }).where(eq(levels.id, ma!.levelId!));
  shops = { tiktok: await authorise('tiktok'), temu: await authorise('temu') };
  await waitFor(
    async () =>
      (await db.select().from(finishedProducts).where(eq(finishedProducts.id, w.m.finished.id)))[0]!
        .renderStatus,
    (s) => s === 'done' || s === 'failed',
  );
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([tiktok?.stop(), temu?.stop()]);
});
beforeEach(() => {
  tiktok.switches.reset();
  temu.switches.reset();
});

describe('publishing to the sandboxes', () => {
  it('publishes to TikTok Shop: released, found in the sandbox with our SKUs, ids on the finished product', async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(finishedId, shops.tiktok);
    expect(listing.status).toBe('draft');
    const pre = await api(h(), 'POST', '/api/v1/admin/publish/preflight', { listing_ids: [listing.id] });
    expect(pre.statusCode, pre.body).toBe(200);
    expect(pre.json().data.reports[0].errors).toEqual([]);

    const job = await publish([listing.id]);
    expect(job.result).toMatchObject({ total: 1, succeeded: 1, failed: 0 });
    expect(job.progress).toBe(100);
    const after = await getListing(listing.id);
    expect(after.status).toBe('released');
    expect(after.actions).toEqual(['edit', 'unpublish']);
    const product = tiktok.productsOf(SELLERS.tiktok).find((p) => p.id === after.external_product_id);
    expect(product).toBeDefined();
    const sandboxSkus = (product!.skus as Array<{ id: string; seller_sku: string }>).map((s) => s.seller_sku);
    expect(sandboxSkus.length).toBeGreaterThan(0);
    expect(sandboxSkus.every((s) => s.startsWith('PUB-'))).toBe(true);
    expect(after.external_skus.map((s: { seller_sku: string }) => s.seller_sku).sort()).toEqual(
      [...sandboxSkus].sort(),
    );
    const [fp] = await t.database.db
      .select()
      .from(finishedProducts)
      .where(eq(finishedProducts.id, finishedId));
    expect(fp!.externalSpu).toBe(after.external_product_id);
    expect(fp!.publishStatus).toBe('released');
    expect(fp!.externalCodes.map((c) => c.sku).sort()).toEqual(
      (product!.skus as Array<{ id: string }>).map((s) => s.id).sort(),
    );
  });

  it('publishes to Temu with site prices and warehouse routes; the SKC and SKU ids come back', async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(finishedId, shops.temu);
    const job = await publish([listing.id]);
    expect(job.result, JSON.stringify(job)).toMatchObject({ succeeded: 1, failed: 0 });
    const after = await getListing(listing.id);
    expect(after.status).toBe('released');
    expect(after.external_skc_id).toBeTruthy();
    const goods = temu.goodsOf(SELLERS.temu).find((g) => String(g.productId) === after.external_product_id)!;
    expect(goods).toBeDefined();
    expect(goods.productName).toBe('夏季T恤');
    expect(goods.productWarehouseRouteReq).toEqual({
      targetRouteList: [{ warehouseId: 'WH1', siteIdList: [101] }],
    });
    const sku = (goods.productSkcReqs as Array<{ productSkuReqs: Array<Record<string, unknown>> }>)[0]!
      .productSkuReqs[0]!;
    expect(sku.siteSupplierPrices).toEqual([{ siteId: 101, supplierPrice: 1299 }]);
    expect((goods.productSkuList as Array<{ extCode: string }>).map((s) => s.extCode).sort()).toEqual(
      after.external_skus.map((s: { seller_sku: string }) => s.seller_sku).sort(),
    );
  });

  it('a sandbox refusal is a publishing failure with its reason; republish after fixing releases it', async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(
      finishedId,
      shops.tiktok,
      goodFields({ title_en: 'Counterfeit Summer Tee' }),
    );
    const job = await publish([listing.id]);
    expect(job.result).toMatchObject({ succeeded: 0, failed: 1 });
    const failed = await getListing(listing.id);
    expect(failed.status).toBe('failed');
    expect(failed.fail_reason).toBe(
      'The product title contains a prohibited word: "counterfeit". Please edit the title and resubmit.',
    );
    expect(failed.actions).toContain('republish');

    const edit = await api(h(), 'PATCH', `/api/v1/admin/publish/listing/${listing.id}`, {
      fields: goodFields({ title_en: 'Summer Tee' }),
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const again = await publish([listing.id]);
    expect(again.result).toMatchObject({ succeeded: 1 });
    expect((await getListing(listing.id)).status).toBe('released');
  });

  it('a batch queued before the supplier switched publishing off is skipped and its listings fail with the reason (decision 0059)', async () => {
    const listing = await createListing(await copyFinished(), shops.tiktok);
    // As the publish route leaves it: moved to "to be released", its batch queued.
    await t.database.db
      .update(publishListings)
      .set({ status: 'to_be_released' })
      .where(eq(publishListings.id, listing.id));
    const platform = await t.authAs(adminActor(await buildPlatformAdmin(t.database.db)));
    const toggle = (enabled: boolean) =>
      api(platform, 'POST', '/api/v1/admin/moduleStore/switch', {
        tenant_id: w.tenant.id,
        name: 'publishing',
        enabled,
      });
    expect((await toggle(false)).statusCode).toBe(200);
    try {
      const jobId = await t.services.jobs.enqueue(
        PUBLISH_JOBS.publish,
        { tenant_id: w.tenant.id, merchant_id: w.m.merchant.id, lang: 'en', listing_ids: [listing.id] },
        { tenantId: w.tenant.id, merchantId: w.m.merchant.id, permission: 'publishListing:publish' },
      );
      const job = await waitFor(
        async () => (await api(h(), 'GET', `/api/v1/jobs/${jobId}`)).json().data,
        (j) => j.state !== 'queued' && j.state !== 'active',
      );
      expect(job).toMatchObject({ state: 'skipped', error: null });
      const [row] = await t.database.db
        .select()
        .from(publishListings)
        .where(eq(publishListings.id, listing.id));
      expect(row).toMatchObject({
        status: 'failed',
        failReason: 'Publishing was switched off for your supplier before this listing was published',
      });
    } finally {
      expect((await toggle(true)).statusCode).toBe(200);
    }
    // Back on: the merchant publishes it again.
    expect((await getListing(listing.id)).actions).toContain('republish');
    expect((await publish([listing.id])).result).toMatchObject({ succeeded: 1 });
  });

  it('a retried publish creates one product (TikTok idempotency key, Temu ext-code look-up)', async () => {
    for (const platform of ['tiktok', 'temu'] as const) {
      const finishedId = await copyFinished();
      const listing = await createListing(
        finishedId,
        shops[platform],
        goodFields({ sku_prefix: `R${platform}-` }),
      );
      (platform === 'tiktok' ? tiktok : temu).switches.set({ failAfterWrite: 1 });
      const job = await publish([listing.id]);
      const after = await getListing(listing.id);
      const made =
        platform === 'tiktok'
          ? tiktok
              .productsOf(SELLERS.tiktok)
              .filter((p) => (p.skus as Array<{ seller_sku: string }>)[0]?.seller_sku?.startsWith('Rtiktok-'))
          : temu
              .goodsOf(SELLERS.temu)
              .filter((g) =>
                (g.productSkuList as Array<{ extCode: string }>)[0]?.extCode?.startsWith('Rtemu-'),
              );
      expect(made, platform).toHaveLength(1);
      expect(job.result.succeeded, `${platform}: ${JSON.stringify(job.result)}`).toBe(1);
      expect(after.status).toBe('released');
      expect(String(made[0]!.id ?? made[0]!.productId)).toBe(after.external_product_id);
    }
  });

  it('a batch of 20 with 2 refusals reports 18/2 with a result per listing', async () => {
    const ids: string[] = [];
    const bad = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const finishedId = await copyFinished();
      const refused = i === 3 || i === 11;
      const listing = await createListing(
        finishedId,
        shops.tiktok,
        goodFields({ title_en: refused ? 'Replica Watch Tee' : `Batch Tee ${i}` }),
      );
      ids.push(listing.id);
      if (refused) bad.add(listing.id);
    }
    const job = await publish(ids);
    expect(job.state).toBe('completed');
    expect(job.progress).toBe(100);
    expect(job.result).toMatchObject({ total: 20, succeeded: 18, failed: 2 });
    expect(
      job.result.results
        .filter((r) => !r.ok)
        .map((r) => r.listing_id)
        .sort(),
    ).toEqual([...bad].sort());
    const list = await api(h(), 'GET', `/api/v1/admin/publish/listing?status=failed&limit=100`);
    const failedIds = (list.json().data.list as Array<{ id: string }>).map((l) => l.id);
    for (const id of bad) expect(failedIds).toContain(id);
  }, 120_000);

  it('unpublishes: deactivated on the marketplace, back to draft', async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(finishedId, shops.tiktok);
    await publish([listing.id]);
    const released = await getListing(listing.id);
    const res = await api(h(), 'POST', '/api/v1/admin/publish/unpublish', { listing_ids: [listing.id] });
    expect(res.statusCode, res.body).toBe(200);
    const job = await waitJob(res.json().data.job_id as string);
    expect(job.result).toMatchObject({ succeeded: 1 });
    expect((await getListing(listing.id)).status).toBe('draft');
    const product = tiktok.productsOf(SELLERS.tiktok).find((p) => p.id === released.external_product_id);
    expect(product!.status).toBe('DEACTIVATED');
    // A draft cannot be unpublished again.
    const again = await api(h(), 'POST', '/api/v1/admin/publish/unpublish', { listing_ids: [listing.id] });
    expect(again.statusCode).toBe(409);
  });
});

describe('preflight', () => {
  it('catches a 72-DPI image on a surface and a risk word in a title; publishing is refused', async () => {
    const db = t.database.db;
    const finishedId = await copyFinished();
    const [row] = await db.select().from(finishedProducts).where(eq(finishedProducts.id, finishedId));
    const doc = row!.documents[0] as { surfaces: { front: { layers: unknown[] } } };
    // 250 px printed 1000 px wide at the surface's print DPI: far below any print resolution.
    doc.surfaces.front.layers.push({
      id: 'lowres',
      type: 'image',
      x: 100,
      y: 300,
      width: 1000,
      height: 1000,
      source: { kind: 'attachment', id: '00000000-0000-4000-8000-000000000001' },
      natural_width: 250,
      natural_height: 250,
    });
    await db
      .update(finishedProducts)
      .set({ documents: row!.documents })
      .where(eq(finishedProducts.id, finishedId));
    await db.insert(riskWords).values({
      tenantId: w.tenant.id,
      merchantId: w.m.merchant.id,
      word: 'Disney',
      level: 'high',
    });
    const listing = await createListing(
      finishedId,
      shops.tiktok,
      goodFields({ title_en: 'Disney Summer Tee' }),
    );
    const res = await api(h(), 'POST', '/api/v1/admin/publish/preflight', { listing_ids: [listing.id] });
    expect(res.statusCode, res.body).toBe(200);
    const report = res.json().data.reports[0];
    expect(report.ok).toBe(false);
    const dpi = report.errors.find((e: { code: string }) => e.code === 'print.dpi');
    expect(dpi, JSON.stringify(report)).toMatchObject({ side: 'print', field: 'front' });
    expect(dpi.message).toMatch(/prints at \d+ DPI/);
    expect(report.errors).toContainEqual(
      expect.objectContaining({
        code: 'rule.riskWord',
        field: 'title_en',
        message: 'English title contains the risk word "Disney"',
      }),
    );
    const refused = await api(h(), 'POST', '/api/v1/admin/publish/publish', { listing_ids: [listing.id] });
    expect(refused.statusCode).toBe(400);
    expect((await getListing(listing.id)).status).toBe('draft');
  });

  it("states the marketplace's category prerequisites: a required attribute and a size chart", async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(
      finishedId,
      shops.tiktok,
      goodFields({ category_id: '600002', size_tables: [], attributes: [] }),
    );
    const pre = await api(h(), 'POST', '/api/v1/admin/publish/preflight', { listing_ids: [listing.id] });
    const codes = (
      pre.json().data.reports[0].errors as Array<{ code: string; side: string; message: string }>
    ).map((e) => `${e.side}:${e.code}:${e.message}`);
    expect(codes).toEqual([
      'marketplace:marketplace.attribute:The category requires the attribute Material (100347)',
      'marketplace:marketplace.sizeChart:The category requires a size chart: select the size tables',
    ]);
    const fixed = await api(h(), 'PATCH', `/api/v1/admin/publish/listing/${listing.id}`, {
      fields: goodFields({
        category_id: '600002',
        attributes: [{ id: '100347', name: 'Material', value: 'Cotton' }],
      }),
    });
    expect(fixed.statusCode, fixed.body).toBe(200);
    const job = await publish([listing.id]);
    expect(job.result, JSON.stringify(job.result)).toMatchObject({ succeeded: 1 });
  });

  it('reports every broken listing rule in the caller’s language', async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(
      finishedId,
      shops.temu,
      goodFields({ weight: 250.55, title_zh: '夏季T恤。', composition: [{ material: 'Cotton', ratio: 90 }] }),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/publish/preflight',
      headers: { ...h(), 'accept-language': 'zh-cn' },
      payload: { listing_ids: [listing.id] },
    });
    const messages = (res.json().data.reports[0].errors as Array<{ message: string }>).map((e) => e.message);
    expect(messages).toContain('重量：最多1位小数');
    expect(messages).toContain('中文标题：首尾不能有标点符号或空格');
    expect(messages.some((m) => m.startsWith('成分：成分比例之和必须为100%'))).toBe(true);
  });
});

describe('listings and templates', () => {
  it('refuses a body that breaks the contract, a shop of kind other, and a second listing of one product in one shop', async () => {
    const bad = await api(h(), 'POST', '/api/v1/admin/publish/listing', {
      finished_id: 'nope',
      shop_id: shops.tiktok,
    });
    expect(bad.statusCode).toBe(400);
    const other = await api(h(), 'POST', '/api/v1/admin/shop', { name: unique('Other'), platform: 'other' });
    const finishedId = await copyFinished();
    const onOther = await api(h(), 'POST', '/api/v1/admin/publish/listing', {
      finished_id: finishedId,
      shop_id: other.json().data.id,
    });
    expect(onOther.statusCode).toBe(400);
    await createListing(finishedId, shops.tiktok);
    const twice = await api(h(), 'POST', '/api/v1/admin/publish/listing', {
      finished_id: finishedId,
      shop_id: shops.tiktok,
    });
    expect(twice.statusCode).toBe(409);
  });

  it('saves a template ("template name cannot be empty") and applies it to many finished products', async () => {
    const empty = await api(h(), 'POST', '/api/v1/admin/publish/template', {
      name: '  ',
      platform: 'tiktok',
      fields: goodFields(),
    });
    expect(empty.statusCode).toBe(400);
    const tpl = await api(h(), 'POST', '/api/v1/admin/publish/template', {
      name: 'Tees',
      platform: 'tiktok',
      fields: goodFields({ title_en: '', title_zh: '', declared_price: 1999, skc_number: 'SKC-ONE' }),
    });
    expect(tpl.statusCode, tpl.body).toBe(200);
    // One listing's own fields are not kept: its mockups and its SKC number (decision 0068).
    expect(tpl.json().data.fields.images.product_photos).toEqual([]);
    expect(tpl.json().data.fields.skc_number).toBe('');
    const ids = [await copyFinished(), await copyFinished()];
    const existing = await createListing(ids[1]!, shops.tiktok, goodFields({ title_en: 'Own Title' }));
    const applied = await api(h(), 'POST', `/api/v1/admin/publish/template/${tpl.json().data.id}/apply`, {
      finished_ids: ids,
      shop_id: shops.tiktok,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({ created: 1, updated: 1 });
    const listing = await getListing(applied.json().data.listing_ids[0]);
    expect(listing.fields.declared_price).toBe(1999);
    expect(listing.fields.title_en).toBe('Summer tee');
    expect(listing.template_id).toBe(tpl.json().data.id);
    // Each product's own mockups fill the images: the listings are ready to publish.
    expect(listing.fields.images.product_photos).toHaveLength(3);
    expect(listing.fields.images.product_photos[0].source).toBe('mockup');
    const updated = await getListing(existing.id);
    expect(updated.fields).toMatchObject({ title_en: 'Own Title', declared_price: 1999 });
    const pre = await api(h(), 'POST', '/api/v1/admin/publish/preflight', {
      listing_ids: applied.json().data.listing_ids,
    });
    for (const report of pre.json().data.reports) expect(report.errors, JSON.stringify(report)).toEqual([]);
    // The listing records the template it was filled from; another merchant's template is not there.
    const theirs = await api(w.n.headers, 'POST', '/api/v1/admin/publish/template', {
      name: 'Theirs',
      platform: 'tiktok',
      fields: {},
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    const foreign = await api(h(), 'PATCH', `/api/v1/admin/publish/listing/${existing.id}`, {
      template_id: theirs.json().data.id,
    });
    expect(foreign.statusCode).toBe(404);
    const cleared = await api(h(), 'PATCH', `/api/v1/admin/publish/listing/${existing.id}`, {
      template_id: null,
    });
    expect(cleared.json().data.template_id).toBeNull();
    const onTemu = await api(h(), 'POST', `/api/v1/admin/publish/template/${tpl.json().data.id}/apply`, {
      finished_ids: ids,
      shop_id: shops.temu,
    });
    expect(onTemu.statusCode).toBe(400);
  });

  it('staff without the permission get 403 on every publishing route; with the list permission only, reading works and nothing else', async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(finishedId, shops.tiktok);
    const template = await api(h(), 'POST', '/api/v1/admin/publish/template', {
      name: unique('Perm'),
      platform: 'tiktok',
      fields: goodFields(),
    });
    expect(template.statusCode, template.body).toBe(200);
    const templateId = template.json().data.id as string;
    const ids = { listing: listing.id, template: templateId };
    const bodies: Record<string, unknown> = {
      'POST /api/v1/admin/publish/listing': { finished_id: finishedId, shop_id: shops.temu },
      'PATCH /api/v1/admin/publish/listing/:id': { fields: goodFields() },
      'POST /api/v1/admin/publish/template': { name: 'x', platform: 'tiktok', fields: goodFields() },
      'PATCH /api/v1/admin/publish/template/:id': { name: 'y' },
      'POST /api/v1/admin/publish/template/:id/apply': { finished_ids: [finishedId], shop_id: shops.tiktok },
      'POST /api/v1/admin/publish/preflight': { listing_ids: [listing.id] },
      'POST /api/v1/admin/publish/publish': { listing_ids: [listing.id] },
      'POST /api/v1/admin/publish/unpublish': { listing_ids: [listing.id] },
    };
    // Every operation the publishing contract declares, however it is nested.
    const ops: Array<{ method: string; path: string; permission: string | null }> = [];
    const collect = (node: unknown) => {
      if (!node || typeof node !== 'object') return;
      if ('method' in node && 'path' in node) ops.push(node as (typeof ops)[number]);
      else Object.values(node).forEach(collect);
    };
    collect(publishingOperations);
    expect(ops.length).toBeGreaterThanOrEqual(14);
    const idOf = (path: string) => (path.includes('/template') ? ids.template : ids.listing);
    const urlOf = (path: string) =>
      path.endsWith('/del') ? `${path}?ids=${idOf(path)}` : path.replace(':id', idOf(path));
    const scope = { tier: 'merchant' as const, tenantId: w.tenant.id, merchantId: w.m.merchant.id };
    const none = await staffWithRole(t, h(), scope, { menus: [] });
    const reader = await staffWithRole(t, h(), scope, { menus: ['publish/listing', 'publish/template'] });
    for (const op of ops) {
      const name = `${op.method} ${op.path}`;
      const res = await api(none.headers, op.method, urlOf(op.path), bodies[name]);
      expect(res.statusCode, `no permission: ${name}`).toBe(403);
      const read = await api(reader.headers, op.method, urlOf(op.path), bodies[name]);
      if (op.permission?.endsWith(':list')) expect(read.statusCode, `reader: ${name}`).not.toBe(403);
      else expect(read.statusCode, `reader: ${name}`).toBe(403);
    }
    // Nothing was written by any refused call.
    expect((await getListing(listing.id)).status).toBe('draft');
    expect((await api(h(), 'GET', `/api/v1/admin/publish/template/${templateId}`)).statusCode).toBe(200);
  });

  it("the level's platforms: a platform the level no longer includes is not published to", async () => {
    const db = t.database.db;
    const [ma] = await db.select().from(merchants).where(eq(merchants.id, w.m.merchant.id));
    const finishedId = await copyFinished();
    const listing = await createListing(finishedId, shops.tiktok);
    await db
      .update(levels)
      .set({ platformIds: ['temu'] })
      .where(eq(levels.id, ma!.levelId!));
    try {
      const res = await api(h(), 'POST', '/api/v1/admin/publish/publish', { listing_ids: [listing.id] });
      expect(res.statusCode, res.body).toBe(409);
      expect((await getListing(listing.id)).status).toBe('draft');
    } finally {
      await db.update(levels).set({ platformIds: [] }).where(eq(levels.id, ma!.levelId!));
    }
  });

  it('another merchant gets 404, staff without the permission 403, no token 401', async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(finishedId, shops.tiktok);
    const other = w.n.headers;
    for (const [method, url, body] of [
      ['GET', `/api/v1/admin/publish/listing/${listing.id}`, undefined],
      ['PATCH', `/api/v1/admin/publish/listing/${listing.id}`, { fields: goodFields() }],
      ['POST', '/api/v1/admin/publish/publish', { listing_ids: [listing.id] }],
      ['POST', '/api/v1/admin/publish/preflight', { listing_ids: [listing.id] }],
    ] as const) {
      expect((await api(other, method, url, body)).statusCode, `${method} ${url}`).toBe(404);
      expect((await api({}, method, url, body)).statusCode, `${method} ${url}`).toBe(401);
    }
    const staff = await staffWithRole(
      t,
      h(),
      { tier: 'merchant', tenantId: w.tenant.id, merchantId: w.m.merchant.id },
      { menus: [] },
    );
    const res = await api(staff.headers, 'POST', '/api/v1/admin/publish/publish', {
      listing_ids: [listing.id],
    });
    expect(res.statusCode).toBe(403);
    // The other merchant's own finished product cannot be listed in this merchant's shop either.
    const cross = await api(other, 'POST', '/api/v1/admin/publish/listing', {
      finished_id: w.n.finished.id,
      shop_id: shops.tiktok,
    });
    expect(cross.statusCode).toBe(404);
    expect(listingFieldsSchema.safeParse(goodFields()).success).toBe(true);
  });
});

/** An unpaid marketplace order of the shop with one line, as sync or import brings it in. */
function marketOrder(
  shopId: string,
  platform: 'tiktok' | 'temu',
  line: { skuId: string; sellerSku: string | null },
): MarketplaceOrderInput {
  return {
    shopId,
    platform,
    shopName: 'Pub shop',
    thirdPartyOrderNo: unique('PO').slice(0, 30),
    channel: 'sync',
    vendorStatus: 'AWAITING_SHIPMENT',
    marketState: 'awaiting_shipment',
    vendorUpdatedAt: new Date(),
    createdAt: new Date(),
    paidAt: new Date(),
    shipBy: null,
    buyerMessage: null,
    salesCurrency: 'USD',
    salesAmount: 1299,
    salesShippingAmount: 0,
    salesTotalAmount: 1299,
    address: null,
    lines: [
      {
        lineIds: [unique('L')],
        productId: null,
        skuId: line.skuId,
        sellerSku: line.sellerSku,
        productName: 'Summer Tee',
        skuName: null,
        imageUrl: null,
        quantity: 1,
        unitPrice: 1299,
        customisation: [],
      },
    ],
  };
}

describe('published SKUs and order intake (decision 0067)', () => {
  const owner = () => ({ tenantId: w.tenant.id, merchantId: w.m.merchant.id });

  it("TikTok: the published SKU ids become the shop's SKU mappings; intake links a line by its SKU id", async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(finishedId, shops.tiktok, goodFields({ sku_prefix: 'MAPT-' }));
    expect((await publish([listing.id])).result).toMatchObject({ succeeded: 1 });
    const after = await getListing(listing.id);
    const mappings = await api(h(), 'GET', `/api/v1/admin/skuMapping?shop_id=${shops.tiktok}&limit=100`);
    expect(mappings.statusCode, mappings.body).toBe(200);
    const mine = (
      mappings.json().data.list as Array<{ external_sku_id: string; finished_product_id: string }>
    )
      .filter((m) => m.finished_product_id === finishedId)
      .map((m) => m.external_sku_id)
      .sort();
    expect(mine).toEqual(after.external_skus.map((s: { sku_id: string }) => s.sku_id).sort());

    const sku = after.external_skus[0] as { sku_id: string; seller_sku: string };
    const made = await upsertMarketplaceOrder(
      t.database.db,
      owner(),
      marketOrder(shops.tiktok, 'tiktok', { skuId: sku.sku_id, sellerSku: null }),
    );
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, made.orderId));
    expect(line).toMatchObject({ finishedProductId: finishedId, externalSkuId: sku.sku_id });
    expect(line!.colorId).toBeTruthy();
    expect(line!.sizeId).toBeTruthy();
  });

  it('TikTok end to end: a buyer orders the published SKU in the sandbox; "sync now" brings the order in linked to the finished product', async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(finishedId, shops.tiktok, goodFields({ sku_prefix: 'SYNC-' }));
    expect((await publish([listing.id])).result).toMatchObject({ succeeded: 1 });
    const after = await getListing(listing.id);
    const sku = after.external_skus.at(-1) as { sku_id: string; seller_sku: string };
    const vendorOrderId = tiktok.placeOrder(SELLERS.tiktok, sku.sku_id, 2);

    const queued = await api(h(), 'POST', `/api/v1/admin/sync/shops/${shops.tiktok}/sync`);
    expect(queued.statusCode, queued.body).toBe(200);
    expect((await waitJob(queued.json().data.job_id as string)).state).toBe('completed');

    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.merchantId, w.m.merchant.id), eq(orders.thirdPartyOrderNo, vendorOrderId)));
    expect(order, 'the sandbox order was synced').toBeDefined();
    expect(order!.shopId).toBe(shops.tiktok);
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines)
      expect(line).toMatchObject({ finishedProductId: finishedId, externalSkuId: sku.sku_id });
    // The mapping names the variation: the line carries the colour and size it was published with.
    const [mapping] = await t.database.db
      .select()
      .from(orderSkuMappings)
      .where(and(eq(orderSkuMappings.shopId, shops.tiktok), eq(orderSkuMappings.externalSkuId, sku.sku_id)));
    expect(lines[0]).toMatchObject({ colorId: mapping!.colorId, sizeId: mapping!.sizeId });
  });

  it('Temu: an order line names the goods SKU, not the product SKU; it is linked by the seller SKU we published', async () => {
    const finishedId = await copyFinished();
    const listing = await createListing(finishedId, shops.temu, goodFields({ sku_prefix: 'MAPU-' }));
    expect((await publish([listing.id])).result).toMatchObject({ succeeded: 1 });
    const after = await getListing(listing.id);
    const [stored] = await t.database.db
      .select()
      .from(orderSkuMappings)
      .where(
        and(
          eq(orderSkuMappings.shopId, shops.temu),
          eq(orderSkuMappings.finishedProductId, finishedId),
          eq(orderSkuMappings.sellerSku, after.external_skus[0].seller_sku),
        ),
      );
    expect(stored).toMatchObject({
      externalSkuId: after.external_skus[0].sku_id,
      externalProductId: after.external_product_id,
      externalSkcId: after.external_skc_id,
    });
    const sku = after.external_skus[1] ?? after.external_skus[0];
    const made = await upsertMarketplaceOrder(
      t.database.db,
      owner(),
      marketOrder(shops.temu, 'temu', { skuId: '17592352670001', sellerSku: sku.seller_sku }),
    );
    const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, made.orderId));
    expect(line).toMatchObject({ finishedProductId: finishedId, externalSkuId: '17592352670001' });
    // An unknown seller SKU stays unlinked.
    const other = await upsertMarketplaceOrder(
      t.database.db,
      owner(),
      marketOrder(shops.temu, 'temu', { skuId: '17592352670002', sellerSku: 'NOT-OURS-1' }),
    );
    const [loose] = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, other.orderId));
    expect(loose!.finishedProductId).toBeNull();
  });
});

describe('uploaded images', () => {
  async function uploadPng(headers: Headers, width: number, height: number) {
    const body = await png(width, height, '#ffffff');
    const form = await multipart([{ name: `photo-${width}x${height}.png`, body, type: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/ajax/upload?topic=image',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.file as { id: string; size: number; width: number; height: number };
  }
  const asUpload = (file: { id: string }, claimed = { width: 1350, height: 1800 }) => ({
    source: 'upload' as const,
    ref: file.id,
    ...claimed,
    bytes: 1,
    format: 'jpg' as const,
  });

  it("an upload is stored with the file's real size (never the form's claim); the rules judge that", async () => {
    const small = await uploadPng(h(), 600, 800);
    const base = goodFields();
    const listing = await createListing(
      await copyFinished(),
      shops.temu,
      goodFields({
        images: { ...base.images, product_photos: [asUpload(small), asUpload(small), asUpload(small)] },
      }),
    );
    const stored = await getListing(listing.id);
    expect(stored.fields.images.product_photos[0]).toMatchObject({
      source: 'upload',
      ref: small.id,
      width: 600,
      height: 800,
      bytes: small.size,
      format: 'png',
    });
    expect(Object.keys(stored.upload_urls)).toEqual([small.id]);
    expect(stored.upload_urls[small.id]).toMatch(/^\/files\//);
    const pre = await api(h(), 'POST', '/api/v1/admin/publish/preflight', { listing_ids: [listing.id] });
    const errors = pre.json().data.reports[0].errors as Array<{ code: string; field: string }>;
    expect(errors.filter((e) => e.code === 'rule.imageMinSize').map((e) => e.field)).toEqual([
      'images.product_photos.0',
      'images.product_photos.1',
      'images.product_photos.2',
    ]);
    // In use: the attachments page refuses to delete it.
    const del = await api(h(), 'DELETE', `/api/v1/admin/attachment/${small.id}`);
    expect(del.statusCode, del.body).toBe(409);
  });

  it("another merchant's upload, or a ref that is no upload, is not there (404) and nothing is saved", async () => {
    const theirs = await uploadPng(w.n.headers, 900, 1200);
    const finishedId = await copyFinished();
    for (const ref of [theirs.id, 'not-an-id']) {
      const base = goodFields();
      const res = await api(h(), 'POST', '/api/v1/admin/publish/listing', {
        finished_id: finishedId,
        shop_id: shops.tiktok,
        fields: goodFields({ images: { ...base.images, detail: [asUpload({ id: ref })] } }),
      });
      expect(res.statusCode, res.body).toBe(404);
    }
    const list = await api(h(), 'GET', `/api/v1/admin/publish/listing?finished_id=${finishedId}`);
    expect(list.json().data.total).toBe(0);
  });

  it('Temu gets the SKC carousel as the SKC preview, the thumbnail per SKU and the outer package images; TikTok the detail images in the description', async () => {
    const photo = await uploadPng(h(), 1350, 1800);
    const base = goodFields();
    const images = {
      ...base.images,
      skc_carousel: [asUpload(photo), asUpload(photo), asUpload(photo)],
      outer_package: [asUpload(photo), asUpload(photo)],
      detail: [asUpload(photo)],
    };
    const temuListing = await createListing(
      await copyFinished(),
      shops.temu,
      goodFields({ images, sku_prefix: 'IMGU-' }),
    );
    expect((await publish([temuListing.id])).result).toMatchObject({ succeeded: 1 });
    const temuAfter = await getListing(temuListing.id);
    const goods = temu
      .goodsOf(SELLERS.temu)
      .find((g) => String(g.productId) === temuAfter.external_product_id)!;
    const skc = (
      goods.productSkcReqs as Array<{ previewImgUrls: string[]; productSkuReqs: Array<{ thumbUrl: string }> }>
    )[0]!;
    expect(skc.previewImgUrls).toHaveLength(3);
    expect((goods.carouselImageUrls as string[]).length).toBe(3);
    expect(skc.previewImgUrls[0]).not.toBe((goods.carouselImageUrls as string[])[0]);
    expect(new Set(skc.productSkuReqs.map((s) => s.thumbUrl)).size).toBe(1);
    expect(goods.productOuterPackageImageReqs).toHaveLength(2);

    const tiktokListing = await createListing(
      await copyFinished(),
      shops.tiktok,
      goodFields({ images, sku_prefix: 'IMGT-' }),
    );
    expect((await publish([tiktokListing.id])).result).toMatchObject({ succeeded: 1 });
    const tiktokAfter = await getListing(tiktokListing.id);
    const product = tiktok.productsOf(SELLERS.tiktok).find((p) => p.id === tiktokAfter.external_product_id)!;
    expect(String(product.description)).toMatch(/^<p>Summer Tee<\/p><p><img src="[^"]+"\/><\/p>$/);
  });
});
