import { randomInt } from 'node:crypto';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { captchaAnswer, clickScaled, outboxCode, solveCaptcha } from './test-hooks.ts';

const baseUrl = inject('baseUrl');
const DEMO_PASSWORD = 'Demo12345';
const IPHONE = {
  viewport: { width: 390, height: 844 },
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 3,
} satisfies BrowserContextOptions;

let browser: Browser;
let contexts: BrowserContext[] = [];
let pages: Page[] = [];
let pageErrors: Error[];
let failedResponses: string[];
let diagnostics = '';
let siteName = '';

beforeAll(async () => {
  browser = await launchChromium();
  const site = (await (await fetch(`${baseUrl}/api/v1/index`)).json()) as { data: { name: string } };
  siteName = site.data.name;
});

afterAll(async () => {
  await browser.close();
});

/** A page in a fresh context (no tokens, no language choice), watched for errors. */
async function openPage(options: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('response', (response) => {
    if (response.status() >= 400) {
      failedResponses.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  contexts.push(context);
  pages.push(page);
  return page;
}

beforeEach(({ onTestFailed }) => {
  pageErrors = [];
  failedResponses = [];
  onTestFailed(() => console.error(diagnostics));
});

afterEach(async () => {
  const report = [];
  for (const page of pages) {
    const body = await page
      .locator('body')
      .innerText({ timeout: 1_000 })
      .catch(() => '(no body)');
    report.push(`page: ${page.url()}\nbody: ${body.slice(0, 1_500)}`);
  }
  diagnostics = [
    ...report,
    `failed responses: ${failedResponses.join(', ') || 'none'}`,
    `page errors: ${pageErrors.map((error) => error.message).join(', ') || 'none'}`,
  ].join('\n');
  await Promise.all(contexts.map((context) => context.close()));
  contexts = [];
  pages = [];
});

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
};

/** Fills the admin login form and solves the captcha that its submit opens. */
async function signIn(page: Page, username: string, password: string): Promise<void> {
  await page.getByTestId('login-page').waitFor();
  await page.locator('#username').fill(username);
  await page.locator('#password').fill(password);
  await page.getByTestId('login-submit').click();
  await solveCaptcha(page, baseUrl);
}

/** Logs out through the header button and its confirmation. */
async function logOut(page: Page): Promise<void> {
  await page.getByTestId('logout').click();
  await page.locator('.ant-popconfirm').getByRole('button', { name: '退出登录' }).click();
}

function uniqueMerchant() {
  const suffix = `${Date.now().toString(36)}${randomInt(1_000)}`.slice(-9);
  return {
    username: `m${suffix}`,
    password: 'Merchant2025',
    merchantNumber: `E2E-${suffix}`,
    mobile: `139${String(randomInt(100_000_000)).padStart(8, '0')}`,
  };
}

describe('admin identity', () => {
  it('registers a new merchant, logs out, and logs in again by solving the captcha', async () => {
    const merchant = uniqueMerchant();
    const page = await openPage();
    await page.goto(`${baseUrl}/register`);
    await page.getByTestId('register-page').waitFor();
    expect(await page.title()).toBe(`注册 - ${siteName}`);

    // The shared schema's rules show in the form before anything is sent (spec §5).
    await page.locator('#username').fill('9lives');
    await page.locator('#password').fill('Merchant2025');
    await page.locator('#confirmPassword').fill('Merchant2026');
    await page.getByText('请输入正确的用户名').waitFor();
    await page.getByText('两次输入的密码不一致').waitFor();

    await page.locator('#username').fill(merchant.username);
    await page.locator('#confirmPassword').fill(merchant.password);
    await page.locator('#merchant_number').fill(merchant.merchantNumber);
    await page.locator('#mobile').fill(merchant.mobile);
    await page.getByTestId('send-code').click();
    // spec §8 SMS: the button counts down before another code may be asked for.
    await page
      .getByTestId('send-code')
      .getByText(/秒后重新获取/)
      .waitFor();
    await page.locator('#code').fill(await outboxCode(baseUrl, merchant.mobile));
    await page.getByTestId('agree').click();
    await page.getByTestId('register-submit').click();

    // Registering signs the merchant in.
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    await page.getByTestId('dashboard-greeting').waitFor();
    expect(await page.getByTestId('admin-user').textContent()).toContain(merchant.username);
    expect(await page.getByTestId('admin-tier').textContent()).toBe('商户');
    expect(await page.getByTestId('dashboard-account').textContent()).toContain(merchant.merchantNumber);
    expect(await page.title()).toBe(`控制台 - ${siteName}`);

    await logOut(page);
    await page.waitForURL(`${baseUrl}/login`);
    expect(await page.evaluate(() => localStorage.getItem('adminToken'))).toBeNull();

    await signIn(page, merchant.username, merchant.password);
    await page.getByTestId('captcha-status').getByText('验证成功').waitFor();
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
    expect(await page.getByTestId('admin-user').textContent()).toContain(merchant.username);

    await logOut(page);
    await page.waitForURL(`${baseUrl}/login`);
    await page.getByTestId('login-page').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('sends /admin/product/detail without a token to login, and returns there after login', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/admin/product/detail?tab=mine`);
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/product/detail?tab=mine');

    await signIn(page, 'merchant', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/admin/product/detail?tab=mine`);
    const notice = page.getByTestId('admin-unavailable');
    await notice.waitFor();
    expect(await notice.textContent()).toContain('该页面暂未开放');
    expect(await page.title()).toBe(`页面暂未开放 - ${siteName}`);

    // A reload has a token but no session yet: the loading screen loads it and comes back (spec §2).
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(pathOf(page));
    });
    await page.reload();
    await page.waitForURL(`${baseUrl}/admin/product/detail?tab=mine`);
    await notice.waitFor();
    const loading = visited.find((path) => path.startsWith('/admin/loading/'));
    expect(loading).toBeDefined();
    expect(JSON.parse(decodeURIComponent(loading!.slice('/admin/loading/'.length)))).toEqual({
      path: '/admin/product/detail',
      query: { tab: 'mine' },
    });

    // The merchant's menus do not grant the menu editor: no right, so /401 (spec §2, §6).
    await page.goto(`${baseUrl}/admin/access/menu`);
    await page.waitForURL(`${baseUrl}/401`);
    expect(await page.getByTestId('no-access').textContent()).toContain('您没有权限操作！');
    expect(pageErrors).toEqual([]);
  });

  it('renews a rejected access token once with the refresh token, and sends a spent one to login (spec §4)', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/login?redirect=%2Fadmin%2Fproduct%2Fdetail`);
    await signIn(page, 'supplier', DEMO_PASSWORD);
    await page.waitForURL(`${baseUrl}/admin/product/detail`);
    const tokens = () =>
      page.evaluate(() => ({
        access: localStorage.getItem('adminToken'),
        refresh: localStorage.getItem('adminRefreshToken'),
      }));
    const before = await tokens();

    // The server refuses the access token; the session load renews it and goes on.
    await page.evaluate(() => localStorage.setItem('adminToken', 'not-a-valid-access-token-at-all'));
    const refreshes: number[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('/api/v1/auth/refresh')) refreshes.push(response.status());
    });
    await page.reload();
    await page.getByTestId('admin-unavailable').waitFor();
    expect(refreshes).toEqual([200]);
    const after = await tokens();
    expect(after.access).not.toBe('not-a-valid-access-token-at-all');
    // The refresh token rotates on use.
    expect(after.refresh).not.toBe(before.refresh);

    // With the refresh token spent as well, the tokens go and the user signs in again.
    await page.evaluate(() => {
      localStorage.setItem('adminToken', 'not-a-valid-access-token-at-all');
      localStorage.setItem('adminRefreshToken', 'not-a-valid-refresh-token-at-all');
    });
    await page.reload();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/admin/product/detail');
    expect(await tokens()).toEqual({ access: null, refresh: null });
  });

  it('tells a wrong captcha answer and gives a new captcha (spec §8)', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByTestId('login-page').waitFor();
    await page.locator('#username').fill('merchant');
    await page.locator('#password').fill(DEMO_PASSWORD);
    await page.getByTestId('login-submit').click();
    const image = page.getByTestId('captcha-image');
    await image.waitFor();
    const firstId = await image.getAttribute('data-captcha-id');
    const answer = await captchaAnswer(baseUrl, firstId!);
    // Every click far from where it should be: mirrored across the image.
    const wrong = answer.points.map((p) => ({ x: answer.width - p.x, y: answer.height - p.y }));
    await clickScaled(image, wrong, answer.width, answer.height);
    await page.getByTestId('captcha-status').getByText('未点中正确区域，请重试').waitFor();
    await page.waitForFunction((id) => {
      const current = document.querySelector('[data-testid="captcha-image"]');
      return current !== null && current.getAttribute('data-captcha-id') !== id;
    }, firstId);
    await solveCaptcha(page, baseUrl);
    await page.waitForURL(`${baseUrl}/admin/dashboard`);
  });

  it('serves the Wap login on a phone and the desktop one on a desktop (spec §2)', async () => {
    const phone = await openPage(IPHONE);
    await phone.goto(`${baseUrl}/login`);
    await phone.waitForURL(`${baseUrl}/loginWap`);
    const form = phone.getByTestId('login-page');
    await form.waitFor();
    expect(await form.getAttribute('data-variant')).toBe('mobile');
    // The captcha is shown narrower than its own pixels on a phone; the clicks still land.
    await signIn(phone, 'merchant', DEMO_PASSWORD);
    await phone.waitForURL(`${baseUrl}/admin/dashboard`);

    const desktop = await openPage();
    await desktop.goto(`${baseUrl}/loginWap?redirect=%2Fadmin%2Fdashboard`);
    await desktop.waitForURL(`${baseUrl}/login?redirect=%2Fadmin%2Fdashboard`);
    expect(await desktop.getByTestId('login-page').getAttribute('data-variant')).toBe('desktop');
    expect(pageErrors).toEqual([]);
  });
});

describe('member centre', () => {
  it('signs a member in with the captcha, shows the overview and logs, and logs out', async () => {
    const page = await openPage();
    await page.goto(`${baseUrl}/user/account/balance`);
    await page.waitForURL((url) => url.pathname === '/user/login');
    await page.getByTestId('member-login-page').waitFor();
    await page.locator('#memberLogin_username').fill('member');
    await page.locator('#memberLogin_password').fill(DEMO_PASSWORD);
    await page.getByTestId('member-login-submit').click();
    await solveCaptcha(page, baseUrl);
    await page.waitForURL(`${baseUrl}/user/account/balance`);
    await page.getByTestId('balance-log').waitFor();

    await page.getByRole('menuitem', { name: '账户概览' }).click();
    await page.waitForURL(`${baseUrl}/user/account/overview`);
    await page.getByTestId('member-overview').waitFor();
    expect(await page.getByTestId('member-user').textContent()).not.toBe('');

    await page.getByTestId('member-logout').click();
    await page.locator('.ant-popconfirm').getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(`${baseUrl}/user/login`);
    expect(await page.evaluate(() => localStorage.getItem('memberToken'))).toBeNull();
    expect(pageErrors).toEqual([]);
  });
});
