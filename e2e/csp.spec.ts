import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchChromium } from './browser.ts';
import { watchCsp } from './csp.ts';

/**
 * Issue 17 finding 5: the Content Security Policy fits the app. The storefront and the login pages
 * are opened anonymously here; every menu page of every demo account is opened, animations on and
 * in both languages, by the two-language sweep, whose pages are watched too (decision 0094). No
 * page may report a violation.
 */
const baseUrl = inject('baseUrl');
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
});
