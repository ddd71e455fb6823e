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

describe('the factory tier has its menus', () => {
  it('issue 27: the demo factory user gets its factory, its personal centre and the production queue, and each opens without a refusal', async () => {
    const page = await openPage();
    const refused = refusals(page);
    await signIn(page, 'factory', DEMO_PASSWORD);
    const menu = page.getByTestId('admin-menu');
    await menu.waitFor();
    const texts = (await menu.getByRole('menuitem').allInnerTexts()).map((text) => text.trim());
    expect(texts).toEqual(expect.arrayContaining(['控制台', '我的工厂', '生产队列', '个人资料']));
    await menu.getByRole('menuitem', { name: '我的工厂' }).click();
    await page.waitForURL(`${baseUrl}/admin/factory/mine`);
    await page.getByTestId('factory-page').getByRole('cell', { name: 'Demo Factory', exact: true }).waitFor();
    // Its own factory only, and nothing to add: a factory account does not create factories.
    expect(await page.getByTestId('factory-page').getByTestId('crud-add').count()).toBe(0);
    await menu.getByRole('menuitem', { name: '生产队列' }).click();
    await page.waitForURL(`${baseUrl}/admin/production`);
    await page.getByTestId('production-start').waitFor();
    await menu.getByRole('menuitem', { name: '个人资料' }).click();
    await page.waitForURL(`${baseUrl}/admin/profile`);
    await page.getByTestId('admin-profile').waitFor();
    expect(refused).toEqual([]);
    expect(pageErrors()).toEqual([]);
  });
});
