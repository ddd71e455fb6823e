import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';

const baseUrl = inject('baseUrl');

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: Error[];
let failedResponses: string[];
let diagnostics = '';

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
});

// A fresh context per test: no localStorage (language choice) carries over.
beforeEach(async ({ onTestFailed }) => {
  context = await browser.newContext();
  page = await context.newPage();
  pageErrors = [];
  failedResponses = [];
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('response', (response) => {
    if (response.status() >= 400) {
      failedResponses.push(`${response.status()} ${response.request().method()} ${response.url()}`);
    }
  });
  // A locator timeout alone says little; show what the browser got (collected in afterEach, which
  // runs before the failure hooks and closes the page).
  onTestFailed(() => console.error(diagnostics));
});

afterEach(async () => {
  const body = await page
    .locator('body')
    .innerText({ timeout: 1_000 })
    .catch(() => '(no body)');
  diagnostics = [
    `page: ${page.url()}`,
    `failed responses: ${failedResponses.join(', ') || 'none'}`,
    `page errors: ${pageErrors.map((error) => error.message).join(', ') || 'none'}`,
    `body: ${body.slice(0, 2_000)}`,
  ].join('\n');
  await context.close();
});

function htmlLang(): Promise<string | null> {
  return page.locator('html').getAttribute('lang');
}

describe('app shell', () => {
  it('starts in zh-cn and switches to English with a reload (spec §1)', async () => {
    const response = await page.goto(`${baseUrl}/`);
    expect(response?.status()).toBe(200);
    const title = page.getByTestId('site-title');
    await title.waitFor();
    const siteName = (await title.textContent()) ?? '';
    expect(siteName).not.toBe('');
    expect(await htmlLang()).toBe('zh-cn');
    expect(await page.getByTestId('health-status').textContent()).toBe('运行正常');
    await page.getByText('服务状态').first().waitFor();
    // spec §1: the page title is the route title plus the site name.
    expect(await page.title()).toBe(`首页 - ${siteName}`);

    await Promise.all([
      page.waitForEvent('load'),
      page.getByTestId('lang-switch').getByText('English').click(),
    ]);

    await page.getByText('Service status').first().waitFor();
    expect(await htmlLang()).toBe('en');
    expect(await page.getByTestId('health-status').textContent()).toBe('Running');
    expect(await page.title()).toBe(`Home - ${siteName}`);
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
    expect(pageErrors).toEqual([]);
  });

  it('redirects an unknown path to /404 (spec §2)', async () => {
    // The server answers unknown non-API paths with the app (SPA fallback); the router redirects.
    expect((await page.goto(`${baseUrl}/no/such/page`))?.status()).toBe(200);
    await page.waitForURL(`${baseUrl}/404`);
    const notFound = page.getByTestId('not-found');
    await notFound.waitFor();
    expect(await notFound.textContent()).toContain('页面不存在');
    await notFound.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(`${baseUrl}/`);
    await page.getByTestId('site-title').waitFor();
    expect(pageErrors).toEqual([]);
  });

  it('shows a retry when the site info cannot be loaded, and the page once it loads', async () => {
    let isFailing = true;
    await page.route('**/api/v1/index', (route) =>
      isFailing
        ? route.fulfill({ status: 503, contentType: 'application/json', body: '{"code":503,"msg":"down"}' })
        : route.continue(),
    );
    await page.goto(`${baseUrl}/404`);
    const failed = page.getByTestId('site-load-error');
    await failed.waitFor();
    expect(await page.getByTestId('not-found').count()).toBe(0);
    isFailing = false;
    await failed.locator('button').click();
    await page.getByTestId('not-found').waitFor();
    expect(await failed.count()).toBe(0);
  });
});
