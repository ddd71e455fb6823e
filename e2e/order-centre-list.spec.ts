import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { apiReply, finishedPick, unpaidOrder } from './orders-api.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 15_000 };

describe('order centre: list tabs, batch cancel, column settings, SKU mapping page', () => {
  it('counts the tabs under the pasted numbers, cancels both in one batch, keeps columns per user, and manages SKU mappings', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    await page.goto(`${baseUrl}/admin/order/list`);
    const first = (await unpaidOrder(page)).order_no;
    const second = (await unpaidOrder(page)).order_no;

    // 1. The tabs count the orders the applied filters match.
    await page.goto(`${baseUrl}/admin/order/list`);
    const box = page.getByTestId('order-filter-nos');
    await box.waitFor(POLL);
    await box.fill(`${first}\n${second}`);
    await page.getByTestId('crud-filters').locator('button[type="submit"]').click();
    await expect.poll(() => page.getByTestId('order-tab-unpaid').getAttribute('data-count'), POLL).toBe('2');
    await page.getByTestId('order-tab-cancelled').click();
    await expect.poll(() => page.getByTestId('order-no').count(), POLL).toBe(0);

    // 2. Batch cancel both by number, with a confirmation and a result per order.
    await page.getByTestId('order-batch-cancel').click();
    await page.getByTestId('order-batch-cancel-box').fill(`${first}, ${second}`);
    await page.getByTestId('order-batch-cancel-submit').click();
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await expect.poll(() => page.getByTestId('order-batch-cancel-result').innerText(), POLL).toMatch(/2/);
    await page.keyboard.press('Escape');
    await expect
      .poll(() => page.getByTestId('order-tab-cancelled').getAttribute('data-count'), POLL)
      .toBe('2');
    await expect.poll(() => page.getByTestId('order-no').count(), POLL).toBe(2);

    // 3. Column settings are stored under the signed-in user's id.
    await page.getByRole('button', { name: /列设置|Columns/ }).click();
    await page.getByTestId('crud-column-settings').locator('input[type="checkbox"]').last().check();
    const keys = await page.evaluate(() =>
      Object.keys(localStorage).filter((k) => k.startsWith('crudColumns:')),
    );
    expect(keys.some((k) => /^crudColumns:[0-9a-f-]{36}:order$/.test(k))).toBe(true);

    // 4. The SKU mapping page is there (menu component orders/sku-mapping): a mapping shows with the
    //    finished product it links to, and is deleted after a confirmation.
    const shop = await apiReply<{ id: string }>(page, 'POST', '/api/v1/admin/shop', {
      name: `E2E shop ${randomUUID().slice(0, 6)}`,
      platform: 'tiktok',
    });
    expect(shop.status).toBe(200);
    const { pick } = await finishedPick(page);
    const sku = `E2E-${randomUUID().slice(0, 8)}`;
    const created = await apiReply(page, 'POST', '/api/v1/admin/skuMapping', {
      shop_id: shop.data.id,
      external_sku_id: sku,
      ...pick,
    });
    expect(created.status).toBe(200);
    await page.goto(`${baseUrl}/admin/order/skuMapping`);
    await page.getByTestId('sku-mapping-page').waitFor(POLL);
    const row = page.locator('tr', { has: page.getByText(sku) });
    await row.waitFor(POLL);
    await row.getByTestId('crud-delete').click();
    await page.locator('.ant-popconfirm .ant-btn-dangerous').click();
    await expect.poll(() => page.getByText(sku).count(), POLL).toBe(0);
    expect(pageErrors()).toEqual([]);
  });
});
