import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildTenant } from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import { sandboxFor, signNotification, type AlipaySandbox } from '../../integrations/alipay/index.ts';
import { adminActor } from '../access/index.ts';

let t: TestApp;
let sandbox: AlipaySandbox;
/** Every notification body the sandbox delivered, in order. */
const delivered: string[] = [];

const notify = (body: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/wallet/alipay/notify',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: body,
  });

beforeAll(async () => {
  // The sandbox plays Alipay: it delivers notifications to the app under test through inject.
  sandbox = sandboxFor(
    loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) }).alipay,
    async (url, body) => {
      delivered.push(body);
      return (await notify(body)).body;
    },
  );
  const base = await sandbox.start(0);
  t = await createTestApp({ env: { ALIPAY_SANDBOX_PORT: new URL(base).port } });
});
afterAll(async () => {
  await t.close();
  await sandbox.stop();
});
beforeEach(async () => {
  delivered.length = 0;
  await t.reset();
});

async function merchant() {
  const tenant = await buildTenant(t.database.db);
  const m = await buildMerchant(t.database.db, tenant.id);
  return { headers: await t.authAs(adminActor(m.primary)), merchantId: m.merchant.id };
}
const balance = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/admin/wallet/balance', headers })).json().data.list[0]
    .balance;
const transactions = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/admin/wallet/transaction', headers })).json().data.list;

async function startRecharge(headers: Record<string, string>, amount = 123_45) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/wallet/recharge/alipay',
    headers: { ...headers, origin: 'http://shop.localhost:5173' },
    payload: { amount, agreement: true },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { out_trade_no: string; pay_url: string; status: string };
}

/** The browser on the sandbox's cashier page: open it, press Pay, follow nothing. */
async function payOnCashier(payUrl: string) {
  const page = await fetch(payUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const token = /name="token" value="([0-9a-f]+)"/.exec(html)?.[1];
  expect(token).toBeTruthy();
  const res = await fetch(`${sandbox.url}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: token!, action: 'pay' }).toString(),
    redirect: 'manual',
  });
  return { html, res };
}

describe('Alipay recharge through the sandbox', () => {
  it('pays, is notified once with a valid signature, and a notification delivered 3 times credits once', async () => {
    const m = await merchant();
    const order = await startRecharge(m.headers);
    expect(order.status).toBe('pending');
    expect(new URL(order.pay_url).origin).toBe(sandbox.url);

    const { html, res } = await payOnCashier(order.pay_url);
    expect(html).toContain('123.45');
    expect(html).toContain(order.out_trade_no);
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(back.origin + back.pathname).toBe('http://shop.localhost:5173/admin/rechargeResult');
    expect(back.searchParams.get('out_trade_no')).toBe(order.out_trade_no);
    expect(back.searchParams.get('sign')).toBeTruthy();
    expect(sandbox.payment(order.out_trade_no)?.deliveries).toEqual(['success']);

    // Alipay re-delivers until it hears `success`; twice more must not credit again.
    for (let i = 0; i < 2; i++) {
      const again = await notify(delivered[0]!);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe('success');
    }
    expect(await balance(m.headers)).toBe(123_45);
    const rows = await transactions(m.headers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      type: 'top_up',
      pay_method: 'alipay',
      reference_type: 'alipay',
      reference: order.out_trade_no,
      third_party_no: sandbox.payment(order.out_trade_no)!.tradeNo,
      amount: 123_45,
      operator_id: null,
    });

    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/wallet/recharge/alipay/${order.out_trade_no}`,
      headers: m.headers,
    });
    expect(status.json().data).toMatchObject({ status: 'paid', trade_no: rows[0].trade_no });
    const other = await merchant();
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/admin/wallet/recharge/alipay/${order.out_trade_no}`,
          headers: other.headers,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('refuses forged notifications: tampered, unsigned, signed with another key, wrong amount, replayed for another trade', async () => {
    const m = await merchant();
    const order = await startRecharge(m.headers, 50_00);
    const payment = {
      outTradeNo: order.out_trade_no,
      totalAmount: '50.00',
      tradeNo: '2024010122001',
      subject: 's',
    };
    const genuine = sandbox.notificationFor(payment);

    const tampered = { ...genuine, total_amount: '5000.00' };
    const unsigned = { ...genuine, sign: '' };
    const { sign: _s, sign_type: _st, ...bare } = genuine;
    const ownKey = readFileSync(
      join(import.meta.dirname, '../../integrations/alipay/test-keys/app-private.pem'),
      'utf8',
    );
    const wrongKey = signNotification(bare, ownKey);
    const wrongAmount = sandbox.notificationFor({ ...payment, totalAmount: '5000.00' });
    const unknownOrder = sandbox.notificationFor({ ...payment, outTradeNo: 'AP0000' });
    for (const forged of [tampered, unsigned, wrongKey, wrongAmount, unknownOrder]) {
      const res = await notify(new URLSearchParams(forged).toString());
      expect(res.statusCode).toBe(400);
      expect(res.body).toBe('failure');
    }
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v1/wallet/alipay/notify',
      payload: { a: 'b' },
    });
    expect(json.statusCode).toBe(400);
    expect(await balance(m.headers)).toBe(0);

    expect((await notify(new URLSearchParams(genuine).toString())).body).toBe('success');
    expect(await balance(m.headers)).toBe(50_00);
    // A genuine notification of a different Alipay trade for the already-paid order is refused.
    const replay = sandbox.notificationFor({ ...payment, tradeNo: '2024010122999' });
    expect((await notify(new URLSearchParams(replay).toString())).body).toBe('failure');
    expect(await balance(m.headers)).toBe(50_00);
  });

  it('the sandbox refuses a request whose signature does not match, and a cancelled payment credits nothing', async () => {
    const m = await merchant();
    const order = await startRecharge(m.headers);
    const url = new URL(order.pay_url);
    const biz = JSON.parse(url.searchParams.get('biz_content')!);
    url.searchParams.set('biz_content', JSON.stringify({ ...biz, total_amount: '0.01' }));
    const forged = await fetch(url);
    expect(forged.status).toBe(400);
    expect(await forged.text()).toBe('invalid-signature');

    const page = await (await fetch(order.pay_url)).text();
    const token = /name="token" value="([0-9a-f]+)"/.exec(page)![1]!;
    const res = await fetch(`${sandbox.url}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token, action: 'cancel' }).toString(),
      redirect: 'manual',
    });
    expect(res.status).toBe(302);
    const status = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/wallet/recharge/alipay/${order.out_trade_no}`,
      headers: m.headers,
    });
    expect(status.json().data.status).toBe('closed');
    expect(await balance(m.headers)).toBe(0);
  });

  it('validates the recharge request', async () => {
    const m = await merchant();
    const bad = [
      { amount: 0, agreement: true },
      { amount: 100, agreement: false },
      { amount: 100, currency: 'USD', agreement: true },
    ];
    for (const payload of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/wallet/recharge/alipay',
        headers: m.headers,
        payload,
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
    }
  });
});
