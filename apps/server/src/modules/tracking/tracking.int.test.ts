import { tmpdir } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CARRIERS, type TrackingJobResult } from '@pod/shared';
import { unique } from '../../../test/factories/index.ts';
import { buildCheckoutWorld, type CheckoutWorld } from '../../../test/factories/orders.ts';
import { buildShippedOrder } from '../../../test/factories/tracking.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import { levels, merchants, orderEvents, shops, trackingPushes } from '../../db/schema/index.ts';
import { temuSandboxFor, type TemuSandbox } from '../../integrations/temu/index.ts';
import { tiktokSandboxFor, type TikTokSandbox } from '../../integrations/tiktok/index.ts';
import { gatewayOf } from '../shops/index.ts';
import { pushOne, sweep } from './push.service.ts';

let t: TestApp;
let tiktok: TikTokSandbox;
let temu: TemuSandbox;
let w: CheckoutWorld;

type Headers = Record<string, string>;
const EN = { 'accept-language': 'en' };
const ZH = { 'accept-language': 'zh-cn' };
/** Our carrier (the world's logistics method) and each sandbox's provider id for it. */
const CARRIER = 'YunExpress';
const PROVIDER = { tiktok: '7117858858072016686', temu: '699272614' };

async function api(headers: Headers, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}
const h = () => ({ ...w.m.headers, ...EN });

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 60_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function waitJob(jobId: string, headers: Headers = h()) {
  return waitFor(
    async () => (await api(headers, 'GET', `/api/v1/jobs/${jobId}`)).json().data,
    (j) => j.state === 'completed' || j.state === 'failed',
  ) as Promise<{ state: string; progress: number; result: TrackingJobResult }>;
}

const pushOf = async (orderId: string) =>
  (await t.database.db.select().from(trackingPushes).where(eq(trackingPushes.orderId, orderId)))[0];

interface MarketShop {
  id: string;
  platform: 'tiktok' | 'temu';
  login: string;
  /** The sandbox's orders of this shop that wait for shipment. */
  awaiting: string[];
}

/** A shop of merchant m authorised on the sandbox as a new seller; its carrier mapped unless told. */
async function marketShop(platform: 'tiktok' | 'temu', options: { map?: boolean } = {}): Promise<MarketShop> {
  const login = unique(`trk-${platform}`).slice(0, 30);
  const res = await api(h(), 'POST', '/api/v1/admin/shop', { name: unique(`Trk ${platform}`), platform });
  expect(res.statusCode, res.body).toBe(200);
  const shopId = res.json().data.id as string;
  const slot = platform === 'tiktok' ? 'default' : 'order_us';
  const start = await api(h(), 'POST', `/api/v1/admin/shop/${shopId}/authorise`, { slot });
  expect(start.statusCode, start.body).toBe(200);
  const state = new URL(start.json().data.url as string).searchParams.get('state')!;
  const code = platform === 'tiktok' ? tiktok.issueCode(login) : temu.issueCode(login, 'us');
  const back = await t.app.inject({
    method: 'POST',
    url: '/api/v1/shops/oauth/callback',
    payload: { platform, code, state },
  });
  expect(back.statusCode, back.body).toBe(200);
  const [row] = await t.database.db.select().from(shops).where(eq(shops.id, shopId));
  const awaiting =
    platform === 'tiktok'
      ? [
          ...tiktok
            .seller(login)
            .shops.find((s) => s.id === row!.sellerId)!
            .orders.values(),
        ]
          .filter((o) => o.status === 'AWAITING_SHIPMENT')
          .map((o) => String(o.id))
      : [...temu.mall(login).orders.us.values()]
          .map((o) => o.parentOrderMap as { parentOrderSn: string; parentOrderStatus: number })
          .filter((p) => p.parentOrderStatus === 2)
          .map((p) => p.parentOrderSn);
  expect(awaiting.length).toBeGreaterThanOrEqual(2);
  if (options.map !== false) {
    const saved = await api(h(), 'PUT', `/api/v1/admin/tracking/shop/${shopId}/settings`, {
      auto_ship_enabled: false,
      auto_ship_hours: 24,
      default_provider_id: null,
      carrier_map: [{ carrier: CARRIER, provider_id: PROVIDER[platform], provider_name: CARRIER }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { id: shopId, platform, login, awaiting };
}

/** A shipped order of merchant m on a sandbox order of the shop. */
const shippedOn = (shop: MarketShop, n = 0, extra: { shippedAt?: Date; trackingNo?: string } = {}) =>
  buildShippedOrder(t, w, {
    shop: { id: shop.id, platform: shop.platform },
    thirdPartyOrderNo: shop.awaiting[n]!,
    ...extra,
  });

async function sync(orderIds: string[], headers: Headers = h()) {
  return api(headers, 'POST', '/api/v1/admin/tracking/sync', { order_ids: orderIds });
}

/** The marketplace's order, read back over HTTP through the adapter. */
async function vendorOrder(shop: MarketShop, orderId: string) {
  const gateway = gatewayOf(t.services);
  const [row] = await t.database.db.select().from(shops).where(eq(shops.id, shop.id));
  const access = await gateway.accessFor(t.database.db, row!);
  const [order] = await gateway.adapterFor(shop.platform).getOrders(access, [orderId]);
  return order!;
}

const shipmentsOf = (shop: MarketShop, vendorOrderId: string) =>
  shop.platform === 'tiktok'
    ? tiktok.shipments.filter((s) => s.orderId === vendorOrderId).length
    : temu.shipments.filter((s) => s.parentOrderSn === vendorOrderId).length;

beforeAll(async () => {
  const base = loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) }).marketplaces;
  tiktok = tiktokSandboxFor(base.tiktok);
  temu = temuSandboxFor(base.temu);
  const [tiktokUrl, temuUrl] = await Promise.all([tiktok.start(0), temu.start(0)]);
  t = await createTestApp({
    startJobs: true,
    env: { TIKTOK_SANDBOX_PORT: new URL(tiktokUrl).port, TEMU_SANDBOX_PORT: new URL(temuUrl).port },
  });
  w = await buildCheckoutWorld(t, { balance: 1_000_000 });
  const db = t.database.db;
  const [ma] = await db.select().from(merchants).where(eq(merchants.id, w.m.merchant.id));
  await db.update(levels).set({ shopCount: 100 }).where(eq(levels.id, ma!.levelId!));
}, 120_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([tiktok?.stop(), temu?.stop()]);
});
beforeEach(() => {
  tiktok.switches.reset();
  temu.switches.reset();
});

describe('sync status to the marketplace sandboxes', () => {
  for (const platform of ['tiktok', 'temu'] as const)
    it(`${platform}: shipped → synced; the sandbox's order shows shipped with our tracking number`, async () => {
      const shop = await marketShop(platform);
      const vendorId = shop.awaiting[0]!;
      const order = await shippedOn(shop, 0, { trackingNo: `${platform.toUpperCase()}-TRK-0001` });
      expect((await vendorOrder(shop, vendorId)).state).toBe('awaiting_shipment');

      const res = await sync([order.id]);
      expect(res.statusCode, res.body).toBe(200);
      const reply = res.json().data;
      expect(reply).toMatchObject({ queued: 1, results: [{ order_id: order.id, outcome: 'queued' }] });
      const job = await waitJob(reply.job_id as string);
      expect(job.state).toBe('completed');
      expect(job.progress).toBe(100);
      expect(job.result).toMatchObject({
        total: 1,
        succeeded: 1,
        results: [{ order_id: order.id, state: 'succeeded', market_state: 'shipped', message: null }],
      });

      const back = await vendorOrder(shop, vendorId);
      expect(back).toMatchObject({ state: 'shipped', trackingNumber: `${platform.toUpperCase()}-TRK-0001` });
      expect(shipmentsOf(shop, vendorId)).toBe(1);
      // On our side: the push record says the marketplace order is shipped; the timeline says so.
      const list = await api(h(), 'GET', `/api/v1/admin/tracking/push?order_no=${order.orderNo}`);
      expect(list.statusCode, list.body).toBe(200);
      expect(list.json().data.list).toEqual([
        expect.objectContaining({
          order_id: order.id,
          state: 'succeeded',
          market_state: 'shipped',
          provider_id: PROVIDER[platform],
          carrier: CARRIER,
          platform,
          trigger: 'manual',
        }),
      ]);
      const events = await t.database.db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.action, 'tracking_synced')));
      expect(events).toHaveLength(1);
    });

  it('a repeated push sends nothing twice: the route, the job and a push re-claimed after a crash', async () => {
    const shop = await marketShop('tiktok');
    const vendorId = shop.awaiting[0]!;
    const order = await shippedOn(shop);
    const first = await sync([order.id]);
    await waitJob(first.json().data.job_id as string);
    expect(shipmentsOf(shop, vendorId)).toBe(1);

    // Again through the route: nothing qualifies (already marked shipped).
    const again = await sync([order.id]);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('No orders to sync');
    expect(again.json().data.results).toEqual([
      expect.objectContaining({ order_id: order.id, outcome: 'already_synced' }),
    ]);
    // The job handed the same push again: it is not claimed, nothing is sent.
    const push = (await pushOf(order.id))!;
    expect((await pushOne(t.services, push.id))!.state).toBe('succeeded');
    // A worker that died after the vendor answered: the push is re-claimed, the adapter finds the
    // tracking number already on the marketplace's order and sends nothing.
    await t.database.db
      .update(trackingPushes)
      .set({ state: 'sending', marketState: null, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(trackingPushes.id, push.id));
    const redone = await pushOne(t.services, push.id);
    expect(redone).toMatchObject({ state: 'succeeded', marketState: 'shipped' });
    expect(shipmentsOf(shop, vendorId)).toBe(1);
  });

  it('refuses unshipped orders with the spec message and reports "no orders to sync" for platform "other"', async () => {
    const other = await buildShippedOrder(t, w, { shop: undefined });
    const res = await sync([other.id]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('No orders to sync');
    expect(res.json().data.results).toEqual([
      expect.objectContaining({ order_id: other.id, outcome: 'not_marketplace' }),
    ]);
    const zh = await sync([other.id], { ...w.m.headers, ...ZH });
    expect(zh.json().msg).toBe('没有需要同步的订单');

    const shop = await marketShop('temu', { map: false });
    const unshipped = await buildShippedOrder(t, w, {
      status: 'paid',
      shop: { id: shop.id, platform: 'temu' },
      thirdPartyOrderNo: shop.awaiting[0]!,
    });
    const shipped = await shippedOn(shop, 1);
    const refused = await sync([shipped.id, unshipped.id]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe(`Unshipped orders cannot be synced: ${unshipped.orderNo}`);
    expect((await sync([unshipped.id], { ...w.m.headers, ...ZH })).json().msg).toBe(
      `未发货的订单不能同步：${unshipped.orderNo}`,
    );
    // Nothing was written for the shipped one either.
    expect(await pushOf(shipped.id)).toBeUndefined();
    // A mixed selection of a marketplace order and an "other" one: the other is reported.
    const mixed = await sync([shipped.id, other.id]);
    expect(mixed.statusCode, mixed.body).toBe(200);
    expect(
      mixed
        .json()
        .data.results.map((r: { outcome: string }) => r.outcome)
        .sort(),
    ).toEqual(['not_marketplace', 'queued']);
    // The shop maps no provider for our carrier: failed, with the reason, nothing sent.
    const job = await waitJob(mixed.json().data.job_id as string);
    expect(job.result.results[0]).toMatchObject({
      order_id: shipped.id,
      state: 'failed',
      message: `No shipping provider is mapped for carrier ${CARRIER} in this shop's tracking settings`,
    });
    expect(shipmentsOf(shop, shop.awaiting[1]!)).toBe(0);
  });

  it('a sandbox 429 is retried: once inside the call, then by the sweep after the call gave up', async () => {
    const shop = await marketShop('tiktok');
    const a = await shippedOn(shop, 0);
    tiktok.misbehave({ rateLimit: 1 });
    const res = await sync([a.id]);
    const job = await waitJob(res.json().data.job_id as string);
    expect(job.result.results[0]).toMatchObject({ state: 'succeeded' });
    expect(tiktok.switches.log).toContain('rateLimit');
    expect(shipmentsOf(shop, shop.awaiting[0]!)).toBe(1);

    // More 429s than the call's own retries: the push waits to be tried again, with the reason.
    const b = await shippedOn(shop, 1);
    tiktok.switches.reset();
    tiktok.misbehave({ rateLimit: 4 });
    const res2 = await sync([b.id], { ...w.m.headers, ...EN });
    const job2 = await waitJob(res2.json().data.job_id as string);
    expect(job2.result.results[0]).toMatchObject({
      state: 'retrying',
      message: 'The marketplace is busy; trying again shortly',
    });
    const waiting = (await pushOf(b.id))!;
    expect(waiting.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
    // The sweep hands it to a job once it is due.
    const swept = await sweep(t.services, new Date(Date.now() + 10 * 60_000));
    expect(swept.queued).toContain(waiting.id);
    const done = await waitFor(
      () => pushOf(b.id),
      (p) => p?.state === 'succeeded',
    );
    expect(done!.marketState).toBe('shipped');
    expect(shipmentsOf(shop, shop.awaiting[1]!)).toBe(1);
  });

  it("shows the vendor's message when it refuses, and a re-authorisation when the token expired", async () => {
    const shop = await marketShop('tiktok', { map: false });
    await api(h(), 'PUT', `/api/v1/admin/tracking/shop/${shop.id}/settings`, {
      auto_ship_enabled: false,
      auto_ship_hours: 24,
      default_provider_id: '1',
      carrier_map: [],
    });
    const a = await shippedOn(shop, 0);
    const job = await waitJob((await sync([a.id])).json().data.job_id as string);
    expect(job.result.results[0]).toMatchObject({
      state: 'failed',
      message: 'shipping provider 1 is not available',
    });

    const expiring = await marketShop('tiktok');
    const b = await shippedOn(expiring, 0);
    tiktok.expireAccessTokens(expiring.login);
    const job2 = await waitJob((await sync([b.id])).json().data.job_id as string);
    expect(job2.result.results[0]!.state).toBe('failed');
    expect(job2.result.results[0]!.message).toMatch(/re-authorise/);
    const [row] = await t.database.db.select().from(shops).where(eq(shops.id, expiring.id));
    expect(row!.authState).toBe('reauthorise');
  });

  it('auto-ship: the sweep pushes only orders shipped more than the shop’s hours ago, once', async () => {
    const shop = await marketShop('temu');
    const saved = await api(h(), 'PUT', `/api/v1/admin/tracking/shop/${shop.id}/settings`, {
      auto_ship_enabled: true,
      auto_ship_hours: 24,
      default_provider_id: null,
      carrier_map: [{ carrier: CARRIER, provider_id: PROVIDER.temu, provider_name: 'YunExpress' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const old = await shippedOn(shop, 0, { shippedAt: new Date(Date.now() - 25 * 3_600_000) });
    const recent = await shippedOn(shop, 1, { shippedAt: new Date(Date.now() - 3_600_000) });
    const swept = await sweep(t.services);
    expect(swept.created).toBe(1);
    const done = await waitFor(
      () => pushOf(old.id),
      (p) => p?.state === 'succeeded',
    );
    expect(done).toMatchObject({ trigger: 'auto', marketState: 'shipped' });
    expect(await pushOf(recent.id)).toBeUndefined();
    expect((await vendorOrder(shop, shop.awaiting[0]!)).state).toBe('shipped');
    expect((await vendorOrder(shop, shop.awaiting[1]!)).state).toBe('awaiting_shipment');
    // Another sweep creates nothing more.
    expect((await sweep(t.services)).created).toBe(0);
    expect(shipmentsOf(shop, shop.awaiting[0]!)).toBe(1);
  });
});

describe('tracking routes: validation, tokens, other merchants and tenants', () => {
  it('settings: read defaults, save, providers from the sandbox, refused input', async () => {
    const shop = await marketShop('tiktok', { map: false });
    const got = await api(h(), 'GET', `/api/v1/admin/tracking/shop/${shop.id}/settings`);
    expect(got.statusCode, got.body).toBe(200);
    expect(got.json().data).toMatchObject({
      shop_id: shop.id,
      platform: 'tiktok',
      auto_ship_enabled: false,
      auto_ship_hours: 24,
      carrier_map: [],
      carriers: expect.arrayContaining([CARRIER, ...CARRIERS]),
    });
    const providers = await api(h(), 'GET', `/api/v1/admin/tracking/shop/${shop.id}/providers`);
    expect(providers.statusCode, providers.body).toBe(200);
    expect(providers.json().data.providers).toContainEqual({ id: PROVIDER.tiktok, name: 'YunExpress' });
    const temuShop = await marketShop('temu', { map: false });
    const temuProviders = await api(h(), 'GET', `/api/v1/admin/tracking/shop/${temuShop.id}/providers`);
    expect(temuProviders.json().data.providers).toContainEqual({ id: PROVIDER.temu, name: 'YunExpress' });

    for (const body of [
      { auto_ship_enabled: true, auto_ship_hours: 0, default_provider_id: null, carrier_map: [] },
      { auto_ship_enabled: true, auto_ship_hours: 241, default_provider_id: null, carrier_map: [] },
      { auto_ship_enabled: 'yes', auto_ship_hours: 5, default_provider_id: null, carrier_map: [] },
      {
        auto_ship_enabled: true,
        auto_ship_hours: 5,
        default_provider_id: null,
        carrier_map: [
          { carrier: 'A', provider_id: '1' },
          { carrier: 'A', provider_id: '2' },
        ],
      },
    ]) {
      const res = await api(h(), 'PUT', `/api/v1/admin/tracking/shop/${shop.id}/settings`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    const other = await api(h(), 'POST', '/api/v1/admin/shop', { name: unique('Other'), platform: 'other' });
    const otherSave = await api(h(), 'PUT', `/api/v1/admin/tracking/shop/${other.json().data.id}/settings`, {
      auto_ship_enabled: true,
      auto_ship_hours: 5,
      default_provider_id: null,
      carrier_map: [],
    });
    expect(otherSave.statusCode).toBe(400);
    expect(otherSave.json().msg).toBe('A shop of platform "other" is never synced to a marketplace');
  });

  it('refuses bad input, no token, and another merchant’s or tenant’s ids (404)', async () => {
    const shop = await marketShop('tiktok');
    const order = await shippedOn(shop, 0);
    for (const body of [{ order_ids: [] }, { order_ids: ['nope'] }, {}]) {
      const res = await api(h(), 'POST', '/api/v1/admin/tracking/sync', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await api(h(), 'GET', '/api/v1/admin/tracking/push?state=nope')).statusCode).toBe(400);
    expect((await api(h(), 'GET', `/api/v1/admin/tracking/shop/not-a-uuid/settings`)).statusCode).toBe(400);

    const routes: Array<[string, string, unknown?]> = [
      ['POST', '/api/v1/admin/tracking/sync', { order_ids: [order.id] }],
      ['GET', '/api/v1/admin/tracking/push'],
      ['GET', `/api/v1/admin/tracking/shop/${shop.id}/settings`],
      [
        'PUT',
        `/api/v1/admin/tracking/shop/${shop.id}/settings`,
        { auto_ship_enabled: true, auto_ship_hours: 5, default_provider_id: null, carrier_map: [] },
      ],
      ['GET', `/api/v1/admin/tracking/shop/${shop.id}/providers`],
    ];
    for (const [method, url, body] of routes) {
      const res = await api(EN, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }

    // Another merchant of the same supplier, and a merchant of another tenant.
    const other = await buildCheckoutWorld(t);
    for (const headers of [w.n.headers, other.m.headers]) {
      for (const [method, url, body] of routes) {
        const res = await api({ ...headers, ...EN }, method, url, body);
        if (url.endsWith('/push')) {
          expect(res.statusCode).toBe(200);
          expect(res.json().data.list.some((p: { order_id: string }) => p.order_id === order.id)).toBe(false);
        } else expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
    }
    // Nothing changed for merchant m's order and shop.
    expect(await pushOf(order.id)).toBeUndefined();
    const settings = await api(h(), 'GET', `/api/v1/admin/tracking/shop/${shop.id}/settings`);
    expect(settings.json().data.auto_ship_hours).toBe(24);
  });
});
