import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 30_000 };

describe('order sync', () => {
  it('the merchant syncs the demo TikTok shop now, watches the progress bar and reads the sync records and health', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);

    await page.goto(`${baseUrl}/admin/order/sync`);
    const shops = page.getByTestId('sync-shops');
    const demo = shops.getByRole('row').filter({ hasText: 'Demo TikTok Shop' });
    await demo.waitFor(POLL);
    expect(await demo.getByTestId('sync-health').getAttribute('data-state')).not.toBe('off');

    await demo.getByTestId('sync-now').click();
    const progress = demo.getByTestId('sync-progress');
    await progress.waitFor(POLL);
    await expect.poll(() => progress.getAttribute('data-state'), POLL).toBe('completed');
    await page.screenshot({ path: `${ARTIFACTS}sync-now.png` });

    // The run's record, with the demo shop's name, at the top of the records.
    const records = page.getByTestId('sync-records');
    const run = records.getByRole('row').filter({ hasText: 'Demo TikTok Shop' }).first();
    await run.waitFor(POLL);
    await expect.poll(() => records.innerText(), POLL).toMatch(/同步批次|Sync run/);
    await page.screenshot({ path: `${ARTIFACTS}sync-records.png` });

    // The shops page shows the shop's sync health.
    await page.goto(`${baseUrl}/admin/shop/list`);
    const row = page.getByTestId('shop-page').getByRole('row').filter({ hasText: 'Demo TikTok Shop' });
    await row.getByTestId('sync-health').waitFor(POLL);
    expect(pageErrors()).toEqual([]);
  });
});
