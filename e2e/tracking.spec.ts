import { randomInt, randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 30_000 };

/** A call of the platform API from the signed-in page, with its admin token. */
async function api<T>(page: Page, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('adminToken')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as { data: unknown; msg: string } };
    },
    { method, path, body },
  );
  if (reply.status !== 200) throw new Error(`${method} ${path}: ${reply.status} ${reply.json.msg}`);
  return reply.json.data as T;
}

/** A paid order of the demo merchant (cart, address, preview, submit, pay from the balance). */
async function paidOrder(page: Page): Promise<{ id: string; order_no: string; total_amount: number }> {
  const finished = await api<{
    list: Array<{ id: string; colors: Array<{ id: string }>; sizes: Array<{ id: string }> }>;
  }>(page, 'GET', '/api/v1/admin/design/finished?limit=1');
  const product = finished.list[0]!;
  const item = {
    finished_product_id: product.id,
    color_id: product.colors[0]!.id,
    size_id: product.sizes[0]!.id,
  };
  const cart = await api<{ list: Array<{ id: string; finished_product_id: string }> }>(
    page,
    'POST',
    '/api/v1/admin/cart',
    { items: [item] },
  );
  const line = cart.list.find((l) => l.finished_product_id === product.id)!;
  const address = await api<{ id: string }>(page, 'POST', '/api/v1/admin/address', {
    first_name: 'Refund Tester',
    mobile_phone: '(415) 555-0132',
    country: 'US',
    province: 'CA',
    city: 'San Francisco',
    street: `${randomUUID().slice(0, 8)} Market St`,
    postcode: '94105',
  });
  const preview = await api<{
    lines: Array<{ unit_price: number }>;
    orders: Array<{ shipping: { method_id: string; fee: number } }>;
  }>(page, 'POST', '/api/v1/admin/settlement/preview', {
    cart_line_ids: [line.id],
    addresses: [{ address_id: address.id }],
  });
  const submitted = await api<{ orders: Array<{ id: string; order_no: string; total_amount: number }> }>(
    page,
    'POST',
    '/api/v1/admin/settlement/submit',
    {
      lines: [{ cart_line_id: line.id, unit_price: preview.lines[0]!.unit_price }],
      addresses: [
        {
          address_id: address.id,
          shipping_method_id: preview.orders[0]!.shipping.method_id,
          shipping_fee: preview.orders[0]!.shipping.fee,
        },
      ],
      idempotency_key: `e2e-${randomUUID()}`,
    },
  );
  const order = submitted.orders[0]!;
  await api(page, 'POST', '/api/v1/admin/order/pay', { order_nos: [order.order_no] });
  return order;
}

describe('tracking', () => {
  it('the merchant selects a shipped TikTok order, syncs its status to the TikTok sandbox and sees "shipped"', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);

    // A paid order, shipped by the factory as a TikTok Shop order (the test hook stands in for the
    // fulfilment side), and the demo TikTok shop's carrier mapped to one of the sandbox's providers.
    const shops = await api<{ list: Array<{ id: string; name: string; platform: string }> }>(
      page,
      'GET',
      '/api/v1/admin/shop?limit=100',
    );
    const shop = shops.list.find((s) => s.name === 'Demo TikTok Shop')!;
    expect(shop).toBeDefined();
    const order = await paidOrder(page);
    const trackingNo = `E2E${randomInt(1_000_000_000)}`;
    const shipped = await api<{ third_party_order_no: string }>(page, 'POST', '/api/test/tracking/ship', {
      order_id: order.id,
      shop_id: shop.id,
      tracking_no: trackingNo,
    });
    const detail = await api<{ shipping: { carrier: string } }>(
      page,
      'GET',
      `/api/v1/admin/order/${order.order_no}`,
    );
    const providers = await api<{ providers: Array<{ id: string; name: string }> }>(
      page,
      'GET',
      `/api/v1/admin/tracking/shop/${shop.id}/providers`,
    );
    expect(providers.providers.length).toBeGreaterThan(0);
    await api(page, 'PUT', `/api/v1/admin/tracking/shop/${shop.id}/settings`, {
      auto_ship_enabled: false,
      auto_ship_hours: 24,
      default_provider_id: null,
      carrier_map: [
        {
          carrier: detail.shipping.carrier,
          provider_id: providers.providers[0]!.id,
          provider_name: providers.providers[0]!.name,
        },
      ],
    });

    // The order centre: find the order, select it, "Sync status".
    await page.goto(`${baseUrl}/admin/order/list`);
    const list = page.getByTestId('order-list-page');
    await page.getByTestId('order-filter-nos').waitFor(POLL);
    await page.getByTestId('order-filter-nos').fill(order.order_no);
    await page.getByTestId('crud-filters').locator('button[type="submit"]').click();
    const row = list.getByRole('row').filter({ hasText: order.order_no });
    await row.waitFor(POLL);
    await row.getByRole('checkbox').check();
    await list.getByTestId('order-sync-status').click();

    // The job's progress, then the outcome per order: shipped on the marketplace.
    const dialog = page.getByTestId('tracking-sync-dialog');
    await dialog.waitFor(POLL);
    await expect
      .poll(() => dialog.getByTestId('tracking-sync-progress').getAttribute('data-state'), POLL)
      .toBe('completed');
    const status = dialog.getByRole('row').filter({ hasText: order.order_no }).getByTestId('tracking-status');
    await expect.poll(() => status.getAttribute('data-status'), POLL).toBe('shipped');
    await page.screenshot({ path: `${ARTIFACTS}tracking-synced.png` });

    // On our side: the push record; on TikTok's: the order shows shipped with our tracking number.
    const pushes = await api<{
      list: Array<{ state: string; market_state: string | null; third_party_order_no: string }>;
    }>(page, 'GET', `/api/v1/admin/tracking/push?order_no=${order.order_no}`);
    expect(pushes.list[0]).toMatchObject({
      state: 'succeeded',
      market_state: 'shipped',
      third_party_order_no: shipped.third_party_order_no,
    });
    await page.goto(`${baseUrl}/admin/order/tracking`);
    const records = page.getByTestId('tracking-push-page');
    const record = records.getByRole('row').filter({ hasText: order.order_no });
    await record.waitFor(POLL);
    expect(await record.getByTestId('tracking-status').getAttribute('data-status')).toBe('shipped');
    expect(await record.innerText()).toContain(trackingNo);
    expect(pageErrors()).toEqual([]);
  });
});
