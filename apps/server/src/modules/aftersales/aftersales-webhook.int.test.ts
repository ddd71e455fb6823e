import { tmpdir } from 'node:os';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPaidOrder } from '../../../test/factories/aftersales.ts';
import { buildCheckoutWorld } from '../../../test/factories/orders.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import { levels, merchants, orders } from '../../db/schema/index.ts';
import type { WebhookSender } from '../../integrations/marketplace/index.ts';
import { tiktokSandboxFor, type TikTokSandbox } from '../../integrations/tiktok/index.ts';

/*
 * Issue 22 "marketplace side", end to end: the TikTok sandbox signs and sends the cancellation
 * webhook, the shops module verifies and stores it and hands it to its job, and the job's event hook
 * opens the after-sales request. (aftersales-channels.int.test.ts covers the mapping of every event.)
 */

let t: TestApp;
let tiktok: TikTokSandbox;

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
  const url = await tiktok.start(0);
  t = await createTestApp({ startJobs: true, env: { TIKTOK_SANDBOX_PORT: new URL(url).port } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await tiktok?.stop();
});
beforeEach(() => t.reset());

/** The seller on TikTok's page presses Authorise; the platform exchanges the code. */
async function authorise(headers: Record<string, string>, shopId: string, seller: string) {
  const start = await t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/shop/${shopId}/authorise`,
    headers,
    payload: {},
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
      platform: 'tiktok',
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
});
