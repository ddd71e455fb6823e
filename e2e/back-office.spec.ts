import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { solveCaptcha } from './test-hooks.ts';

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

/** The signed-in admin's own JSON call to the API from inside the page. */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  const data: unknown = await page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('adminToken')}`,
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string; data: unknown };
      if (json.code !== 1) throw new Error(`${method} ${path}: ${json.msg}`);
      return json.data;
    },
    { method, path, body },
  );
  return data as T;
}

/** The ids of the catalogue's menu entries with these names. */
async function menuIdsNamed(page: Page, names: string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const name of names) {
    const found = await apiCall<{ list: Array<{ id: string; name: string }> }>(
      page,
      'GET',
      `/api/v1/admin/menu?quickSearch=${encodeURIComponent(name)}&limit=100`,
    );
    const entry = found.list.find((m) => m.name === name);
    if (!entry) throw new Error(`no menu ${name}`);
    ids.push(entry.id);
  }
  return ids;
}

describe('staff pages ask only what the user may use', () => {
  it('issue 27: a staff member holding only the admin-account page and its edit button meets no refusal, and its own row offers no edit or lock', async () => {
    const suffix = Date.now().toString(36).slice(-6);
    const admin = await openPage();
    await signIn(admin, 'admin', DEMO_PASSWORD);
    const menuIds = await menuIdsNamed(admin, ['access', 'access/admin', 'admin:edit']);
    const role = await apiCall<{ id: string }>(admin, 'POST', '/api/v1/admin/role', {
      name: `accounts-${suffix}`,
      code: `accounts_${suffix}`,
      data_scope: 'all',
      menu_ids: menuIds,
    });
    const password = 'Staff2025x';
    const me = `me${suffix}`;
    const colleague = `co${suffix}`;
    for (const username of [me, colleague])
      await apiCall(admin, 'POST', '/api/v1/admin/admin', { username, password, role_ids: [role.id] });

    const staff = await openPage();
    const refused = refusals(staff);
    await signIn(staff, me, password);
    await staff.goto(`${baseUrl}/admin/access/admin`);
    const accounts = staff.getByTestId('admin-account-page');
    const rowOf = (username: string) =>
      accounts.locator('tbody tr').filter({ has: staff.getByRole('cell', { name: username, exact: true }) });
    await rowOf(colleague).waitFor();
    // Its own row and the primary account: nothing the server would refuse.
    expect(await rowOf(me).getByTestId('crud-edit').count()).toBe(0);
    expect(await rowOf(me).getByRole('button', { name: /锁定/ }).count()).toBe(0);
    expect(await rowOf('admin').getByTestId('crud-edit').count()).toBe(0);
    // A colleague's row can be edited; the form asks for nothing the role does not grant.
    await rowOf(colleague).getByTestId('crud-edit').click();
    await staff.getByTestId('crud-form').locator('#nickname').waitFor();
    await staff.getByTestId('crud-form').locator('#nickname').fill('Colleague');
    await staff.getByTestId('crud-form-submit').click();
    await staff.getByTestId('crud-form').waitFor({ state: 'detached' });
    await rowOf(colleague).getByRole('cell', { name: 'Colleague', exact: true }).waitFor();
    expect(refused).toEqual([]);
    expect(pageErrors()).toEqual([]);
  });
});

describe('admin addresses and phone widths', () => {
  it('issue 27: an unknown /admin address shows the 404 page, a page the user may not open the 401 page', async () => {
    const page = await openPage();
    await signIn(page, 'staff', DEMO_PASSWORD);
    await page.goto(`${baseUrl}/admin/no/such/page`);
    await page.waitForURL(`${baseUrl}/404`);
    await page.goto(`${baseUrl}/admin/access/role`);
    await page.waitForURL(`${baseUrl}/401`);
    expect(pageErrors()).toEqual([]);
  });

  it('issue 27: at 390 px the console keeps to the screen and its menu is a drawer', async () => {
    const page = await openPage();
    await signIn(page, 'admin', DEMO_PASSWORD);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('menu-drawer-toggle').waitFor();
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await page.getByTestId('admin-menu').isVisible()).toBe(false);
    expect(await fits()).toBe(true);
    await page.getByTestId('menu-drawer-toggle').click();
    const menu = page.getByTestId('admin-menu');
    await menu.waitFor();
    await menu.getByRole('menuitem', { name: '权限管理' }).click();
    await menu.getByRole('menuitem', { name: '角色管理' }).click();
    await page.waitForURL(`${baseUrl}/admin/access/role`);
    await page.getByTestId('role-page').waitFor();
    await menu.waitFor({ state: 'hidden' });
    expect(await fits()).toBe(true);
    expect(pageErrors()).toEqual([]);
  });

  it('crossing the phone width and back keeps what the user typed on the page', async () => {
    const page = await openPage();
    await signIn(page, 'admin', DEMO_PASSWORD);
    await page.goto(`${baseUrl}/admin/access/role`);
    await page.getByTestId('role-page').waitFor();
    const filterName = page.getByTestId('crud-filters').locator('#name');
    await filterName.fill('not saved yet');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('menu-drawer-toggle').waitFor();
    expect(await filterName.inputValue()).toBe('not saved yet');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('menu-drawer-toggle').waitFor({ state: 'detached' });
    expect(await filterName.inputValue()).toBe('not saved yet');
    expect(pageErrors()).toEqual([]);
  });
});

describe('a site without the captcha', () => {
  it('issue 27: when the site info says the captcha is off, the login form signs in without it', async () => {
    const id = Date.now().toString(36).slice(-6);
    const admin = await openPage();
    await signIn(admin, 'admin', DEMO_PASSWORD);
    // A supplier whose site asks for no captcha (verify_mode off), on its own host: Chromium
    // sends every *.localhost name to this machine.
    const domain = `nocaptcha-${id}.localhost`;
    const password = 'Supplier2025x';
    await apiCall(admin, 'POST', '/api/v1/admin/supplier', {
      name: `No captcha ${id}`,
      domain,
      verify_mode: 'off',
      admin_username: `nc${id}`,
      admin_password: password,
    });
    const origin = baseUrl.replace('localhost', domain);
    const page = await openPage();
    await page.goto(`${origin}/login`);
    await page.getByTestId('login-page').waitFor();
    await page.locator('#username').fill(`nc${id}`);
    await page.locator('#password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.waitForURL(`${origin}/admin/dashboard`);
    expect(await page.getByTestId('captcha-image').count()).toBe(0);
    expect(pageErrors()).toEqual([]);
  });
});

const IPHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
};

describe('public pages and the way into the console', () => {
  it('issue 27: the storefront says "1 product"; the sign-in page wears the storefront header; on a phone, in English, the logo and "English" show whole', async () => {
    const page = await openPage();
    await page.addInitScript(() => localStorage.setItem('lang', 'en'));
    await page.goto(`${baseUrl}/`);
    await page.getByText('1 product', { exact: true }).first().waitFor();
    expect(await page.getByText(/^1 products$/).count()).toBe(0);
    const storefrontHeader = await page.locator('header.sf-header').innerText();
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-page').waitFor();
    expect(await page.locator('header.sf-header').innerText()).toBe(storefrontHeader);

    const phone = await openPage(IPHONE);
    await phone.addInitScript(() => localStorage.setItem('lang', 'en'));
    for (const path of ['/loginWap', '/registerWap']) {
      await phone.goto(`${baseUrl}${path}`);
      await phone.getByTestId(path === '/loginWap' ? 'login-page' : 'register-page').waitFor();
      const logo = phone.locator('header.sf-header .sf-brand > :first-child');
      const english = phone.getByTestId('lang-switch').getByRole('button', { name: 'English' });
      for (const element of [logo, english]) {
        const box = await element.boundingBox();
        expect(box, path).not.toBeNull();
        expect(box!.x, path).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width, path).toBeLessThanOrEqual(390);
        expect(box!.width, path).toBeGreaterThan(20);
      }
      expect(await english.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    expect(pageErrors()).toEqual([]);
  });

  it('issue 27: no blank page comes between "loading account information" and the page, whose title follows', async () => {
    const page = await openPage();
    await signIn(page, 'admin', DEMO_PASSWORD);
    // Watches every frame: once the loading text has shown, the page must never be empty.
    await page.addInitScript(() => {
      const w = window as unknown as { blankAfterLoading: boolean; sawLoading: boolean };
      w.blankAfterLoading = false;
      w.sawLoading = false;
      const tick = () => {
        const text = document.body?.innerText.trim() ?? '';
        if (text.includes('正在加载账户信息')) w.sawLoading = true;
        else if (w.sawLoading && text === '') w.blankAfterLoading = true;
        requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.goto(`${baseUrl}/admin/access/role`);
    await page.getByTestId('role-page').waitFor();
    const seen = await page.evaluate(() => {
      const w = window as unknown as { blankAfterLoading: boolean; sawLoading: boolean };
      return { saw: w.sawLoading, blank: w.blankAfterLoading };
    });
    expect(seen).toEqual({ saw: true, blank: false });
    await expect.poll(() => page.title()).toBe('角色管理 - PodSupply');
    expect(pageErrors()).toEqual([]);
  });
});

describe('embedded pages and external links (spec §2)', () => {
  it('issue 27: an external-link menu opens a kept-alive console tab framing its url, or a new window, as the menu says; /admin/iframe and /user/iframe frame this site’s pages', async () => {
    const id = Date.now().toString(36).slice(-6);
    const admin = await openPage();
    await signIn(admin, 'admin', DEMO_PASSWORD);
    const common = { type: 'menu', parent_id: null, is_external: true, tiers: ['platform'], sort: 5 };
    await apiCall(admin, 'POST', '/api/v1/admin/menu', {
      ...common,
      title: `Docs ${id}`,
      name: `e2e-docs-${id}`,
      path: `e2e/docs-${id}`,
      url: '/protocol',
      link_target: 'iframe',
      keepalive: true,
    });
    await apiCall(admin, 'POST', '/api/v1/admin/menu', {
      ...common,
      title: `Out ${id}`,
      name: `e2e-out-${id}`,
      path: `e2e/out-${id}`,
      // Another origin of this machine stands in for a foreign site (the tests have no network).
      url: `${baseUrl.replace('localhost', '127.0.0.1')}/help?from=${id}`,
      link_target: 'blank',
    });

    // A new sign-in carries the new menus.
    const page = await openPage();
    await signIn(page, 'admin', DEMO_PASSWORD);
    const menu = page.getByTestId('admin-menu');
    await menu.getByRole('menuitem', { name: `Docs ${id}` }).click();
    await page.waitForURL(`${baseUrl}/admin/e2e/docs-${id}`);
    const frameElement = page.locator('[data-testid="kept-page"]:visible [data-testid="embedded-frame"]');
    expect(await frameElement.getAttribute('src')).toBe('/protocol');
    const frame = page.frameLocator('[data-testid="kept-page"]:visible [data-testid="embedded-frame"]');
    await frame.getByTestId('public-layout').waitFor();
    // Inside the frame the user moves on; the tab keeps that while another tab is shown.
    await frame.getByRole('link', { name: '帮助中心' }).first().click();
    await expect
      .poll(() => frameElement.evaluate((el) => (el as HTMLIFrameElement).contentWindow?.location.pathname))
      .toBe('/help');
    await menu.getByRole('menuitem', { name: '权限管理' }).click();
    await menu.getByRole('menuitem', { name: '角色管理' }).click();
    await page.getByTestId('role-page').waitFor();
    await page.getByTestId('nav-tabs').getByText(`Docs ${id}`).click();
    await page.waitForURL(`${baseUrl}/admin/e2e/docs-${id}`);
    expect(
      await frameElement.evaluate((el) => (el as HTMLIFrameElement).contentWindow?.location.pathname),
    ).toBe('/help');

    // The other link opens a new window and leaves the console where it was.
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      menu.getByRole('menuitem', { name: `Out ${id}` }).click(),
    ]);
    await popup.waitForURL(`${baseUrl.replace('localhost', '127.0.0.1')}/help?from=${id}`);
    await popup.close();
    expect(page.url()).toBe(`${baseUrl}/admin/e2e/docs-${id}`);

    // The admin iframe route frames a page of this site; a foreign address is refused.
    await page.goto(`${baseUrl}/admin/iframe/${encodeURIComponent('/help')}`);
    expect(await page.getByTestId('embedded-frame').getAttribute('src')).toBe('/help');
    await page.goto(`${baseUrl}/admin/iframe/${encodeURIComponent('https://evil.example/login')}`);
    await page.getByTestId('embedded-refused').waitFor();

    // The member centre's /user/iframe/{encoded path}.
    const member = await openPage();
    await member.goto(`${baseUrl}/user/login`);
    await member.locator('#memberLogin_username').fill('member');
    await member.locator('#memberLogin_password').fill(DEMO_PASSWORD);
    await member.getByTestId('member-login-submit').click();
    await solveCaptcha(member, baseUrl);
    await member.waitForURL((url) => url.pathname.startsWith('/user/account/'));
    await member.goto(`${baseUrl}/user/iframe/${encodeURIComponent('/protocol')}`);
    expect(await member.getByTestId('embedded-frame').getAttribute('src')).toBe('/protocol');
    await member.frameLocator('[data-testid="embedded-frame"]').getByTestId('public-layout').waitFor();
    expect(pageErrors()).toEqual([]);
  });
});
