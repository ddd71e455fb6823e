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
    await merchants.getByRole('button', { name: /查\s*询/ }).click();
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
    await page.getByTestId('factory-page').locator('tbody tr').filter({ hasText: 'Demo Factory' }).waitFor();
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

/** The signed-in admin's own call to the API from inside the page. */
function apiTotal(page: Page, path: string): Promise<number> {
  return page.evaluate(async (url) => {
    const res = await fetch(url, {
      headers: { Authorization: `Bearer ${localStorage.getItem('adminToken')}` },
    });
    return ((await res.json()) as { data: { total: number } }).data.total;
  }, path);
}

describe('the menu-rule tree and the menu form (spec §5)', () => {
  it('issue 27: the tree loads whole with every button under its page, each button naming its page; the form requires what the type needs', async () => {
    const page = await openPage();
    const refused = refusals(page);
    await signIn(page, 'admin', DEMO_PASSWORD);
    await page.goto(`${baseUrl}/admin/access/menu`);
    const tree = page.getByTestId('menu-page');
    await tree.waitFor();
    const total = await apiTotal(page, '/api/v1/admin/menu?limit=1');
    expect(total).toBeGreaterThan(100);
    await expect.poll(() => tree.locator('tbody tr.ant-table-row').count(), { timeout: 20_000 }).toBe(total);
    // No button sits at the root: each is under its page, and says which page it belongs to.
    const roots = await tree.locator('tbody tr.ant-table-row-level-0').allInnerTexts();
    expect(roots.filter((text) => text.includes('按钮'))).toEqual([]);
    await tree.getByTestId('menu-row-title').filter({ hasText: '添加（角色管理）' }).waitFor();

    // The form: a button needs its page; an external link its url; a page its path.
    await tree.getByTestId('crud-add').click();
    const form = page.getByTestId('crud-form');
    await form.getByText('按钮', { exact: true }).click();
    await form.locator('#title').fill('Export');
    await form.locator('#name').fill('e2e:export');
    await page.getByTestId('crud-form-submit').click();
    await form.getByText('请选择上级').waitFor();
    await form.getByText('菜单项', { exact: true }).click();
    await form.getByTestId('menu-is-external').click();
    await page.getByTestId('crud-form-submit').click();
    await form.getByText('请输入链接地址').waitFor();
    await form.getByText('请输入路由路径').waitFor();
    expect(refused).toEqual([]);
    expect(pageErrors()).toEqual([]);
  });
});
