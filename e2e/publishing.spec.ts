import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn } = useAdminBrowser();
const POLL = { timeout: 30_000 };
/** A publish job on a busy machine. */
const JOB = { timeout: 90_000 };

/** A PNG chunk: length, type, data and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real white PNG of the size asked (a product photo to upload). */
function whitePng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3, 255);
  row[0] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Uploads one image into a kind of the publish form and waits for its tile. */
async function uploadInto(page: Page, kind: string, name: string, width: number, height: number) {
  const field = page.getByTestId(`listing-images-${kind}`);
  const before = await field.getByTestId('listing-image').count();
  await field
    .locator('input[type="file"]')
    .setInputFiles([{ name, mimeType: 'image/png', buffer: whitePng(width, height) }]);
  await expect.poll(() => field.getByTestId('listing-image').count(), POLL).toBe(before + 1);
}

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
    await page.getByTestId('listing-sites').click();
    await page.keyboard.type('US');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    // A warehouse covering the site (spec §5: a warehouse and at least one site): the form offers
    // the warehouses linked to the shop (spec §2: warehouse choice).
    await page.getByTestId('listing-add-warehouse').click();
    const linked = page.getByTestId('listing-warehouse-choices').locator('option');
    await expect.poll(() => linked.count(), POLL).toBeGreaterThan(0);
    const warehouseId = await linked.first().getAttribute('value');
    expect(warehouseId).toBeTruthy();
    await form.getByTestId('listing-warehouse-0').fill(warehouseId!);
    // Images: the finished product's mockups fill every kind the rules ask for.
    await page.getByTestId('listing-use-mockups').click();
    await expect
      .poll(
        () => page.getByTestId('listing-images-product_photos').getByTestId('listing-image').count(),
        POLL,
      )
      .toBeGreaterThanOrEqual(3);
    // An upload too small for a product photo is measured and refused inline, then removed.
    await uploadInto(page, 'product_photos', 'small.png', 600, 800);
    await expect
      .poll(() => form.innerText(), POLL)
      .toMatch(/Product photos #4: at least 900×900 px|商品实拍图 #4：尺寸至少900×900像素/);
    expect(await page.getByTestId('listing-save-publish').isDisabled()).toBe(true);
    await page
      .getByTestId('listing-images-product_photos')
      .getByTestId('listing-image')
      .nth(3)
      .getByRole('button')
      .click();
    // A detail image uploaded as it is (optional, any size up to 3 MB).
    await uploadInto(page, 'detail', 'detail.png', 900, 1200);
    await expect.poll(() => page.getByTestId('listing-save-publish').isDisabled(), POLL).toBe(false);
    expect(await page.getByTestId('rule-issues').count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}publishing-form.png` });

    // Its reusable fields saved as a template: the name cannot be empty.
    await page.getByTestId('listing-save-template').click();
    await page.getByTestId('template-save-ok').click();
    await expect
      .poll(() => page.locator('.ant-modal:visible').innerText(), POLL)
      .toMatch(/Template name cannot be empty|模板名称不能为空/);
    const templateName = `Tees ${Date.now().toString(36)}`;
    await page.getByTestId('template-name-input').fill(templateName);
    await page.getByTestId('template-save-ok').click();
    await expect.poll(() => page.getByTestId('template-name-input').count(), POLL).toBe(0);

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

    // The template applied from the list to the finished product in the shop: its released listing
    // is updated (its titles stay its own) and offers to republish; republishing releases it again.
    await page.getByTestId('listing-apply-template').click();
    const applyForm = page.getByTestId('apply-template-form');
    await applyForm.waitFor(POLL);
    await choose(page, 'apply-template-template', templateName);
    await choose(page, 'apply-template-shop', 'Demo TikTok Shop');
    await choose(page, 'apply-template-finished', /Demo summer tee/);
    await page.locator('.ant-modal:visible .ant-modal-title').click();
    await page.getByTestId('apply-template-ok').click();
    await expect
      .poll(() => page.locator('.ant-message').innerText(), POLL)
      .toMatch(/0 listing\(s\) created, 1 updated|已创建0个刊登，更新1个/);
    await expect.poll(() => applyForm.count(), POLL).toBe(0);
    const republish = row.getByTestId('listing-publish');
    await expect.poll(() => republish.innerText(), POLL).toMatch(/Republish|重新发布/);
    expect(await row.innerText()).toContain('Summer Tee');
    await republish.click();
    // Accepted (the button goes), then the job releases it again.
    await expect.poll(() => republish.count(), POLL).toBe(0);
    await expect
      .poll(() => row.getByTestId('listing-status').getAttribute('data-status'), JOB)
      .toBe('released');
    await expect
      .poll(() => page.getByTestId('publish-result').innerText(), JOB)
      .toMatch(/1 published, 0 failed|成功 1 个，失败 0 个/);
  });
});
