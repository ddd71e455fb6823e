import { tmpdir } from 'node:os';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildSupplierAdmin, buildTenant } from '../../../test/factories/index.ts';
import { staffWithRole } from '../../../test/helpers/access.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import {
  jobRuns,
  levels,
  merchants,
  shopCredentials,
  shopWebhookEvents,
  shops,
} from '../../db/schema/index.ts';
import type { WebhookSender } from '../../integrations/marketplace/index.ts';
import { temuSandboxFor, type TemuSandbox } from '../../integrations/temu/index.ts';
import { tiktokSandboxFor, type TikTokSandbox } from '../../integrations/tiktok/index.ts';
import { adminActor } from '../access/index.ts';
import { queueDueRefreshes, REFRESH_JOB } from './index.ts';
import { processWebhookEvent } from './webhook.service.ts';
import { seedDemoShops } from '../../db/seed/demo-shops.ts';

let t: TestApp;
let tiktok: TikTokSandbox;
let temu: TemuSandbox;

/** The sandboxes post webhooks to the app under test, through inject. */
const sendWebhook: WebhookSender = async (url, body, headers) => {
  const res = await t.app.inject({
    method: 'POST',
    url: new URL(url).pathname,
    headers: { 'content-type': 'application/json', ...headers },
    payload: body,
  });
  return res.statusCode;
};

beforeAll(async () => {
  const base = loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) }).marketplaces;
  tiktok = tiktokSandboxFor(base.tiktok, sendWebhook);
  temu = temuSandboxFor(base.temu, sendWebhook);
  const [tiktokUrl, temuUrl] = await Promise.all([tiktok.start(0), temu.start(0)]);
  t = await createTestApp({
    startJobs: true,
    env: { TIKTOK_SANDBOX_PORT: new URL(tiktokUrl).port, TEMU_SANDBOX_PORT: new URL(temuUrl).port },
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await Promise.all([tiktok?.stop(), temu?.stop()]);
});
beforeEach(async () => {
  await t.reset();
  tiktok.switches.reset();
  temu.switches.reset();
});

async function merchant() {
  const tenant = await buildTenant(t.database.db);
  const m = await buildMerchant(t.database.db, tenant.id);
  return { tenantId: tenant.id, merchantId: m.merchant.id, headers: await t.authAs(adminActor(m.primary)) };
}
type Who = Awaited<ReturnType<typeof merchant>>;

async function api(who: { headers: Record<string, string> }, method: string, url: string, payload?: unknown) {
  return t.app.inject({
    method: method as 'GET',
    url,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function createShop(who: Who, body: Record<string, unknown>) {
  const res = await api(who, 'POST', '/api/v1/admin/shop', body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; auth_state: string };
}

/** The seller on the vendor's page: open it, press Authorise (as `seller`), read where it sends the browser. */
async function sellerAuthorises(url: string, seller: string): Promise<URL> {
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const hidden = Object.fromEntries(
    [...html.matchAll(/type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [
      m[1]!,
      m[2]!.replace(/&amp;/g, '&'),
    ]),
  );
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(new URL(action, url), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...hidden, seller, action: 'authorise' }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

const callback = (platform: string, code: string, state: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/shops/oauth/callback', payload: { platform, code, state } });

/** Authorises a shop end to end; returns the redirect the seller came back with. */
async function authorise(who: Who, shopId: string, seller: string, platform = 'tiktok', slot?: string) {
  const start = await api(who, 'POST', `/api/v1/admin/shop/${shopId}/authorise`, slot ? { slot } : {});
  expect(start.statusCode, start.body).toBe(200);
  const back = await sellerAuthorises(start.json().data.url as string, seller);
  const res = await callback(platform, back.searchParams.get('code')!, back.searchParams.get('state')!);
  return { back, res };
}

const shopRow = async (id: string) => (await t.database.db.select().from(shops).where(eq(shops.id, id)))[0]!;

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 15_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('TikTok Shop authorisation through the sandbox', () => {
  it('authorises over HTTP: state → sandbox page → tkRedirect code → tokens sealed, shop authorised, no token in any reply', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'US store', platform: 'tiktok' });
    expect(shop.auth_state).toBe('unauthorised');

    const start = await api(m, 'POST', `/api/v1/admin/shop/${shop.id}/authorise`, {});
    const url = new URL(start.json().data.url as string);
    expect(url.origin).toBe(tiktok.url);
    expect(url.searchParams.get('service_id')).toBe('7000000000000000001');
    const back = await sellerAuthorises(url.toString(), 'acme-seller');
    expect(back.pathname).toBe('/thirdparty/tiktokshopapi/tkRedirect');
    const code = back.searchParams.get('code')!;
    const res = await callback('tiktok', code, back.searchParams.get('state')!);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      shop_id: shop.id,
      platform: 'tiktok',
      slot: 'default',
      seller_name: 'acme-seller',
    });

    const read = await api(m, 'GET', `/api/v1/admin/shop/${shop.id}`);
    const item = read.json().data;
    expect(item).toMatchObject({ auth_state: 'authorised', region: 'US', auth_error: null });
    expect(item.seller_id).toBe(tiktok.seller('acme-seller').shops[0]!.id);
    expect(item.code).toMatch(/^USLC\d+$/);
    expect(item.authorisations).toEqual([
      { slot: 'default', is_authorised: true, expires_at: expect.any(String) as string },
    ]);
    expect(new Date(item.auth_expires_at as string).getTime()).toBeGreaterThan(Date.now() + 360 * 86400_000);

    // Sealed at rest; never in a reply (detail, list, callback), never the cipher either.
    const [cred] = await t.database.db
      .select()
      .from(shopCredentials)
      .where(eq(shopCredentials.shopId, shop.id));
    expect(cred!.accessTokenSealed).toMatch(/^v1\./);
    expect(cred!.accessTokenSealed).not.toContain('TTS_');
    const list = await api(m, 'GET', '/api/v1/admin/shop');
    for (const body of [read.body, list.body, res.body, start.body]) {
      expect(body).not.toContain('TTS_AT_');
      expect(body).not.toContain('TTS_RT_');
      expect(body).not.toContain('sandbox-tiktok-secret');
      expect(body).not.toContain((await shopRow(shop.id)).shopCipher!);
      expect(body).not.toContain(cred!.accessTokenSealed);
    }
  });

  it('refuses a forged state, a replayed state and an expired code', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'S', platform: 'tiktok' });
    const start = await api(m, 'POST', `/api/v1/admin/shop/${shop.id}/authorise`, {});
    const back = await sellerAuthorises(start.json().data.url as string, 'forger');
    const state = back.searchParams.get('state')!;
    const [payload, mac] = state.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;

    // Forged: another shop id under the same signature, a state made up, an unsigned one.
    const other = await createShop(m, { name: 'Other', platform: 'tiktok' });
    const forged = `${Buffer.from(JSON.stringify({ ...claims, s: other.id })).toString('base64url')}.${mac}`;
    for (const bad of [forged, 'made-up-state', `${payload}.`]) {
      const res = await callback('tiktok', back.searchParams.get('code')!, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg).toBe('授权链接无效、已过期或已使用，请从店铺列表重新授权');
    }
    expect((await shopRow(other.id)).authState).toBe('unauthorised');

    const ok = await callback('tiktok', back.searchParams.get('code')!, state);
    expect(ok.statusCode, ok.body).toBe(200);
    // Replayed: the same state again is spent.
    const replay = await callback('tiktok', back.searchParams.get('code')!, state);
    expect(replay.statusCode).toBe(400);

    // An expired code: the vendor refuses it and the merchant is told so.
    const again = await api(m, 'POST', `/api/v1/admin/shop/${other.id}/authorise`, {});
    const late = await sellerAuthorises(again.json().data.url as string, 'forger');
    tiktok.expireCodes();
    const expired = await t.app.inject({
      method: 'POST',
      url: '/api/v1/shops/oauth/callback',
      headers: { 'accept-language': 'en' },
      payload: {
        platform: 'tiktok',
        code: late.searchParams.get('code'),
        state: late.searchParams.get('state'),
      },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toBe(
      'The marketplace refused the authorisation: auth code is invalid or expired',
    );
    expect((await shopRow(other.id)).authState).toBe('unauthorised');
  });

  it('a second shop of the merchant links the seller’s next shop; a third finds none free', async () => {
    const m = await merchant();
    const a = await createShop(m, { name: 'A', platform: 'tiktok' });
    const b = await createShop(m, { name: 'B', platform: 'tiktok' });
    const c = await createShop(m, { name: 'C', platform: 'tiktok' });
    expect((await authorise(m, a.id, 'two-shops')).res.statusCode).toBe(200);
    expect((await authorise(m, b.id, 'two-shops')).res.statusCode).toBe(200);
    expect([(await shopRow(a.id)).region, (await shopRow(b.id)).region]).toEqual(['US', 'GB']);
    const third = await authorise(m, c.id, 'two-shops');
    expect(third.res.statusCode).toBe(409);
  });

  it('the token refresh job renews tokens before they expire; a 429 from the sandbox is retried and succeeds', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'Refreshing', platform: 'tiktok' });
    await authorise(m, shop.id, 'refresh-seller');
    // The access token is about to expire, and TikTok has already expired it.
    await t.database.db
      .update(shopCredentials)
      .set({ accessExpiresAt: new Date(Date.now() + 3600_000) })
      .where(eq(shopCredentials.shopId, shop.id));
    tiktok.expireAccessTokens('refresh-seller');
    const [before] = await t.database.db
      .select()
      .from(shopCredentials)
      .where(eq(shopCredentials.shopId, shop.id));

    // The sweep queues one job (the worker's own minutely sweep may have been first: the lease
    // then keeps this one from queuing it again); a second sweep while the lease holds queues none.
    await queueDueRefreshes(t.services);
    expect(await queueDueRefreshes(t.services)).toHaveLength(0);
    const [job] = await waitFor(
      () =>
        t.database.db
          .select()
          .from(jobRuns)
          .where(and(eq(jobRuns.name, REFRESH_JOB), eq(jobRuns.merchantId, m.merchantId))),
      (rows) => rows.length === 1 && (rows[0]!.state === 'completed' || rows[0]!.state === 'failed'),
    );
    expect(job!.state).toBe('completed');
    expect(job!.result).toMatchObject({ outcome: 'refreshed' });
    expect(JSON.stringify(job!.result)).not.toContain('TTS_');
    const [after] = await t.database.db
      .select()
      .from(shopCredentials)
      .where(eq(shopCredentials.shopId, shop.id));
    expect(after!.accessTokenSealed).not.toBe(before!.accessTokenSealed);
    expect(after!.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 6 * 86400_000);
    expect(after!.refreshLeaseUntil).toBeNull();

    // The renewed token works, through one 429 (retried after a jittered wait).
    tiktok.misbehave({ rateLimit: 1 });
    const res = await api(m, 'GET', `/api/v1/admin/shop/${shop.id}/warehouses`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.vendor).toHaveLength(3);
    expect(tiktok.switches.log).toEqual(['rateLimit']);
  });

  it('an expired authorisation marks the shop "needs re-authorisation"; re-authorising clears it', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'Expiring', platform: 'tiktok' });
    await authorise(m, shop.id, 'gone-seller');
    tiktok.expireAccessTokens('gone-seller');
    const res = await api(m, 'GET', `/api/v1/admin/shop/${shop.id}/warehouses`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('店铺授权已过期或被撤销，请在店铺列表中重新授权');
    const listed = (await api(m, 'GET', '/api/v1/admin/shop?auth_state=reauthorise')).json().data.list;
    expect(listed.map((s: { id: string }) => s.id)).toEqual([shop.id]);
    expect(listed[0].auth_error).toBe('access token is expired, please refresh it');
    // Re-authorise: the same vendor shop, authorised again.
    const again = await authorise(m, shop.id, 'gone-seller');
    expect(again.res.statusCode, again.res.body).toBe(200);
    expect(await shopRow(shop.id)).toMatchObject({ authState: 'authorised', authError: null });
  });
});

describe('Temu authorisation through the sandbox', () => {
  it('authorises each token slot over HTTP; a slot of another mall is refused', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'Temu US', platform: 'temu' });
    const product = await authorise(m, shop.id, 'temu-mall', 'temu', 'product');
    expect(product.back.pathname).toBe('/thirdparty/temuapi/redirect');
    expect(product.res.statusCode, product.res.body).toBe(200);
    const orders = await authorise(m, shop.id, 'temu-mall', 'temu', 'order_us');
    expect(orders.res.statusCode, orders.res.body).toBe(200);
    const item = (await api(m, 'GET', `/api/v1/admin/shop/${shop.id}`)).json().data;
    expect(item.auth_state).toBe('authorised');
    expect(item.seller_id).toBe(temu.mall('temu-mall').mallId);
    expect(
      item.authorisations.map((a: { slot: string; is_authorised: boolean }) => [a.slot, a.is_authorised]),
    ).toEqual([
      ['product', true],
      ['order_us', true],
      ['order_global', false],
    ]);
    const warehouses = await api(m, 'GET', `/api/v1/admin/shop/${shop.id}/warehouses`);
    expect(warehouses.json().data.vendor.map((w: { name: string }) => w.name)).toEqual([
      'Los Angeles Warehouse',
      'New Jersey Warehouse',
    ]);

    const other = await authorise(m, shop.id, 'another-mall', 'temu', 'order_global');
    expect(other.res.statusCode).toBe(409);
    expect(JSON.stringify(item)).not.toMatch(/upl[A-Za-z0-9_-]{10,}/);
  });

  it('a wrong slot for the platform, and a shop of kind "other", cannot be authorised', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'Temu', platform: 'temu' });
    expect(
      (await api(m, 'POST', `/api/v1/admin/shop/${shop.id}/authorise`, { slot: 'default' })).statusCode,
    ).toBe(400);
    const other = await createShop(m, {
      name: 'Etsy',
      platform: 'other',
      code: 'ETSY-1',
      seller_id: 'etsy-42',
    });
    const res = await api(m, 'POST', `/api/v1/admin/shop/${other.id}/authorise`, {});
    expect(res.statusCode).toBe(400);
    expect((await api(m, 'GET', `/api/v1/admin/shop/${other.id}`)).json().data).toMatchObject({
      code: 'ETSY-1',
      seller_id: 'etsy-42',
      authorisations: [],
    });
  });
});

describe('warehouses', () => {
  it('lists the vendor’s warehouses, links and unlinks them, and picks the system shipping warehouse', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'W', platform: 'tiktok' });
    const unauthorised = await api(m, 'GET', `/api/v1/admin/shop/${shop.id}/warehouses`);
    expect(unauthorised.statusCode).toBe(409);
    await authorise(m, shop.id, 'warehouse-seller');
    const list = (await api(m, 'GET', `/api/v1/admin/shop/${shop.id}/warehouses`)).json().data;
    const [first, second] = list.vendor as Array<{ id: string; name: string; is_linked: boolean }>;
    expect(first!.is_linked).toBe(false);

    const linked = await api(m, 'POST', `/api/v1/admin/shop/${shop.id}/warehouses`, {
      warehouse_id: first!.id,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data.warehouses).toEqual([
      { id: first!.id, name: first!.name, linked_at: expect.any(String) as string },
    ]);
    await api(m, 'POST', `/api/v1/admin/shop/${shop.id}/warehouses`, { warehouse_id: second!.id });
    const unknown = await api(m, 'POST', `/api/v1/admin/shop/${shop.id}/warehouses`, { warehouse_id: '123' });
    expect(unknown.statusCode).toBe(400);

    const notLinked = await api(m, 'PUT', `/api/v1/admin/shop/${shop.id}/systemWarehouse`, {
      warehouse_id: 'nope',
    });
    expect(notLinked.statusCode).toBe(400);
    const system = await api(m, 'PUT', `/api/v1/admin/shop/${shop.id}/systemWarehouse`, {
      warehouse_id: first!.id,
    });
    expect(system.json().data).toMatchObject({
      system_warehouse_id: first!.id,
      system_warehouse_name: first!.name,
    });
    expect(
      (await api(m, 'GET', `/api/v1/admin/shop/${shop.id}/warehouses`)).json().data.vendor[0].is_linked,
    ).toBe(true);

    const unlinked = await api(m, 'DELETE', `/api/v1/admin/shop/${shop.id}/warehouses/${first!.id}`);
    expect(unlinked.json().data).toMatchObject({
      system_warehouse_id: null,
      warehouses: [{ id: second!.id }],
    });
    expect((await api(m, 'DELETE', `/api/v1/admin/shop/${shop.id}/warehouses/${first!.id}`)).statusCode).toBe(
      404,
    );
  });
});

describe('webhooks', () => {
  /** The one webhook event of the shop's vendor shop, once its job has processed it. */
  const processedEventOf = async (shopId: string) => {
    const vendorShopId = (await shopRow(shopId)).sellerId!;
    const [event] = await waitFor(
      () =>
        t.database.db
          .select()
          .from(shopWebhookEvents)
          .where(eq(shopWebhookEvents.vendorShopId, vendorShopId)),
      (rows) => rows.length === 1 && rows[0]!.processedAt !== null,
    );
    return event!;
  };

  it('a signed webhook is stored once and handed to a job, which marks the shop for re-authorisation', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'Hooked', platform: 'tiktok' });
    await authorise(m, shop.id, 'hook-seller');
    const sent = await tiktok.notifyAuthorisationExpiring(
      'hook-seller',
      new Date(Date.now() + 5 * 86400_000),
    );
    expect(sent[0]!.attempts).toEqual([200]);
    const event = await processedEventOf(shop.id);
    expect(event).toMatchObject({
      platform: 'tiktok',
      type: '7',
      kind: 'authorisation_expiring',
      outcome: '1 shop(s) to re-authorise',
    });
    expect(await shopRow(shop.id)).toMatchObject({ authState: 'reauthorise' });

    // TikTok re-delivers: the same body is accepted and not processed twice.
    const again = await sendWebhook('http://x/api/v1/webhooks/tiktok', sent[0]!.body, sent[0]!.headers);
    expect(again).toBe(200);
    expect(await t.database.db.select().from(shopWebhookEvents)).toHaveLength(2); // the GB shop's event too
  });

  it('processes a webhook when the module switches must be read again (their copy expired), without waiting on its own transaction', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'Cold', platform: 'tiktok' });
    await authorise(m, shop.id, 'cold-seller');
    await tiktok.notifyAuthorisationExpiring('cold-seller', new Date(Date.now() + 5 * 86400_000));
    const event = await processedEventOf(shop.id);
    // The same event again, with nothing of the module switches in memory: they are read before
    // the transaction (inside it, PGlite's one connection made the read wait for itself).
    await t.database.db
      .update(shopWebhookEvents)
      .set({ processedAt: null })
      .where(eq(shopWebhookEvents.id, event.id));
    await t.database.db.update(shops).set({ authState: 'authorised' }).where(eq(shops.id, shop.id));
    t.services.modules.invalidateAll();
    expect(await processWebhookEvent(t.services, event.id)).toEqual({
      outcome: '1 shop(s) to re-authorise',
    });
    expect(await shopRow(shop.id)).toMatchObject({ authState: 'reauthorise' });
  });

  it('an unverifiable webhook is refused and never stored or processed', async () => {
    const body = JSON.stringify({ type: 6, shop_id: '7000', timestamp: 1, data: {} });
    const forged = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/tiktok',
      headers: { 'content-type': 'application/json', authorization: 'f'.repeat(64) },
      payload: body,
    });
    expect(forged.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/v1/webhooks/temu',
      headers: { 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(unsigned.statusCode).toBe(401);
    expect(await t.database.db.select().from(shopWebhookEvents)).toHaveLength(0);
  });

  it('Temu’s order status webhook reaches the platform verified, from a shipment the sandbox confirmed', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'Temu hooks', platform: 'temu' });
    await authorise(m, shop.id, 'hook-mall', 'temu', 'order_us');
    const parent = [...temu.mall('hook-mall').orders.us.keys()][0]!;
    await temu.setOrderStatus(parent, 4);
    const [event] = await waitFor(
      () => t.database.db.select().from(shopWebhookEvents).where(eq(shopWebhookEvents.platform, 'temu')),
      (rows) => rows.length === 1 && rows[0]!.processedAt !== null,
    );
    expect(event).toMatchObject({ kind: 'order_status', vendorShopId: temu.mall('hook-mall').mallId });
    expect(event!.payload).toMatchObject({ parentOrderSn: parent, parentOrderStatus: 4 });
  });
});

describe('risk words', () => {
  it('adds several at once, one per line, ignoring blanks and duplicates; at most 500 characters each', async () => {
    const m = await merchant();
    const batch = await api(m, 'POST', '/api/v1/admin/riskWord/batch', {
      words: 'Nike\n\n adidas \nNike\nGucci',
      level: 'high',
    });
    expect(batch.json().data).toEqual({ added: 3, skipped: 1 });
    const again = await api(m, 'POST', '/api/v1/admin/riskWord/batch', {
      words: 'Gucci\r\nPrada',
      level: 'high',
    });
    expect(again.json().data).toEqual({ added: 1, skipped: 1 });
    const list = (await api(m, 'GET', '/api/v1/admin/riskWord?limit=100')).json().data;
    expect(list.list.map((w: { word: string }) => w.word).sort()).toEqual([
      'Gucci',
      'Nike',
      'Prada',
      'adidas',
    ]);
    const dup = await api(m, 'POST', '/api/v1/admin/riskWord', { word: 'Prada', level: 'low' });
    expect(dup.statusCode).toBe(400);
    const long = await api(m, 'POST', '/api/v1/admin/riskWord/batch', {
      words: `ok\n${'x'.repeat(501)}`,
      level: '',
    });
    expect(long.statusCode).toBe(400);
    expect((await api(m, 'POST', '/api/v1/admin/riskWord', { word: 'y'.repeat(501) })).statusCode).toBe(400);
    expect(
      (await api(m, 'POST', '/api/v1/admin/riskWord', { word: 'y'.repeat(500), level: 'z'.repeat(500) }))
        .statusCode,
    ).toBe(200);
    // Another merchant's list is its own.
    const n = await merchant();
    expect((await api(n, 'GET', '/api/v1/admin/riskWord')).json().data.total).toBe(0);
  });
});

describe('shops: quota, access and the recycle bin', () => {
  it("enforces the merchant level's shop quota on create", async () => {
    const m = await merchant();
    const [level] = await t.database.db
      .insert(levels)
      .values({
        tenantId: m.tenantId,
        kind: 'merchant',
        name: 'Basic',
        shopCount: 1,
        platformIds: ['tiktok', 'other'],
      })
      .returning();
    await t.database.db.update(merchants).set({ levelId: level!.id }).where(eq(merchants.id, m.merchantId));
    await createShop(m, { name: 'One', platform: 'tiktok' });
    const second = await api(m, 'POST', '/api/v1/admin/shop', { name: 'Two', platform: 'other' });
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toContain('1/1');
    const temuRes = await api(m, 'POST', '/api/v1/admin/shop', { name: 'Temu', platform: 'temu' });
    expect(temuRes.statusCode).toBe(409);
  });

  it("counts each merchant's shops in the supplier's merchant list", async () => {
    const m = await merchant();
    await createShop(m, { name: 'One', platform: 'tiktok' });
    await createShop(m, { name: 'Two', platform: 'other' });
    const idle = await buildMerchant(t.database.db, m.tenantId);
    const supplier = {
      headers: await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, m.tenantId))),
    };
    const list = (await api(supplier, 'GET', '/api/v1/admin/merchant?limit=100')).json().data.list as Array<{
      id: string;
      shop_count: number | null;
    }>;
    expect(list.find((r) => r.id === m.merchantId)?.shop_count).toBe(2);
    expect(list.find((r) => r.id === idle.merchant.id)?.shop_count).toBe(0);
  });

  it('staff without the permission, another merchant and another tenant cannot see or change a shop', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'Mine', platform: 'tiktok' });
    await authorise(m, shop.id, 'private-seller');
    const staff = await staffWithRole(
      t,
      m.headers,
      { tier: 'merchant', tenantId: m.tenantId, merchantId: m.merchantId },
      { menus: [] },
    );
    const sameTenant = await buildMerchant(t.database.db, m.tenantId);
    const neighbour = { headers: await t.authAs(adminActor(sameTenant.primary)) };
    const stranger = await merchant();
    const calls: Array<[string, string, unknown?]> = [
      ['GET', `/api/v1/admin/shop/${shop.id}`],
      ['PATCH', `/api/v1/admin/shop/${shop.id}`, { name: 'Theirs' }],
      ['DELETE', `/api/v1/admin/shop/${shop.id}`],
      ['POST', `/api/v1/admin/shop/${shop.id}/authorise`, {}],
      ['GET', `/api/v1/admin/shop/${shop.id}/warehouses`],
      ['PUT', `/api/v1/admin/shop/${shop.id}/systemWarehouse`, { warehouse_id: null }],
    ];
    for (const [method, url, body] of calls) {
      expect((await api(staff, method, url, body)).statusCode, `${method} ${url} as staff`).toBe(403);
      for (const who of [neighbour, stranger]) {
        const res = await api(who, method, url, body);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.body).not.toContain('Mine');
      }
    }
    for (const who of [neighbour, stranger])
      expect((await api(who, 'GET', '/api/v1/admin/shop')).json().data.total).toBe(0);
    expect((await shopRow(shop.id)).name).toBe('Mine');
  });

  it('deletes to the recycle bin without the tokens; a restored shop comes back unauthorised', async () => {
    const m = await merchant();
    const shop = await createShop(m, { name: 'Binned', platform: 'tiktok' });
    await authorise(m, shop.id, 'binned-seller');
    expect((await api(m, 'DELETE', `/api/v1/admin/shop/${shop.id}`)).statusCode).toBe(200);
    expect(
      await t.database.db
        .select()
        .from(shopCredentials)
        .where(inArray(shopCredentials.shopId, [shop.id])),
    ).toHaveLength(0);
    const bin = await api(m, 'GET', '/api/v1/admin/recycle?resource=shop');
    const entry = bin.json().data.list[0];
    expect(entry.data).toMatchObject({ name: 'Binned', authState: 'unauthorised', shopCipher: null });
    expect(bin.body).not.toContain('TTS_');
    const restored = await api(m, 'POST', `/api/v1/admin/recycle/${entry.id}/restore`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await api(m, 'GET', `/api/v1/admin/shop/${shop.id}`)).json().data).toMatchObject({
      auth_state: 'unauthorised',
      authorisations: [{ slot: 'default', is_authorised: false }],
    });
  });
});

describe('the demo', () => {
  it('authorises one TikTok shop and one Temu shop for the demo merchant through the sandboxes', async () => {
    const tenant = await buildTenant(t.database.db);
    const m = await buildMerchant(t.database.db, tenant.id, {
      primary: { username: 'merchant', password: 'Demo12345' },
    });
    await seedDemoShops(t.services, { tiktok, temu, stop: () => Promise.resolve() });
    const headers = await t.authAs(adminActor(m.primary));
    const list = (await api({ headers }, 'GET', '/api/v1/admin/shop')).json().data.list as Array<
      Record<string, unknown>
    >;
    expect(list.map((s) => [s.name, s.platform, s.auth_state])).toEqual([
      ['Demo TikTok Shop', 'tiktok', 'authorised'],
      ['Demo Temu Shop', 'temu', 'authorised'],
    ]);
    expect(list.every((s) => typeof s.system_warehouse_name === 'string')).toBe(true);
    const words = (await api({ headers }, 'GET', '/api/v1/admin/riskWord')).json().data.total as number;
    expect(words).toBeGreaterThan(0);
  });
});
