import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCheckoutWorld, buildUnpaidOrder } from '../../../test/factories/orders.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import { orders } from '../../db/schema/index.ts';
import { sandboxFor, type AlipaySandbox } from '../../integrations/alipay/index.ts';
import { reconcile } from '../wallet/index.ts';

let t: TestApp;
let sandbox: AlipaySandbox;

beforeAll(async () => {
  // The sandbox plays Alipay and delivers its signed notifications to the app under test.
  sandbox = sandboxFor(
    loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) }).alipay,
    async (_url, body) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/wallet/alipay/notify',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: body,
      });
      return res.body;
    },
  );
  const base = await sandbox.start(0);
  t = await createTestApp({ env: { ALIPAY_SANDBOX_PORT: new URL(base).port } });
});
afterAll(async () => {
  await t.close();
  await sandbox.stop();
});
beforeEach(() => t.reset());

type Headers = Record<string, string>;

async function payOnCashier(payUrl: string) {
  const html = await (await fetch(payUrl)).text();
  const token = /name="token" value="([0-9a-f]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  return fetch(`${sandbox.url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: token!, action: 'pay' }).toString(),
    redirect: 'manual',
  });
}

const status = async (h: Headers, orderNo: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/order/payStatus?order_nos=${orderNo}`,
      headers: h,
    })
  ).json().data;

describe('paying orders with Alipay', () => {
  it('opens the cashier for the total; the signed notification pays the order, balance unchanged', async () => {
    const w = await buildCheckoutWorld(t);
    const order = await buildUnpaidOrder(t, w);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/order/pay',
      headers: { ...w.m.headers, origin: 'http://shop.localhost:5173' },
      payload: { order_nos: [order.order_no], method: 'alipay' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const reply = start.json().data;
    expect(reply.amounts).toEqual([{ currency: 'CNY', amount: order.total_amount }]);
    expect(reply.pay_url).toContain(sandbox.url);
    expect((await status(w.m.headers, order.order_no)).success).toBe(false);

    const paid = await payOnCashier(reply.pay_url);
    expect(paid.status).toBe(302);
    expect(paid.headers.get('location')).toContain('/admin/payResult?type=alipay&order_nos=');
    const after = await status(w.m.headers, order.order_no);
    expect(after.success).toBe(true);
    expect(after.orders[0].pay_method).toBe('alipay');
    // Credited by Alipay and spent on the order: the balance is where it was.
    expect(after.balances.find((b: { currency: string }) => b.currency === 'CNY').balance).toBe(100_000);
    expect((await reconcile(t.database.db, w.tenant.id)).drifts).toEqual([]);
  });

  it('an order that timed out before Alipay notified leaves the money in the balance', async () => {
    const w = await buildCheckoutWorld(t);
    const order = await buildUnpaidOrder(t, w);
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/order/pay',
      headers: w.m.headers,
      payload: { order_nos: [order.order_no], method: 'alipay' },
    });
    expect(start.statusCode, start.body).toBe(200);
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.orderNo, order.order_no));
    await payOnCashier(start.json().data.pay_url);
    const after = await status(w.m.headers, order.order_no);
    expect(after.success).toBe(false);
    expect(after.balances.find((b: { currency: string }) => b.currency === 'CNY').balance).toBe(
      100_000 + order.total_amount,
    );
  });

  it('another merchant cannot start a payment of my order', async () => {
    const w = await buildCheckoutWorld(t);
    const order = await buildUnpaidOrder(t, w);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/order/pay',
      headers: w.n.headers,
      payload: { order_nos: [order.order_no], method: 'alipay' },
    });
    expect(res.statusCode).toBe(404);
  });
});
