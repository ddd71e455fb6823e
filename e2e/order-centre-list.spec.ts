import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 15_000 };

/** A call of the platform API from the signed-in page, with its admin token. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('adminToken')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, data: ((await response.json()) as { data: T }).data };
    },
    { method, path, body },
  );
}

interface Finished {
  id: string;
  colors: Array<{ id: string }>;
  sizes: Array<{ id: string }>;
}

/** One in-stock pick of the demo merchant's finished products. */
async function finishedPick(page: Page) {
  const finished = await api<{ list: Finished[] }>(page, 'GET', '/api/v1/admin/design/finished?limit=20');
  for (const f of finished.data.list)
    for (const color of f.colors)
      for (const size of f.sizes) {
        const added = await api<{ list: Array<{ id: string }> }>(page, 'POST', '/api/v1/admin/cart', {
          items: [{ finished_product_id: f.id, color_id: color.id, size_id: size.id }],
        });
        if (added.status === 200)
          return {
            lineId: added.data.list[0]!.id,
            pick: { finished_product_id: f.id, color_id: color.id, size_id: size.id },
          };
      }
  throw new Error('no orderable finished product');
}

/** An unpaid order of the demo merchant, as the settlement page makes it. */
async function unpaidOrder(page: Page): Promise<string> {
  const { lineId } = await finishedPick(page);
  const address = await api<{ id: string }>(page, 'POST', '/api/v1/admin/address', {
    first_name: 'E2E Buyer',
    mobile_phone: '(415) 555-0132',
    country: 'US',
    province: 'CA',
    city: 'San Francisco',
    street: `${randomUUID().slice(0, 6)} Market St`,
    postcode: '94105',
  });
  const preview = await api<{
    lines: Array<{ cart_line_id: string; unit_price: number }>;
    orders: Array<{ shipping: { method_id: string; fee: number } }>;
  }>(page, 'POST', '/api/v1/admin/settlement/preview', {
    cart_line_ids: [lineId],
    addresses: [{ address_id: address.data.id }],
  });
  const shipping = preview.data.orders[0]!.shipping;
  const submit = await api<{ orders: Array<{ order_no: string }> }>(
    page,
    'POST',
    '/api/v1/admin/settlement/submit',
    {
      lines: preview.data.lines.map((l) => ({ cart_line_id: l.cart_line_id, unit_price: l.unit_price })),
      addresses: [
        { address_id: address.data.id, shipping_method_id: shipping.method_id, shipping_fee: shipping.fee },
      ],
      idempotency_key: `e2e-${randomUUID()}`,
      pay: 'later',
    },
  );
  expect(submit.status).toBe(200);
  return submit.data.orders[0]!.order_no;
}

describe('order centre: list tabs, batch cancel, column settings, SKU mapping page', () => {
  it('counts the tabs under the pasted numbers, cancels both in one batch, keeps columns per user, and manages SKU mappings', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    await page.goto(`${baseUrl}/admin/order/list`);
    const first = await unpaidOrder(page);
    const second = await unpaidOrder(page);

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
    const shop = await api<{ id: string }>(page, 'POST', '/api/v1/admin/shop', {
      name: `E2E shop ${randomUUID().slice(0, 6)}`,
      platform: 'tiktok',
    });
    expect(shop.status).toBe(200);
    const { pick } = await finishedPick(page);
    const sku = `E2E-${randomUUID().slice(0, 8)}`;
    const created = await api(page, 'POST', '/api/v1/admin/skuMapping', {
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
