import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { api, paidOrder } from './orders-api.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 30_000 };

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
