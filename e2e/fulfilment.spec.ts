import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { api, paidOrder } from './orders-api.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 30_000 };

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

    // The merchant's order shows its status timeline: shipped, with the tracking number.
    await merchant.goto(`${baseUrl}/admin/order/detail?order_no=${order.order_no}`);
    const progress = merchant.getByTestId('order-status-timeline');
    await progress.waitFor(POLL);
    await expect.poll(() => progress.getAttribute('data-status'), POLL).toBe('shipped');
    await expect.poll(() => progress.textContent(), POLL).toContain(tracking);
    expect(pageErrors()).toEqual([]);
  });

  it("the merchant splits one label PDF: the review table shows each page's thumbnail and the number read from a barcode", async () => {
    const merchant = await openPage();
    await signIn(merchant, 'merchant', DEMO_PASSWORD);
    const order = await paidOrder(merchant);
    const methods = await api<{ options: Array<{ value: string }> }>(
      merchant,
      'GET',
      '/api/v1/admin/label/methods',
    );
    const tracking = `E2E${randomInt(1_000_000_000)}LB`;
    await api(merchant, 'POST', '/api/v1/admin/label/import', {
      platform: 'other',
      method_ids: [methods.options[0]!.value],
      lines: `${order.order_no},${tracking}`,
    });

    // Page 1 carries the number only as a Code 128 barcode; page 2 a number no order has, as text.
    const doc = await PDFDocument.create();
    const code = await doc.embedPng(
      await bwipjs.toBuffer({ bcid: 'code128', text: tracking, scale: 3, height: 14 }),
    );
    doc.addPage([288, 432]).drawImage(code, { x: 20, y: 200, width: 248, height: 60 });
    doc.addPage([288, 432]).drawText('TRACKING UNKNOWN00001234', {
      x: 20,
      y: 200,
      size: 14,
      font: await doc.embedFont(StandardFonts.Helvetica),
    });
    const pdf = Buffer.from(await doc.save());

    await merchant.goto(`${baseUrl}/admin/order/label`);
    await merchant.getByRole('tab', { name: /拆分面单 PDF|Split a label PDF/ }).click();
    await merchant
      .locator('[data-testid="label-split"] input[type="file"]')
      .setInputFiles({ name: 'labels.pdf', mimeType: 'application/pdf', buffer: pdf });
    const table = merchant.getByTestId('split-pages');
    await table.waitFor(POLL);

    // Each page's thumbnail is an image the browser loaded (a PNG of the page, 320 px wide).
    for (const n of [1, 2]) {
      const thumb = merchant.locator(`[data-testid="split-thumb-${n}"] img`);
      await thumb.waitFor(POLL);
      await expect
        .poll(() => thumb.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0)), POLL)
        .toBe(320);
    }
    const first = table.getByRole('row').filter({ hasText: tracking });
    await expect.poll(() => first.textContent(), POLL).toContain(order.order_no);
    expect(await first.textContent()).toMatch(/条码|Barcode/);
    const second = table.getByRole('row').filter({ hasText: 'UNKNOWN00001234' });
    expect(await second.count()).toBe(1);

    // Saving makes the matched page the order's label.
    await merchant.getByRole('button', { name: /保存面单|Save labels/ }).click();
    await merchant.locator('.ant-popconfirm:visible .ant-btn-primary').click();
    await expect
      .poll(
        async () =>
          (
            await api<{ list: Array<{ label_status: string; source: string }> }>(
              merchant,
              'GET',
              `/api/v1/admin/label?tracking_no=${tracking}`,
            )
          ).list[0],
        POLL,
      )
      .toMatchObject({ label_status: 'ready', source: 'split' });
    expect(pageErrors()).toEqual([]);
  });
});
