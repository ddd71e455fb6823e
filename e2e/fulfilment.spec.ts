import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 30_000 };

/** A call of the platform API from the signed-in page, with its admin token. */
async function api<T>(page: Page, method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const reply = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('adminToken')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as { data: unknown; msg: string } };
    },
    { method, path, body },
  );
  if (reply.status !== 200) throw new Error(`${method} ${path}: ${reply.status} ${reply.json.msg}`);
  return reply.json.data as T;
}

/** A paid order of the demo merchant (cart, address, preview, submit, pay from the balance). */
async function paidOrder(page: Page): Promise<{ id: string; order_no: string }> {
  const finished = await api<{
    list: Array<{ id: string; colors: Array<{ id: string }>; sizes: Array<{ id: string }> }>;
  }>(page, 'GET', '/api/v1/admin/design/finished?limit=1');
  const product = finished.list[0]!;
  const item = {
    finished_product_id: product.id,
    color_id: product.colors[0]!.id,
    size_id: product.sizes[0]!.id,
  };
  const cart = await api<{ list: Array<{ id: string; finished_product_id: string }> }>(
    page,
    'POST',
    '/api/v1/admin/cart',
    { items: [item] },
  );
  const line = cart.list.find((l) => l.finished_product_id === product.id)!;
  const address = await api<{ id: string }>(page, 'POST', '/api/v1/admin/address', {
    first_name: 'Factory Tester',
    mobile_phone: '(415) 555-0132',
    country: 'US',
    province: 'CA',
    city: 'San Francisco',
    street: `${randomUUID().slice(0, 8)} Market St`,
    postcode: '94105',
  });
  const preview = await api<{
    lines: Array<{ unit_price: number }>;
    orders: Array<{ shipping: { method_id: string; fee: number } }>;
  }>(page, 'POST', '/api/v1/admin/settlement/preview', {
    cart_line_ids: [line.id],
    addresses: [{ address_id: address.id }],
  });
  const submitted = await api<{ orders: Array<{ id: string; order_no: string }> }>(
    page,
    'POST',
    '/api/v1/admin/settlement/submit',
    {
      lines: [{ cart_line_id: line.id, unit_price: preview.lines[0]!.unit_price }],
      addresses: [
        {
          address_id: address.id,
          shipping_method_id: preview.orders[0]!.shipping.method_id,
          shipping_fee: preview.orders[0]!.shipping.fee,
        },
      ],
      idempotency_key: `e2e-${randomUUID()}`,
    },
  );
  const order = submitted.orders[0]!;
  await api(page, 'POST', '/api/v1/admin/order/pay', { order_nos: [order.order_no] });
  return order;
}

describe('fulfilment', () => {
  it('the factory user starts production, downloads the print files as one zip and marks the order shipped; the merchant sees it', async () => {
    const merchant = await openPage();
    await signIn(merchant, 'merchant', DEMO_PASSWORD);
    const order = await paidOrder(merchant);

    const factory = await openPage();
    await signIn(factory, 'factory', DEMO_PASSWORD);
    await factory.goto(`${baseUrl}/admin/production`);
    const row = factory.getByRole('row').filter({ hasText: order.order_no });
    await row.waitFor(POLL);

    // Start production of the selected order (with confirmation).
    await row.locator('.ant-checkbox-input').check();
    await factory.getByTestId('production-start').click();
    await factory.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(factory, 'GET', `/api/v1/admin/production/${order.id}`)).status,
        POLL,
      )
      .toBe('in_production');

    // The in-production tab: download the order's print files as one zip.
    await factory.getByRole('tab', { name: /生产中|In production/ }).click();
    const started = factory.getByRole('row').filter({ hasText: order.order_no });
    await started.waitFor(POLL);
    await started.locator('.ant-checkbox-input').check();
    const [download] = await Promise.all([
      factory.waitForEvent('download', POLL),
      factory.getByTestId('production-print-files').click(),
    ]);
    expect(download.suggestedFilename()).toBe('print-files.zip');
    const zip = await readFile(await download.path());
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zip.includes(Buffer.from(`${order.order_no}/`))).toBe(true);

    // Mark it shipped with a carrier and tracking number.
    await factory.getByTestId(`production-ship-${order.order_no}`).click();
    await factory.getByTestId('ship-carrier').click();
    await factory.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    const tracking = `YT${Date.now()}`;
    await factory.getByTestId('ship-tracking').fill(tracking);
    await factory.locator('.ant-modal:visible .ant-btn-primary').click();
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(factory, 'GET', `/api/v1/admin/production/${order.id}`)).status,
        POLL,
      )
      .toBe('shipped');

    // The merchant's order shows the production progress: shipped, with the tracking number.
    await merchant.goto(`${baseUrl}/admin/order/detail?order_no=${order.order_no}`);
    const progress = merchant.getByTestId('production-progress');
    await progress.waitFor(POLL);
    await expect.poll(() => progress.getAttribute('data-status'), POLL).toBe('shipped');
    await expect.poll(() => progress.textContent(), POLL).toContain(tracking);
    expect(pageErrors()).toEqual([]);
  });
});
