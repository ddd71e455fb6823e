import { randomInt } from 'node:crypto';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { TIKTOK_EXPORT_HEADERS } from '../apps/server/src/modules/intake/templates.ts';
import { useAdminBrowser } from './admin-browser.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 60_000 };

/** A TikTok Shop order export: two good orders (one with two lines) and one with a bad phone. */
async function tiktokExport(numbers: string[]): Promise<string> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('OrderSKUList');
  sheet.addRow([...TIKTOK_EXPORT_HEADERS]);
  sheet.addRow(TIKTOK_EXPORT_HEADERS.map((h) => `${h} (description)`));
  const row = (orderNo: string, over: Record<string, string | number> = {}) => {
    const values: Record<string, string | number> = {
      'Order ID': orderNo,
      'Order Status': 'Awaiting Shipment',
      'SKU ID': '1729000000001',
      'Seller SKU': 'TEE-BLK-M',
      'Product Name': 'Custom tee',
      Quantity: 1,
      'SKU Unit Original Price': '19.99',
      'SKU Subtotal After Discount': '19.99',
      'Shipping Fee After Discount': '4.99',
      'Order Amount': '24.98',
      Recipient: 'Jane Doe',
      'Phone #': '(415) 555-0132',
      Zipcode: '94105',
      Country: 'United States',
      Province: 'CA',
      District: 'San Francisco',
      'Detail Address': '1 Market St',
      ...over,
    };
    sheet.addRow(TIKTOK_EXPORT_HEADERS.map((h) => values[h] ?? ''));
  };
  row(numbers[0]!);
  row(numbers[0]!, { 'SKU ID': '1729000000002', 'Seller SKU': 'MUG-01', 'Product Name': 'Mug' });
  row(numbers[1]!);
  row(numbers[2]!, { 'Phone #': '12', 'Product Name': '=1+2' });
  const dir = await mkdtemp(join(tmpdir(), 'pod-e2e-intake-'));
  const path = join(dir, 'tiktok-orders.xlsx');
  await writeFile(path, Buffer.from(await book.xlsx.writeBuffer()));
  return path;
}

describe('order import', () => {
  it('a merchant imports a TikTok Shop export, watches the progress, downloads the failed rows and finds the orders in the order list with their shop', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    const base = `5769${String(randomInt(1e9)).padStart(9, '0')}`;
    const numbers = [`${base}01`, `${base}02`, `${base}03`];
    const file = await tiktokExport(numbers);

    await page.goto(`${baseUrl}/admin/order/import`);
    await page.getByTestId('order-import-page').waitFor(POLL);
    await page.getByTestId('import-shop').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'TikTok' })
      .first()
      .click();
    await page.locator('[data-testid="order-import-page"] input[type="file"]').setInputFiles(file);
    await page.getByTestId('import-submit').click();

    const progress = page.getByTestId('import-progress');
    await progress.waitFor(POLL);
    await expect.poll(() => progress.getAttribute('data-status'), POLL).toBe('completed');
    await expect.poll(() => page.getByTestId('import-summary').innerText(), POLL).toMatch(/2/);

    const [download] = await Promise.all([
      page.waitForEvent('download', POLL),
      page.getByTestId('import-current-failed').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
    const rows: string[][] = [];
    book.worksheets[0]!.eachRow((r) =>
      rows.push(
        (r.values as unknown[])
          .slice(1)
          .map((v) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '')),
      ),
    );
    // Header, then the one failed row with its reason (in Chinese, the demo's language).
    expect(rows).toHaveLength(2);
    expect(rows[0]!.slice(0, 3)).toEqual(['行号', '失败原因', 'Order ID']);
    expect(rows[1]![1]).toMatch(/电话/);
    expect(rows[1]![2]).toBe(numbers[2]);
    expect(rows[1]![2 + TIKTOK_EXPORT_HEADERS.indexOf('Product Name')]).toBe("'=1+2");

    // The record is listed with its counts.
    const record = page.getByTestId('import-record').first();
    await expect.poll(() => record.getAttribute('data-status'), POLL).toBe('completed');

    // The imported orders are in the order list, with their shop.
    await page.goto(`${baseUrl}/admin/order/list`);
    await page.getByTestId('order-list-page').waitFor(POLL);
    for (const no of numbers.slice(0, 2)) await page.locator('tr', { hasText: no }).first().waitFor(POLL);
    // The list's shop column is hidden by default: the same list, read through the API the page uses.
    const listed = await page.evaluate(async () => {
      const res = await fetch('/api/v1/admin/order?limit=100', {
        headers: { Authorization: `Bearer ${localStorage.getItem('adminToken')}` },
      });
      return (
        (await res.json()) as { data: { list: Array<{ third_party_order_no: string; shop_name: string }> } }
      ).data.list;
    });
    for (const no of numbers.slice(0, 2))
      expect(listed.find((o) => o.third_party_order_no === no)?.shop_name).toMatch(/TikTok/);
    expect(await page.locator('tr', { hasText: numbers[2]! }).count()).toBe(0);
    expect(pageErrors()).toEqual([]);
  });
});
