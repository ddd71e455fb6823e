import { crc32, deflateRawSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, orderSkuMappings, shops } from '../../db/schema/index.ts';
import { buildCheckoutWorld, type CheckoutWorld } from '../../../test/factories/orders.ts';
import { multipart } from '../../../test/helpers/multipart.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { TEMU_EXPORT_HEADERS, TIKTOK_EXPORT_HEADERS } from './templates.ts';

let t: TestApp;
let w: CheckoutWorld;
let other: CheckoutWorld;
const shopIds: Record<'tiktok' | 'temu' | 'other', string> = { tiktok: '', temu: '', other: '' };
const BASE = '/api/v1/admin/orderImport';
const EN = { 'accept-language': 'en' };

beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
  w = await buildCheckoutWorld(t);
  other = await buildCheckoutWorld(t);
  for (const platform of ['tiktok', 'temu', 'other'] as const) {
    const [shop] = await t.database.db
      .insert(shops)
      .values({ tenantId: w.tenant.id, merchantId: w.m.merchant.id, name: `My ${platform} shop`, platform })
      .returning();
    shopIds[platform] = shop!.id;
  }
});
afterAll(() => t.close());

interface Rec {
  id: string;
  code: string;
  status: string;
  result: string | null;
  template: string | null;
  progress: number;
  row_count: number;
  order_count: number;
  created_count: number;
  skipped_count: number;
  failed_order_count: number;
  failed_row_count: number;
  has_failed_rows: boolean;
  error: string | null;
  shop_name: string;
}

type Row = Record<string, string | number>;

async function workbook(headers: readonly string[], rows: Row[], description?: boolean): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Orders');
  sheet.addRow([...headers]);
  if (description) sheet.addRow(headers.map((h) => `Description of ${h}`));
  for (const row of rows) sheet.addRow(headers.map((h) => row[h] ?? ''));
  return Buffer.from(await book.xlsx.writeBuffer());
}

const tiktokRow = (over: Row = {}): Row => ({
  'Order ID': '576461000000000001',
  'Order Status': 'Awaiting Shipment',
  'SKU ID': '1729000000001',
  'Seller SKU': 'TEE-BLK-M',
  'Product Name': 'Custom tee',
  Variation: 'Black, M',
  Quantity: 1,
  'SKU Unit Original Price': '19.99',
  'SKU Subtotal After Discount': '19.99',
  'Shipping Fee After Discount': '4.99',
  'Order Amount': '24.98',
  'Created Time': '20/11/2026 10:15:00',
  'Paid Time': '20/11/2026 10:16:00',
  Recipient: 'Jane Doe',
  'Phone #': '(415) 555-0132',
  Zipcode: '94105',
  Country: 'United States',
  Province: 'CA',
  District: 'San Francisco',
  Districts: '',
  'Detail Address': '1 Market St',
  ...over,
});

async function upload(
  headers: Record<string, string>,
  file: { name: string; body: Buffer | string },
  query: string,
) {
  const form = await multipart([{ name: file.name, body: file.body }]);
  return t.app.inject({
    method: 'POST',
    url: `${BASE}?${query}`,
    headers: { ...EN, ...headers, ...form.headers },
    payload: form.payload,
  });
}

async function settled(headers: Record<string, string>, id: string): Promise<Rec> {
  for (let i = 0; i < 600; i++) {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/${id}`, headers: { ...EN, ...headers } });
    expect(res.statusCode, res.body).toBe(200);
    const rec = res.json().data as Rec;
    if (rec.status === 'completed' || rec.status === 'failed') return rec;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the import did not finish');
}

async function importFile(body: Buffer, platform: 'tiktok' | 'temu' | 'other', name = 'orders.xlsx') {
  const res = await upload(w.m.headers, { name, body }, `platform=${platform}&shop_id=${shopIds[platform]}`);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.status).toBe('queued');
  return settled(w.m.headers, res.json().data.id as string);
}

const ordersOf = (shopId: string) =>
  t.database.db
    .select()
    .from(orders)
    .where(and(eq(orders.shopId, shopId), eq(orders.merchantId, w.m.merchant.id)));

async function sheetOf(body: Buffer): Promise<string[][]> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  book.worksheets[0]!.eachRow((row) =>
    rows.push(
      (row.values as unknown[])
        .slice(1)
        .map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')),
    ),
  );
  return rows;
}

/** A zip made by hand: each entry deflated, with its local header and the central directory. */
function zip(entries: Array<{ name: string; data: Buffer }>): Buffer {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data);
    const name = Buffer.from(e.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(e.data), 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const cd = Buffer.alloc(46);
    cd.writeUInt32LE(0x02014b50, 0);
    cd.writeUInt16LE(20, 4);
    cd.writeUInt16LE(20, 6);
    cd.writeUInt16LE(8, 10);
    cd.writeUInt32LE(crc32(e.data), 16);
    cd.writeUInt32LE(packed.length, 20);
    cd.writeUInt32LE(e.data.length, 24);
    cd.writeUInt16LE(name.length, 28);
    cd.writeUInt32LE(offset, 42);
    locals.push(local, name, packed);
    central.push(cd, name);
    offset += 30 + name.length + packed.length;
  }
  const cdBuffer = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cdBuffer.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cdBuffer, end]);
}

const CONTENT_TYPES = Buffer.from(
  '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/></Types>',
);
const WORKBOOK = Buffer.from('<?xml version="1.0"?><workbook/>');

describe('importing the three templates (issue 20)', () => {
  it('imports a TikTok Shop export: rows grouped into orders, the description row skipped, lines linked by SKU mapping', async () => {
    await t.database.db.insert(orderSkuMappings).values({
      tenantId: w.tenant.id,
      merchantId: w.m.merchant.id,
      shopId: shopIds.tiktok,
      externalSkuId: '1729000000001',
      finishedProductId: w.m.finished.id,
      colorId: w.basics.colors[0]!.id,
      sizeId: w.basics.sizes[0]!.id,
    });
    const body = await workbook(
      TIKTOK_EXPORT_HEADERS,
      [
        tiktokRow(),
        tiktokRow({ 'SKU ID': '1729000000002', 'Seller SKU': 'MUG-01', 'Product Name': 'Mug', Quantity: 2 }),
        tiktokRow({
          'Order ID': '576461000000000002',
          'Order Amount': '9.99',
          'SKU Subtotal After Discount': '9.99',
        }),
      ],
      true,
    );
    const rec = await importFile(body, 'tiktok');
    expect(rec).toMatchObject({
      status: 'completed',
      result: 'success',
      template: 'tiktok',
      row_count: 3,
      order_count: 2,
      created_count: 2,
      skipped_count: 0,
      failed_row_count: 0,
      has_failed_rows: false,
      progress: 100,
    });
    const rows = await ordersOf(shopIds.tiktok);
    const a = rows.find((o) => o.thirdPartyOrderNo === '576461000000000001')!;
    expect(a).toMatchObject({
      source: 'import',
      platform: 'tiktok',
      shopName: 'My tiktok shop',
      salesCurrency: 'USD',
      salesTotalAmount: 2498,
      salesShippingAmount: 499,
      countryCode: 'US',
      intakeChannels: ['import'],
      unlinkedLines: 1,
      totalQuantity: 3,
    });
    expect(a.marketCreatedAt!.toISOString()).toBe('2026-11-20T10:15:00.000Z');
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, a.id));
    expect(lines.find((l) => l.externalSkuId === '1729000000001')!.finishedProductId).toBe(w.m.finished.id);

    // The order list shows them with their shop.
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/order?shop_id=${shopIds.tiktok}`,
      headers: { ...EN, ...w.m.headers },
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.list.map((o: { shop_name: string }) => o.shop_name)).toEqual([
      'My tiktok shop',
      'My tiktok shop',
    ]);
  });

  it('imports a Temu export (headers in their own case, the long postal-code header)', async () => {
    const row = (over: Row = {}): Row => ({
      'order id': 'PO-211-00000000001',
      'order status': 'Unshipped',
      'Order item ID': '211-00000000001-01',
      'product name': 'Photo pillow',
      variation: '40x40',
      'sku id': '88001',
      'contribution sku': 'PIL-40',
      'quantity purchased': 1,
      'recipient name': 'John Smith',
      'recipient phone number': '+1 212 555 0100',
      'ship address 1': '350 5th Ave',
      'ship city': 'New York',
      'ship state': 'NY',
      'ship postal code (Must be shipped to the following zip code.)': '10118',
      'ship country': 'US',
      'goods base price': '15.00',
      'base price total': '15.00',
      'shipping cost': '0',
      'purchase date': '2026-11-21 08:00:00',
      ...over,
    });
    const body = await workbook(TEMU_EXPORT_HEADERS, [
      row(),
      row({
        'Order item ID': '211-00000000001-02',
        'sku id': '88002',
        'base price total': '30.00',
        'quantity purchased': 2,
      }),
    ]);
    const rec = await importFile(body, 'temu');
    expect(rec).toMatchObject({
      status: 'completed',
      result: 'success',
      template: 'temu',
      order_count: 1,
      created_count: 1,
    });
    const [order] = await ordersOf(shopIds.temu);
    expect(order).toMatchObject({
      thirdPartyOrderNo: 'PO-211-00000000001',
      salesAmount: 4500,
      marketState: 'awaiting_shipment',
    });
    expect(order!.address).toMatchObject({ first_name: 'John Smith', postcode: '10118', province: 'NY' });
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((l) => l.externalLineIds).sort()).toEqual([
      ['211-00000000001-01'],
      ['211-00000000001-02'],
    ]);
  });

  it("imports the platform's own template, downloaded in zh-cn and in en", async () => {
    for (const lang of ['zh-cn', 'en'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${BASE}/template?lang=${lang}`,
        headers: w.m.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment/);
      const [headers, example] = await sheetOf(res.rawPayload);
      expect(headers![0]).toBe(lang === 'en' ? 'Third-party order no' : '第三方订单号');
      // The example row, with another number, and the headers spaced and cased differently.
      const spaced = headers!.map((h) => ` ${h.toUpperCase().replace(/ /g, '  ')} `);
      const number = `OWN-${lang}-1`;
      const body = await workbook(spaced, [
        Object.fromEntries(spaced.map((h, i) => [h, i === 0 ? number : (example![i] ?? '')])),
      ]);
      const rec = await importFile(body, 'other');
      expect(rec, JSON.stringify(rec)).toMatchObject({
        status: 'completed',
        result: 'success',
        template: 'platform',
        created_count: 1,
      });
      const made = (await ordersOf(shopIds.other)).find((o) => o.thirdPartyOrderNo === number)!;
      expect(made).toMatchObject({ platform: 'other', salesCurrency: 'USD', salesTotalAmount: 2498 });
    }
  });
});

describe('bad rows, duplicates and refused files', () => {
  it('reports bad rows with their reasons, imports the good ones, and escapes formulas in the failed-rows file', async () => {
    const body = await workbook(
      TIKTOK_EXPORT_HEADERS,
      [
        tiktokRow({ 'Order ID': '576462000000000001' }),
        tiktokRow({ 'Order ID': '576462000000000002', 'Phone #': '12' }),
        tiktokRow({
          'Order ID': '576462000000000003',
          'Product Name': '=HYPERLINK("http://evil.test","x")',
          Quantity: '',
        }),
        tiktokRow({ 'Order ID': '576462000000000003', 'SKU ID': '1729000000009' }),
        tiktokRow({ 'Order ID': '576462000000000004', Country: 'Atlantis', 'Buyer Message': '+1 call me' }),
      ],
      true,
    );
    const rec = await importFile(body, 'tiktok');
    expect(rec).toMatchObject({
      status: 'completed',
      result: 'partial',
      order_count: 4,
      created_count: 1,
      failed_order_count: 3,
      failed_row_count: 4,
      has_failed_rows: true,
    });
    const numbers = (await ordersOf(shopIds.tiktok)).map((o) => o.thirdPartyOrderNo);
    expect(numbers).toContain('576462000000000001');
    expect(numbers).not.toContain('576462000000000003');

    const file = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${rec.id}/failedRows`,
      headers: { ...EN, ...w.m.headers },
    });
    expect(file.statusCode, file.body).toBe(200);
    const rows = await sheetOf(file.rawPayload);
    expect(rows[0]!.slice(0, 3)).toEqual(['Row', 'Reason', 'Order ID']);
    const byRow = new Map(rows.slice(1).map((r) => [r[0], r]));
    expect(byRow.get('4')![1]).toMatch(/Phone is not a valid phone number/);
    expect(byRow.get('5')![1]).toMatch(/Quantity is required/);
    expect(byRow.get('6')![1]).toMatch(/Another row of this order failed/);
    expect(byRow.get('7')![1]).toMatch(/Atlantis/);
    // Formula-like text is written inert: prefixed with a quote.
    const name = TIKTOK_EXPORT_HEADERS.indexOf('Product Name') + 2;
    expect(byRow.get('5')![name]).toBe(`'=HYPERLINK("http://evil.test","x")`);
    const message = TIKTOK_EXPORT_HEADERS.indexOf('Buyer Message') + 2;
    expect(byRow.get('7')![message]).toBe(`'+1 call me`);

    // The reasons are in the importer's language: the same file imported by a Chinese reader.
    const zhHeaders = { ...w.m.headers, 'accept-language': 'zh-cn' };
    const form = await multipart([{ name: 'orders.xlsx', body }]);
    const again = await t.app.inject({
      method: 'POST',
      url: `${BASE}?platform=tiktok&shop_id=${shopIds.tiktok}`,
      headers: { ...zhHeaders, ...form.headers },
      payload: form.payload,
    });
    expect(again.statusCode, again.body).toBe(200);
    const zhRec = await settled(zhHeaders, again.json().data.id as string);
    expect(zhRec).toMatchObject({ created_count: 0, skipped_count: 1, failed_order_count: 3 });
    const zhFile = await t.app.inject({
      method: 'GET',
      url: `${BASE}/${zhRec.id}/failedRows`,
      headers: zhHeaders,
    });
    const zhRows = await sheetOf(zhFile.rawPayload);
    expect(zhRows[0]!.slice(0, 2)).toEqual(['行号', '失败原因']);
    expect(zhRows.find((r) => r[0] === '5')![1]).toMatch(/数量不能为空/);
  });

  it('importing the same file twice creates no duplicates and says how many were already present', async () => {
    const body = await workbook(
      TIKTOK_EXPORT_HEADERS,
      [tiktokRow({ 'Order ID': '576463000000000001' }), tiktokRow({ 'Order ID': '576463000000000002' })],
      true,
    );
    const first = await importFile(body, 'tiktok');
    expect(first).toMatchObject({ created_count: 2, skipped_count: 0 });
    const before = (await ordersOf(shopIds.tiktok)).length;
    const second = await importFile(body, 'tiktok');
    expect(second).toMatchObject({
      status: 'completed',
      result: 'success',
      created_count: 0,
      skipped_count: 2,
    });
    expect((await ordersOf(shopIds.tiktok)).length).toBe(before);

    // The import records export as the list shows them (issue 24), to their own merchant only.
    const list = await t.app.inject({
      method: 'GET',
      url: `${BASE}?limit=100`,
      headers: { ...EN, ...w.m.headers },
    });
    const listed = list.json().data as { total: number; list: Array<{ code: string }> };
    expect(listed.total).toBeGreaterThanOrEqual(2);
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/exports',
      headers: { ...EN, ...w.m.headers },
      payload: { page: 'order/import', filters: {}, time_zone: 'Asia/Shanghai' },
    });
    expect(started.statusCode, started.body).toBe(200);
    let record: { status: string; actual_count: number | null; id: string } | undefined;
    for (let i = 0; i < 600 && !['completed', 'failed'].includes(record?.status ?? ''); i++) {
      if (i) await new Promise((r) => setTimeout(r, 50));
      const got = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/exports/${started.json().data.id as string}`,
        headers: { ...EN, ...w.m.headers },
      });
      record = got.json().data;
    }
    expect(record).toMatchObject({ status: 'completed', actual_count: listed.total });
    const link = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/exports/${record!.id}/link`,
      headers: { ...EN, ...w.m.headers },
    });
    const file = await t.app.inject({ method: 'GET', url: link.json().data.url as string });
    const rows = await sheetOf(file.rawPayload);
    expect(rows[0]![0]).toBe('Import code');
    expect(rows.slice(1).map((r) => r[0])).toEqual(listed.list.map((r) => r.code));
    // Another merchant's export of the same page holds none of these records.
    const theirs = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/exports',
      headers: { ...EN, ...other.m.headers },
      payload: { page: 'order/import', filters: {}, time_zone: 'Asia/Shanghai' },
    });
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(theirs.json().data.estimated_count).toBe(0);
  });

  it('refuses a zip bomb, a renamed file, .xls, macros and too many rows before parsing', async () => {
    const query = `platform=tiktok&shop_id=${shopIds.tiktok}`;
    const bomb = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'xl/workbook.xml', data: WORKBOOK },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(30 * 1024 * 1024, 0x20) },
    ]);
    const refused = async (name: string, body: Buffer | string, status: number, message: RegExp) => {
      const res = await upload(w.m.headers, { name, body }, query);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().msg).toMatch(message);
    };
    const before = await t.app.inject({ method: 'GET', url: BASE, headers: w.m.headers });
    await refused('bomb.xlsx', bomb, 415, /unpacks to far more data/);
    await refused('orders.xlsx', 'Order ID,SKU ID\n1,2\n', 415, /not an \.xlsx spreadsheet/);
    await refused(
      'photo.xlsx',
      Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'),
      415,
      /not an \.xlsx/,
    );
    await refused('orders.xls', Buffer.from('d0cf11e0a1b11ae1', 'hex'), 415, /save it as \.xlsx/);
    await refused('orders.xlsm', Buffer.from('PK'), 415, /macros/);
    const macro = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'xl/workbook.xml', data: WORKBOOK },
      { name: 'xl/vbaProject.bin', data: Buffer.from('vba') },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>') },
    ]);
    await refused('macro.xlsx', macro, 415, /macros/);
    // A zip that is no workbook (a document, say), and a workbook behind bytes of something else.
    const document = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'word/document.xml', data: Buffer.from('<document/>') },
    ]);
    await refused('letter.xlsx', document, 415, /not an \.xlsx/);
    const workbook = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'xl/workbook.xml', data: WORKBOOK },
      { name: 'xl/worksheets/sheet1.xml', data: Buffer.from('<worksheet/>') },
    ]);
    await refused(
      'prefixed.xlsx',
      Buffer.concat([Buffer.from('MZ\x90\x00'), workbook]),
      415,
      /not an \.xlsx/,
    );
    const huge = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'xl/workbook.xml', data: WORKBOOK },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: Buffer.from(
          '<?xml version="1.0"?><worksheet><dimension ref="A1:BC200002"/><sheetData/></worksheet>',
        ),
      },
    ]);
    await refused('huge.xlsx', huge, 413, /more than 100000 rows/);
    // Nothing was recorded for any of them.
    const after = await t.app.inject({ method: 'GET', url: BASE, headers: w.m.headers });
    expect(after.json().data.total).toBe(before.json().data.total);
  });
});

describe('reading the sheet (decision 0051)', () => {
  /** Rows of one order each whose product and recipient are long Chinese texts. */
  const chineseRows = (prefix: string) =>
    Array.from({ length: 60 }, (_, i) =>
      tiktokRow({
        'Order ID': `${prefix}${String(i).padStart(6, '0')}`,
        // 3 bytes a character: a 16 KB chunk almost always ends inside one of them.
        'Product Name': `${i} ${'定制印花短袖T恤衫'.repeat(30)}`,
        Recipient: `张伟${i}号 ${'收件人'.repeat(20)}`,
      }),
    );

  async function streamedWorkbook(rows: Row[]): Promise<Buffer> {
    // ExcelJS's streaming writer: the sheet before xl/workbook.xml, no shared strings.
    const chunks: Buffer[] = [];
    const { PassThrough } = await import('node:stream');
    const out = new PassThrough();
    out.on('data', (c: Buffer) => chunks.push(c));
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false });
    const sheet = writer.addWorksheet('OrderSKUList');
    sheet.addRow([...TIKTOK_EXPORT_HEADERS]).commit();
    sheet.addRow(TIKTOK_EXPORT_HEADERS.map((h) => `${h} description`)).commit();
    for (const row of rows) sheet.addRow(TIKTOK_EXPORT_HEADERS.map((h) => row[h] ?? '')).commit();
    sheet.commit();
    await writer.commit();
    return Buffer.concat(chunks);
  }

  async function expectIntact(rows: Row[]) {
    const stored = await ordersOf(shopIds.tiktok);
    for (const row of rows) {
      const order = stored.find((o) => o.thirdPartyOrderNo === row['Order ID']);
      expect(order, String(row['Order ID'])).toBeDefined();
      expect(order!.address.first_name).toBe(row.Recipient);
      const [line] = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
      expect(line!.externalName).toBe(row['Product Name']);
    }
  }

  it('reads a workbook written as a stream (sheet first, no shared strings) without cutting a character', async () => {
    const rows = chineseRows('577100');
    const body = await streamedWorkbook(rows);
    // The order of the parts this test is about.
    expect(body.indexOf('xl/worksheets/sheet1.xml')).toBeLessThan(body.indexOf('xl/workbook.xml'));
    const rec = await importFile(body, 'tiktok');
    expect(rec).toMatchObject({ status: 'completed', result: 'success', created_count: 60 });
    await expectIntact(rows);
  });

  it('reads shared strings without cutting a character', async () => {
    const rows = chineseRows('577200');
    const rec = await importFile(await workbook(TIKTOK_EXPORT_HEADERS, rows, true), 'tiktok');
    expect(rec).toMatchObject({ status: 'completed', result: 'success', created_count: 60 });
    await expectIntact(rows);
  });

  it('stops an import whose sheet inflates to more than the zip states, naming it unreadable', async () => {
    const sheetXml = Buffer.from(
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">' +
        `<sheetData>${'<row r="1"><c r="A1" t="inlineStr"><is><t>Order ID</t></is></c></row>'.repeat(2000)}</sheetData></worksheet>`,
    );
    const body = zip([
      { name: '[Content_Types].xml', data: CONTENT_TYPES },
      { name: 'xl/workbook.xml', data: WORKBOOK },
      { name: 'xl/worksheets/sheet1.xml', data: sheetXml },
    ]);
    // The central directory claims a tenth of the sheet's real size (what the zip guard judged).
    const central = body.lastIndexOf(Buffer.from('xl/worksheets/sheet1.xml')) - 46;
    expect(body.readUInt32LE(central)).toBe(0x02014b50);
    body.writeUInt32LE(Math.floor(sheetXml.length / 10), central + 24);
    const rec = await importFile(body, 'tiktok');
    expect(rec.status).toBe('failed');
    expect(rec.error).toMatch(/not an \.xlsx spreadsheet/);
    expect(rec.created_count).toBe(0);
  });
});

describe('every route: validation, no token, another tenant, another merchant', () => {
  const query = () => `platform=tiktok&shop_id=${shopIds.tiktok}`;

  it('create', async () => {
    const body = await workbook(
      TIKTOK_EXPORT_HEADERS,
      [tiktokRow({ 'Order ID': '576469000000000001' })],
      true,
    );
    // Validation: an unknown platform, a shop id that is not a uuid, a shop of another platform.
    expect((await upload(w.m.headers, { name: 'a.xlsx', body }, 'platform=ebay&shop_id=x')).statusCode).toBe(
      400,
    );
    const wrong = await upload(
      w.m.headers,
      { name: 'a.xlsx', body },
      `platform=temu&shop_id=${shopIds.tiktok}`,
    );
    expect(wrong.statusCode, wrong.body).toBe(400);
    // No token.
    const form = await multipart([{ name: 'a.xlsx', body }]);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${BASE}?${query()}`,
      headers: form.headers,
      payload: form.payload,
    });
    expect(anonymous.statusCode).toBe(401);
    // Another merchant of the same supplier, another tenant's merchant: the shop is not found.
    expect((await upload(w.n.headers, { name: 'a.xlsx', body }, query())).statusCode).toBe(404);
    expect((await upload(other.m.headers, { name: 'a.xlsx', body }, query())).statusCode).toBe(404);
  });

  it('list, detail and failed rows', async () => {
    const body = await workbook(
      TIKTOK_EXPORT_HEADERS,
      [tiktokRow({ 'Order ID': '576468000000000001', 'Phone #': '1' })],
      true,
    );
    const rec = await importFile(body, 'tiktok');
    expect(rec.has_failed_rows).toBe(true);
    const list = await t.app.inject({
      method: 'GET',
      url: `${BASE}?status=completed&limit=5`,
      headers: w.m.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.list.map((r: Rec) => r.id)).toContain(rec.id);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}?status=nope`, headers: w.m.headers })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/not-a-uuid`, headers: w.m.headers })).statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/not-a-uuid/failedRows`, headers: w.m.headers }))
        .statusCode,
    ).toBe(400);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/template?lang=fr`, headers: w.m.headers }))
        .statusCode,
    ).toBe(400);
    for (const url of [BASE, `${BASE}/${rec.id}`, `${BASE}/${rec.id}/failedRows`, `${BASE}/template`])
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    for (const headers of [w.n.headers, other.m.headers]) {
      expect((await t.app.inject({ method: 'GET', url: `${BASE}/${rec.id}`, headers })).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: `${BASE}/${rec.id}/failedRows`, headers })).statusCode,
      ).toBe(404);
      const theirs = await t.app.inject({ method: 'GET', url: BASE, headers });
      expect(theirs.json().data.list.map((r: Rec) => r.id)).not.toContain(rec.id);
    }
    // Import is a merchant page: a supplier's account has no such permission.
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/${rec.id}`, headers: other.supplier })).statusCode,
    ).toBe(403);
  });
});
