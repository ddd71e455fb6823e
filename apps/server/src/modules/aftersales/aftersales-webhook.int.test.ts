import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPaidOrder } from '../../../test/factories/aftersales.ts';
import { buildCheckoutWorld, type CheckoutWorld } from '../../../test/factories/orders.ts';
import { buildPlatformAdmin } from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import { aftersalesRequests, levels, merchants, orders, shopWebhookEvents } from '../../db/schema/index.ts';
import type { WebhookSender } from '../../integrations/marketplace/index.ts';
import { temuSandboxFor, type TemuSandbox } from '../../integrations/temu/index.ts';
import { tiktokSandboxFor, type TikTokSandbox } from '../../integrations/tiktok/index.ts';
import { adminActor } from '../access/index.ts';

/*
 * Issue 22 "marketplace side", end to end: the TikTok sandbox signs and sends the cancellation
 * webhook, the shops module verifies and stores it and hands it to its job, and the job's event hook
 * opens the after-sales request. (aftersales-channels.int.test.ts covers the mapping of every event.)
 */

let t: TestApp;
let tiktok: TikTokSandbox;
let temu: TemuSandbox;

const sendWebhook: WebhookSender = async (url, body, headers) =>
  (
    await t.app.inject({
      method: 'POST',
      url: new URL(url).pathname,
      headers: { 'content-type': 'application/json', ...headers },
      payload: body,
    })
  ).statusCode;

beforeAll(async () => {
  const base = loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) }).marketplaces;
  tiktok = tiktokSandboxFor(base.tiktok, sendWebhook);
  temu = temuSandboxFor(base.temu, sendWebhook);
  const [url, temuUrl] = await Promise.all([tiktok.start(0), temu.start(0)]);
  t = await createTestApp({
    startJobs: true,
    env: { TIKTOK_SANDBOX_PORT: new URL(url).port, TEMU_SANDBOX_PORT: new URL(temuUrl).port },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([tiktok?.stop(), temu?.stop()]);
});
beforeEach(() => t.reset());

/** The seller on TikTok's page presses Authorise; the platform exchanges the code. */
async function authorise(
  headers: Record<string, string>,
  shopId: string,
  seller: string,
  platform: 'tiktok' | 'temu' = 'tiktok',
) {
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/shop/${shopId}/authorise`,
    headers,
    payload: platform === 'temu' ? { slot: 'order_us' } : {},
  });
  expect(start.statusCode, start.body).toBe(200);
  const pageUrl = start.json().data.url as string;
  const html = await (await fetch(pageUrl)).text();
  const hidden = Object.fromEntries(
    [...html.matchAll(/type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&amp;/g, '&'),
    ]),
  );
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(new URL(action, pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, seller, action: 'authorise' }).toString(),
    redirect: 'manual',
  });
  const back = new URL(res.headers.get('location')!);
  const done = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shops/oauth/callback',
    payload: {
      platform,
      code: back.searchParams.get('code'),
      state: back.searchParams.get('state'),
    },
  });
  expect(done.statusCode, done.body).toBe(200);
}

async function requestsOf(headers: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/afterSales', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list as Array<Record<string, unknown>>;
}

/** A merchant's authorised shop on a marketplace, through the sandbox. */
async function shopOf(w: CheckoutWorld, platform: 'tiktok' | 'temu', seller: string) {
  // The merchant's level allows shops.
  const [m] = await t.database.db
    .select({ levelId: merchants.levelId })
    .from(merchants)
    .where(eq(merchants.id, w.m.merchant.id));
  if (m?.levelId) await t.database.db.update(levels).set({ shopCount: 5 }).where(eq(levels.id, m.levelId));
  const shop = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/shop',
    headers: w.m.headers,
    payload: { name: `${platform} ${seller}`, platform },
  });
  expect(shop.statusCode, shop.body).toBe(200);
  await authorise(w.m.headers, shop.json().data.id, seller, platform);
}

/** Makes one of the merchant's paid orders the marketplace's order `vendorNo`. */
async function marketplaceOrder(
  w: CheckoutWorld,
  platform: 'tiktok' | 'temu',
  vendorNo: string,
  status?: 'shipped',
) {
  const order = await buildPaidOrder(t, w, status);
  await t.database.db
    .update(orders)
    .set({ platform, thirdPartyOrderNo: vendorNo, source: 'sync' })
    .where(eq(orders.id, order.id));
  return order;
}

async function firstRequestOf(headers: Record<string, string>) {
  const until = Date.now() + 20_000;
  let list = await requestsOf(headers);
  while (list.length === 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    list = await requestsOf(headers);
  }
  expect(list).toHaveLength(1);
  return list[0]!;
}

describe('marketplace cancellations through the webhook', () => {
  it('a TikTok cancellation webhook, signed by the sandbox, opens a request on the merchant’s order', async () => {
    const w = await buildCheckoutWorld(t);
    // The merchant's level allows a shop.
    const [m] = await t.database.db
      .select({ levelId: merchants.levelId })
      .from(merchants)
      .where(eq(merchants.id, w.m.merchant.id));
    if (m?.levelId) await t.database.db.update(levels).set({ shopCount: 5 }).where(eq(levels.id, m.levelId));
    const shop = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/shop',
      headers: w.m.headers,
      payload: { name: 'TikTok US', platform: 'tiktok' },
    });
    expect(shop.statusCode, shop.body).toBe(200);
    await authorise(w.m.headers, shop.json().data.id, 'cancel-seller');

    const order = await buildPaidOrder(t, w);
    const vendorNo = `576${Date.now()}`;
    await t.database.db
      .update(orders)
      .set({ platform: 'tiktok', thirdPartyOrderNo: vendorNo, source: 'sync' })
      .where(eq(orders.id, order.id));

    const sandboxShop = tiktok.seller('cancel-seller').shops[0]!;
    const sent = await tiktok.notify(sandboxShop, 11, {
      order_id: vendorNo,
      cancel_status: 'CANCELLATION_REQUEST_PENDING',
      cancel_reason: 'Ordered twice',
    });
    expect(sent?.attempts).toEqual([200]);

    const until = Date.now() + 20_000;
    let list = await requestsOf(w.m.headers);
    while (list.length === 0 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      list = await requestsOf(w.m.headers);
    }
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      source: 'tiktok',
      kind: 'cancel',
      status: 'pending_review',
      third_party_order_no: vendorNo,
      reason: 'Ordered twice',
    });
    // Another merchant of the supplier sees nothing of it.
    expect(await requestsOf(w.n.headers)).toEqual([]);

    // A forged webhook for the same order is refused before anything is stored.
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/tiktok',
      headers: { 'content-type': 'application/json', authorization: 'f'.repeat(64) },
      payload: JSON.stringify({
        type: 11,
        shop_id: sandboxShop.id,
        timestamp: 1,
        data: { order_id: vendorNo },
      }),
    });
    expect(forged.statusCode).toBe(401);
    expect(await requestsOf(w.m.headers)).toHaveLength(1);
  });

  it('a TikTok return webhook (type 12) on a shipped order opens an after-sales claim', async () => {
    const w = await buildCheckoutWorld(t);
    await shopOf(w, 'tiktok', 'return-seller');
    const vendorNo = `577${Date.now()}`;
    const order = await marketplaceOrder(w, 'tiktok', vendorNo, 'shipped');

    const sandboxShop = tiktok.seller('return-seller').shops[0]!;
    const sent = await tiktok.notify(sandboxShop, 12, {
      order_id: vendorNo,
      return_status: 'RETURN_OR_REFUND_REQUEST_PENDING',
      return_reason: 'Print is smudged',
    });
    expect(sent?.attempts).toEqual([200]);

    const req = await firstRequestOf(w.m.headers);
    expect(req).toMatchObject({
      source: 'tiktok',
      kind: 'aftersales',
      status: 'pending_review',
      // A return is a claim the reviewer prices.
      refund_type: 'none',
      application_amount: 0,
      order_no: order.orderNo,
      third_party_order_no: vendorNo,
      reason: 'Print is smudged',
    });
    expect(await requestsOf(w.n.headers)).toEqual([]);
  });

  it('a Temu cancellation webhook, signed by the sandbox, opens a cancel request for everything paid', async () => {
    const w = await buildCheckoutWorld(t);
    await shopOf(w, 'temu', 'cancel-mall');
    const vendorNo = `PO-211-${Date.now()}`;
    const order = await marketplaceOrder(w, 'temu', vendorNo);

    const sent = await temu.notify(temu.mall('cancel-mall'), 'bg_cancel_order_status_change', {
      parentOrderSn: vendorNo,
      status: 'WAIT_SELLER_CONFIRM',
      reason: 'Buyer cancelled before shipping',
    });
    expect(sent?.attempts).toEqual([200]);

    const req = await firstRequestOf(w.m.headers);
    expect(req).toMatchObject({
      source: 'temu',
      kind: 'cancel',
      status: 'pending_review',
      refund_type: 'full',
      application_amount: order.totalAmount,
      order_no: order.orderNo,
      third_party_order_no: vendorNo,
      reason: 'Buyer cancelled before shipping',
    });
    expect(await requestsOf(w.n.headers)).toEqual([]);
  });

  it('a tenant that switched after-sales off gets no request from a cancellation; its shop still takes the event', async () => {
    const w = await buildCheckoutWorld(t);
    await shopOf(w, 'tiktok', 'quiet-seller');
    const vendorNo = `578${Date.now()}`;
    await marketplaceOrder(w, 'tiktok', vendorNo);
    const platform = await t.authAs(adminActor(await buildPlatformAdmin(t.database.db)));
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/moduleStore/switch',
      headers: platform,
      payload: { tenant_id: w.tenant.id, name: 'aftersales', enabled: false },
    });
    expect(off.statusCode, off.body).toBe(200);

    const sandboxShop = tiktok.seller('quiet-seller').shops[0]!;
    const sent = await tiktok.notify(sandboxShop, 11, {
      order_id: vendorNo,
      cancel_status: 'CANCELLATION_REQUEST_PENDING',
    });
    expect(sent?.attempts).toEqual([200]);
    const until = Date.now() + 20_000;
    let [event] = await t.database.db
      .select()
      .from(shopWebhookEvents)
      .where(eq(shopWebhookEvents.vendorShopId, sandboxShop.id));
    while (!event?.processedAt && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      [event] = await t.database.db
        .select()
        .from(shopWebhookEvents)
        .where(eq(shopWebhookEvents.vendorShopId, sandboxShop.id));
    }
    expect(event?.processedAt).not.toBeNull();
    expect(event?.outcome).not.toContain('after-sales');
    expect(await t.database.db.select().from(aftersalesRequests)).toEqual([]);
  });
});
