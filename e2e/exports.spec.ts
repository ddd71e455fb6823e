import ExcelJS from 'exceljs';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { api, unpaidOrder } from './orders-api.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 30_000 };

describe('exports', () => {
  it('a merchant exports the order list with its filter, watches the progress, downloads the xlsx and finds exactly the listed orders in it; the record is on the export records page', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    await unpaidOrder(page, { consignee: 'Export Tester' });
    await unpaidOrder(page, { consignee: 'Export Tester' });

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
