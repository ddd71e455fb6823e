import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn } = useAdminBrowser();
const POLL = { timeout: 30_000 };
/** A publish job on a busy machine. */
const JOB = { timeout: 90_000 };

/** Picks an option of an antd select by its visible text. */
async function choose(page: Page, testId: string, text: string | RegExp) {
  await page.getByTestId(testId).click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

describe('publishing', () => {
  it('the merchant fills the publish form, sees the rules inline, fixes them, publishes and watches the status move to released', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    await page.goto(`${baseUrl}/admin/publish/listing`);
    await page.getByTestId('listing-page').waitFor(POLL);
    await page.getByTestId('listing-new').click();
    const form = page.getByTestId('listing-form');
    await form.waitFor(POLL);

    await choose(page, 'listing-finished', /Demo summer tee/);
    await choose(page, 'listing-shop', 'Demo TikTok Shop');
    // Broken on purpose: punctuation after the title, three decimals in the price, two in the weight.
    await form.getByTestId('listing-title_en').fill('Summer Tee!');
    await form.getByTestId('listing-title_zh').fill('夏日T恤');
    await form.getByTestId('listing-price').fill('12.999');
    await form.getByTestId('listing-weight').fill('250.55');
    // The shared rules' messages, in whichever language the page shows.
    await expect
      .poll(() => form.innerText(), POLL)
      .toMatch(/English title: no punctuation|英文标题：首尾不能有标点/);
    expect(await form.innerText()).toMatch(/Declared price: at most 2 decimal|申报价格：最多2位小数/);
    expect(await form.innerText()).toMatch(/Weight: at most 1 decimal|重量：最多1位小数/);
    expect(await page.getByTestId('listing-save-publish').isDisabled()).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}publishing-rules.png` });

    // Fix them and fill the rest.
    await form.getByTestId('listing-title_en').fill('Summer Tee');
    await form.getByTestId('listing-price').fill('12.99');
    await form.getByTestId('listing-weight').fill('250.5');
    await form.getByTestId('listing-category_id').fill('600001');
    await form.getByTestId('listing-origin_country').fill('CN');
    await form.getByTestId('listing-origin_province').fill('Zhejiang');
    await form.getByTestId('listing-volume').fill('1200');
    await form.getByTestId('listing-length').fill('30');
    await form.getByTestId('listing-width').fill('20');
    await form.getByTestId('listing-height').fill('2');
    await choose(page, 'listing-delivery', /^2/);
    await form.getByTestId('listing-warehouse').fill('WH1');
    await page.getByTestId('listing-sites').click();
    await page.keyboard.type('US');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await choose(page, 'listing-images', /mockups|效果图/);
    await expect.poll(() => page.getByTestId('listing-save-publish').isDisabled(), POLL).toBe(false);
    expect(await page.getByTestId('rule-issues').count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}publishing-form.png` });

    await page.getByTestId('listing-save-publish').click();
    const row = page.getByTestId('listing-page').getByRole('row').filter({ hasText: 'Summer Tee' });
    await row.waitFor(POLL);
    await expect
      .poll(() => page.getByTestId('publish-progress').getAttribute('data-state'), JOB)
      .toBe('completed');
    await expect
      .poll(() => row.getByTestId('listing-status').getAttribute('data-status'), POLL)
      .toBe('released');
    expect(await page.getByTestId('publish-result').innerText()).toMatch(
      /1 published, 0 failed|成功 1 个，失败 0 个/,
    );
    expect(await row.innerText()).toMatch(/17\d{17}/);
    await page.screenshot({ path: `${ARTIFACTS}publishing-released.png` });
  });
});
