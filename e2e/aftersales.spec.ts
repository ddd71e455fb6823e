import { deflateSync, crc32 } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { api, paidOrder } from './orders-api.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 30_000 };

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small real RGB PNG (evidence photo stand-in), one shade per image. */
function evidencePng(shade: number, width = 80, height = 60): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + width * 3, shade);
  row[0] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(Array.from({ length: height }, () => row)))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const cnyBalance = async (page: Page) =>
  (
    await api<{ list: Array<{ currency: string; balance: number }> }>(
      page,
      'GET',
      '/api/v1/admin/wallet/balance',
    )
  ).list.find((b) => b.currency === 'CNY')?.balance ?? 0;

describe('after-sales', () => {
  it('the merchant asks a partial refund with two images, the supplier approves less, the balance rises by exactly that and the progress shows each step', async () => {
    const merchant = await openPage();
    await signIn(merchant, 'merchant', DEMO_PASSWORD);
    const order = await paidOrder(merchant, 'Refund Tester');
    const before = await cnyBalance(merchant);

    // The order centre's cancel link opens the form for that order.
    await merchant.goto(`${baseUrl}/admin/order/afterSales?create=cancel&orderId=${order.id}`);
    const form = merchant.getByTestId('aftersales-create-form');
    await form.getByTestId('aftersales-refund-type').waitFor(POLL);
    await form.getByTestId('aftersales-refund-type').click();
    await merchant.locator('.ant-select-dropdown:visible .ant-select-item-option').nth(3).click();
    const asked = Math.floor(order.total_amount / 2);
    await form.getByTestId('aftersales-amount').fill((asked / 100).toFixed(2));
    await form.getByTestId('aftersales-reason').fill('Colour is off');
    await form.getByTestId('aftersales-refund-reason').fill('Half the shirts are usable');
    await form
      .getByTestId('aftersales-images-upload')
      .locator('input[type="file"]')
      .setInputFiles([
        { name: 'one.png', mimeType: 'image/png', buffer: evidencePng(120) },
        { name: 'two.png', mimeType: 'image/png', buffer: evidencePng(200) },
      ]);
    await expect
      .poll(
        () => form.getByTestId('aftersales-images-upload').locator('.ant-upload-list-item-done').count(),
        POLL,
      )
      .toBe(2);
    await merchant.locator('#aftersales-submit').click();
    await expect
      .poll(
        async () =>
          (
            await api<{ list: Array<{ id: string }> }>(
              merchant,
              'GET',
              `/api/v1/admin/afterSales?order_no=${order.order_no}`,
            )
          ).list.length,
        POLL,
      )
      .toBe(1);
    const [request] = (
      await api<{ list: Array<{ id: string; request_no: string; application_amount: number }> }>(
        merchant,
        'GET',
        `/api/v1/admin/afterSales?order_no=${order.order_no}`,
      )
    ).list;
    expect(request!.application_amount).toBe(asked);

    // The supplier approves a smaller amount.
    const supplier = await openPage();
    await signIn(supplier, 'supplier', DEMO_PASSWORD);
    await supplier.goto(`${baseUrl}/admin/finance/afterSalesReview`);
    const row = supplier
      .getByTestId('aftersales-review-pending')
      .getByRole('row')
      .filter({ hasText: request!.request_no });
    await row.getByTestId('aftersales-approve').click(POLL);
    const granted = asked - 123;
    const amount = supplier.getByTestId('aftersales-approve-amount');
    await amount.fill((granted / 100).toFixed(2));
    await supplier.getByTestId('aftersales-note').fill('Partly usable');
    await supplier.locator('.ant-modal:visible .ant-btn-primary').click();
    await expect
      .poll(
        async () =>
          (await api<{ status: string }>(supplier, 'GET', `/api/v1/admin/afterSalesReview/${request!.id}`))
            .status,
        POLL,
      )
      .toBe('approved');

    // The merchant's balance rose by exactly the approved amount; the progress shows every step.
    await expect.poll(() => cnyBalance(merchant), POLL).toBe(before + granted);
    await merchant.goto(`${baseUrl}/admin/order/afterSales`);
    const mineRow = merchant
      .getByTestId('aftersales-page')
      .getByRole('row')
      .filter({ hasText: request!.request_no });
    await mineRow.getByTestId('aftersales-details').click(POLL);
    const detail = merchant.getByTestId('aftersales-detail');
    await detail.waitFor(POLL);
    for (const step of ['submitted', 'approved', 'refunded'])
      await detail.getByTestId(`aftersales-step-${step}`).waitFor(POLL);
    expect(await detail.getByTestId('aftersales-images').getAttribute('data-count')).toBe('2');
    expect(pageErrors()).toEqual([]);
  });
});
