import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { finishedProducts, orderEvents, orders } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';
import {
  buildFactoryWithUser,
  buildSupplierAdmin,
  buildTenant,
  unique,
} from '../../../test/factories/index.ts';
import { buildPaidOrder, uploadImages } from '../../../test/factories/aftersales.ts';
import { buildCheckoutWorld, buildUnpaidOrder, type CheckoutWorld } from '../../../test/factories/orders.ts';
import { multipart } from '../../../test/helpers/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
type H = Record<string, string>;

interface World extends CheckoutWorld {
  factoryHeaders: H;
  otherFactoryHeaders: H;
  otherTenantSupplier: H;
}

async function world(): Promise<World> {
  const w = await buildCheckoutWorld(t);
  const other = await buildFactoryWithUser(t.database.db, w.tenant.id);
  const t2 = await buildTenant(t.database.db);
  const s2 = await buildSupplierAdmin(t.database.db, t2.id);
  return {
    ...w,
    factoryHeaders: { ...EN, ...(await t.authAs(adminActor(w.factoryUser))) },
    otherFactoryHeaders: { ...EN, ...(await t.authAs(adminActor(other.user))) },
    otherTenantSupplier: { ...EN, ...(await t.authAs(adminActor(s2))) },
  };
}

const call = (method: 'GET' | 'POST', url: string, headers: H, payload?: unknown) =>
  t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function rendered(finishedId: string) {
  for (let i = 0; i < 200; i++) {
    const [row] = await t.database.db
      .select({ status: finishedProducts.renderStatus })
      .from(finishedProducts)
      .where(eq(finishedProducts.id, finishedId));
    if (row?.status === 'done') return;
    if (row?.status === 'failed') throw new Error('render failed');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('render did not finish');
}

async function pdfText(bytes: Buffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text;
}

/** More paid orders of world.m without going through checkout each time: copies of one. */
async function cloneOrders(source: typeof orders.$inferSelect, n: number) {
  const made: Array<typeof orders.$inferSelect> = [];
  for (let i = 0; i < n; i++) {
    const { id: _id, orderNo: _no, ...rest } = source;
    const [row] = await t.database.db
      .insert(orders)
      .values({
        ...rest,
        orderNo: `C${Date.now().toString().slice(-8)}${i}${randomUUID().slice(0, 4).toUpperCase()}`.replace(
          /[^A-Z0-9]/g,
          '0',
        ),
      })
      .returning();
    made.push(row!);
  }
  return made;
}

describe('the factory side: paid → in production → shipped', () => {
  it('a factory user sees its paid order, starts production, downloads prints and documents, ships it', async () => {
    const w = await world();
    await rendered(w.m.finished.id);
    const order = await buildPaidOrder(t, w);

    const list = await call('GET', '/api/v1/admin/production?status=paid', w.factoryHeaders);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.list.map((o: { order_no: string }) => o.order_no)).toEqual([order.orderNo]);
    expect(list.json().data.counts).toMatchObject({ paid: 1, in_production: 0 });

    const detail = await call('GET', `/api/v1/admin/production/${order.id}`, w.factoryHeaders);
    expect(detail.statusCode, detail.body).toBe(200);
    const d = detail.json().data;
    expect(d.lines).toHaveLength(1);
    expect(d.print_files).toEqual([
      expect.objectContaining({ surface: 'front', url: expect.stringMatching(/^\/files\//) }),
    ]);
    expect(d.address.country).toBe('US');
    expect(d.factory.id).toBe(w.factory.id);

    // Shipping before production is refused.
    const early = await call('POST', `/api/v1/admin/production/${order.id}/ship`, w.factoryHeaders, {
      carrier_code: 'yunexpress',
      tracking_no: 'YT0000000001',
    });
    expect(early.statusCode, early.body).toBe(409);

    const started = await call('POST', '/api/v1/admin/production/start', w.factoryHeaders, {
      ids: [order.id],
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().data).toMatchObject({ success: 1, failure: 0 });
    const again = await call('POST', '/api/v1/admin/production/start', w.factoryHeaders, { ids: [order.id] });
    expect(again.json().data).toMatchObject({ success: 0, failure: 1 });

    // The merchant sees the progress on its order.
    const mine = await call('GET', `/api/v1/admin/order/${order.orderNo}`, w.m.headers);
    expect(mine.json().data.status).toBe('in_production');
    // … and can no longer cancel it directly: a cancel request goes to review instead.
    const cancel = await call('POST', `/api/v1/admin/order/${order.orderNo}/cancel`, w.m.headers, {});
    expect(cancel.statusCode, cancel.body).toBe(409);
    expect(mine.json().data.actions).toContain('cancel_request');
    expect(mine.json().data.actions).not.toContain('cancel');
    const [imageId] = await uploadImages(t, w.m.headers, 1);
    const request = await call('POST', '/api/v1/admin/afterSales', w.m.headers, {
      kind: 'cancel',
      order_no: order.orderNo,
      reason: 'Changed my mind',
      refund_reason: 'No longer needed',
      refund_type: 'partial',
      application_amount: 100,
      image_ids: [imageId],
    });
    expect(request.statusCode, request.body).toBe(200);
    expect(request.json().data.status).toBe('pending_review');

    const zip = await call('POST', '/api/v1/admin/production/printFiles', w.factoryHeaders, {
      ids: [order.id],
    });
    expect(zip.statusCode, zip.body.slice(0, 200)).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.subarray(0, 2).toString()).toBe('PK');
    expect(zip.rawPayload.includes(Buffer.from(`${order.orderNo}/1-`))).toBe(true);
    expect(zip.rawPayload.includes(Buffer.from('MISSING.txt'))).toBe(false);

    for (const doc of ['packingSlip', 'sheet']) {
      const pdf = await call('GET', `/api/v1/admin/production/${order.id}/${doc}`, w.factoryHeaders);
      expect(pdf.statusCode, pdf.body.slice(0, 200)).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(await pdfText(pdf.rawPayload)).toContain(order.orderNo);
    }

    const bad = await call('POST', `/api/v1/admin/production/${order.id}/ship`, w.factoryHeaders, {
      carrier_code: 'pigeon',
      tracking_no: 'x',
    });
    expect(bad.statusCode).toBe(400);
    const shipped = await call('POST', `/api/v1/admin/production/${order.id}/ship`, w.factoryHeaders, {
      carrier_code: 'yunexpress',
      tracking_no: 'YT2026000000001',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data).toMatchObject({
      status: 'shipped',
      tracking_no: 'YT2026000000001',
      carrier_code: 'yunexpress',
    });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({
      status: 'shipped',
      trackingNo: 'YT2026000000001',
      carrierCode: 'yunexpress',
    });
    expect(row!.shippedAt).toBeInstanceOf(Date);
    const events = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id));
    expect(events.map((e) => e.action)).toEqual(expect.arrayContaining(['start_production', 'ship']));
    const merchantView = await call('GET', `/api/v1/admin/order/${order.orderNo}`, w.m.headers);
    expect(merchantView.json().data).toMatchObject({ status: 'shipped', carrier_code: 'yunexpress' });
  });

  it('only the factories of the caller: another factory, another tenant, merchants and no token are refused', async () => {
    const w = await world();
    const order = await buildPaidOrder(t, w);
    const unpaid = await buildUnpaidOrder(t, w);
    const url = `/api/v1/admin/production/${order.id}`;

    // The supplier supervises every factory of its tenant.
    expect((await call('GET', url, w.supplier)).statusCode).toBe(200);
    // An unpaid order is no factory's business yet.
    const [u] = await t.database.db.select().from(orders).where(eq(orders.orderNo, unpaid.order_no));
    expect((await call('GET', `/api/v1/admin/production/${u!.id}`, w.factoryHeaders)).statusCode).toBe(404);

    for (const headers of [w.otherFactoryHeaders, w.otherTenantSupplier]) {
      const list = await call('GET', '/api/v1/admin/production', headers);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(order.orderNo);
      expect((await call('GET', url, headers)).statusCode).toBe(404);
      expect((await call('GET', `${url}/packingSlip`, headers)).statusCode).toBe(404);
      expect((await call('GET', `${url}/sheet`, headers)).statusCode).toBe(404);
      expect((await call('GET', `${url}/label`, headers)).statusCode).toBe(404);
      expect(
        (await call('POST', '/api/v1/admin/production/start', headers, { ids: [order.id] })).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', '/api/v1/admin/production/printFiles', headers, { ids: [order.id] })).statusCode,
      ).toBe(404);
      expect(
        (await call('POST', `${url}/ship`, headers, { carrier_code: 'dhl', tracking_no: 'DHL123456789' }))
          .statusCode,
      ).toBe(404);
    }
    // Merchants have no production queue at all (not even their own factory's).
    for (const headers of [w.m.headers, w.n.headers]) {
      expect((await call('GET', '/api/v1/admin/production', headers)).statusCode).toBe(403);
      expect((await call('GET', url, headers)).statusCode).toBe(403);
    }
    expect((await call('GET', url, EN)).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/admin/production/start', EN, { ids: [order.id] })).statusCode).toBe(
      401,
    );
    // Validation.
    expect(
      (await call('POST', '/api/v1/admin/production/start', w.factoryHeaders, { ids: [] })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/v1/admin/production/not-a-uuid', w.factoryHeaders)).statusCode).toBe(400);
    // Nothing moved.
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after!.status).toBe('paid');
  });
});

const importLabels = (headers: H, lines: string, extra: Record<string, unknown> = {}, methodId?: string) =>
  call('POST', '/api/v1/admin/label/import', headers, {
    platform: 'other',
    method_ids: [methodId],
    lines,
    ...extra,
  });

describe('label import (spec §5)', () => {
  it('refuses 51 lines and reports each bad line with its reason', async () => {
    const w = await world();
    const order = await buildPaidOrder(t, w);
    const other = await buildPaidOrder(t, { ...w, m: w.n });
    const unpaid = await buildUnpaidOrder(t, w);

    const many = Array.from(
      { length: 51 },
      (_, i) => `${order.orderNo},YT${String(i).padStart(10, '0')}`,
    ).join('\n');
    const over = await importLabels(w.m.headers, many, {}, w.method.id);
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('50');
    expect((await importLabels(w.m.headers, 'x,y', { method_ids: [] }, w.method.id)).statusCode).toBe(400);
    expect((await importLabels(EN, `${order.orderNo},YT1234567890`, {}, w.method.id)).statusCode).toBe(401);
    const foreignMethod = await importLabels(w.m.headers, `${order.orderNo},YT1234567890`, {}, randomUUID());
    expect(foreignMethod.statusCode).toBe(404);

    const res = await importLabels(
      w.m.headers,
      [
        `${order.orderNo},YT1234567890`,
        'no comma here',
        `NOPE000000,YT1234567891`,
        `${other.orderNo},YT1234567892`,
        `${unpaid.order_no},YT1234567893`,
        `${order.orderNo},YT1234567894`,
      ].join('\n'),
      {},
      w.method.id,
    );
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ success: 1, failure: 5 });
    expect(data.results.map((r: { reason: string | null }) => r.reason)).toEqual([
      null,
      'format',
      'order_not_found',
      'order_not_found',
      'status',
      'duplicate',
    ]);
    expect(data.results[2].message).toContain('NOPE000000');

    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row!.trackingNo).toBe('YT1234567890');
    const methods = await call('GET', '/api/v1/admin/label/methods', w.m.headers);
    expect(methods.json().data.options).toEqual([expect.objectContaining({ value: w.method.id })]);
    expect((await call('GET', '/api/v1/admin/label/methods', EN)).statusCode).toBe(401);
    const records = await call('GET', '/api/v1/admin/label', w.m.headers);
    expect(records.json().data.list).toEqual([
      expect.objectContaining({
        order_no: order.orderNo,
        tracking_no: 'YT1234567890',
        label_status: 'awaiting_file',
        method_name: expect.stringContaining('YunExpress'),
      }),
    ]);
    // Another merchant's tracking number is taken; its list shows nothing of A's.
    const taken = await importLabels(w.n.headers, `${other.orderNo},YT1234567890`, {}, w.method.id);
    expect(taken.json().data.results[0].reason).toBe('tracking_taken');
    expect((await call('GET', '/api/v1/admin/label', w.n.headers)).body).not.toContain(order.orderNo);
    // A shop of another merchant is not found.
    expect(
      (
        await importLabels(
          w.m.headers,
          `${order.orderNo},YT1234567890`,
          { platform: 'tiktok', shop_id: randomUUID() },
          w.method.id,
        )
      ).statusCode,
    ).toBe(404);
    // Factories and suppliers do not import labels.
    expect((await importLabels(w.factoryHeaders, `${order.orderNo},YT1`, {}, w.method.id)).statusCode).toBe(
      403,
    );
  });
});

async function labelPdf(pages: string[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const text of pages) {
    const page = doc.addPage([288, 432]);
    if (text) {
      page.drawText('SHIP TO: Jane Doe, 1 Market St', { x: 20, y: 380, size: 10, font });
      page.drawText(`TRACKING ${text}`, { x: 20, y: 200, size: 16, font });
    }
  }
  return Buffer.from(await doc.save());
}

interface FixturePage {
  text?: string | undefined;
  /** A Code 128 barcode image of this value, without human-readable text. */
  barcode?: string | undefined;
  /** The barcode's middle is covered: the symbol cannot be decoded. */
  cut?: boolean;
  landscape?: boolean;
}

/** A label PDF whose pages carry their number as text, as a Code 128 image only, or nothing. */
async function splitFixture(pages: FixturePage[]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const p of pages) {
    const page = doc.addPage(p.landscape ? [432, 288] : [288, 432]);
    if (p.text)
      page.drawText(`TRACKING ${p.text}`, { x: 20, y: 360 * (p.landscape ? 0.6 : 1), size: 12, font });
    if (p.barcode) {
      const png = await bwipjs.toBuffer({ bcid: 'code128', text: p.barcode, scale: 3, height: 14 });
      const image = await doc.embedPng(png);
      page.drawImage(image, { x: 20, y: 120, width: 248, height: 60 });
      if (p.cut) page.drawRectangle({ x: 100, y: 110, width: 80, height: 80, color: rgb(1, 1, 1) });
    }
  }
  return Buffer.from(await doc.save());
}

describe('waybill import', () => {
  it('matches PDFs named by tracking number, downloads them 20 at a time, and the factory prints them', async () => {
    const w = await world();
    const order = await buildPaidOrder(t, w);
    expect(
      (await importLabels(w.m.headers, `${order.orderNo},YT5550000001`, {}, w.method.id)).statusCode,
    ).toBe(200);
    const pdf = await labelPdf(['YT5550000001']);
    const form = await multipart([
      { name: 'YT5550000001.pdf', body: pdf, type: 'application/pdf' },
      { name: 'YT9999999999.pdf', body: pdf, type: 'application/pdf' },
      { name: 'label.txt', body: 'hello', type: 'text/plain' },
      { name: 'bad name!.pdf', body: pdf, type: 'application/pdf' },
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/label/waybill',
      headers: { ...w.m.headers, ...form.headers },
      payload: form.payload,
    });
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().data).toMatchObject({ success: 1, failure: 3 });
    expect(up.json().data.results.map((r: { reason: string | null }) => r.reason)).toEqual([
      null,
      'no_label',
      'type',
      'name',
    ]);
    // Another merchant uploading the same name finds no label of its own.
    const theirs = await multipart([{ name: 'YT5550000001.pdf', body: pdf, type: 'application/pdf' }]);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/label/waybill',
      headers: { ...w.n.headers, ...theirs.headers },
      payload: theirs.payload,
    });
    expect(other.json().data.results[0].reason).toBe('no_label');
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/label/waybill',
      headers: { ...EN, ...theirs.headers },
      payload: theirs.payload,
    });
    expect(anonymous.statusCode).toBe(401);

    const list = await call('GET', '/api/v1/admin/label?label_status=ready', w.m.headers);
    const [label] = list.json().data.list;
    expect(label).toMatchObject({ tracking_no: 'YT5550000001', label_status: 'ready', source: 'waybill' });

    const zip = await call('POST', '/api/v1/admin/label/download', w.m.headers, { ids: [label.id] });
    expect(zip.statusCode).toBe(200);
    expect(zip.rawPayload.includes(Buffer.from('YT5550000001.pdf'))).toBe(true);
    const tooMany = Array.from({ length: 21 }, () => randomUUID());
    expect(
      (await call('POST', '/api/v1/admin/label/download', w.m.headers, { ids: tooMany })).statusCode,
    ).toBe(400);
    expect(
      (await call('POST', '/api/v1/admin/label/download', w.n.headers, { ids: [label.id] })).statusCode,
    ).toBe(404);
    // A supplier holds no label permission (the merchant's own page).
    expect(
      (await call('POST', '/api/v1/admin/label/download', w.otherTenantSupplier, { ids: [label.id] }))
        .statusCode,
    ).toBe(403);

    // The factory sees the label on its queue and prints it.
    const queue = await call('GET', '/api/v1/admin/production', w.factoryHeaders);
    expect(queue.json().data.list[0]).toMatchObject({ has_label: true, tracking_no: 'YT5550000001' });
    const printed = await call('GET', `/api/v1/admin/production/${order.id}/label`, w.factoryHeaders);
    expect(printed.statusCode).toBe(200);
    expect(printed.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(
      (await call('GET', `/api/v1/admin/production/${order.id}/label`, w.otherFactoryHeaders)).statusCode,
    ).toBe(404);
  });

  it('splits a 12-page label PDF, matches pages by text or Code 128 barcode, shows thumbnails, saves on confirm', async () => {
    const w = await world();
    const first = await buildPaidOrder(t, w);
    const more = await cloneOrders(first, 10);
    const all = [first, ...more];
    const numbers = all.map((_, i) => `LP${String(20260000 + i).padStart(10, '0')}CN`);
    const imported = await importLabels(
      w.m.headers,
      all.map((o, i) => `${o.orderNo},${numbers[i]}`).join('\n'),
      {},
      w.method.id,
    );
    expect(imported.json().data).toMatchObject({ success: 11, failure: 0 });

    const pdf = await splitFixture([
      { text: numbers[0] },
      { text: numbers[1] },
      { text: numbers[2] },
      { barcode: numbers[3] }, // only as a barcode, no text at all
      { text: numbers[4] },
      { barcode: numbers[5], landscape: true },
      { text: 'UNKNOWN00001234' },
      { barcode: 'ZZ9999999999' }, // a readable code no order has
      { barcode: numbers[8], cut: true }, // an unreadable code
      { text: 'SHIP TO Jane Doe Tel 13800138000', barcode: numbers[9] }, // text, but the number only in the code
      { text: numbers[10] },
      {}, // blank
    ]);
    const form = await multipart([{ name: 'labels.pdf', body: pdf, type: 'application/pdf' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/label/split',
      headers: { ...w.m.headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    const split = res.json().data;
    expect(split).toMatchObject({ page_count: 12, matched: 8, status: 'pending' });
    const row = (n: number) => split.pages[n - 1];
    expect(row(1)).toMatchObject({
      page: 1,
      tracking_no: numbers[0],
      order_no: all[0]!.orderNo,
      matched: true,
      read_from: 'text',
    });
    for (const [n, i] of [
      [4, 3],
      [6, 5],
      [10, 9],
    ] as const)
      expect(row(n), `page ${n}`).toMatchObject({
        tracking_no: numbers[i],
        order_no: all[i]!.orderNo,
        matched: true,
        read_from: 'barcode',
        reason: null,
      });
    expect(row(7)).toMatchObject({
      tracking_no: 'UNKNOWN00001234',
      matched: false,
      reason: 'no_label',
      read_from: 'text',
    });
    expect(row(8)).toMatchObject({
      tracking_no: 'ZZ9999999999',
      matched: false,
      reason: 'no_label',
      read_from: 'barcode',
    });
    expect(row(9)).toMatchObject({ tracking_no: null, order_id: null, matched: false, reason: 'no_text' });
    expect(row(12)).toMatchObject({ tracking_no: null, matched: false, reason: 'no_text', read_from: null });
    expect(row(11)).toMatchObject({ page: 11, tracking_no: numbers[10], order_no: all[10]!.orderNo });
    // Nothing saved before the review is confirmed.
    expect((await call('GET', '/api/v1/admin/label?label_status=ready', w.m.headers)).json().data.total).toBe(
      0,
    );

    // Every page has a PNG thumbnail of its own, behind a signed URL the split's reader is given.
    const thumbs: Array<{ png: Buffer; width?: number; height?: number; min: number }> = [];
    for (const p of split.pages as Array<{ thumbnail_url: string | null }>) {
      expect(p.thumbnail_url).toMatch(/^\/files\/.+\.png\?e=\d+&s=/);
      const got = await t.app.inject({ method: 'GET', url: p.thumbnail_url! });
      expect(got.statusCode).toBe(200);
      const png = got.rawPayload;
      const meta = await sharp(png).metadata();
      const stats = await sharp(png).stats();
      expect(meta.format).toBe('png');
      thumbs.push({
        png,
        width: meta.width,
        height: meta.height,
        min: Math.min(...stats.channels.slice(0, 3).map((c) => c.min)),
      });
    }
    expect(thumbs[0]).toMatchObject({ width: 320, height: 480 });
    expect(thumbs[5]!.width).toBe(320); // the landscape page
    expect(thumbs[5]!.height).toBeLessThan(220);
    expect(thumbs[3]!.min).toBeLessThan(64); // the barcode page has ink
    expect(thumbs[11]!.min).toBe(255); // the blank page is white
    expect(new Set(thumbs.map((x) => x.png.toString('base64'))).size).toBe(12);
    const tampered = (split.pages[0].thumbnail_url as string).replace(/s=[^&]+/, 's=AAAA');
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).not.toBe(200);
    // Reading the split again hands out the same thumbnails.
    const again = await call('GET', `/api/v1/admin/label/split/${split.id}`, w.m.headers);
    expect(again.json().data.pages.map((p: { thumbnail_url: string }) => p.thumbnail_url)).toEqual(
      split.pages.map((p: { thumbnail_url: string }) => p.thumbnail_url),
    );

    const page = await call('GET', `/api/v1/admin/label/split/${split.id}/page/7`, w.m.headers);
    expect(page.statusCode).toBe(200);
    expect(await pdfText(page.rawPayload)).toContain('UNKNOWN00001234');
    expect((await call('GET', `/api/v1/admin/label/split/${split.id}/page/13`, w.m.headers)).statusCode).toBe(
      404,
    );

    for (const headers of [w.n.headers, w.otherTenantSupplier]) {
      expect((await call('GET', `/api/v1/admin/label/split/${split.id}`, headers)).statusCode).not.toBe(200);
      expect(
        (await call('POST', `/api/v1/admin/label/split/${split.id}/confirm`, headers)).statusCode,
      ).not.toBe(200);
    }
    expect((await call('POST', `/api/v1/admin/label/split/${split.id}/confirm`, EN)).statusCode).toBe(401);

    const confirmed = await call('POST', `/api/v1/admin/label/split/${split.id}/confirm`, w.m.headers);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toMatchObject({ saved: 8, skipped: 4, split: { status: 'confirmed' } });
    expect(
      (await call('POST', `/api/v1/admin/label/split/${split.id}/confirm`, w.m.headers)).statusCode,
    ).toBe(409);
    const ready = await call('GET', '/api/v1/admin/label?label_status=ready&limit=50', w.m.headers);
    expect(ready.json().data.total).toBe(8);
    expect(ready.json().data.list.every((l: { source: string }) => l.source === 'split')).toBe(true);
    expect(
      ready
        .json()
        .data.list.map((l: { tracking_no: string }) => l.tracking_no)
        .sort(),
    ).toEqual([0, 1, 2, 3, 4, 5, 9, 10].map((i) => numbers[i]).sort());

    // A file that is not a PDF is refused.
    const junk = await multipart([{ name: 'labels.pdf', body: 'not a pdf', type: 'application/pdf' }]);
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/label/split',
      headers: { ...w.m.headers, ...junk.headers },
      payload: junk.payload,
    });
    expect(refused.statusCode).toBe(400);
    void unique;
  });
});
