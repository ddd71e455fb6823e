import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportRecords, orders } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';
import { buildMerchant, buildPlatformAdmin, buildTenant } from '../../../test/factories/index.ts';
import { buildCheckoutWorld, buildUnpaidOrder, type CheckoutWorld } from '../../../test/factories/orders.ts';
import { staffWithRole } from '../../../test/helpers/access.ts';
import { downloadExport } from '../../../test/helpers/export-file.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { deleteExpired, EXPORT_JOB } from './export.service.ts';

let t: TestApp;
let w: CheckoutWorld;
const EN = { 'accept-language': 'en' };
const BASE = '/api/v1/admin/exports';

interface Rec {
  id: string;
  status: string;
  error_log: string | null;
  estimated_count: number;
  actual_count: number | null;
  download_status: string;
  downloaded_at: string | null;
  download_count: number;
  duration_ms: number | null;
  finished_at: string | null;
  page_title: string;
  account: string;
  progress: number;
}

async function inject(
  method: 'GET' | 'POST' | 'DELETE',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    headers: { ...EN, ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
}

/** Waits (by condition, not by time) until the export has finished one way or the other. */
async function settled(headers: Record<string, string>, id: string): Promise<Rec> {
  for (let i = 0; i < 400; i++) {
    const res = await inject('GET', `${BASE}/${id}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    const rec = res.json().data as Rec;
    if (rec.status === 'completed' || rec.status === 'failed') return rec;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the export did not finish');
}

async function exportAndWait(
  headers: Record<string, string>,
  page: string,
  filters: Record<string, unknown>,
) {
  const res = await inject('POST', BASE, headers, { page, filters, time_zone: 'Asia/Shanghai' });
  expect(res.statusCode, res.body).toBe(200);
  return settled(headers, res.json().data.id as string);
}

/** The file of a finished export, downloaded through its signed link and read back with ExcelJS. */
function download(headers: Record<string, string>, id: string): Promise<string[][]> {
  return downloadExport(t, { ...EN, ...headers }, id);
}

/** A copy of an order row of world.m with other values (status, country, date, merchant…). */
async function cloneOrder(source: string, values: Partial<typeof orders.$inferInsert>) {
  const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, source));
  const { id: _id, ...rest } = row!;
  const orderNo = `PO${Date.now()}${Math.floor(Math.random() * 1e9)}`.slice(0, 24);
  await t.database.db.insert(orders).values({ ...rest, orderNo, ...values });
  return orderNo;
}

async function listOrderNos(headers: Record<string, string>, query: string): Promise<string[]> {
  const res = await inject('GET', `/api/v1/admin/order?limit=100&${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.list as Array<{ order_no: string }>).map((o) => o.order_no);
}

let first: string;

beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
  w = await buildCheckoutWorld(t);
  first = (await buildUnpaidOrder(t, w)).order_no;
  const second = (await buildUnpaidOrder(t, w)).order_no;
  await cloneOrder(first, { status: 'paid', countryCode: 'CN', createdAt: new Date('2026-03-01T10:00:00Z') });
  await cloneOrder(second, {
    status: 'paid',
    countryCode: 'US',
    createdAt: new Date('2026-03-02T10:00:00Z'),
  });
  await cloneOrder(second, {
    status: 'cancelled',
    countryCode: 'US',
    createdAt: new Date('2025-01-02T10:00:00Z'),
  });
  // Another merchant's paid US order: never in m's list nor in m's export.
  await cloneOrder(first, {
    status: 'paid',
    merchantId: w.n.merchant.id,
    createdAt: new Date('2026-03-03T10:00:00Z'),
  });
}, 180_000);

afterAll(async () => {
  await t.close();
});

describe('exports of the order list', () => {
  it('holds exactly the rows the list shows for the same filters, in its order, with headers in the user’s language', async () => {
    for (const [filters, query] of [
      [{}, ''],
      [{ status: 'paid' }, 'status=paid'],
      [{ status: 'paid', country: 'us' }, 'status=paid&country=us'],
      [
        { from: '2026-02-01T00:00:00Z', to: '2026-03-31T00:00:00Z' },
        'from=2026-02-01T00:00:00Z&to=2026-03-31T00:00:00Z',
      ],
      [{ order_nos: `${first} nope` }, `order_nos=${first}%20nope`],
    ] as const) {
      const expected = await listOrderNos(w.m.headers, query);
      const rec = await exportAndWait(w.m.headers, 'order/list', filters);
      expect(rec.status, rec.error_log ?? '').toBe('completed');
      expect(rec.estimated_count).toBe(expected.length);
      expect(rec.actual_count).toBe(expected.length);
      expect(rec.page_title).toBe('Orders');
      expect(rec.duration_ms).toBeGreaterThanOrEqual(0);
      expect(rec.finished_at).not.toBeNull();
      const rows = await download(w.m.headers, rec.id);
      expect(rows[0]![0]).toBe('Order number');
      expect(rows.slice(1).map((r) => r[0])).toEqual(expected);
    }
  });

  it('writes money in major units beside the currency and dates in the user’s time zone', async () => {
    const rec = await exportAndWait(w.m.headers, 'order/list', { status: 'paid', country: 'CN' });
    const [header, row] = await download(w.m.headers, rec.id);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.countryCode, 'CN'));
    expect(row![header!.indexOf('Total')]).toBe(String(order!.totalAmount / 100));
    expect(row![header!.indexOf('Currency')]).toBe(order!.currency);
    // 10:00 UTC is 18:00 in Shanghai.
    expect(row![header!.indexOf('Ordered at')]).toBe('2026-03-01 18:00:00');
    expect(row![header!.indexOf('Status')]).toBe('Paid');
  });

  it('holds the same rows as the list for a staff member with a narrow data scope', async () => {
    const staff = await staffWithRole(
      t,
      w.m.headers,
      { tier: 'merchant', tenantId: w.tenant.id, merchantId: w.m.merchant.id },
      { menus: ['order/list', 'system/export'], data_scope: 'self' },
    );
    const expected = await listOrderNos(staff.headers, 'status=paid');
    const rec = await exportAndWait(staff.headers, 'order/list', { status: 'paid' });
    expect(rec.status).toBe('completed');
    const rows = await download(staff.headers, rec.id);
    expect(rows.slice(1).map((r) => r[0])).toEqual(expected);
    // The staff member's records are their own: the merchant's primary account does not see them.
    expect((await inject('GET', `${BASE}/${rec.id}`, w.m.headers)).statusCode).toBe(404);
  });

  it('refuses a staff member without the list’s permission', async () => {
    const staff = await staffWithRole(
      t,
      w.m.headers,
      { tier: 'merchant', tenantId: w.tenant.id, merchantId: w.m.merchant.id },
      { menus: ['system/export'] },
    );
    const res = await inject('POST', BASE, staff.headers, { page: 'order/list', filters: {} });
    expect(res.statusCode).toBe(403);
  });

  it('escapes a cell that a spreadsheet would run as a formula', async () => {
    const formula = '=HYPERLINK("http://evil.example","x")';
    await t.database.db.update(orders).set({ remark: formula }).where(eq(orders.orderNo, first));
    const rec = await exportAndWait(w.m.headers, 'order/list', { order_nos: first });
    const [header, row] = await download(w.m.headers, rec.id);
    expect(row![header!.indexOf('Remark')]).toBe(`'${formula}`);
  });
});

describe('every list with an export', () => {
  it('exports what its list shows, to the user who may see the list', async () => {
    const platform = await t.authAs(adminActor(await buildPlatformAdmin(t.database.db)));
    const cases: Array<[Record<string, string>, string, string]> = [
      [w.m.headers, 'wallet/transaction', '/api/v1/admin/wallet/transaction'],
      [w.m.headers, 'wallet/recharge', '/api/v1/admin/wallet/recharge/transfer'],
      [w.m.headers, 'wallet/withdrawal', '/api/v1/admin/wallet/withdrawal'],
      [w.m.headers, 'materials/library', '/api/v1/admin/material'],
      [w.m.headers, 'publish/finished/my', '/api/v1/admin/design/finished'],
      [w.supplier, 'tenancy/merchant', '/api/v1/admin/merchant'],
      [w.supplier, 'spu/spu', '/api/v1/admin/spu'],
      [platform, 'tenancy/supplier', '/api/v1/admin/supplier'],
    ];
    for (const [headers, page, list] of cases) {
      const listed = await inject('GET', `${list}?limit=100`, headers);
      expect(listed.statusCode, `${page}: ${listed.body}`).toBe(200);
      const total = listed.json().data.total as number;
      const rec = await exportAndWait(headers, page, {});
      expect(rec.status, `${page}: ${rec.error_log}`).toBe('completed');
      expect(rec.actual_count, page).toBe(total);
      const rows = await download(headers, rec.id);
      expect(rows.length, page).toBe(total + 1);
      // Values are in the reader's language: no raw enum value (`not_exported`, `enabled`) in a cell.
      const raw = /^(?:[a-z]+_[a-z_]+|enabled|disabled|merchant|pending|done|failed|success)$/;
      for (const row of rows.slice(1))
        for (const cell of row)
          expect(typeof cell === 'string' && raw.test(cell), `${page}: ${cell}`).toBe(false);
    }
    // Another merchant's export filtered by m's product holds only its own finished products.
    const mine = await exportAndWait(w.n.headers, 'publish/finished/my', { product_id: w.product.id });
    const theirs = (await download(w.n.headers, mine.id)).slice(1).map((r) => r[0]);
    expect(theirs.length).toBe(mine.actual_count);
    const detail = await inject('GET', `/api/v1/admin/design/finished/${w.m.finished.id}`, w.m.headers);
    const mCode = detail.json<{ data: { code: string } }>().data.code;
    expect(theirs).not.toContain(mCode);
    // A merchant may not export the supplier's lists.
    expect(
      (await inject('POST', BASE, w.m.headers, { page: 'tenancy/merchant', filters: {} })).statusCode,
    ).toBe(403);
  });
});

describe('export records', () => {
  it('records the error log of a failed job, and a retry runs it again', async () => {
    const id = randomUUID();
    await t.database.db.insert(exportRecords).values({
      id,
      tenantId: w.tenant.id,
      merchantId: w.m.merchant.id,
      userId: w.m.primary.id,
      account: w.m.primary.username,
      code: `EXTEST${Date.now()}`,
      page: 'order/list',
      // Stored filters the list no longer accepts: the job fails and says why.
      filters: { status: 'lost' },
      lang: 'en',
      timeZone: 'UTC',
      estimatedCount: 1,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await t.services.jobs.enqueue(
      EXPORT_JOB,
      { record_id: id },
      { tenantId: w.tenant.id, merchantId: w.m.merchant.id },
    );
    const failed = await settled(w.m.headers, id);
    expect(failed.status).toBe('failed');
    expect(failed.error_log).toContain('filters.status');
    expect((await inject('POST', `${BASE}/${id}/link`, w.m.headers)).statusCode).toBe(409);
    // Retrying checks the filters again: still refused, nothing changes.
    expect((await inject('POST', `${BASE}/${id}/retry`, w.m.headers)).statusCode).toBe(400);
    await t.database.db
      .update(exportRecords)
      .set({ filters: { status: 'paid' } })
      .where(eq(exportRecords.id, id));
    const retried = await inject('POST', `${BASE}/${id}/retry`, w.m.headers);
    expect(retried.statusCode, retried.body).toBe(200);
    const done = await settled(w.m.headers, id);
    expect(done.status).toBe('completed');
    expect(done.error_log).toBeNull();
    // A finished export cannot be retried.
    expect((await inject('POST', `${BASE}/${id}/retry`, w.m.headers)).statusCode).toBe(409);
  });

  it('records the download time and status', async () => {
    const rec = await exportAndWait(w.m.headers, 'order/list', {});
    expect(rec.download_status).toBe('not_downloaded');
    await download(w.m.headers, rec.id);
    const after = (await inject('GET', `${BASE}/${rec.id}`, w.m.headers)).json().data as Rec;
    expect(after.download_status).toBe('downloaded');
    expect(after.download_count).toBe(1);
    expect(after.downloaded_at).not.toBeNull();
    const list = await inject('GET', `${BASE}?status=completed&page_key=order/list`, w.m.headers);
    expect(list.statusCode).toBe(200);
    expect((list.json().data.list as Rec[]).map((r) => r.id)).toContain(rec.id);
  });

  it('keeps records to their owner: another merchant, another tenant and no token are refused', async () => {
    const rec = await exportAndWait(w.m.headers, 'order/list', {});
    const tenant2 = await buildTenant(t.database.db);
    const other = await buildMerchant(t.database.db, tenant2.id);
    const strangers = [w.n.headers, await t.authAs(adminActor(other.primary)), w.supplier];
    for (const headers of strangers) {
      for (const [method, url] of [
        ['GET', `${BASE}/${rec.id}`],
        ['POST', `${BASE}/${rec.id}/link`],
        ['POST', `${BASE}/${rec.id}/retry`],
        ['DELETE', `${BASE}/${rec.id}`],
      ] as const) {
        const res = await inject(method, url, headers);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).not.toContain(rec.id);
      }
      const list = await inject('GET', BASE, headers);
      expect(list.statusCode).toBe(200);
      expect(list.body).not.toContain(rec.id);
    }
    for (const [method, url] of [
      ['GET', BASE],
      ['POST', BASE],
      ['GET', `${BASE}/${rec.id}`],
      ['POST', `${BASE}/${rec.id}/link`],
      ['POST', `${BASE}/${rec.id}/retry`],
      ['DELETE', `${BASE}/${rec.id}`],
    ] as const)
      expect((await inject(method, url, {})).statusCode).toBe(401);
    // A link signed for one record opens no other.
    const link = (await inject('POST', `${BASE}/${rec.id}/link`, w.m.headers)).json().data.url as string;
    const forged = link.replace(rec.id, randomUUID());
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: link.replace(/s=[^&]+/, 's=x') })).statusCode).toBe(404);
  });

  it('refuses a link after it expires, and an export after its record expired', async () => {
    const rec = await exportAndWait(w.m.headers, 'order/list', {});
    const url = (await inject('POST', `${BASE}/${rec.id}/link`, w.m.headers)).json().data.url as string;
    const now = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(now + 11 * 60_000);
    try {
      const late = await t.app.inject({ method: 'GET', url, headers: EN });
      expect(late.statusCode).toBe(403);
      expect(late.json().msg).toMatch(/expired/);
    } finally {
      clock.mockRestore();
    }
    await t.database.db
      .update(exportRecords)
      .set({ expiresAt: new Date(now - 1000) })
      .where(eq(exportRecords.id, rec.id));
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await inject('POST', `${BASE}/${rec.id}/link`, w.m.headers)).statusCode).toBe(404);
    expect(await deleteExpired(t.services)).toBeGreaterThanOrEqual(1);
    expect((await inject('GET', `${BASE}/${rec.id}`, w.m.headers)).statusCode).toBe(404);
  });

  it('deletes a record and its file', async () => {
    const rec = await exportAndWait(w.m.headers, 'order/list', {});
    const url = (await inject('POST', `${BASE}/${rec.id}/link`, w.m.headers)).json().data.url as string;
    const res = await inject('DELETE', `${BASE}/${rec.id}`, w.m.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.deleted).toBe(1);
    expect((await inject('GET', `${BASE}/${rec.id}`, w.m.headers)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('validates the page, the filters, the time zone, the date range and the row limit', async () => {
    const bad = async (payload: object, status = 400) => {
      const res = await inject('POST', BASE, w.m.headers, payload);
      expect(res.statusCode, res.body).toBe(status);
      return res.json<{ msg: string }>();
    };
    await bad({ page: 'nothing/here', filters: {} });
    await bad({ page: 'order/list', filters: { status: 'lost' } });
    await bad({ page: 'order/list', filters: {}, time_zone: 'Mars/Olympus' });
    await bad({});
    const range = await bad({
      page: 'order/list',
      filters: { from: '2024-01-01T00:00:00Z', to: '2025-06-01T00:00:00Z' },
    });
    // The list's own rule and message: at most one year (spec §5).
    expect(range.msg).toMatch(/one year|366 days/);
    const limits = t.services.config.exports;
    const max = limits.maxRows;
    limits.maxRows = 1;
    try {
      const tooMany = await bad({ page: 'order/list', filters: {} });
      expect(tooMany.msg).toMatch(/more than the 1 allowed/);
      const zh = await t.app.inject({
        method: 'POST',
        url: BASE,
        headers: { ...w.m.headers, 'accept-language': 'zh-CN' },
        payload: { page: 'order/list', filters: {} },
      });
      expect(zh.json().msg).toMatch(/超过单次导出上限 1 行/);
    } finally {
      limits.maxRows = max;
    }
    const badId = await inject('GET', `${BASE}/not-a-uuid`, w.m.headers);
    expect(badId.statusCode).toBe(400);
  });
});
