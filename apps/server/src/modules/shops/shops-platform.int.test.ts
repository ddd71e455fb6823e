import { tmpdir } from 'node:os';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildPlatformAdmin, buildTenant } from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { loadConfig } from '../../config.ts';
import { jobRuns, shopCredentials, shops } from '../../db/schema/index.ts';
import { temuSandboxFor, type TemuSandbox } from '../../integrations/temu/index.ts';
import { adminActor } from '../access/index.ts';
import { MODULES } from '../index.ts';
import { queueDueRefreshes, REFRESH_JOB } from './index.ts';

/*
 * Issue 18 through the platform, for Temu as shops.int.test.ts does it for TikTok: a forged state,
 * an expired code, the token refresh job and a 429 answered by the sandbox then retried. And
 * decision 0059: a tenant that switched shops off has its refresh runs skipped and is left out of
 * the refresh sweep.
 */

let t: TestApp;
let temu: TemuSandbox;

beforeAll(async () => {
  const base = loadConfig({ DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(32) }).marketplaces;
  temu = temuSandboxFor(base.temu, () => Promise.resolve(200));
  const temuUrl = await temu.start(0);
  t = await createTestApp({ startJobs: true, env: { TEMU_SANDBOX_PORT: new URL(temuUrl).port } });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await temu?.stop();
});
beforeEach(async () => {
  await t.reset();
  temu.switches.reset();
});

async function merchant() {
  const tenant = await buildTenant(t.database.db);
  const m = await buildMerchant(t.database.db, tenant.id);
  return { tenantId: tenant.id, merchantId: m.merchant.id, headers: await t.authAs(adminActor(m.primary)) };
}
type Who = Awaited<ReturnType<typeof merchant>>;

const api = (who: { headers: Record<string, string> }, method: string, url: string, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: { ...who.headers, 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

async function createShop(who: Who, name: string) {
  const res = await api(who, 'POST', '/api/v1/admin/shop', { name, platform: 'temu' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string };
}

/** The seller on Temu's page: open it, press Authorise, read where it sends the browser. */
async function sellerAuthorises(url: string, seller: string): Promise<URL> {
  const html = await (await fetch(url)).text();
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

const callback = (code: string, state: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/shops/oauth/callback',
    headers: { 'accept-language': 'en' },
    payload: { platform: 'temu', code, state },
  });

/** Opens the authorisation of a slot and brings the seller back with a code and a state. */
async function startAuthorise(who: Who, shopId: string, seller: string, slot = 'order_us') {
  const start = await api(who, 'POST', `/api/v1/admin/shop/${shopId}/authorise`, { slot });
  expect(start.statusCode, start.body).toBe(200);
  const back = await sellerAuthorises(start.json().data.url as string, seller);
  expect(back.pathname).toBe('/thirdparty/temuapi/redirect');
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

async function authorised(who: Who, seller: string) {
  const shop = await createShop(who, `Temu ${seller}`);
  const { code, state } = await startAuthorise(who, shop.id, seller);
  const res = await callback(code, state);
  expect(res.statusCode, res.body).toBe(200);
  return shop;
}

const shopRow = async (id: string) => (await t.database.db.select().from(shops).where(eq(shops.id, id)))[0]!;
const credentialOf = async (shopId: string) =>
  (await t.database.db.select().from(shopCredentials).where(eq(shopCredentials.shopId, shopId)))[0]!;

async function waitFor<T>(read: () => Promise<T>, done: (v: T) => boolean, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting; last value ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const refreshJobsOf = (merchantId: string) =>
  t.database.db
    .select()
    .from(jobRuns)
    .where(and(eq(jobRuns.name, REFRESH_JOB), eq(jobRuns.merchantId, merchantId)));
const over = (state: string) => !['queued', 'active', 'retrying'].includes(state);

/** Makes the shop's token look about to expire, so that the sweep picks it. */
const dueSoon = (shopId: string) =>
  t.database.db
    .update(shopCredentials)
    .set({ accessExpiresAt: new Date(Date.now() + 3600_000), refreshedAt: null, refreshLeaseUntil: null })
    .where(eq(shopCredentials.shopId, shopId));

describe('a Temu shop through the platform', () => {
  it('refuses a forged state and an expired code; the right state authorises', async () => {
    const m = await merchant();
    const shop = await createShop(m, 'Temu US');
    const other = await createShop(m, 'Temu other');
    const { code, state } = await startAuthorise(m, shop.id, 'temu-forger');
    const [payload, mac] = state.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as Record<string, unknown>;
    const forged = `${Buffer.from(JSON.stringify({ ...claims, s: other.id })).toString('base64url')}.${mac}`;
    for (const bad of [forged, 'made-up-state', `${payload}.`]) {
      const res = await callback(code, bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().msg).toMatch(/invalid, expired or already used/i);
    }
    expect((await shopRow(other.id)).authState).toBe('unauthorised');
    expect((await shopRow(shop.id)).authState).toBe('unauthorised');

    // An expired code: Temu refuses it and the merchant is told so; nothing is authorised.
    const late = await startAuthorise(m, other.id, 'temu-forger');
    temu.expireCodes();
    const expired = await callback(late.code, late.state);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().msg).toMatch(/^The marketplace refused the authorisation: /);
    expect((await shopRow(other.id)).authState).toBe('unauthorised');

    // A fresh code with its own state goes through.
    const fresh = await startAuthorise(m, shop.id, 'temu-forger');
    const ok = await callback(fresh.code, fresh.state);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await shopRow(shop.id)).authState).toBe('authorised');
    expect((await shopRow(shop.id)).sellerId).toBe(temu.mall('temu-forger').mallId);
  });

  it('the refresh job re-reads the token through the sweep; a revoked token marks the shop for re-authorisation', async () => {
    const m = await merchant();
    const shop = await authorised(m, 'temu-refresh');
    await dueSoon(shop.id);
    const before = await credentialOf(shop.id);
    expect(before.refreshTokenSealed).toBeNull();

    await t.services.jobs.sweep('shops.token-refresh');
    const [job] = await waitFor(
      () => refreshJobsOf(m.merchantId),
      (rows) => rows.length === 1 && over(rows[0]!.state),
    );
    expect(job!.state).toBe('completed');
    expect(job!.result).toMatchObject({ outcome: 'refreshed' });
    expect(JSON.stringify(job!.result)).not.toMatch(/upl[A-Za-z0-9_-]{10,}/);
    const after = await credentialOf(shop.id);
    // The token's real expiry (a year), read from Temu, replaces the one about to run out.
    expect(after.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 300 * 86400_000);
    expect(after.refreshedAt).not.toBeNull();
    expect(after.refreshLeaseUntil).toBeNull();
    // Re-read within 12 hours: the sweep does not queue it again.
    expect(await queueDueRefreshes(t.services)).toHaveLength(0);

    // The seller revokes the token: the next refresh marks the shop, it is not retried.
    temu.expireTokens('temu-refresh');
    await dueSoon(shop.id);
    await t.services.jobs.sweep('shops.token-refresh');
    const jobs = await waitFor(
      () => refreshJobsOf(m.merchantId),
      (rows) => rows.length === 2 && rows.every((r) => over(r.state)),
    );
    expect(jobs.map((j) => j.result)).toContainEqual({ outcome: 'reauthorise' });
    expect((await shopRow(shop.id)).authState).toBe('reauthorise');
  });

  it('a 429 from Temu through the gateway is retried after a wait and succeeds', async () => {
    const m = await merchant();
    const shop = await authorised(m, 'temu-busy');
    temu.misbehave({ rateLimit: 1 });
    const res = await api(m, 'GET', `/api/v1/admin/shop/${shop.id}/warehouses`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.vendor.map((w: { name: string }) => w.name)).toEqual([
      'Los Angeles Warehouse',
      'New Jersey Warehouse',
    ]);
    expect(temu.switches.log).toEqual(['rateLimit']);
  });
});

describe('shops switched off for a tenant (decision 0059)', () => {
  it("skips its queued refresh runs and leaves its shops out of the sweep; another tenant's go on", async () => {
    const off = await merchant();
    const on = await merchant();
    const offShop = await authorised(off, 'temu-off');
    const onShop = await authorised(on, 'temu-on');
    await dueSoon(offShop.id);
    await dueSoon(onShop.id);

    const platform = await t.authAs(adminActor(await buildPlatformAdmin(t.database.db)));
    const toggle = async (name: string, enabled: boolean) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/moduleStore/switch',
        headers: platform,
        payload: { tenant_id: off.tenantId, name, enabled },
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    // The modules that need shops (publishing, tracking, the spreadsheet import…) go first.
    const needingShops = MODULES.filter((m) => m.switchable && m.dependsOn.includes('shops'));
    expect(needingShops.length).toBeGreaterThan(0);
    for (const m of needingShops) await toggle(m.name, false);
    await toggle('shops', false);
    const expiresBefore = (await credentialOf(offShop.id)).accessExpiresAt.getTime();

    // A run of the tenant's (queued before the switch, or by a sweep that did not leave it out)
    // that runs now: skipped, not failed, and the shop is not touched.
    const queued = await t.services.jobs.enqueue(
      REFRESH_JOB,
      { shopId: offShop.id, slot: 'order_us' },
      { tenantId: off.tenantId, merchantId: off.merchantId, permission: 'shop:list' },
    );
    const [skipped] = await waitFor(
      () => t.database.db.select().from(jobRuns).where(eq(jobRuns.id, queued)),
      (rows) => rows.length === 1 && over(rows[0]!.state),
    );
    expect(skipped).toMatchObject({
      state: 'skipped',
      error: null,
      result: { skipped: 'module.disabled', module: 'shops' },
    });
    expect((await credentialOf(offShop.id)).accessExpiresAt.getTime()).toBe(expiresBefore);

    // The sweep queues the other tenant's refresh only.
    await t.services.jobs.sweep('shops.token-refresh');
    const onJobs = await waitFor(
      () => refreshJobsOf(on.merchantId),
      (rows) => rows.length === 1 && over(rows[0]!.state),
    );
    expect(onJobs[0]!.state).toBe('completed');
    expect((await refreshJobsOf(off.merchantId)).map((j) => j.id)).toEqual([queued]);
    expect((await credentialOf(offShop.id)).refreshLeaseUntil).toBeNull();

    // Switched on again: its shop is swept again, nothing was lost.
    await toggle('shops', true);
    await t.services.jobs.sweep('shops.token-refresh');
    const offJobs = await waitFor(
      () => refreshJobsOf(off.merchantId),
      (rows) => rows.length === 2 && rows.every((r) => over(r.state)),
    );
    expect(offJobs.map((j) => j.state).sort()).toContain('completed');
    expect((await shopRow(offShop.id)).authState).toBe('authorised');
  });
});
