import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

/** Issue 27 "Admin console": what the platform, suppliers, factories and staff meet in the console. */
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();

/** Collects every API answer of 400 or more the page receives (a 403 means it asked for too much). */
function refusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.url().includes('/api/') && response.status() >= 400)
      refused.push(`${response.status()} ${response.request().method()} ${response.url()}`);
  });
  return refused;
}

describe('the platform manages merchants and merchant levels (spec §1)', () => {
  it("issue 27: the platform administrator sees every supplier's merchants with the supplier as a column and a filter, and their levels, with no 403", async () => {
    const page = await openPage();
    const refused = refusals(page);
    await signIn(page, 'admin', DEMO_PASSWORD);
    await page.goto(`${baseUrl}/admin/tenancy/merchant`);
    const merchants = page.getByTestId('merchant-page');
    await merchants.waitFor();
    const demoRow = merchants.locator('tbody tr').filter({ hasText: 'Demo Merchant' });
    await demoRow.waitFor();
    await demoRow.getByRole('cell', { name: 'Demo Supplier', exact: true }).waitFor();
    // The level's expiry is a column of the list (issue 27), not hidden away.
    await merchants.getByRole('columnheader', { name: '等级到期时间' }).waitFor();
    // The supplier filter keeps the chosen supplier's merchants.
    await merchants.getByTestId('supplier-filter').click();
    await page.locator('.ant-select-item-option').filter({ hasText: 'Demo Supplier' }).first().click();
    await merchants.getByRole('button', { name: /搜\s*索/ }).click();
    await demoRow.waitFor();
    // The platform may add merchants: its form asks which supplier's.
    await merchants.getByTestId('crud-add').click();
    await page.getByTestId('crud-form').getByTestId('supplier-choice').waitFor();
    await page.keyboard.press('Escape');

    await page.goto(`${baseUrl}/admin/tenancy/merchantLevel`);
    const levels = page.getByTestId('merchant-level-page');
    await levels.waitFor();
    await levels.getByRole('columnheader', { name: '供应商' }).waitFor();
    await levels.getByTestId('supplier-filter').waitFor();
    expect(refused).toEqual([]);
    expect(pageErrors()).toEqual([]);
  });
});

