import ExcelJS from 'exceljs';
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

/** An unpaid order of the demo merchant's finished product, through cart, address, preview and submit. */
async function placeOrder(page: Page): Promise<void> {
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
    first_name: 'Export Tester',
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
  await api(page, 'POST', '/api/v1/admin/settlement/submit', {
    lines: [{ cart_line_id: line.id, unit_price: preview.lines[0]!.unit_price }],
    addresses: [
      {
        address_id: address.id,
        shipping_method_id: preview.orders[0]!.shipping.method_id,
        shipping_fee: preview.orders[0]!.shipping.fee,
      },
    ],
    idempotency_key: `e2e-${randomUUID()}`,
  });
}

describe('exports', () => {
  it('a merchant exports the order list with its filter, watches the progress, downloads the xlsx and finds exactly the listed orders in it; the record is on the export records page', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    await placeOrder(page);
    await placeOrder(page);

    await page.goto(`${baseUrl}/admin/order/list`);
    await page.getByTestId('order-list-page').waitFor();
    // The list's own filter: the unpaid tab. The export sends the filters the list shows.
    await page.getByTestId('order-tab-unpaid').click();
    const listed = await api<{ list: Array<{ order_no: string }>; total: number }>(
      page,
      'GET',
      '/api/v1/admin/order?limit=100&status=unpaid',
    );
    expect(listed.total).toBeGreaterThanOrEqual(2);

    await page.getByTestId('export-button').click();
    const progress = page.getByTestId('export-progress');
    await progress.waitFor(POLL);
    await expect.poll(() => progress.getAttribute('data-status'), POLL).toBe('completed');
    const [download] = await Promise.all([
      page.waitForEvent('download', POLL),
      page.getByTestId('export-download').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const numbers: string[] = [];
    sheet.eachRow((row, i) => {
      if (i > 1) numbers.push(row.getCell(1).text);
    });
    expect(numbers).toEqual(listed.list.map((o) => o.order_no));
    const statusColumn = (sheet.getRow(1).values as unknown[]).indexOf('状态');
    expect(statusColumn).toBeGreaterThan(0);

    await page.goto(`${baseUrl}/admin/system/export`);
    const record = page.getByTestId('export-record').first();
    await record.waitFor(POLL);
    expect(await record.getAttribute('data-status')).toBe('completed');
    await expect.poll(() => record.innerText(), POLL).toMatch(/已下载|Downloaded/);
    expect(pageErrors()).toEqual([]);
  });
});
