import { tmpdir } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildTenant } from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import { orders, syncAnnouncements, syncShops } from '../../db/schema/index.ts';
import type { WebhookSender } from '../../integrations/marketplace/index.ts';
import { tiktokSandboxFor, type TikTokSandbox } from '../../integrations/tiktok/index.ts';
import { adminActor } from '../access/index.ts';
import { gatewayOf, shopById } from '../shops/index.ts';
import { upsertMarketplaceOrder } from '../orders/index.ts';
import { applyOrders, pollShop, queueDuePolls } from './index.ts';
import { toUpsertInput } from './market-order.ts';

/*
 * Order sync against the TikTok sandbox (issue 20): the sandbox signs and sends webhooks to the app
 * under test; the shops module verifies them and its event job hands order events to the sync
 * module, whose fetch job reads the order back through the adapter and upserts it. Polling is
 * driven directly (the sweep runs every minute), with no webhook grace.
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
beforeEach(async () => {
  await t.reset();
  tiktok.switches.reset();
});

const EN = { 'accept-language': 'en' };

async function merchant(tenantId?: string) {
  const tenant = tenantId ? { id: tenantId } : await buildTenant(t.database.db);
  const m = await buildMerchant(t.database.db, tenant.id);
  return {
    tenantId: tenant.id,
    merchantId: m.merchant.id,
    headers: { ...EN, ...(await t.authAs(adminActor(m.primary))) },
  };
}
type Who = Awaited<ReturnType<typeof merchant>>;

function api(
  who: { headers: Record<string, string> } | null,
  method: string,
  url: string,
  payload?: unknown,
) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: who?.headers ?? EN,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function createShop(who: Who, body: Record<string, unknown>) {
  const res = await api(who, 'POST', '/api/v1/admin/shop', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string };
}

/** The seller presses Authorise on the sandbox's page; the platform exchanges the code. */
async function authorise(who: Who, shopId: string, seller: string) {
  const start = await api(who, 'POST', `/api/v1/admin/shop/${shopId}/authorise`, {});
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

/**
 * An authorised TikTok shop whose routine poll is not due (the test polls when it means to), and
 * which has synced before (`syncedTo`), so what polling finds unannounced is a gap.
 */
async function syncingShop(who: Who, seller: string) {
  const shop = await createShop(who, { name: `TikTok ${seller}`, platform: 'tiktok' });
  await authorise(who, shop.id, seller);
  await t.database.db.insert(syncShops).values({
    shopId: shop.id,
    tenantId: who.tenantId,
    merchantId: who.merchantId,
    syncDays: 7,
    nextPollAt: new Date(Date.now() + 86_400_000),
    syncedTo: new Date(Date.now() - 5 * 60_000),
  });
  return { id: shop.id, vendor: tiktok.seller(seller).shops[0]! };
}

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

type RecordItem = {
  third_party_order_no: string;
  outcome: string;
  channel: string;
  gap: boolean;
  message: string;
  shop_id: string;
};
async function records(who: Who, query = '') {
  const res = await api(who, 'GET', `/api/v1/admin/sync/records${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { list: RecordItem[]; total: number };
}
async function health(who: Who, shopId: string) {
  const res = await api(who, 'GET', `/api/v1/admin/sync/health/${shopId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Record<string, unknown> & { state: string; reasons: string[]; gaps: number };
}
const orderOf = async (who: Who, no: string) =>
  (
    await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.merchantId, who.merchantId), eq(orders.thirdPartyOrderNo, no)))
  )[0];

describe('marketplace order sync against the TikTok sandbox', () => {
  it('a webhook creates the order: verified, announced, fetched through the adapter, upserted, recorded', async () => {
    const m = await merchant();
    const shop = await syncingShop(m, 'sync-hook-seller');
    const orderId = [...shop.vendor.orders.keys()][1]!;
    const sent = await tiktok.setOrderStatus(orderId, 'AWAITING_SHIPMENT');
    expect(sent?.attempts).toEqual([200]);

    const list = await waitFor(
      () => records(m, `?shop_id=${shop.id}`),
      (r) => r.list.some((x) => x.third_party_order_no === orderId),
    );
    expect(list.list[0]).toMatchObject({ channel: 'webhook', outcome: 'created', gap: false });
    expect(list.list[0]!.message).toContain(orderId);
    expect(await orderOf(m, orderId)).toBeTruthy();
    const [announced] = await t.database.db
      .select()
      .from(syncAnnouncements)
      .where(eq(syncAnnouncements.thirdPartyOrderNo, orderId));
    expect(announced?.fetchedAt).toBeTruthy();

    const h = await health(m, shop.id);
    expect(h.last_webhook_at).toBeTruthy();
    expect(h.gaps).toBe(0);

    // The same webhook again (a vendor re-delivery of the same change) leaves one order.
    await tiktok.setOrderStatus(orderId, 'AWAITING_SHIPMENT');
    await waitFor(
      () => records(m, `?shop_id=${shop.id}`),
      (r) => r.list.filter((x) => x.third_party_order_no === orderId).length >= 2,
    );
    const rows = await t.database.db.select().from(orders).where(eq(orders.thirdPartyOrderNo, orderId));
    expect(rows).toHaveLength(1);
  });

  it('a dropped webhook is caught by polling and shown as a gap in sync health', async () => {
    const m = await merchant();
    const shop = await syncingShop(m, 'sync-gap-seller');
    const [announcedId, droppedId] = [...shop.vendor.orders.keys()].slice(2, 4) as [string, string];

    tiktok.misbehave({ dropWebhooks: 1 });
    const dropped = await tiktok.setOrderStatus(droppedId, 'AWAITING_COLLECTION');
    expect(dropped?.dropped).toBe(true);
    // Another order's webhook arrives: polling finds it too, but it is no gap.
    await tiktok.setOrderStatus(announcedId, 'AWAITING_SHIPMENT');
    await waitFor(
      () => records(m, `?shop_id=${shop.id}`),
      (r) => r.list.some((x) => x.third_party_order_no === announcedId),
    );
    expect(await orderOf(m, droppedId)).toBeUndefined();

    const services = t.services;
    const result = await pollShop(
      services,
      gatewayOf(services),
      { shopId: shop.id, channel: 'poll' },
      undefined,
      {
        graceMs: 0,
      },
    );
    expect(result).toMatchObject({ outcome: 'synced', created: 1, gaps: 1 });
    expect(await orderOf(m, droppedId)).toBeTruthy();

    const gaps = await records(m, `?shop_id=${shop.id}&gaps=true`);
    expect(gaps.list.map((r) => r.third_party_order_no)).toEqual([droppedId]);
    expect(gaps.list[0]).toMatchObject({ channel: 'poll', outcome: 'created' });

    const h = await health(m, shop.id);
    expect(h).toMatchObject({ gaps: 1, state: 'amber', reasons: ['gaps'] });
    expect(h.last_poll_at).toBeTruthy();
    expect(h.last_poll_from).toBeTruthy();
    expect(h.last_poll_to).toBeTruthy();
    expect(h.last_poll_error).toBeNull();

    const list = await api(m, 'GET', '/api/v1/admin/sync/health');
    expect(list.json().data.counts).toMatchObject({ amber: 1, red: 0 });
  });

  it('an out-of-order older update does not regress the newer state', async () => {
    const m = await merchant();
    const shop = await syncingShop(m, 'sync-order-seller');
    const orderId = [...shop.vendor.orders.keys()][4]!;
    const row = (await shopById(t.database.db, shop.id))!;
    const gateway = gatewayOf(t.services);
    const read = () => gateway.call(row, (adapter, access) => adapter.getOrders(access, [orderId]));
    await tiktok.setOrderStatus(orderId, 'AWAITING_SHIPMENT');
    await waitFor(
      () => records(m, `?shop_id=${shop.id}`),
      (r) => r.list.some((x) => x.third_party_order_no === orderId),
    );
    const older = await read();
    // The vendor's clock moves on: the newer state is a later second.
    await new Promise((r) => setTimeout(r, 1100));
    await tiktok.setOrderStatus(orderId, 'IN_TRANSIT');
    await waitFor(
      () => orderOf(m, orderId),
      (o) => o?.vendorStatus === 'IN_TRANSIT',
    );
    const newer = await orderOf(m, orderId);

    const applied = await applyOrders(t.services, row, older, 'webhook', { gaps: false });
    expect(applied).toEqual([{ orderNo: orderId, outcome: 'stale', gap: false }]);
    const after = await orderOf(m, orderId);
    expect(older[0]!.vendorStatus).toBe('AWAITING_SHIPMENT');
    expect(after).toMatchObject({
      vendorStatus: 'IN_TRANSIT',
      marketState: 'shipped',
      status: newer?.status,
    });
    expect(after?.vendorUpdatedAt).toEqual(newer?.vendorUpdatedAt);
    expect((await records(m, `?shop_id=${shop.id}`)).list[0]).toMatchObject({
      third_party_order_no: orderId,
      outcome: 'stale',
    });
  });

  it('a forged webhook is refused, fetches nothing and is counted in sync health', async () => {
    const m = await merchant();
    const shop = await syncingShop(m, 'sync-forged-seller');
    const orderId = [...shop.vendor.orders.keys()][0]!;
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/tiktok',
      headers: { 'content-type': 'application/json', authorization: 'f'.repeat(64) },
      payload: JSON.stringify({
        type: 1,
        tts_notification_id: 'forged-1',
        shop_id: shop.vendor.id,
        timestamp: Math.floor(Date.now() / 1000),
        data: { order_id: orderId, order_status: 'CANCELLED' },
      }),
    });
    expect(forged.statusCode).toBe(401);
    expect(
      await t.database.db.select().from(syncAnnouncements).where(eq(syncAnnouncements.shopId, shop.id)),
    ).toEqual([]);
    expect(await orderOf(m, orderId)).toBeUndefined();
    const h = await health(m, shop.id);
    expect(h).toMatchObject({ refused_webhooks: 1, state: 'amber', reasons: ['refused_webhooks'] });
  });
  it('an order imported from a spreadsheet, then synced, is merged into one and counted in sync health', async () => {
    const m = await merchant();
    const shop = await syncingShop(m, 'sync-merge-seller');
    const orderId = [...shop.vendor.orders.keys()][5]!;
    const row = (await shopById(t.database.db, shop.id))!;
    const [vendorOrder] = await gatewayOf(t.services).call(row, (adapter, access) =>
      adapter.getOrders(access, [orderId]),
    );
    // What the spreadsheet import writes: the same shop and number, no vendor update time.
    await t.database.db.transaction((tx) =>
      upsertMarketplaceOrder(
        tx,
        { tenantId: m.tenantId, merchantId: m.merchantId },
        { ...toUpsertInput(row, vendorOrder!), channel: 'import', vendorUpdatedAt: null },
      ),
    );
    await tiktok.setOrderStatus(orderId, 'AWAITING_SHIPMENT');
    const list = await waitFor(
      () => records(m, `?shop_id=${shop.id}`),
      (r) => r.list.some((x) => x.third_party_order_no === orderId),
    );
    expect(list.list[0]).toMatchObject({ channel: 'webhook', outcome: 'updated' });
    expect(
      await t.database.db.select().from(orders).where(eq(orders.thirdPartyOrderNo, orderId)),
    ).toHaveLength(1);
    expect(await health(m, shop.id)).toMatchObject({ merged_orders: 1, state: 'green' });
  });
});

describe('the poll sweep', () => {
  it('queues one poll per due shop, never twice; the first sync reads the window without gaps', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'Sweep shop', platform: 'tiktok' });
    await authorise(m, shop.id, 'sync-sweep-seller');
    // The worker's own sweep may have taken it already: between them, one poll at most.
    const jobs = [...(await queueDuePolls(t.services)), ...(await queueDuePolls(t.services))];
    expect(jobs.length).toBeLessThanOrEqual(1);
    const h = await waitFor(
      () => health(m, shop.id),
      (x) => x.last_poll_at !== null,
      40_000,
    );
    expect(h).toMatchObject({ state: 'green', gaps: 0, last_poll_error: null });
    expect(h.last_poll_orders as number).toBeGreaterThan(0);
    const [row] = await t.database.db.select().from(syncShops).where(eq(syncShops.shopId, shop.id));
    expect(row!.nextPollAt.getTime()).toBeGreaterThan(Date.now() + 60_000);
    const created = await records(m, `?shop_id=${shop.id}&channel=poll&limit=100`);
    expect(created.list.some((r) => r.outcome === 'created')).toBe(true);
    expect(created.list.every((r) => !r.gap)).toBe(true);
  });
});

describe('sync routes', () => {
  it('records: pages per shop; refuses bad queries and no token; another merchant or tenant sees none', async () => {
    const m = await merchant();
    const other = await merchant(m.tenantId);
    const stranger = await merchant();
    const shop = await syncingShop(m, 'sync-routes-seller');
    const run = await api(m, 'POST', `/api/v1/admin/sync/shops/${shop.id}/sync`);
    expect(run.statusCode, run.body).toBe(200);
    const jobId = run.json().data.job_id as string;
    const job = await waitFor(
      async () =>
        (await api(m, 'GET', `/api/v1/jobs/${jobId}`)).json().data as { state: string; progress: number },
      (j) => j.state === 'completed' || j.state === 'failed',
    );
    expect(job).toMatchObject({ state: 'completed', progress: 100 });

    const all = await records(m, `?shop_id=${shop.id}&limit=2`);
    expect(all.total).toBeGreaterThan(2);
    expect(all.list).toHaveLength(2);
    const run1 = (await records(m, `?shop_id=${shop.id}&channel=manual&limit=100`)).list.find(
      (r) => r.outcome === 'run',
    );
    expect(run1?.message).toMatch(/^Synced \d+ orders/);
    const second = await records(m, `?shop_id=${shop.id}&limit=2&page=2`);
    expect(second.list[0]!.third_party_order_no).not.toBe(all.list[0]!.third_party_order_no);

    for (const q of ['?limit=0', '?limit=101', '?shop_id=nope', '?channel=fax', '?page=0']) {
      const bad = await api(m, 'GET', `/api/v1/admin/sync/records${q}`);
      expect(bad.statusCode, q).toBe(400);
      expect(bad.json().code).toBe(400);
    }
    expect((await api(null, 'GET', '/api/v1/admin/sync/records')).statusCode).toBe(401);
    expect((await records(other, `?shop_id=${shop.id}`)).total).toBe(0);
    expect((await records(other)).total).toBe(0);
    expect((await records(stranger, `?shop_id=${shop.id}`)).total).toBe(0);
  });

  it('health: the list and one shop; 404 for another merchant’s or tenant’s shop; 400 and 401', async () => {
    const m = await merchant();
    const other = await merchant(m.tenantId);
    const stranger = await merchant();
    const shop = await syncingShop(m, 'sync-health-seller');
    const plain = await createShop(m, {
      name: 'Offline',
      platform: 'other',
      code: 'OFF1',
      seller_id: 'off-1',
    });

    const list = await api(m, 'GET', '/api/v1/admin/sync/health');
    expect(list.statusCode, list.body).toBe(200);
    const byId = new Map(
      (list.json().data.list as Array<{ shop_id: string; state: string }>).map((h) => [h.shop_id, h]),
    );
    expect(byId.get(shop.id)?.state).toBe('green');
    expect(byId.get(plain.id)).toMatchObject({ state: 'off', reasons: ['not_synced'] });
    expect(list.json().data.counts).toEqual({ green: 1, amber: 0, red: 0, off: 1 });

    const one = await health(m, shop.id);
    expect(one).toMatchObject({
      shop_id: shop.id,
      sync_days: 7,
      state: 'green',
      refused_webhooks: 0,
      merged_orders: 0,
    });
    expect(one.token_expires_at).toBeTruthy();

    expect((await api(m, 'GET', '/api/v1/admin/sync/health/not-a-uuid')).statusCode).toBe(400);
    expect((await api(null, 'GET', '/api/v1/admin/sync/health')).statusCode).toBe(401);
    expect((await api(null, 'GET', `/api/v1/admin/sync/health/${shop.id}`)).statusCode).toBe(401);
    expect((await api(other, 'GET', `/api/v1/admin/sync/health/${shop.id}`)).statusCode).toBe(404);
    expect((await api(stranger, 'GET', `/api/v1/admin/sync/health/${shop.id}`)).statusCode).toBe(404);
    expect((await api(other, 'GET', '/api/v1/admin/sync/health')).json().data.list).toEqual([]);
  });

  it('settings: sync days within the limits, for a marketplace shop of the caller', async () => {
    const m = await merchant();
    const other = await merchant(m.tenantId);
    const stranger = await merchant();
    const shop = await createShop(m, { name: 'TikTok settings', platform: 'tiktok' });
    const plain = await createShop(m, {
      name: 'Offline',
      platform: 'other',
      code: 'OFF2',
      seller_id: 'off-2',
    });
    const url = `/api/v1/admin/sync/shops/${shop.id}/settings`;

    const saved = await api(m, 'PUT', url, { sync_days: 14 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ msg: 'Sync settings saved', data: { sync_days: 14, state: 'off' } });
    expect((await health(m, shop.id)).sync_days).toBe(14);

    for (const body of [{ sync_days: 0 }, { sync_days: 31 }, { sync_days: 'x' }, { sync_days: 1.5 }, {}]) {
      const bad = await api(m, 'PUT', url, body);
      expect(bad.statusCode, JSON.stringify(body)).toBe(400);
    }
    const zh = await t.app.inject({
      method: 'PUT',
      url,
      headers: { ...m.headers, 'accept-language': 'zh-cn' },
      payload: { sync_days: 31 },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().msg).not.toBe((await api(m, 'PUT', url, { sync_days: 31 })).json().msg);
    const noMarket = await api(m, 'PUT', `/api/v1/admin/sync/shops/${plain.id}/settings`, { sync_days: 3 });
    expect(noMarket.statusCode).toBe(400);
    expect(noMarket.json().msg).toMatch(/spreadsheet import only/);
    expect((await api(null, 'PUT', url, { sync_days: 3 })).statusCode).toBe(401);
    expect((await api(other, 'PUT', url, { sync_days: 3 })).statusCode).toBe(404);
    expect((await api(stranger, 'PUT', url, { sync_days: 3 })).statusCode).toBe(404);
    expect((await health(m, shop.id)).sync_days).toBe(14);
  });

  it('sync now: a job for an authorised shop; 400 for "other", 409 unauthorised, 404 for others, 401', async () => {
    const m = await merchant();
    const other = await merchant(m.tenantId);
    const stranger = await merchant();
    const shop = await syncingShop(m, 'sync-now-seller');
    const unauthorised = await createShop(m, { name: 'Not yet', platform: 'tiktok' });
    const plain = await createShop(m, {
      name: 'Offline',
      platform: 'other',
      code: 'OFF3',
      seller_id: 'off-3',
    });
    const url = (id: string) => `/api/v1/admin/sync/shops/${id}/sync`;

    const ok = await api(m, 'POST', url(shop.id));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.job_id).toEqual(expect.any(String));
    expect((await api(m, 'POST', url('nope'))).statusCode).toBe(400);
    expect((await api(m, 'POST', url(plain.id))).statusCode).toBe(400);
    const notYet = await api(m, 'POST', url(unauthorised.id));
    expect(notYet.statusCode).toBe(409);
    expect(notYet.json().msg).toMatch(/Authorise the shop/);
    expect((await api(null, 'POST', url(shop.id))).statusCode).toBe(401);
    expect((await api(other, 'POST', url(shop.id))).statusCode).toBe(404);
    expect((await api(stranger, 'POST', url(shop.id))).statusCode).toBe(404);
  });
});
