import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { api, paidOrder } from './orders-api.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 30_000 };

describe('fulfilment', () => {
  it('the factory user starts production, downloads the print files as one zip and marks the order shipped; the merchant sees it', async () => {
    const merchant = await openPage();
    await signIn(merchant, 'merchant', DEMO_PASSWORD);
    const order = await paidOrder(merchant);

    const factory = await openPage();
    await signIn(factory, 'factory', DEMO_PASSWORD);
    await factory.goto(`${baseUrl}/admin/production`);
    const row = factory.getByRole('row').filter({ hasText: order.order_no });
    await row.waitFor(POLL);

    // Start production of the selected order (with confirmation).
    await row.locator('.ant-checkbox-input').check();
    await factory.getByTestId('production-start').click();
    await factory.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(factory, 'GET', `/api/v1/admin/production/${order.id}`)).status,
        POLL,
      )
      .toBe('in_production');

    // The in-production tab: download the order's print files as one zip.
    await factory.getByRole('tab', { name: /生产中|In production/ }).click();
    const started = factory.getByRole('row').filter({ hasText: order.order_no });
    await started.waitFor(POLL);
    await started.locator('.ant-checkbox-input').check();
    const [download] = await Promise.all([
      factory.waitForEvent('download', POLL),
      factory.getByTestId('production-print-files').click(),
    ]);
    expect(download.suggestedFilename()).toBe('print-files.zip');
    const zip = await readFile(await download.path());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from(`${order.order_no}/`))).toBe(true);

    // Mark it shipped with a carrier and tracking number.
    await factory.getByTestId(`production-ship-${order.order_no}`).click();
    await factory.getByTestId('ship-carrier').click();
    await factory.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    const tracking = `YT${Date.now()}`;
    await factory.getByTestId('ship-tracking').fill(tracking);
    await factory.locator('.ant-modal:visible .ant-btn-primary').click();
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(factory, 'GET', `/api/v1/admin/production/${order.id}`)).status,
        POLL,
      )
      .toBe('shipped');

    // The merchant's order shows the production progress: shipped, with the tracking number.
    await merchant.goto(`${baseUrl}/admin/order/detail?order_no=${order.order_no}`);
    const progress = merchant.getByTestId('production-progress');
    await progress.waitFor(POLL);
    await expect.poll(() => progress.getAttribute('data-status'), POLL).toBe('shipped');
    await expect.poll(() => progress.textContent(), POLL).toContain(tracking);
    expect(pageErrors()).toEqual([]);
  });
});
