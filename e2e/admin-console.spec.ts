import { mkdirSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const LAYOUT_MODES = ['Default', 'Classic', 'Streamline', 'Double'] as const;

const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();

beforeAll(() => {
  mkdirSync(ARTIFACTS, { recursive: true });
});

/** The texts of every entry of the side menu, directories expanded. */
async function menuTexts(page: Page): Promise<string[]> {
  const menu = page.getByTestId('admin-menu');
  await menu.waitFor();
  const closed = menu.locator('.ant-menu-submenu:not(.ant-menu-submenu-open) > .ant-menu-submenu-title');
  // Opening one directory changes which are closed, so always open the first still closed.
  while ((await closed.count()) > 0) await closed.first().click();
  const texts = await menu.getByRole('menuitem').allInnerTexts();
  return texts.map((text) => text.trim()).sort();
}

describe('admin console', () => {
  it('grants a role limited menus, and its user sees only those; layouts and dark mode', async () => {
    const suffix = `${Date.now().toString(36)}${randomInt(1_000)}`.slice(-8);
    const roleName = `e2e-role-${suffix}`;
    const username = `u${suffix}`;
    const password = 'Staff2025x';

    // As the platform administrator: a role with the dashboard and the Roles list only.
    const admin = await openPage();
    await signIn(admin, 'admin', DEMO_PASSWORD);
    await admin.goto(`${baseUrl}/admin/access/role`);
    await admin.getByTestId('role-page').waitFor();
    expect(await admin.title()).toContain('角色管理');
    await admin.getByTestId('crud-add').click();
    const roleForm = admin.getByTestId('crud-form');
    await roleForm.locator('#name').fill(roleName);
    await roleForm.locator('#code').fill(`e2e_${suffix}`);
    const tree = admin.getByTestId('role-menu-tree');
    await tree.getByText('控制台', { exact: true }).click();
    await tree.getByText('角色管理', { exact: true }).click();
    await admin.getByTestId('crud-form-submit').click();
    await roleForm.waitFor({ state: 'detached' });
    await admin.getByTestId('role-page').getByRole('cell', { name: roleName, exact: true }).waitFor();

    // A staff account holding the role.
    await admin.goto(`${baseUrl}/admin/access/admin`);
    await admin.getByTestId('admin-account-page').waitFor();
    await admin.getByTestId('crud-add').click();
    const accountForm = admin.getByTestId('crud-form');
    await accountForm.locator('#username').fill(username);
    await accountForm.locator('#password').fill(password);
    await accountForm.locator('#role_ids').click();
    await admin.locator('.ant-select-item-option').filter({ hasText: roleName }).click();
    await admin.getByTestId('crud-form-submit').click();
    await accountForm.waitFor({ state: 'detached' });
    await admin
      .getByTestId('admin-account-page')
      .getByRole('cell', { name: username, exact: true })
      .first()
      .waitFor();

    // Keep-alive: a tab's page keeps its state (here the quick search) while another tab is shown.
    const accountSearch = admin
      .getByTestId('admin-account-page')
      .getByTestId('crud-quick-search')
      .locator('input');
    await accountSearch.fill(username);
    await admin.getByTestId('admin-menu').getByRole('menuitem', { name: '角色管理' }).click();
    await admin.waitForURL(`${baseUrl}/admin/access/role`);
    await admin.getByTestId('role-page').waitFor();
    expect(await admin.getByTestId('admin-account-page').isVisible()).toBe(false);
    await admin.getByTestId('nav-tabs').getByText('管理员管理').click();
    await admin.waitForURL(`${baseUrl}/admin/access/admin`);
    await admin.getByTestId('admin-account-page').waitFor();
    expect(await accountSearch.inputValue()).toBe(username);

    // The platform administrator sees every platform menu, the menu editor included.
    expect(await menuTexts(admin)).toEqual(
      expect.arrayContaining(['控制台', '权限管理', '角色管理', '管理员管理', '部门管理', '菜单规则']),
    );

    // The new user sees only what the role grants.
    const staff = await openPage();
    const refused: string[] = [];
    staff.on('response', (response) => {
      if (response.status() >= 400) refused.push(`${response.status()} ${response.url()}`);
    });
    await signIn(staff, username, password);
    expect(await menuTexts(staff)).toEqual(['权限管理', '控制台', '角色管理'].sort());
    await staff.getByTestId('admin-menu').getByRole('menuitem', { name: '角色管理' }).click();
    await staff.waitForURL(`${baseUrl}/admin/access/role`);
    await staff.getByTestId('role-page').waitFor();
    // Keep-alive menu items open as tabs.
    await staff.getByTestId('nav-tabs').getByText('角色管理').waitFor();

    // Each layout mode, then dark mode, with a screenshot of each. The page is not remounted by a
    // change of mode: what was typed in its filter is still there after each.
    const filterName = staff.getByTestId('crud-filters').locator('#name');
    await filterName.fill('typed before the switch');
    for (const mode of LAYOUT_MODES) {
      await staff.getByTestId('layout-settings').click();
      const drawer = staff.getByTestId('layout-settings-drawer');
      await drawer.waitFor();
      await staff.getByTestId(`layout-mode-${mode}`).click();
      await staff.keyboard.press('Escape');
      await drawer.waitFor({ state: 'hidden' });
      expect(await staff.getByTestId('admin-layout').getAttribute('data-layout-mode')).toBe(mode);
      await staff.getByTestId('role-page').waitFor();
      expect(await filterName.inputValue()).toBe('typed before the switch');
      await staff.screenshot({ path: `${ARTIFACTS}layout-${mode.toLowerCase()}.png` });
    }
    await staff.getByTestId('layout-settings').click();
    await staff.getByTestId('layout-dark').click();
    await staff.keyboard.press('Escape');
    await staff.getByTestId('layout-settings-drawer').waitFor({ state: 'hidden' });
    const background = await staff
      .getByTestId('admin-content')
      .evaluate((element) => getComputedStyle(element.closest('.ant-layout')!).backgroundColor);
    expect(background).toBe('rgb(0, 0, 0)');
    await staff.screenshot({ path: `${ARTIFACTS}theme-dark.png` });

    // The choices are stored: a reload keeps the dark Double layout.
    await staff.reload();
    await staff.getByTestId('role-page').waitFor();
    expect(await staff.getByTestId('admin-layout').getAttribute('data-layout-mode')).toBe('Double');
    // The role page asks for nothing the role does not grant.
    expect(refused).toEqual([]);
    expect(pageErrors()).toEqual([]);
  });
});

describe('CRUD table sorting', () => {
  it('reorders rows by dragging one onto another', async () => {
    const suffix = `${Date.now().toString(36)}${randomInt(1_000)}`.slice(-6);
    const first = `e2e-dept-a-${suffix}`;
    const second = `e2e-dept-b-${suffix}`;
    const admin = await openPage();
    await signIn(admin, 'admin', DEMO_PASSWORD);
    await admin.goto(`${baseUrl}/admin/access/department`);
    const page = admin.getByTestId('department-page');
    await page.waitFor();
    for (const [name, sort] of [
      [first, '90001'],
      [second, '90000'],
    ] as const) {
      await page.getByTestId('crud-add').click();
      const form = admin.getByTestId('crud-form');
      await form.locator('#name').fill(name);
      await form.locator('#sort').fill(sort);
      await admin.getByTestId('crud-form-submit').click();
      await form.waitFor({ state: 'detached' });
      await page.getByRole('cell', { name, exact: true }).waitFor();
    }
    const order = async () =>
      (await page.locator('tbody tr').allInnerTexts()).filter((text) => text.includes(`-${suffix}`));
    // Larger sort shows earlier.
    expect((await order())[0]).toContain(first);
    const rowOf = (name: string) => page.locator('tbody tr').filter({ hasText: name });
    await rowOf(second).dragTo(rowOf(first));
    await expect.poll(async () => (await order())[0], { timeout: 15_000 }).toContain(second);
    expect(pageErrors()).toEqual([]);
  });
});
