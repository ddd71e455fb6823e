import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopAccess } from '../marketplace/adapter.ts';
import { MarketplaceError } from '../marketplace/errors.ts';
import { DEFAULT_POLICY, type CallPolicy } from '../marketplace/http.ts';
import { MemoryRateGate } from '../marketplace/rate-gate.ts';
import { TikTokAdapter } from './tiktok-adapter.ts';
import { TikTokSandbox } from './tiktok-sandbox.ts';
import { tiktokSign } from './tiktok-sign.ts';

const APP = { appKey: 'tts-test-app', appSecret: 'tts-test-secret', serviceId: '7000000000000000001' };
const REDIRECT = 'http://platform.test/thirdparty/tiktokshopapi/tkRedirect';

let sandbox: TikTokSandbox;
let adapter: TikTokAdapter;
const waits: number[] = [];
const hooks: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
const policy: CallPolicy = {
  ...DEFAULT_POLICY,
  gate: new MemoryRateGate(),
  sleep: (ms) => {
    waits.push(ms);
    return Promise.resolve();
  },
};

const adapterFor = (overrides: Partial<ConstructorParameters<typeof TikTokAdapter>[0]> = {}) =>
  new TikTokAdapter({
    ...APP,
    authorizeUrl: `${sandbox.url}/open/authorize`,
    authHost: sandbox.url,
    apiHost: sandbox.url,
    sandbox: true,
    policy,
    ...overrides,
  });

/** The seller on the sandbox's page: open the authorisation URL, press Authorise, read the redirect. */
async function authoriseAs(seller: string, state = 'state-1'): Promise<URL> {
  const page = await fetch(adapter.authorisationUrl({ state, slot: 'default' }));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`value="${state}"`);
  const res = await fetch(`${sandbox.url}/open/authorize`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, seller, action: 'authorise' }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function authorisedAccess(seller: string): Promise<{ access: ShopAccess; refreshToken: string }> {
  const back = await authoriseAs(seller);
  const grant = await adapter.exchangeCode({ code: back.searchParams.get('code')!, slot: 'default' });
  const [shop] = await adapter.listShops({ tokens: { default: grant.accessToken } });
  return {
    access: { tokens: { default: grant.accessToken }, shopCipher: shop!.cipher, vendorShopId: shop!.id },
    refreshToken: grant.refreshToken!,
  };
}

beforeAll(async () => {
  sandbox = new TikTokSandbox({
    ...APP,
    redirectUrl: REDIRECT,
    webhookUrl: 'http://platform.test/api/v1/webhooks/tiktok',
    sendWebhook: (url, body, headers) => {
      hooks.push({ url, body, headers });
      return Promise.resolve(200);
    },
  });
  await sandbox.start(0);
  adapter = adapterFor();
});
afterAll(() => sandbox.stop());
beforeEach(() => {
  waits.length = 0;
  hooks.length = 0;
  sandbox.switches.reset();
});

describe('TikTok Shop adapter against the sandbox', () => {
  it('authorises: the page redirects back with a code and the state; the code buys tokens with absolute expiries', async () => {
    expect(adapter.authorisationUrl({ state: 'abc', slot: 'default' })).toBe(
      `${sandbox.url}/open/authorize?service_id=${APP.serviceId}&state=abc`,
    );
    const back = await authoriseAs('acme');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('state-1');
    expect(back.searchParams.get('locale')).toBe('en'); // an extra parameter the platform ignores
    const before = Date.now();
    const grant = await adapter.exchangeCode({ code: back.searchParams.get('code')!, slot: 'default' });
    expect(grant.sellerId).toMatch(/^ttsopen\d+$/);
    expect(grant.accessExpiresAt.getTime()).toBeGreaterThan(before + 6.9 * 86400_000);
    expect(grant.accessExpiresAt.getTime()).toBeLessThan(before + 7.1 * 86400_000);
    expect(grant.refreshExpiresAt!.getTime()).toBeGreaterThan(before + 364 * 86400_000);
    expect(grant.scopes).toContain('seller.order.info');
    // A code is single-use.
    await expect(
      adapter.exchangeCode({ code: back.searchParams.get('code')!, slot: 'default' }),
    ).rejects.toMatchObject({
      kind: 'auth_expired',
    });
  });

  it('an expired code is refused', async () => {
    const back = await authoriseAs('late-seller');
    sandbox.expireCodes();
    const error = await adapter
      .exchangeCode({ code: back.searchParams.get('code')!, slot: 'default' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MarketplaceError);
    expect((error as MarketplaceError).vendorMessage).toBe('auth code is invalid or expired');
  });

  it('lists shops (no cipher needed) and, with the cipher, warehouses', async () => {
    const { access } = await authorisedAccess('acme');
    const shops = await adapter.listShops(access);
    expect(shops).toHaveLength(2);
    expect(shops[0]).toMatchObject({ region: 'US', sellerType: 'CROSS_BORDER' });
    expect(shops[0]!.cipher).toMatch(/^ROW_/);
    const warehouses = await adapter.listWarehouses(access);
    expect(warehouses.map((w) => w.type)).toEqual(['SALES_WAREHOUSE', 'SALES_WAREHOUSE', 'RETURN_WAREHOUSE']);
    expect(warehouses.filter((w) => w.isDefault)).toHaveLength(1);
    // Without a cipher, shop-scoped calls cannot be made at all.
    await expect(adapter.listWarehouses({ ...access, shopCipher: null })).rejects.toMatchObject({
      kind: 'auth_expired',
    });
  });

  it('searches and reads orders: one line per SKU with its quantity, money in minor units, the buyer message', async () => {
    const { access } = await authorisedAccess('acme');
    // Two vendor statuses read as awaiting shipment, so the vendor pages everything and the adapter
    // filters: pages may come back short, the cursor still walks them all.
    const page = await adapter.searchOrders(access, { states: ['awaiting_shipment'], pageSize: 2 });
    expect(page.orders).toHaveLength(2);
    expect(page.total).toBe(6);
    expect(page.orders.every((o) => o.vendorStatus === 'AWAITING_SHIPMENT')).toBe(true);
    const seen = [...page.orders];
    for (let cursor = page.nextCursor; cursor;) {
      const next = await adapter.searchOrders(access, { states: ['awaiting_shipment'], pageSize: 2, cursor });
      seen.push(...next.orders);
      cursor = next.nextCursor;
    }
    expect(seen).toHaveLength(3);
    const all = await adapter.searchOrders(access, { pageSize: 100 });
    expect(all.orders.map((o) => o.state).sort()).toEqual([
      'awaiting_shipment',
      'awaiting_shipment',
      'awaiting_shipment',
      'cancelled',
      'shipped',
      'unpaid',
    ]);

    const [order] = await adapter.getOrders(access, [page.orders[0]!.id]);
    expect(order!.lines).toHaveLength(1);
    const line = order!.lines[0]!;
    expect(line.quantity).toBe(line.lineIds.length);
    expect(line.unitPrice).toMatchObject({ currency: 'USD' });
    expect(Number.isInteger(line.unitPrice!.amount)).toBe(true);
    expect(order!.total!.amount).toBe(line.unitPrice!.amount * line.quantity + 499);
    expect(order!.address).toMatchObject({
      country: 'US',
      province: 'California',
      city: 'Los Angeles',
      postcode: '90001',
    });
    expect(order!.buyerMessage).toMatch(/^Custom text: /);
  });

  it('confirms a shipment; the status change comes back as a signed webhook the adapter verifies', async () => {
    const { access } = await authorisedAccess('shipper');
    const { orders } = await adapter.searchOrders(access, { states: ['awaiting_shipment'] });
    const order = orders[0]!;
    const result = await adapter.confirmShipment(access, {
      orderId: order.id,
      trackingNumber: '1Z999',
      carrierId: '6617675021119438849',
    });
    expect(result.packageIds).toEqual([order.lines[0]!.packageId]);
    await expect.poll(() => hooks.length).toBe(1);
    const hook = hooks[0]!;
    const event = adapter.verifyWebhook({ headers: hook.headers, rawBody: hook.body });
    expect(event).toMatchObject({ kind: 'order_status', type: '1', vendorShopId: access.vendorShopId });
    expect(event!.data).toMatchObject({ order_id: order.id, order_status: 'AWAITING_COLLECTION' });
    expect(
      adapter.verifyWebhook({ headers: hook.headers, rawBody: hook.body.replace('AWAITING', 'XAWAITING') }),
    ).toBeNull();
    const [after] = await adapter.getOrders(access, [order.id]);
    expect(after).toMatchObject({ state: 'shipped', trackingNumber: '1Z999' });
    expect(result.action).toBe('shipped');
    expect(sandbox.shipments.filter((s) => s.orderId === order.id)).toHaveLength(1);
    // The same tracking again sends nothing (issue 21); a new one updates the package's shipping
    // info; a provider TikTok does not offer is refused with its message, not retried.
    const again = await adapter.confirmShipment(access, {
      orderId: order.id,
      trackingNumber: '1Z999',
      carrierId: '6617675021119438849',
    });
    expect(again.action).toBe('unchanged');
    expect(sandbox.shipments.filter((s) => s.orderId === order.id)).toHaveLength(1);
    const updated = await adapter.confirmShipment(access, {
      orderId: order.id,
      trackingNumber: '1Z1000',
      carrierId: '6617675021119438850',
    });
    expect(updated.action).toBe('updated');
    expect(sandbox.shipments.filter((s) => s.orderId === order.id).map((s) => s.kind)).toEqual([
      'ship',
      'update',
    ]);
    await expect(
      adapter.confirmShipment(access, { orderId: order.id, trackingNumber: '1Z2000', carrierId: '1' }),
    ).rejects.toMatchObject({
      kind: 'invalid_request',
      vendorMessage: 'shipping provider 1 is not available',
    });
    const providers = await adapter.listShippingProviders(access);
    expect(providers.map((p) => p.name)).toEqual(['USPS', 'UPS', 'FedEx', 'YunExpress', '4PX']);
  });

  it('creates, updates and deactivates a listing and uploads an image', async () => {
    const { access } = await authorisedAccess('lister');
    const image = await adapter.uploadImage(access, {
      data: Buffer.from('89504e470d0a1a0a0000000d4948445200000002000000030802000000', 'hex'),
      fileName: 'a.png',
      contentType: 'image/png',
      use: 'main',
    });
    expect(image.ref).toMatch(/^tos-sandbox-i-/);
    expect(image).toMatchObject({ width: 2, height: 3 });
    const listing = {
      title: 'Custom Tee',
      description: '<p>Soft cotton</p>',
      categoryId: '601226',
      images: [image.ref],
      skus: [
        {
          sellerSku: 'TEE-M',
          price: { amount: 1999, currency: 'USD' },
          quantity: 10,
          warehouseId: null,
          attributes: [{ name: 'Size', value: 'M' }],
        },
      ],
      packageWeight: 250,
    };
    const created = await adapter.createListing(access, listing);
    expect(created.listingId).toMatch(/^17\d+$/);
    expect(created.skus).toEqual([{ sellerSku: 'TEE-M', skuId: expect.any(String) as string }]);
    const updated = await adapter.updateListing(access, created.listingId, {
      ...listing,
      title: 'Custom Tee 2',
    });
    expect(updated.listingId).toBe(created.listingId);
    await adapter.deactivateListings(access, [created.listingId]);
    await expect(adapter.createListing(access, { ...listing, images: [] })).rejects.toMatchObject({
      kind: 'invalid_request',
      vendorMessage: 'missing or invalid: main_images',
    });
  });

  it('a 429 is retried after a jittered wait and then succeeds; 5xx until retries run out is vendor_down', async () => {
    const { access } = await authorisedAccess('busy');
    sandbox.misbehave({ rateLimit: 2 });
    expect(await adapter.listWarehouses(access)).toHaveLength(3);
    expect(sandbox.switches.log).toEqual(['rateLimit', 'rateLimit']);
    const backoff = waits.filter((ms) => ms > 0);
    expect(backoff).toHaveLength(2);
    expect(backoff[0]).toBeGreaterThanOrEqual(125);
    expect(backoff[0]).toBeLessThanOrEqual(250);
    expect(backoff[1]).toBeGreaterThanOrEqual(250);
    expect(backoff[1]).toBeLessThanOrEqual(500);

    sandbox.misbehave({ serverError: 10 });
    await expect(adapter.listWarehouses(access)).rejects.toMatchObject({
      kind: 'vendor_down',
      details: { httpStatus: 500 },
    });
    expect(sandbox.switches.log.filter((k) => k === 'serverError')).toHaveLength(DEFAULT_POLICY.retries + 1);
  });

  it('an expired access token is auth_expired; refreshing gives a working one; an expired refresh token needs re-authorisation', async () => {
    const { access, refreshToken } = await authorisedAccess('expiring');
    sandbox.expireAccessTokens('expiring');
    const error = await adapter.listWarehouses(access).catch((e: unknown) => e as MarketplaceError);
    expect(error).toMatchObject({ kind: 'auth_expired', details: { vendorCode: 105002 } });
    const renewed = await adapter.refresh({
      slot: 'default',
      accessToken: access.tokens.default!,
      refreshToken,
    });
    expect(
      await adapter.listWarehouses({ ...access, tokens: { default: renewed.accessToken } }),
    ).toHaveLength(3);
    sandbox.expireRefreshTokens('expiring');
    await expect(
      adapter.refresh({ slot: 'default', accessToken: '', refreshToken: renewed.refreshToken }),
    ).rejects.toMatchObject({
      kind: 'auth_expired',
      details: { vendorCode: 36004001 },
    });
  });

  it('refuses a wrong signature, a stale timestamp and a wrong app key in TikTok’s envelope', async () => {
    const { access } = await authorisedAccess('acme');
    const wrongSecret = adapterFor({ appSecret: 'not-the-secret' });
    await expect(wrongSecret.listWarehouses(access)).rejects.toMatchObject({
      kind: 'invalid_request',
      details: { vendorCode: 106001, httpStatus: 401 },
    });
    const path = '/logistics/202309/warehouses';
    const query = {
      app_key: APP.appKey,
      timestamp: Math.floor(Date.now() / 1000) - 301,
      shop_cipher: access.shopCipher!,
    };
    const url = new URL(path, sandbox.url);
    for (const [k, v] of Object.entries({ ...query, sign: tiktokSign(APP.appSecret, { path, query }) }))
      url.searchParams.set(k, String(v));
    const stale = await fetch(url, { headers: { 'x-tts-access-token': access.tokens.default! } });
    expect(stale.status).toBe(401);
    expect(await stale.json()).toMatchObject({ code: 106002, data: null });
    await expect(adapterFor({ appKey: 'other-app' }).listShops(access)).rejects.toMatchObject({
      details: { vendorCode: 106003 },
    });
  });

  it('webhooks for deauthorisation and expiring authorisation; a dropped webhook is recorded, not sent', async () => {
    await authorisedAccess('leaving');
    await sandbox.notifyAuthorisationExpiring('leaving', new Date(Date.now() + 86400_000));
    const expiring = hooks.map((h) => adapter.verifyWebhook({ headers: h.headers, rawBody: h.body }));
    expect(expiring.map((e) => e?.kind)).toEqual(['authorisation_expiring', 'authorisation_expiring']);
    sandbox.misbehave({ dropWebhooks: 1 });
    const sent = await sandbox.deauthorise('leaving');
    expect(sent.map((s) => s?.dropped)).toEqual([true, false]);
    expect(hooks).toHaveLength(3);
    expect(adapter.verifyWebhook({ headers: hooks[2]!.headers, rawBody: hooks[2]!.body })?.kind).toBe(
      'deauthorised',
    );
  });
});
