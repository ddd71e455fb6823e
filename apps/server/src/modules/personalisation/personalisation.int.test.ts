import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadDesignDocument } from '@pod/design';
import { buildCheckoutWorld, buildUnpaidOrder, type CheckoutWorld } from '../../../test/factories/orders.ts';
import { buildImage } from '../../../test/factories/catalog.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { orderLines, orders, orderSkuMappings, shops } from '../../db/schema/index.ts';
import { upsertMarketplaceOrder } from '../orders/index.ts';
import type { MarketOrder, MarketOrderLine, ShopAccess } from '../../integrations/marketplace/adapter.ts';
import { DEFAULT_POLICY } from '../../integrations/marketplace/http.ts';
import { MemoryRateGate } from '../../integrations/marketplace/rate-gate.ts';
import { TemuAdapter } from '../../integrations/temu/temu-adapter.ts';
import { TemuSandbox } from '../../integrations/temu/temu-sandbox.ts';
import { loadAssets, renderPrintFile, specsOf } from '../designs/index.ts';
import { productsByIds } from '../catalog/index.ts';
import { prepareFonts } from '../../platform/fonts/fonts.ts';
import { placeText } from './fill.ts';
import { queueNewPersonalisations, queuePersonalisation } from './personalisation.service.ts';

/**
 * Buyer personalisation → print file (issue 20, decision 0053), against the Temu sandbox: the
 * customised order is read through the adapter, its line filled and rendered by the job, and the
 * print file checked by pixels.
 */
const APP = { appKey: 'temu-test-app', appSecret: 'temu-test-secret' };
let t: TestApp;
let sandbox: TemuSandbox;
let adapter: TemuAdapter;

beforeAll(async () => {
  sandbox = new TemuSandbox({
    ...APP,
    redirectUrl: 'http://platform.test/thirdparty/temuapi/redirect',
    webhookUrl: 'http://platform.test/api/v1/webhooks/temu',
    sendWebhook: () => Promise.resolve(200),
  });
  await sandbox.start(0);
  // The app's Temu is this sandbox: its origin is the one loopback address the buyer-image fetch
  // may reach (decision 0064).
  t = await createTestApp({ startJobs: true, env: { TEMU_SANDBOX_PORT: new URL(sandbox.url).port } });
  adapter = new TemuAdapter({
    ...APP,
    gateways: { pa: sandbox.gateway('pa'), us: sandbox.gateway('us'), global: sandbox.gateway('global') },
    authorizeUrls: {
      product: `${sandbox.url}/pa/authorize`,
      order_us: `${sandbox.url}/us/authorize`,
      order_global: `${sandbox.url}/global/authorize`,
    },
    redirectUrl: 'http://platform.test/thirdparty/temuapi/redirect',
    sandbox: true,
    policy: { ...DEFAULT_POLICY, gate: new MemoryRateGate(), sleep: () => Promise.resolve() },
  });
  prepareFonts(t.config.dataDir);
});
afterAll(async () => {
  await sandbox.stop();
  await t.close();
});
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
const ZH = { 'accept-language': 'zh-cn' };

/** The slots' boxes on the front (print px of the 1000 × 1200 print file at 300 DPI). */
const NAME_BOX = { x: 100, y: 80, width: 800, height: 200 };
const PHOTO_BOX = { x: 200, y: 400, width: 600, height: 600 };

async function personalisableWorld() {
  const w = await buildCheckoutWorld(t);
  const m = { tenantId: w.tenant.id, merchantId: w.m.merchant.id };
  const sample = await buildImage(
    { db: t.database.db, storage: t.services.storage },
    { ...m, uploaderId: w.m.primary.id },
    { width: 600, height: 600, hex: '#888888' },
  );
  const document = {
    version: 2,
    product_id: w.product.id,
    color_id: w.basics.colors[0]!.id,
    surfaces: {
      front: {
        layers: [
          {
            id: 'name',
            name: 'Name',
            type: 'text',
            ...NAME_BOX,
            text: 'Your name',
            font_family: 'Roboto',
            font_size: 110,
            font_weight: 700,
            color: '#cc2200',
            align: 'center',
          },
          {
            id: 'photo',
            name: 'Photo',
            type: 'image',
            ...PHOTO_BOX,
            source: { kind: 'attachment', id: sample.id },
            natural_width: 600,
            natural_height: 600,
          },
          {
            id: 'frame',
            type: 'rectangle',
            x: 150,
            y: 1050,
            width: 700,
            height: 40,
            fill: '#222222',
          },
        ],
      },
    },
  };
  const saved = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/design/finished',
    headers: w.m.headers,
    payload: { product_id: w.product.id, name: 'Custom photo tee', documents: [document] },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  const finishedId = saved.json().data.finished.id as string;
  const slots = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/admin/design/finished/${finishedId}/slots`,
    headers: w.m.headers,
    payload: {
      slots: [
        { name: 'name', surface: 'front', layer_id: 'name', kind: 'text' },
        { name: 'photo', surface: 'front', layer_id: 'photo', kind: 'image' },
      ],
    },
  });
  expect(slots.statusCode, slots.body).toBe(200);
  return { w, m, finishedId, document, sample };
}

/** A customised line of a Temu sandbox order with a text and an image, read through the adapter. */
async function temuCustomisedLine(
  seller: string,
): Promise<{ orderId: string; order: MarketOrder; line: MarketOrderLine }> {
  const access: ShopAccess = { tokens: {} };
  for (const slot of ['product', 'order_us'] as const) {
    const gateway = slot === 'product' ? 'pa' : 'us';
    access.tokens[slot] = (
      await adapter.exchangeCode({ code: sandbox.issueCode(seller, gateway), slot })
    ).accessToken;
  }
  const page = await adapter.searchOrders(access, {});
  const read = await adapter.getOrders(
    access,
    page.orders.map((o) => o.id),
  );
  for (const order of read)
    for (const line of order.lines)
      if (
        line.customisation.some((c) => c.kind === 'image') &&
        line.customisation.some((c) => c.kind === 'text')
      )
        return { orderId: order.id, order, line };
  throw new Error('the sandbox has no customised line with text and image');
}

/**
 * An unpaid order of the merchant whose line is the Temu line, linked to the personalisable
 * finished product (what intake's upsert and the SKU mapping make of it).
 */
async function orderWith(
  w: CheckoutWorld,
  finishedId: string,
  temu: { orderId: string; line: MarketOrderLine },
) {
  const { order_no } = await buildUnpaidOrder(t, w);
  const [order] = await t.database.db.select().from(orders).where(eq(orders.orderNo, order_no));
  await t.database.db
    .update(orders)
    .set({ source: 'sync', platform: 'temu', thirdPartyOrderNo: temu.orderId })
    .where(eq(orders.id, order!.id));
  const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
  await t.database.db
    .update(orderLines)
    .set({
      finishedProductId: finishedId,
      externalSkuId: temu.line.skuId,
      customisation: temu.line.customisation,
    })
    .where(eq(orderLines.id, line!.id));
  return { orderNo: order_no, orderId: order!.id, lineId: line!.id };
}

/**
 * The Temu order stored as sync stores it: the intake upsert, its customised line linked to the
 * personalisable finished product through the shop's SKU mapping.
 */
async function upsertTemuOrder(
  w: CheckoutWorld,
  finishedId: string,
  temu: { order: MarketOrder; line: MarketOrderLine },
) {
  const db = t.database.db;
  const owner = { tenantId: w.tenant.id, merchantId: w.m.merchant.id };
  const [shop] = await db
    .insert(shops)
    .values({ ...owner, name: 'Temu shop', platform: 'temu' })
    .returning();
  await db.insert(orderSkuMappings).values({
    ...owner,
    shopId: shop!.id,
    externalSkuId: temu.line.skuId,
    finishedProductId: finishedId,
    colorId: w.basics.colors[0]!.id,
    sizeId: w.basics.sizes[0]!.id,
  });
  const o = temu.order;
  const result = await upsertMarketplaceOrder(db, owner, {
    shopId: shop!.id,
    platform: 'temu',
    shopName: 'Temu shop',
    thirdPartyOrderNo: o.id,
    channel: 'sync',
    vendorStatus: o.vendorStatus,
    marketState: o.state,
    vendorUpdatedAt: o.updatedAt,
    createdAt: o.createdAt,
    paidAt: o.paidAt,
    shipBy: o.shipBy,
    buyerMessage: o.buyerMessage,
    salesCurrency: o.total?.currency ?? null,
    salesAmount: null,
    salesShippingAmount: o.shippingFee?.amount ?? null,
    salesTotalAmount: o.total?.amount ?? null,
    address: o.address,
    lines: o.lines.map((l) => ({
      lineIds: l.lineIds,
      productId: l.productId,
      skuId: l.skuId,
      sellerSku: l.sellerSku,
      productName: l.productName,
      skuName: l.skuName,
      imageUrl: l.imageUrl,
      quantity: l.quantity,
      unitPrice: l.unitPrice?.amount ?? null,
      customisation: l.customisation,
    })),
  });
  const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, result.orderId));
  const line = lines.find((l) => l.externalSkuId === temu.line.skuId)!;
  expect(line.finishedProductId).toBe(finishedId);
  expect(line.customisation).toEqual(temu.line.customisation);
  return { orderNo: result.orderNo, orderId: result.orderId, lineId: line.id };
}

async function settled(orderNo: string, headers: Record<string, string>) {
  for (let i = 0; i < 240; i += 1) {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/order/${orderNo}/personalisation`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    if (
      data.lines.length &&
      data.lines.every((l: { status: string }) => l.status === 'done' || l.status === 'review')
    )
      return data;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('personalisation did not settle');
}

/** A photo of four coloured quadrants: where each lands in the print shows the image is placed, not stretched. */
const QUADRANTS = { tl: [220, 30, 30], tr: [30, 170, 60], bl: [30, 60, 210], br: [240, 200, 20] } as const;
async function quadrantPhoto(size: number): Promise<Buffer> {
  const half = size / 2;
  const tile = (rgb: readonly number[]) =>
    sharp({
      create: { width: half, height: half, channels: 3, background: { r: rgb[0]!, g: rgb[1]!, b: rgb[2]! } },
    })
      .png()
      .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 3, background: '#000000' } })
    .composite([
      { input: await tile(QUADRANTS.tl), left: 0, top: 0 },
      { input: await tile(QUADRANTS.tr), left: half, top: 0 },
      { input: await tile(QUADRANTS.bl), left: 0, top: half },
      { input: await tile(QUADRANTS.br), left: half, top: half },
    ])
    .png()
    .toBuffer();
}

async function pixels(png: Buffer) {
  return sharp(png)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}
type Pixels = Awaited<ReturnType<typeof pixels>>;
const at = (p: Pixels, x: number, y: number) => {
  const i = (y * p.info.width + x) * 3;
  return [p.data[i]!, p.data[i + 1]!, p.data[i + 2]!];
};
const near = (a: readonly number[], b: readonly number[], levels = 12) =>
  a.every((v, i) => Math.abs(v - b[i]!) <= levels);

/** Golden comparison (as test/golden): share of pixels off by more than 32 levels, and the mean. */
function compare(x: Pixels, y: Pixels, box = { x: 0, y: 0, width: x.info.width, height: x.info.height }) {
  let differing = 0;
  let sum = 0;
  for (let yy = box.y; yy < box.y + box.height; yy += 1)
    for (let xx = box.x; xx < box.x + box.width; xx += 1) {
      const a = at(x, xx, yy);
      const b = at(y, xx, yy);
      let worst = 0;
      for (let c = 0; c < 3; c += 1) {
        sum += Math.abs(a[c]! - b[c]!);
        worst = Math.max(worst, Math.abs(a[c]! - b[c]!));
      }
      if (worst > 32) differing += 1;
    }
  const n = box.width * box.height;
  return { differingShare: differing / n, meanLevels: sum / (n * 3) };
}

async function printOf(key: string | null): Promise<Buffer> {
  expect(key).toBeTruthy();
  const path = new URL(key!, 'http://x').pathname;
  const res = await t.app.inject({ method: 'GET', url: path + new URL(key!, 'http://x').search });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

describe('buyer personalisation → print file', () => {
  it('a personalised Temu order gets its own print file with the buyer text and image in the slots (pixels)', async () => {
    const { w, m, finishedId, document } = await personalisableWorld();
    const temu = await temuCustomisedLine('mall-golden');
    const image = temu.line.customisation.find((c) => c.kind === 'image')!;
    const text = temu.line.customisation.find((c) => c.kind === 'text')!;
    // The buyer's upload: 800 × 800 px in a 2-inch box at 300 DPI is 400 DPI, above the minimum.
    sandbox.setStaticFile(new URL(image.value).pathname.slice('/static/'.length), await quadrantPhoto(800));
    const order = await upsertTemuOrder(w, finishedId, temu);

    // Nobody asks for it: the sweep finds the customised line of a personalisable product.
    expect(await queueNewPersonalisations(t.services)).toBe(1);
    // Pending lines keep the order from being paid.
    const [pending] = await t.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(pending!.reviewLines).toBe(1);

    const data = await settled(order.orderNo, w.m.headers);
    const line = data.lines[0];
    expect(line).toMatchObject({ line_id: order.lineId, status: 'done', reason: null, reason_code: null });
    // Once handled, the sweep leaves the line alone.
    expect(await queueNewPersonalisations(t.services)).toBe(0);
    expect(line.applied).toEqual(
      expect.arrayContaining([
        { slot: 'name', kind: 'text', value: text.value },
        { slot: 'photo', kind: 'image', value: image.value },
      ]),
    );
    expect(line.applied).toHaveLength(2);
    expect(line.customisation).toHaveLength(2);
    expect(line.renders).toHaveLength(1);
    expect(line.renders[0].mockup_url).toBeTruthy();
    expect(data.blocking_lines).toBe(0);

    // The line's document: the finished product's with the buyer's text and a stored copy of the image.
    const doc = loadDesignDocument(line.document);
    const layers = doc.surfaces.front!.layers;
    const name = layers.find((l) => l.id === 'name')!;
    const photo = layers.find((l) => l.id === 'photo')!;
    expect(name.type === 'text' && name.text).toBe(text.value);
    expect(photo.type === 'image' && photo.source.kind).toBe('attachment');
    expect(photo.type === 'image' && [photo.natural_width, photo.natural_height]).toEqual([800, 800]);
    expect(line.assets.map((a: { id: string }) => a.id)).toContain(
      photo.type === 'image' ? photo.source.id : '',
    );

    // Pixels of the line's print file.
    const print = await pixels(await printOf(line.renders[0].print_url));
    expect([print.info.width, print.info.height]).toEqual([1000, 1200]);
    const q = (fx: number, fy: number) =>
      at(
        print,
        Math.round(PHOTO_BOX.x + PHOTO_BOX.width * fx),
        Math.round(PHOTO_BOX.y + PHOTO_BOX.height * fy),
      );
    expect(near(q(0.25, 0.25), QUADRANTS.tl)).toBe(true);
    expect(near(q(0.75, 0.25), QUADRANTS.tr)).toBe(true);
    expect(near(q(0.25, 0.75), QUADRANTS.bl)).toBe(true);
    expect(near(q(0.75, 0.75), QUADRANTS.br)).toBe(true);
    // Nothing of the image outside its box; the merchant's bar is still there.
    expect(near(at(print, PHOTO_BOX.x - 20, PHOTO_BOX.y + 300), [255, 255, 255])).toBe(true);
    expect(near(at(print, 500, 1070), [0x22, 0x22, 0x22])).toBe(true);

    // Golden: the print equals an independent render of the design with the buyer's text in the
    // text layer (same font, fitted by the slot rule) and the photo cropped to the box.
    const [product] = await productsByIds(t.database.db, m.tenantId, [w.product.id]);
    const spec = specsOf(product!).find((s) => s.code === 'front')!;
    const base = loadDesignDocument(document);
    const expected = structuredClone(base);
    expected.surfaces.front!.layers = expected.surfaces.front!.layers.map((l) =>
      l.id === 'name' && l.type === 'text'
        ? placeText(l, text.value)!
        : l.id === 'photo' && l.type === 'image' && photo.type === 'image'
          ? {
              ...l,
              source: photo.source,
              natural_width: 800,
              natural_height: 800,
              crop: { x: 0, y: 0, width: 800, height: 800 },
            }
          : l,
    );
    const assets = await loadAssets(t.services, m, [expected]);
    const reference = await pixels(await renderPrintFile(expected, spec, assets));
    const whole = compare(print, reference);
    expect(whole.differingShare).toBeLessThan(0.01);
    expect(whole.meanLevels).toBeLessThan(2);
    // ...and the text slot differs from the merchant's sample ("Your name"): the buyer's text is in it.
    const sampleRender = await pixels(
      await renderPrintFile(base, spec, await loadAssets(t.services, m, [base])),
    );
    expect(compare(print, sampleRender, NAME_BOX).differingShare).toBeGreaterThan(0.02);
    const ink = (() => {
      let n = 0;
      for (let y = NAME_BOX.y; y < NAME_BOX.y + NAME_BOX.height; y += 1)
        for (let x = NAME_BOX.x; x < NAME_BOX.x + NAME_BOX.width; x += 1)
          if (near(at(print, x, y), [0xcc, 0x22, 0x00], 40)) n += 1;
      return n;
    })();
    expect(ink).toBeGreaterThan(2000);

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.orderId));
    expect(row!.reviewLines).toBe(0);
  });

  it('a buyer image on a private, metadata or other loopback address is not fetched: the line is flagged with the reason', async () => {
    const { w, m, finishedId } = await personalisableWorld();
    const temu = await temuCustomisedLine('mall-private');
    for (const [url, host] of [
      ['http://169.254.169.254/latest/meta-data/iam/security-credentials/photo.png', '169.254.169.254'],
      ['http://[::ffff:10.0.0.7]/photo.png', '::ffff:a00:7'],
      // Loopback, but not the sandbox's own origin.
      [`http://127.0.0.1:${Number(new URL(sandbox.url).port) === 1 ? 2 : 1}/photo.png`, '127.0.0.1'],
    ] as const) {
      const line = {
        ...temu.line,
        customisation: temu.line.customisation.map((c) => (c.kind === 'image' ? { ...c, value: url } : c)),
      };
      const order = await orderWith(w, finishedId, { orderId: temu.orderId, line });
      await queuePersonalisation(t.services, m, order.orderId);
      const data = await settled(order.orderNo, { ...w.m.headers, ...EN });
      expect(data.lines[0], url).toMatchObject({ status: 'review', reason_code: 'image_address_refused' });
      expect(data.lines[0].reason).toBe(
        `The buyer's image for "photo" was not fetched: its address ${host} is not on the public internet ` +
          '(a private, loopback, link-local or cloud metadata address). Ask the buyer for the image and place it in the editor',
      );
      const zh = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/order/${order.orderNo}/personalisation`,
        headers: { ...w.m.headers, ...ZH },
      });
      expect(zh.json().data.lines[0].reason).toMatch(
        new RegExp(`未被下载：其地址 ${host.replace(/[.[\]]/g, '\\$&')} 不在公共互联网上`),
      );
      // The text is still applied and the line rendered: the merchant sees the mockup next to the reason.
      expect(data.lines[0].renders[0].mockup_url).toBeTruthy();
      expect(data.blocking_lines).toBe(1);
    }
  });

  it('a buyer image the sandbox serves as something other than PNG or JPEG is not read: the line is flagged with the type', async () => {
    const { w, m, finishedId } = await personalisableWorld();
    const temu = await temuCustomisedLine('mall-typed');
    const image = temu.line.customisation.find((c) => c.kind === 'image')!;
    // Real PNG bytes, but served as a web page (an error page, a login wall): refused on the type.
    sandbox.setStaticFile(
      new URL(image.value).pathname.slice('/static/'.length),
      await quadrantPhoto(800),
      'text/html; charset=utf-8',
    );
    const order = await orderWith(w, finishedId, temu);
    await queuePersonalisation(t.services, m, order.orderId);
    const data = await settled(order.orderNo, { ...w.m.headers, ...EN });
    expect(data.lines[0]).toMatchObject({ status: 'review', reason_code: 'image_unusable' });
    expect(data.lines[0].reason).toBe(
      `The buyer's image for "photo" could not be used: content type text/html is not one of image/png, image/jpeg`,
    );
    const zh = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/order/${order.orderNo}/personalisation`,
      headers: { ...w.m.headers, ...ZH },
    });
    expect(zh.json().data.lines[0].reason).toMatch(
      /^买家为“photo”上传的图片无法使用：content type text\/html/,
    );
    expect(data.blocking_lines).toBe(1);
  });

  it('a too-small buyer image flags the line with the reason; the order cannot be paid until the merchant saves the design', async () => {
    const { w, m, finishedId } = await personalisableWorld();
    // The sandbox's default upload is a 1 × 1 px PNG.
    const temu = await temuCustomisedLine('mall-small');
    const order = await orderWith(w, finishedId, temu);
    await queuePersonalisation(t.services, m, order.orderId);
    const data = await settled(order.orderNo, w.m.headers);
    expect(data.blocking_lines).toBe(1);
    expect(data.lines[0]).toMatchObject({ status: 'review', reason_code: 'image_too_small' });
    expect(data.lines[0].reason).toMatch(/"photo" prints at \d+ DPI, below the minimum 150 DPI/);
    // The rest is applied and rendered: the merchant sees the mockup.
    expect(data.lines[0].renders[0].mockup_url).toBeTruthy();
    const zh = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/order/${order.orderNo}/personalisation`,
      headers: { ...w.m.headers, ...ZH },
    });
    expect(zh.json().data.lines[0].reason).toMatch(/低于最低 150 DPI/);

    const pay = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/order/pay',
      headers: w.m.headers,
      payload: { order_nos: [order.orderNo] },
    });
    expect(pay.statusCode, pay.body).toBe(409);
    expect(pay.json().msg).toMatch(/personalised lines pending or flagged/);

    // The merchant opens the line's design in the editor and saves it: a blurry image needs the
    // same confirmation as any design.
    const url = `/api/v1/admin/order/${order.orderNo}/personalisation/${order.lineId}`;
    const blurry = await t.app.inject({
      method: 'PUT',
      url,
      headers: w.m.headers,
      payload: { document: data.lines[0].document },
    });
    expect(blurry.statusCode, blurry.body).toBe(400);
    expect(blurry.json().data.needs_confirmation).toBe(true);
    const saved = await t.app.inject({
      method: 'PUT',
      url,
      headers: w.m.headers,
      payload: { document: data.lines[0].document, confirmed_blurry: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ edited: true, reason: null });
    const after = await settled(order.orderNo, w.m.headers);
    expect(after.lines[0]).toMatchObject({ status: 'done', edited: true });
    expect(after.blocking_lines).toBe(0);
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/order/${order.orderNo}`,
      headers: w.m.headers,
    });
    expect(JSON.stringify(detail.json().data)).toContain('personalisation_saved');
    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/order/pay',
      headers: w.m.headers,
      payload: { order_nos: [order.orderNo] },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    // Paid: the personalisation no longer changes.
    const late = await t.app.inject({
      method: 'PUT',
      url,
      headers: w.m.headers,
      payload: { document: data.lines[0].document, confirmed_blurry: true },
    });
    expect(late.statusCode).toBe(409);
  });
});

describe('personalisation routes', () => {
  it('slots: read and name, validation, no token, other merchant, other tenant', async () => {
    const { w, finishedId } = await personalisableWorld();
    const url = `/api/v1/admin/design/finished/${finishedId}/slots`;
    const read = await t.app.inject({ method: 'GET', url, headers: w.m.headers });
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json().data).toMatchObject({
      personalisable: true,
      slots: [{ name: 'name' }, { name: 'photo' }],
    });
    expect(read.json().data.candidates.map((c: { layer_id: string }) => c.layer_id)).toEqual([
      'name',
      'photo',
    ]);

    const put = (slots: unknown, headers = w.m.headers) =>
      t.app.inject({ method: 'PUT', url, headers, payload: { slots } });
    const twice = await put([
      { name: 'Name', surface: 'front', layer_id: 'name', kind: 'text' },
      { name: 'name ', surface: 'front', layer_id: 'photo', kind: 'image' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().msg).toBe('Slot name "name" is used twice');
    const missing = await put([{ name: 'x', surface: 'front', layer_id: 'nope', kind: 'text' }]);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.errors[0].field).toBe('slots.0.layer_id');
    const kind = await put([{ name: 'x', surface: 'front', layer_id: 'photo', kind: 'text' }]);
    expect(kind.statusCode).toBe(400);
    expect(kind.json().data.errors[0].field).toBe('slots.0.kind');
    const notALayer = await put([{ name: 'x', surface: 'front', layer_id: 'frame', kind: 'image' }]);
    expect(notALayer.statusCode).toBe(400);
    const zh = await put([{ name: 'x', surface: 'front', layer_id: 'photo', kind: 'text' }], {
      ...w.m.headers,
      ...ZH,
    });
    expect(zh.json().msg).toMatch(/不是/);
    const bad = await put([{ name: '', surface: 'front', layer_id: 'name', kind: 'text' }]);
    expect(bad.statusCode).toBe(400);
    const none = await put([]);
    expect(none.statusCode).toBe(200);
    expect(none.json().data.personalisable).toBe(false);

    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: w.n.headers })).statusCode).toBe(404);
    expect((await put([], w.n.headers)).statusCode).toBe(404);
    const other = await buildCheckoutWorld(t);
    expect((await t.app.inject({ method: 'GET', url, headers: other.m.headers })).statusCode).toBe(404);
    expect((await put([], other.m.headers)).statusCode).toBe(404);
  });

  it('order personalisation: read, run, save; validation, no token, other merchant, other tenant', async () => {
    const { w, m, finishedId } = await personalisableWorld();
    const temu = await temuCustomisedLine('mall-routes');
    const order = await orderWith(w, finishedId, temu);
    await queuePersonalisation(t.services, m, order.orderId);
    const data = await settled(order.orderNo, w.m.headers);
    const base = `/api/v1/admin/order/${order.orderNo}/personalisation`;

    const run = await t.app.inject({ method: 'POST', url: `${base}/run`, headers: w.m.headers });
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().data.job_id).toBeTruthy();
    await settled(order.orderNo, w.m.headers);

    const save = (payload: unknown, headers: Record<string, string> = w.m.headers, line = order.lineId) =>
      t.app.inject({ method: 'PUT', url: `${base}/${line}`, headers, payload: payload as object });
    expect((await save({ document: { version: 2 } })).statusCode).toBe(400);
    expect((await save({})).statusCode).toBe(400);
    expect((await save({ document: data.lines[0].document }, w.m.headers, 'not-a-uuid')).statusCode).toBe(
      400,
    );
    const wrongLine = await save(
      { document: data.lines[0].document, confirmed_blurry: true },
      w.m.headers,
      finishedId,
    );
    expect(wrongLine.statusCode).toBe(404);
    const otherProduct = { ...data.lines[0].document, product_id: finishedId };
    expect((await save({ document: otherProduct, confirmed_blurry: true })).statusCode).toBe(400);

    expect((await t.app.inject({ method: 'GET', url: base })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: `${base}/run` })).statusCode).toBe(401);
    expect((await save({ document: data.lines[0].document }, EN)).statusCode).toBe(401);
    for (const headers of [w.n.headers, (await buildCheckoutWorld(t)).m.headers]) {
      expect((await t.app.inject({ method: 'GET', url: base, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'POST', url: `${base}/run`, headers })).statusCode).toBe(404);
      expect(
        (await save({ document: data.lines[0].document, confirmed_blurry: true }, headers)).statusCode,
      ).toBe(404);
    }
    // Nothing changed by the refused calls.
    const still = await t.app.inject({ method: 'GET', url: base, headers: w.m.headers });
    expect(still.json().data.lines[0].edited).toBe(false);
  });
});
