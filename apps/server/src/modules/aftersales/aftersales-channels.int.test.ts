import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  balanceOf,
  buildPaidOrder,
  requestAftersales,
  review,
  uploadImages,
} from '../../../test/factories/aftersales.ts';
import { buildCheckoutWorld, buildUnpaidOrder, type CheckoutWorld } from '../../../test/factories/orders.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import { aftersalesRequests, orders } from '../../db/schema/index.ts';
import { sandboxFor, type AlipaySandbox } from '../../integrations/alipay/index.ts';
import type { ShopEvent } from '../shops/index.ts';
import { onMarketplaceEvent } from './marketplace-events.ts';

let t: TestApp;
let sandbox: AlipaySandbox;

beforeAll(async () => {
  // The sandbox plays Alipay: it delivers its signed notifications to the app under test and
  // answers the app's refund calls.
  sandbox = sandboxFor(
    loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) }).alipay,
    async (_url, body) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/wallet/alipay/notify',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
        })
      ).body,
  );
  const base = await sandbox.start(0);
  t = await createTestApp({ startJobs: true, env: { ALIPAY_SANDBOX_PORT: new URL(base).port } });
});
afterAll(async () => {
  await t.close();
  await sandbox.stop();
});
beforeEach(() => t.reset());

async function paidByAlipay(w: CheckoutWorld) {
  const order = await buildUnpaidOrder(t, w);
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/order/pay',
    headers: { ...w.m.headers, origin: 'http://shop.localhost:5173' },
    payload: { order_nos: [order.order_no], method: 'alipay' },
  });
  expect(start.statusCode, start.body).toBe(200);
  const html = await (await fetch(start.json().data.pay_url)).text();
  const token = /name="token" value="([0-9a-f]+)"/.exec(html)?.[1];
  const outTradeNo = /data-testid="out-trade-no">([^<]+)</.exec(html)?.[1];
  const paid = await fetch(`${sandbox.url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: token!, action: 'pay' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(302);
  const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, order.order_no));
  expect(row?.status).toBe('paid');
  return { order: row!, outTradeNo: outTradeNo! };
}

describe('refunding to Alipay through the sandbox', () => {
  it('refunds the approved amount with out_request_no = the request number, once; the balance is untouched', async () => {
    const w = await buildCheckoutWorld(t);
    const { order, outTradeNo } = await paidByAlipay(w);
    const before = await balanceOf(t, w.m.headers);
    const images = await uploadImages(t, w.m.headers, 1);
    const opened = await requestAftersales(t, w.m.headers, {
      kind: 'cancel',
      order_no: order.orderNo,
      reason: 'Duplicate order',
      refund_reason: 'Ordered twice',
      refund_type: 'full',
      image_ids: images,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const req = opened.json().data as { id: string; request_no: string };
    const approved = await review(t, w.supplier, req.id, 'approve', {
      refund_amount: order.totalAmount - 50,
      note: 'Minus handling',
      refund_to: 'alipay',
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ refund_channel: 'alipay', status: 'approved' });
    const payment = sandbox.payment(outTradeNo)!;
    expect([...payment.refunds]).toEqual([[req.request_no, order.totalAmount - 50]]);
    expect(approved.json().data.refund_trade_no).toBe(payment.tradeNo);
    expect(await balanceOf(t, w.m.headers)).toBe(before);
    const [after] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(after).toMatchObject({ status: 'cancelled', refundedAmount: order.totalAmount - 50 });
    // Approving again sends nothing more to Alipay
    expect(
      (
        await review(t, w.supplier, req.id, 'approve', {
          refund_amount: order.totalAmount - 50,
          refund_to: 'alipay',
        })
      ).statusCode,
    ).toBe(200);
    expect(payment.refunds.size).toBe(1);
  });

  it('refuses an Alipay refund of a balance-paid order; the sandbox refuses more than was paid', async () => {
    const w = await buildCheckoutWorld(t);
    const order = await buildPaidOrder(t, w);
    const images = await uploadImages(t, w.m.headers, 1);
    const opened = await requestAftersales(t, w.m.headers, {
      kind: 'cancel',
      order_no: order.orderNo,
      reason: 'r',
      refund_reason: 'rr',
      refund_type: 'full',
      image_ids: images,
    });
    const id = opened.json().data.id as string;
    const res = await review(t, w.supplier, id, 'approve', {
      refund_amount: order.totalAmount,
      refund_to: 'alipay',
    });
    expect(res.statusCode).toBe(400);
    const [row] = await t.database.db.select().from(aftersalesRequests).where(eq(aftersalesRequests.id, id));
    expect(row?.status).toBe('pending_review');

    // The adapter against the sandbox directly: a repeat is no new money; past the total is refused
    const alipay = await paidByAlipay(w);
    const { alipayProviderFor } = await import('../../integrations/alipay/index.ts');
    const provider = alipayProviderFor(t.config.alipay);
    const refund = (amount: number, no: string) =>
      provider.refund({ outTradeNo: alipay.outTradeNo, refundAmount: amount, outRequestNo: no, reason: 'x' });
    expect(await refund(100, 'R1')).toMatchObject({ ok: true, fundChange: true, refundFee: 100 });
    expect(await refund(100, 'R1')).toMatchObject({ ok: true, fundChange: false, refundFee: 100 });
    expect(await refund(200, 'R1')).toMatchObject({ ok: false, subCode: 'ACQ.DISCORDANT_REPEAT_REQUEST' });
    expect(await refund(alipay.order.totalAmount, 'R2')).toMatchObject({ ok: false, code: '40004' });
  });
});

describe('marketplace cancellations and returns', () => {
  const event = (
    w: CheckoutWorld,
    platform: 'tiktok' | 'temu',
    type: string,
    data: Record<string, unknown>,
  ): ShopEvent => ({
    platform,
    kind: 'other',
    type,
    vendorShopId: 'S1',
    occurredAt: new Date(),
    data,
    shops: [{ id: randomUUID(), tenantId: w.tenant.id, merchantId: w.m.merchant.id }],
  });

  it('a TikTok cancellation opens a request marked with its source; later events update or close it', async () => {
    const w = await buildCheckoutWorld(t);
    const order = await buildPaidOrder(t, w);
    const vendorNo = `57${Date.now()}`;
    await t.database.db
      .update(orders)
      .set({ platform: 'tiktok', thirdPartyOrderNo: vendorNo, source: 'sync' })
      .where(eq(orders.id, order.id));
    const db = t.database.db;
    // Another merchant's shop does not reach the order
    const stranger = event(w, 'tiktok', '11', {
      order_id: vendorNo,
      cancel_status: 'CANCELLATION_REQUEST_PENDING',
    });
    stranger.shops = [{ id: randomUUID(), tenantId: w.tenant.id, merchantId: w.n.merchant.id }];
    expect(await onMarketplaceEvent(db, stranger)).toContain('no order');

    const first = event(w, 'tiktok', '11', {
      order_id: vendorNo,
      cancel_status: 'CANCELLATION_REQUEST_PENDING',
      cancel_reason: 'Buyer changed mind',
    });
    expect(await onMarketplaceEvent(db, first)).toContain('opened');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/afterSales', headers: w.m.headers });
    const [req] = list.json().data.list;
    expect(req).toMatchObject({
      source: 'tiktok',
      kind: 'cancel',
      refund_type: 'full',
      application_amount: order.totalAmount,
      status: 'pending_review',
      third_party_order_no: vendorNo,
      reason: 'Buyer changed mind',
    });
    // The same event again only adds a step; the buyer withdrawing it closes it
    expect(await onMarketplaceEvent(db, first)).toContain('updated');
    const withdrawn = event(w, 'tiktok', '11', {
      order_id: vendorNo,
      cancel_status: 'CANCELLATION_REQUEST_CANCEL',
    });
    expect(await onMarketplaceEvent(db, withdrawn)).toContain('closed');
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/afterSales/${req.id}`,
      headers: w.m.headers,
    });
    expect(detail.json().data.status).toBe('closed');
    expect(detail.json().data.timeline.map((s: { step: string }) => s.step)).toEqual([
      'submitted',
      'updated',
      'closed',
    ]);
  });

  it('a Temu after-sales event on a shipped order opens a claim the reviewer prices', async () => {
    const w = await buildCheckoutWorld(t);
    const order = await buildPaidOrder(t, w, 'shipped');
    await t.database.db
      .update(orders)
      .set({ platform: 'temu', thirdPartyOrderNo: 'PO-211-123' })
      .where(eq(orders.id, order.id));
    const e = event(w, 'temu', 'bg_aftersales_status_change', {
      parentOrderSn: 'PO-211-123',
      afterSalesStatus: 'WAIT_SELLER_HANDLE',
    });
    expect(await onMarketplaceEvent(t.database.db, e)).toContain('opened');
    // A cancellation of a shipped order opens nothing
    const cancel = event(w, 'temu', 'bg_cancel_order_status_change', { parentOrderSn: 'PO-211-123' });
    expect(await onMarketplaceEvent(t.database.db, cancel)).toContain('shipped');
    const rows = await t.database.db.select().from(aftersalesRequests);
    expect(rows.map((r) => [r.source, r.kind, r.refundType, r.applicationAmount])).toEqual([
      ['temu', 'aftersales', 'none', 0],
    ]);
    // Not a cancellation or return: not after-sales' business
    expect(await onMarketplaceEvent(t.database.db, event(w, 'tiktok', '1', { order_id: 'x' }))).toBeNull();
  });
});

describe('export (issue 24)', () => {
  it('exports exactly the rows the list shows the merchant, with its filters', async () => {
    const w = await buildCheckoutWorld(t);
    const images = await uploadImages(t, w.m.headers, 1);
    const made: string[] = [];
    for (const status of ['paid', 'shipped'] as const) {
      const order = await buildPaidOrder(t, w, status);
      const res = await requestAftersales(t, w.m.headers, {
        kind: status === 'paid' ? 'cancel' : 'aftersales',
        order_no: order.orderNo,
        reason: '=HYPERLINK("http://evil")',
        refund_reason: 'rr',
        refund_type: 'none',
        image_ids: images,
      });
      expect(res.statusCode, res.body).toBe(200);
      made.push(res.json().data.request_no as string);
    }
    // Another merchant's request never appears
    const other = await buildPaidOrder(t, { ...w, m: w.n });
    const otherImages = await uploadImages(t, w.n.headers, 1);
    expect(
      (
        await requestAftersales(t, w.n.headers, {
          kind: 'cancel',
          order_no: other.orderNo,
          reason: 'r',
          refund_reason: 'rr',
          refund_type: 'none',
          image_ids: otherImages,
        })
      ).statusCode,
    ).toBe(200);

    const run = async (filters: Record<string, unknown>) => {
      const start = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/exports',
        headers: { ...w.m.headers, 'accept-language': 'en' },
        payload: { page: 'order/afterSales', filters, time_zone: 'Asia/Shanghai' },
      });
      expect(start.statusCode, start.body).toBe(200);
      const id = start.json().data.id as string;
      for (let i = 0; i < 400; i++) {
        const rec = (
          await t.app.inject({ method: 'GET', url: `/api/v1/admin/exports/${id}`, headers: w.m.headers })
        ).json().data;
        if (rec.status === 'completed') break;
        expect(rec.status).not.toBe('failed');
        await new Promise((r) => setTimeout(r, 50));
      }
      const link = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/exports/${id}/link`,
        headers: w.m.headers,
      });
      const file = await t.app.inject({ method: 'GET', url: link.json().data.url });
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const rows: string[][] = [];
      book.worksheets[0]!.eachRow((row) =>
        rows.push(
          (row.values as unknown[])
            .slice(1)
            .map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')),
        ),
      );
      return rows;
    };
    const all = await run({});
    expect(all[0]).toContain('Request number');
    expect(
      all
        .slice(1)
        .map((r) => r[0])
        .sort(),
    ).toEqual([...made].sort());
    // A formula is escaped, never a live cell
    expect(all[1]![4]!.startsWith('=')).toBe(false);
    const cancels = await run({ kind: 'cancel' });
    expect(cancels.slice(1).map((r) => r[0])).toEqual([made[0]]);
  });
});
