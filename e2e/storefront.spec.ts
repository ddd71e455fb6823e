import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';

const baseUrl = inject('baseUrl');
const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const POLL = { timeout: 15_000 };

const DESKTOP: BrowserContextOptions = { viewport: { width: 1366, height: 900 } };
const PHONE: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let pageErrors: Error[];
let scripts: string[];
let diagnostics = '';

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser.close();
});

beforeEach(({ onTestFailed }) => {
  pageErrors = [];
  scripts = [];
  onTestFailed(() => console.error(diagnostics));
});

afterEach(async () => {
  const body = await page
    .locator('body')
    .innerText({ timeout: 1_000 })
    .catch(() => '(no body)');
  diagnostics = [
    `page: ${page.url()}`,
    `page errors: ${pageErrors.map((e) => e.message).join(', ') || 'none'}`,
    `body: ${body.slice(0, 2_000)}`,
  ].join('\n');
  await context.close();
});

/** An anonymous visitor's fresh browser on a device. */
async function visit(options: BrowserContextOptions): Promise<Page> {
  context = await browser.newContext(options);
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(error));
  page.on('response', (response) => {
    if (response.url().endsWith('.js')) scripts.push(new URL(response.url()).pathname);
  });
  return page;
}

describe('storefront (spec §2, anonymous visitor)', () => {
  it('desktop: home, all products filtered by category, a product’s page; no console code loaded', async () => {
    await visit(DESKTOP);
    await page.goto(`${baseUrl}/`);
    await page.getByTestId('storefront-desktop').waitFor(POLL);
    expect(await page.getByTestId('site-title').textContent()).not.toBe('');
    await page.getByTestId('store-home').getByTestId('store-product').first().waitFor(POLL);

    await page.getByTestId('store-browse').click();
    await page.waitForURL(`${baseUrl}/template/productList`);
    const list = page.getByTestId('store-product-list');
    await list.getByTestId('store-product').first().waitFor(POLL);
    expect(await list.getByTestId('store-product').count()).toBeGreaterThanOrEqual(5);

    // Home includes its subcategory Mugs: the mug is the one product there.
    await list.getByTestId('store-category').filter({ hasText: '家居' }).click();
    await page.waitForURL((url) => url.searchParams.has('category'));
    await expect.poll(() => list.getByTestId('store-product').count(), POLL).toBe(1);
    expect(await list.getByTestId('store-product-name').textContent()).toBe('陶瓷马克杯');
    await page.screenshot({ path: `${ARTIFACTS}storefront-desktop-list.png` });

    await list.getByTestId('store-product').click();
    await page.waitForURL((url) => url.pathname === '/template/productDetail' && url.searchParams.has('id'));
    const detail = page.getByTestId('store-product-detail');
    await detail.waitFor(POLL);
    expect(await detail.getByTestId('store-detail-name').textContent()).toBe('陶瓷马克杯');
    expect(await detail.getByTestId('store-gallery').locator('img').count()).toBeGreaterThan(0);
    expect(await detail.getByTestId('store-color').count()).toBe(2);
    expect(await detail.getByTestId('store-price-table').locator('tbody tr').count()).toBe(2);
    // Dictionary-backed fields read by their labels in the interface language, not as stored values.
    const specs = (await detail.getByTestId('store-specs').textContent()) ?? '';
    expect(specs).toContain('杯具');
    expect(specs).toContain('热升华');
    expect(specs).not.toContain('drinkware');
    expect(await page.title()).toContain('陶瓷马克杯');
    await page.screenshot({ path: `${ARTIFACTS}storefront-desktop-detail.png`, fullPage: true });

    // The public pages never load the console's code (antd, the admin shell, the editor).
    expect(
      scripts.some((path) => /\/(antd|antd-deps|console-root|admin-gate|page-registry)-/.test(path)),
    ).toBe(false);

    // "Design it" goes to the editor, which first asks an anonymous visitor to sign in.
    const productId = new URL(page.url()).searchParams.get('id');
    await detail.getByTestId('store-design').click();
    await page.waitForURL((url) => url.pathname === '/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/admin/design?product=${productId}`);
    expect(pageErrors).toEqual([]);
  });

  it('mobile: the desktop list redirects to its Wap twin; filter by category and open a product', async () => {
    await visit(PHONE);
    await page.goto(`${baseUrl}/template/productList`);
    await page.waitForURL(`${baseUrl}/templateWap/productList`);
    await page.getByTestId('storefront-mobile').waitFor(POLL);
    const list = page.getByTestId('store-product-list');
    await list.getByTestId('store-product').first().waitFor(POLL);

    // Apparel includes T-shirts and hoodies.
    await list.getByTestId('store-category').filter({ hasText: '服装' }).click();
    await expect.poll(() => list.getByTestId('store-product').count(), POLL).toBe(2);
    await page.screenshot({ path: `${ARTIFACTS}storefront-mobile-list.png` });

    await list.getByTestId('store-product').filter({ hasText: '连帽卫衣' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/templateWap/productDetail' && url.searchParams.has('id'),
    );
    const detail = page.getByTestId('store-product-detail');
    await detail.waitFor(POLL);
    expect(await detail.getByTestId('store-detail-name').textContent()).toBe('连帽卫衣');
    expect(await detail.getByTestId('store-size').count()).toBeGreaterThan(0);
    expect(await detail.getByTestId('store-surfaces').locator('tbody tr').count()).toBe(3);
    await page.screenshot({ path: `${ARTIFACTS}storefront-mobile-detail.png`, fullPage: true });
    expect(pageErrors).toEqual([]);
  });

  it('desktop: a Wap page redirects to its desktop twin with its query; an unknown product says so', async () => {
    await visit(DESKTOP);
    await page.goto(`${baseUrl}/layoutsWap`);
    await page.waitForURL(`${baseUrl}/template/productList`);
    await page.goto(`${baseUrl}/templateWap/productDetail?id=00000000-0000-4000-8000-000000000000`);
    await page.waitForURL(`${baseUrl}/template/productDetail?id=00000000-0000-4000-8000-000000000000`);
    await page.getByTestId('store-not-found').waitFor(POLL);
    await page.goto(`${baseUrl}/template/aboutUs`);
    await page.getByTestId('store-about').waitFor(POLL);
    // The spec names the template pages as children of their shell: both forms show the same page.
    await page.goto(`${baseUrl}/layouts/template/aboutUs`);
    await page.getByTestId('store-about').waitFor(POLL);
    await page.goto(
      `${baseUrl}/layoutsWap/templateWap/productDetail?id=00000000-0000-4000-8000-000000000000`,
    );
    await page.waitForURL(
      `${baseUrl}/layouts/template/productDetail?id=00000000-0000-4000-8000-000000000000`,
    );
    await page.getByTestId('store-not-found').waitFor(POLL);
    expect(pageErrors).toEqual([]);
  });
});
