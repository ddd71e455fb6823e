import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn, submitAndExpectRow, pageErrors } = useAdminBrowser();
const POLL = { timeout: 15_000 };

describe('shops', () => {
  it('the merchant authorises a TikTok shop on the sandbox’s page, comes back through tkRedirect, links a warehouse and adds risk words', async () => {
    const shopName = `E2E Shop ${randomInt(100_000)}`;
    const seller = `e2e-seller-${randomInt(1_000_000)}`;
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);

    // The demo merchant's shops: one TikTok Shop and one Temu shop, authorised through the sandboxes.
    await page.goto(`${baseUrl}/admin/shop/list`);
    const list = page.getByTestId('shop-page');
    await list.getByRole('row').filter({ hasText: 'Demo TikTok Shop' }).waitFor(POLL);
    const demoTemu = list.getByRole('row').filter({ hasText: 'Demo Temu Shop' });
    expect(await demoTemu.getByTestId('shop-auth-state').getAttribute('data-state')).toBe('authorised');

    // 1. A new TikTok shop, not yet authorised.
    await list.getByTestId('crud-add').click();
    const form = page.getByTestId('crud-form');
    await form.locator('#name').fill(shopName);
    await submitAndExpectRow(page, 'shop-page', shopName);
    const row = list.getByRole('row').filter({ hasText: shopName });
    expect(await row.getByTestId('shop-auth-state').getAttribute('data-state')).toBe('unauthorised');
    await page.screenshot({ path: `${ARTIFACTS}shops-list.png` });

    // 2. Authorise: the sandbox's TikTok page, as the seller.
    await row.getByTestId('shop-authorise').click();
    await page.waitForURL(/\/open\/authorize\?/, POLL);
    await page.getByTestId('seller').fill(seller);
    await page.screenshot({ path: `${ARTIFACTS}shops-tiktok-sandbox.png` });
    await page.getByTestId('authorise').click();

    // 3. Back through tkRedirect: the code is exchanged and the shop is authorised.
    await page.waitForURL(/\/thirdparty\/tiktokshopapi\/tkRedirect\?/, POLL);
    const result = page.getByTestId('oauth-result');
    await expect.poll(() => result.getAttribute('data-result'), POLL).toBe('success');
    expect(await result.innerText()).toContain(shopName);
    await page.screenshot({ path: `${ARTIFACTS}shops-tkredirect.png` });
    await page.getByTestId('oauth-back').click();
    await page.waitForURL(/\/admin\/shop\/list/, POLL);
    const authorised = page.getByTestId('shop-page').getByRole('row').filter({ hasText: shopName });
    await expect
      .poll(() => authorised.getByTestId('shop-auth-state').getAttribute('data-state'), POLL)
      .toBe('authorised');
    expect(await authorised.innerText()).toContain(seller);

    // 4. Warehouses: the seller's, from the marketplace; link one and make it the system shipping warehouse.
    await authorised.getByTestId('shop-warehouses').click();
    const table = page.getByTestId('warehouse-table');
    await table.getByTestId('warehouse-row').first().waitFor(POLL);
    expect(await table.getByTestId('warehouse-row').count()).toBe(3);
    const first = table.getByTestId('warehouse-row').first();
    await first.getByTestId('warehouse-link').click();
    await first.getByTestId('warehouse-system').waitFor(POLL);
    await first.getByTestId('warehouse-system').click();
    await first.getByTestId('warehouse-is-system').waitFor(POLL);
    await page.screenshot({ path: `${ARTIFACTS}shops-warehouses.png` });
    await page.keyboard.press('Escape');
    await expect
      .poll(() => authorised.getByTestId('shop-system-warehouse').innerText(), POLL)
      .toBe('Los Angeles Sales Warehouse');

    // 5. Risk words: several at once, one per line; the repeated one is skipped.
    await page.goto(`${baseUrl}/admin/shop/riskWord`);
    await page.getByTestId('risk-word-page').waitFor();
    const words = [`Brandx${randomInt(1_000_000)}`, `Brandy${randomInt(1_000_000)}`];
    await page.getByTestId('risk-batch-open').click();
    const batch = page.getByTestId('risk-batch-form');
    await batch.locator('#words').fill(`${words[0]}\n${words[1]}\n${words[0]}\n`);
    await batch.locator('#level').fill('high');
    await page.getByTestId('risk-batch-submit').click();
    await batch.waitFor({ state: 'detached', ...POLL });
    for (const word of words)
      await page.getByTestId('risk-word-page').getByText(word, { exact: true }).waitFor(POLL);
    await page.screenshot({ path: `${ARTIFACTS}shops-risk-words.png` });
    expect(pageErrors()).toEqual([]);
  }, 120_000);
});
