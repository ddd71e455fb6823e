import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { watchCsp } from './csp.ts';
import { solveCaptcha } from './test-hooks.ts';

/**
 * Issue 17 finding 5: the Content Security Policy fits the app. Every demo account signs in and
 * opens every page of its menu; the storefront and the login pages are opened anonymously. No
 * page may report a violation.
 */
const baseUrl = inject('baseUrl');
const DEMO_PASSWORD = 'Demo12345';

interface MenuNode {
  type: string;
  path: string;
  is_external: boolean;
  children: MenuNode[];
}

const pagesOf = (nodes: MenuNode[]): string[] =>
  nodes.flatMap((n) => [
    ...(n.type === 'menu' && n.path && !n.is_external
      ? [n.path.startsWith('/') ? n.path : `/admin/${n.path.replace(/\/+$/, '')}`]
      : []),
    ...pagesOf(n.children),
  ]);

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser.close());

describe('Content Security Policy', () => {
  it('the watcher sees a violation when there is one', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations = await watchCsp(context, page);
    await page.goto(`${baseUrl}/login`);
    // An image from another origin is outside img-src: the page must report it.
    await page.evaluate(() => {
      const img = document.createElement('img');
      img.src = 'https://example.invalid/pixel.png';
      document.body.append(img);
    });
    await expect.poll(() => violations().length).toBeGreaterThan(0);
    await context.close();
  });

  it('anonymous pages report no violation', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const violations = await watchCsp(context, page);
    for (const path of ['/', '/login', '/register', '/user/login', '/404']) {
      await page.goto(`${baseUrl}${path}`);
      await page.waitForLoadState('networkidle');
    }
    await context.close();
    expect(violations()).toEqual([]);
  });

  for (const username of ['admin', 'supplier', 'factory', 'merchant', 'staff']) {
    it(`every menu page of the demo ${username} reports no violation`, { timeout: 240_000 }, async () => {
      const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      const page = await context.newPage();
      const violations = await watchCsp(context, page);
      await page.goto(`${baseUrl}/login`);
      await page.getByTestId('login-page').waitFor();
      await page.locator('#username').fill(username);
      await page.locator('#password').fill(DEMO_PASSWORD);
      await page.getByTestId('login-submit').click();
      await solveCaptcha(page, baseUrl);
      await page.waitForURL(`${baseUrl}/admin/dashboard`);
      const menus = await page.evaluate(async () => {
        const res = await fetch('/api/v1/auth/index', {
          headers: { authorization: `Bearer ${localStorage.getItem('adminToken') ?? ''}` },
        });
        return ((await res.json()) as { data: { menus: unknown } }).data.menus;
      });
      // Accounts without a role (factory, staff) have no menu pages but still the dashboard.
      const paths = [...new Set(['/admin/dashboard', ...pagesOf(menus as MenuNode[])])];
      for (const path of paths) {
        await page.goto(`${baseUrl}${path}`);
        await page.waitForLoadState('networkidle');
      }
      await context.close();
      expect(violations()).toEqual([]);
    });
  }
});
