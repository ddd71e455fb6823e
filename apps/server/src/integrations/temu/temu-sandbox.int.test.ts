import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ShopAccess, TokenSlot } from '../marketplace/adapter.ts';
import { DEFAULT_POLICY, type CallPolicy } from '../marketplace/http.ts';
import { MemoryRateGate } from '../marketplace/rate-gate.ts';
import { TemuAdapter } from './temu-adapter.ts';
import { TemuSandbox } from './temu-sandbox.ts';
import { temuSign } from './temu-sign.ts';

const APP = { appKey: 'temu-test-app', appSecret: 'temu-test-secret' };
const REDIRECT = 'http://platform.test/thirdparty/temuapi/redirect';

let sandbox: TemuSandbox;
let adapter: TemuAdapter;
const waits: number[] = [];
const retries: string[] = [];
const hooks: Array<{ url: string; body: string; headers: Record<string, string> }> = [];
const policy: CallPolicy = {
  ...DEFAULT_POLICY,
  gate: new MemoryRateGate(),
  sleep: (ms) => {
    waits.push(ms);
    return Promise.resolve();
  },
  onRetry: ({ error }) => retries.push(error.kind),
};

const adapterFor = (overrides: Partial<ConstructorParameters<typeof TemuAdapter>[0]> = {}) =>
  new TemuAdapter({
    ...APP,
    gateways: { pa: sandbox.gateway('pa'), us: sandbox.gateway('us'), global: sandbox.gateway('global') },
    authorizeUrls: {
      product: `${sandbox.url}/pa/authorize`,
      order_us: `${sandbox.url}/us/authorize`,
      order_global: `${sandbox.url}/global/authorize`,
    },
    redirectUrl: REDIRECT,
    sandbox: true,
    policy,
    ...overrides,
  });

async function authoriseAs(seller: string, slot: TokenSlot, state = 'st-1'): Promise<URL> {
  const page = await fetch(adapter.authorisationUrl({ state, slot }));
  expect(page.status).toBe(200);
  const html = await page.text();
  const redirectUrl = /name="redirect_url" value="([^"]*)"/.exec(html)![1]!.replace(/&amp;/g, '&');
  const action = /<form method="post" action="([^"]+)"/.exec(html)![1]!;
  const res = await fetch(`${sandbox.url}${action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ state, seller, action: 'authorise', redirect_url: redirectUrl }).toString(),
    redirect: 'manual',
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function access(seller: string): Promise<ShopAccess> {
  const tokens: ShopAccess['tokens'] = {};
  for (const slot of ['product', 'order_us'] as const) {
    const back = await authoriseAs(seller, slot);
    tokens[slot] = (await adapter.exchangeCode({ code: back.searchParams.get('code')!, slot })).accessToken;
  }
  return { tokens };
}

beforeAll(async () => {
  sandbox = new TemuSandbox({
    ...APP,
    redirectUrl: REDIRECT,
    webhookUrl: 'http://platform.test/api/v1/webhooks/temu',
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
  retries.length = 0;
  hooks.length = 0;
  sandbox.switches.reset();
});

describe('Temu adapter against the sandbox', () => {
  it('authorises a slot: back to the redirect URL with the code and the state; the code buys a token with its expiry', async () => {
    const back = await authoriseAs('mall-a', 'order_us', 'the-state');
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe('the-state');
    const grant = await adapter.exchangeCode({ code: back.searchParams.get('code')!, slot: 'order_us' });
    expect(grant).toMatchObject({ slot: 'order_us', refreshToken: null, region: '211' });
    expect(grant.sellerId).toMatch(/^6\d{14}$/);
    expect(grant.accessExpiresAt.getTime()).toBeGreaterThan(Date.now() + 364 * 86400_000);
    expect(grant.scopes).toContain('bg.order.list.v2.get');
    // Single use; and a code of another gateway is no code here.
    await expect(
      adapter.exchangeCode({ code: back.searchParams.get('code')!, slot: 'order_us' }),
    ).rejects.toMatchObject({
      kind: 'invalid_request',
      details: { vendorCode: 110020002 },
    });
    const pa = await authoriseAs('mall-a', 'product');
    await expect(
      adapter.exchangeCode({ code: pa.searchParams.get('code')!, slot: 'order_global' }),
    ).rejects.toMatchObject({
      details: { vendorCode: 110020002 },
    });
  });

  it('an expired code is refused', async () => {
    const back = await authoriseAs('mall-late', 'order_us');
    sandbox.expireCodes();
    await expect(
      adapter.exchangeCode({ code: back.searchParams.get('code')!, slot: 'order_us' }),
    ).rejects.toMatchObject({
      kind: 'invalid_request',
      vendorMessage: 'Invalid code, please check and try again.',
    });
  });

  it('reads the mall, warehouses and orders with buyer customisation (text and image)', async () => {
    const a = await access('mall-b');
    const [mall] = await adapter.listShops(a);
    expect(mall!.id).toMatch(/^6\d{14}$/);
    const warehouses = await adapter.listWarehouses(a);
    expect(warehouses.map((w) => w.name)).toEqual(['Los Angeles Warehouse', 'New Jersey Warehouse']);

    // UN_SHIPPING and partially shipped both read as awaiting shipment: the adapter asks for all and filters.
    const page = await adapter.searchOrders(a, { states: ['awaiting_shipment'] });
    expect(page.total).toBe(5);
    expect(page.nextCursor).toBeNull();
    expect(page.orders).toHaveLength(3);
    const paged = await adapter.searchOrders(a, { pageSize: 2, cursor: '3' });
    expect(paged).toMatchObject({ nextCursor: null, total: 5 });
    expect(paged.orders).toHaveLength(1);
    const ids = [page.orders[0]!.id, page.orders[1]!.id];
    const orders = await adapter.getOrders(a, ids);
    expect(orders.map((o) => o.id)).toEqual(ids);
    expect(orders[0]!.address).toMatchObject({
      name: 'Temu Buyer 1',
      country: 'United States',
      postcode: '11201',
    });
    const customisation = orders.flatMap((o) => o.lines.flatMap((l) => l.customisation));
    expect(customisation.some((c) => c.kind === 'text' && c.value === 'Emma & Noah 2025')).toBe(true);
    const image = customisation.find((c) => c.kind === 'image');
    expect(image).toMatchObject({ label: 'area-2' });
    expect(image!.previewUrl).toMatch(/\/static\/preview-/);
    expect((await fetch(image!.value)).headers.get('content-type')).toBe('image/png');
    // Lines are not flagged internally once read.
    expect(Object.keys(orders[0]!.lines[0]!)).not.toContain('isCustomised');
  });

  it('confirms a shipment with its own tracking; the status webhook is signed and verifies', async () => {
    const a = await access('mall-c');
    const { orders } = await adapter.searchOrders(a, { states: ['awaiting_shipment'] });
    const order = orders[0]!;
    const result = await adapter.confirmShipment(a, {
      orderId: order.id,
      trackingNumber: '9400100000000000000001',
      carrierId: '699272611',
    });
    expect(result.packageIds[0]).toMatch(/^PK-/);
    await expect.poll(() => hooks.length).toBe(1);
    const event = adapter.verifyWebhook({ headers: hooks[0]!.headers, rawBody: hooks[0]!.body });
    expect(event).toMatchObject({ kind: 'order_status', type: 'bg_order_status_change_event' });
    expect(event!.data).toMatchObject({ parentOrderSn: order.id, parentOrderStatus: 4 });
    expect(
      adapter.verifyWebhook({
        headers: { ...hooks[0]!.headers, 'x-tm-timestamp': '1700000000' },
        rawBody: hooks[0]!.body,
      }),
    ).toBeNull();
    const [after] = await adapter.getOrders(a, [order.id]);
    expect(after).toMatchObject({ state: 'shipped', trackingNumber: '9400100000000000000001' });
    expect(sandbox.shipments.filter((s) => s.parentOrderSn === order.id)).toHaveLength(1);
    // The same tracking again confirms nothing (issue 21); another is refused, not retried.
    const again = await adapter.confirmShipment(a, {
      orderId: order.id,
      trackingNumber: '9400100000000000000001',
      carrierId: '699272611',
    });
    expect(again.action).toBe('unchanged');
    expect(sandbox.shipments.filter((s) => s.parentOrderSn === order.id)).toHaveLength(1);
    await expect(
      adapter.confirmShipment(a, { orderId: order.id, trackingNumber: 'X', carrierId: '1' }),
    ).rejects.toMatchObject({ kind: 'invalid_request' });
    const carriers = await adapter.listShippingProviders(a);
    expect(carriers).toContainEqual({ id: '699272611', name: 'USPS' });
  });

  it('lists, edits and takes down goods on the PA gateway with the product token; uploads a 3:4 main image', async () => {
    const a = await access('mall-d');
    const image = await adapter.uploadImage(a, {
      data: Buffer.from('img'),
      fileName: 'a.png',
      contentType: 'image/png',
      use: 'main',
    });
    expect(image).toMatchObject({ width: 1350, height: 1800 });
    const listing = {
      title: 'Custom Name Necklace',
      description: 'Sterling silver',
      categoryId: '12345',
      images: [image.ref],
      skus: [
        {
          sellerSku: 'NK-GOLD',
          price: { amount: 1250, currency: 'USD' },
          quantity: 5,
          warehouseId: 'WH1',
          attributes: [{ name: 'Color', value: 'Gold' }],
        },
      ],
      packageWeight: 80,
      vendorFields: { productSemiManagedReq: { bindSiteIds: [100] } },
    };
    const created = await adapter.createListing(a, listing);
    expect(created.skus).toEqual([{ sellerSku: 'NK-GOLD', skuId: expect.any(String) as string }]);
    await adapter.updateListing(a, created.listingId, { ...listing, title: 'Necklace 2' });
    await adapter.deactivateListings(a, [created.listingId]);
    // The order token is not a product token.
    await expect(
      adapter.createListing({ tokens: { product: a.tokens.order_us } }, listing),
    ).rejects.toMatchObject({
      kind: 'auth_expired',
    });
    await expect(adapter.createListing(a, { ...listing, skus: [] })).rejects.toMatchObject({
      kind: 'invalid_request',
    });
  });

  it('RATE_LIMIT_EXCEED is retried after a jittered wait; an expired token is auth_expired; refresh re-reads the expiry', async () => {
    const a = await access('mall-e');
    sandbox.misbehave({ rateLimit: 1 });
    expect(await adapter.listWarehouses(a)).toHaveLength(2);
    expect(sandbox.switches.log).toEqual(['rateLimit']);
    expect(retries).toEqual(['rate_limited']);
    const info = await adapter.refresh({
      slot: 'order_us',
      accessToken: a.tokens.order_us!,
      refreshToken: null,
    });
    expect(info.accessToken).toBe(a.tokens.order_us);
    sandbox.expireTokens('mall-e');
    await expect(adapter.listWarehouses(a)).rejects.toMatchObject({
      kind: 'auth_expired',
      details: { vendorCode: 3000034 },
    });
  });

  it("refuses a wrong signature, a stale timestamp and an unknown type in Temu's envelope", async () => {
    const a = await access('mall-f');
    await expect(adapterFor({ appSecret: 'wrong' }).listWarehouses(a)).rejects.toMatchObject({
      kind: 'invalid_request',
      vendorMessage: 'SIGN_UNVALID',
      details: { vendorCode: 3000001 },
    });
    const body = {
      type: 'bg.logistics.warehouse.list.get',
      app_key: APP.appKey,
      access_token: a.tokens.order_us,
      timestamp: Math.floor(Date.now() / 1000) - 400,
      data_type: 'JSON',
    };
    const res = await fetch(sandbox.gateway('us'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, sign: temuSign(APP.appSecret, body) }),
    });
    expect(await res.json()).toMatchObject({ success: false, errorCode: 3000012, result: null });
    const unknown = { ...body, type: 'bg.nothing', timestamp: Math.floor(Date.now() / 1000) };
    const res2 = await fetch(sandbox.gateway('us'), {
      method: 'POST',
      body: JSON.stringify({ ...unknown, sign: temuSign(APP.appSecret, unknown) }),
    });
    expect(await res2.json()).toMatchObject({ errorCode: 3000003 });
  });
});
