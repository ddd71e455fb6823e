import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
/** Writes go through the server and a refetch; give them the time a loaded CI machine needs. */
const POLL = { timeout: 15_000 };

/** A PNG chunk: length, type, data and CRC. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small real RGB PNG: a photographed remittance receipt stands in as a pale page with a line. */
function receiptPng(width = 160, height = 220): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x += 1) row.set(y % 20 < 2 ? [60, 60, 60] : [245, 240, 225], 1 + x * 3);
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The CNY balance the balance page shows, in minor units. */
async function cnyBalance(page: Page): Promise<number> {
  await page.goto(`${baseUrl}/admin/wallet/balance`);
  const card = page.getByTestId('wallet-balance-CNY');
  const value = card.locator('.ant-statistic-content');
  await value.waitFor();
  await expect.poll(() => card.locator('.ant-skeleton').count(), POLL).toBe(0);
  const text = await value.innerText();
  return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
}

/** Waits for the CNY balance to reach a value (the page is reloaded each time). */
async function expectCnyBalance(page: Page, minor: number): Promise<void> {
  await expect.poll(() => cnyBalance(page), POLL).toBe(minor);
}

describe('wallet', () => {
  it('a merchant recharges by bank transfer with a receipt, finance approves, the merchant sees the balance and the transaction', async () => {
    const receiptNo = `RC${Date.now().toString(36)}${randomInt(1_000)}`.toUpperCase();

    // 1. The demo merchant submits a bank-transfer recharge of ¥123.45 with a receipt image.
    const merchant = await openPage();
    await signIn(merchant, 'merchant', DEMO_PASSWORD);
    const before = await cnyBalance(merchant);
    await merchant.screenshot({ path: `${ARTIFACTS}wallet-balance-before.png` });

    await merchant.goto(`${baseUrl}/admin/wallet/recharge`);
    const form = merchant.getByTestId('transfer-form');
    await form.waitFor();
    // The tenant's CNY account is shown, and chosen as the only one.
    await form.getByTestId('recharge-account').first().waitFor();
    expect(await form.getByTestId('recharge-account').first().innerText()).toContain('Demo Bank');
    // Required fields and the agreement are checked before anything is sent.
    await merchant.getByTestId('recharge-submit').click();
    await form.getByText('请输入回执单号').waitFor();
    await form.getByText('请阅读并勾选协议').waitFor();

    await form.locator('#receipt_no').fill(receiptNo);
    await form.locator('#amount').fill('123.45');
    await form
      .getByTestId('recharge-receipts')
      .locator('input[type="file"]')
      .setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: receiptPng() });
    await expect
      .poll(() => form.getByTestId('recharge-receipts').locator('.ant-upload-list-item-done').count(), POLL)
      .toBe(1);
    await form.locator('#bank_name').fill('招商银行 深圳分行');
    await form.locator('#bank_account_name').fill('Demo Merchant');
    await form.locator('#bank_account_no').fill('6225 8800 1234 5678');
    await form.getByTestId('recharge-agreement').click();
    await merchant.screenshot({ path: `${ARTIFACTS}wallet-recharge-form.png` });
    await merchant.getByTestId('recharge-submit').click();

    // The recharge result: waiting for finance review, with continue recharge and back home.
    await merchant.waitForURL(/\/admin\/rechargeResult\?type=transfer&id=/, POLL);
    const result = merchant.getByTestId('recharge-result');
    await result.waitFor();
    expect(await result.getAttribute('data-result')).toBe('pending');
    expect(await result.innerText()).toContain('¥123.45');
    await merchant.getByTestId('recharge-continue').waitFor();
    await merchant.getByTestId('recharge-home').waitFor();
    expect(await merchant.getByTestId('receipt-images').getAttribute('data-count')).toBe('1');
    await merchant.screenshot({ path: `${ARTIFACTS}wallet-recharge-result.png` });

    // The transfer detail, reached from the result.
    await merchant.getByTestId('recharge-view-transfer').click();
    await merchant.waitForURL(/\/admin\/transferDetail\?id=/);
    const detail = merchant.getByTestId('transfer-detail');
    await detail.getByText(receiptNo, { exact: true }).waitFor();
    expect(await detail.getByTestId('review-status').getAttribute('data-status')).toBe('pending');

    // Nothing is credited before the review.
    expect(await cnyBalance(merchant)).toBe(before);

    // 2. The demo supplier (finance) approves it, after a confirmation that says what it credits.
    const supplier = await openPage();
    await signIn(supplier, 'supplier', DEMO_PASSWORD);
    await supplier.goto(`${baseUrl}/admin/finance/transferReview`);
    const queue = supplier.getByTestId('transfer-review-page-pending');
    await queue.waitFor();
    const row = queue.getByRole('row').filter({ hasText: receiptNo });
    await row.waitFor();
    expect(await row.innerText()).toContain('Demo Merchant');
    expect(await row.getByTestId('receipt-images').getAttribute('data-count')).toBe('1');
    await row.getByTestId('review-details').click();
    await supplier.getByTestId('transfer-detail').getByText('6225880012345678').waitFor();
    await supplier.keyboard.press('Escape');
    await row.getByTestId('review-approve').click();
    const modal = supplier.getByTestId('review-modal');
    const summary = supplier.getByTestId('review-summary');
    await summary.waitFor();
    expect(await summary.innerText()).toContain('¥123.45');
    await supplier.screenshot({ path: `${ARTIFACTS}wallet-transfer-review.png` });
    await supplier.getByTestId('review-confirm').click();
    await modal.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached', ...POLL });

    // The ledger still reconciles.
    await supplier.goto(`${baseUrl}/admin/finance/reconciliation`);
    const reconciliation = supplier.getByTestId('reconciliation-result');
    await reconciliation.waitFor();
    expect(await supplier.getByTestId('reconciliation-page').getAttribute('data-drifts')).toBe('0');
    await supplier.screenshot({ path: `${ARTIFACTS}wallet-reconciliation.png` });

    // 3. The merchant sees the new balance and the top-up transaction.
    await expectCnyBalance(merchant, before + 12_345);
    await merchant.screenshot({ path: `${ARTIFACTS}wallet-balance-after.png` });

    await merchant.goto(`${baseUrl}/admin/wallet/transaction`);
    const list = merchant.getByTestId('wallet-transaction-page');
    await list.waitFor();
    const topUp = list.getByRole('row').filter({ hasText: '+¥123.45' }).first();
    await topUp.waitFor();
    expect(await topUp.innerText()).toContain('余额充值');
    await topUp.getByTestId('transaction-details').click();
    const transaction = merchant.getByTestId('transaction-detail');
    await transaction.waitFor();
    const text = await transaction.innerText();
    expect(text).toContain(receiptNo);
    expect(text).toContain('银行转账');
    await merchant.screenshot({ path: `${ARTIFACTS}wallet-transaction-detail.png` });
    await merchant.keyboard.press('Escape');

    // spec §5: a range over one year is refused in the browser, before any request.
    const picker = list.getByTestId('crud-filters').locator('.ant-picker-range');
    const start = picker.locator('input').first();
    await start.click();
    await start.fill('2023-01-01');
    await start.press('Enter');
    const end = picker.locator('input').nth(1);
    await end.fill('2025-01-01');
    await end.press('Enter');
    await list.getByRole('button', { name: /查\s*询/ }).click();
    await list.getByText('日期范围不能超过一年').waitFor();

    // The transfer request is listed as approved with the merchant's requests.
    await merchant.goto(`${baseUrl}/admin/wallet/recharge`);
    await merchant.getByRole('tab', { name: '我的转账申请' }).click();
    const requests = merchant.getByTestId('wallet-transfer-list');
    const approved = requests.getByRole('row').filter({ hasText: receiptNo });
    await approved.waitFor();
    expect(await approved.getByTestId('review-status').getAttribute('data-status')).toBe('approved');
    expect(pageErrors()).toEqual([]);
  }, 120_000);

  it('a withdrawal holds the amount until finance rejects it; a finance adjustment credits the merchant', async () => {
    const merchant = await openPage();
    await signIn(merchant, 'merchant', DEMO_PASSWORD);
    const before = await cnyBalance(merchant);

    // The balance page's "withdraw" opens the withdrawal form in that currency.
    await merchant.getByTestId('wallet-withdraw-CNY').click();
    await merchant.waitForURL(/\/admin\/wallet\/withdrawal\?currency=CNY/);
    const form = merchant.getByTestId('withdrawal-form');
    await form.waitFor();
    // Below the configured minimum is refused in the browser.
    await form.locator('#amount').fill('50');
    await form.locator('#account_name').click();
    await form.getByText('提现金额必须在 ¥100.00 到 ¥50,000.00 之间').waitFor();
    // The fee preview follows the configured scale (0.5%).
    await form.locator('#amount').fill('200');
    await form.locator('#account_name').click();
    await expect.poll(() => merchant.getByTestId('withdrawal-preview').innerText(), POLL).toContain('¥1.00');
    expect(await merchant.getByTestId('withdrawal-preview').innerText()).toContain('¥199.00');
    await form.locator('#account_name').fill('Demo Merchant');
    await form.locator('#account_no').fill('6225880012345678');
    await form.locator('#bank_name').fill('招商银行');
    await form.getByTestId('withdrawal-agreement').click();
    await merchant.getByTestId('withdrawal-submit').click();
    await merchant.getByTestId('withdrawal-confirm').click();
    await merchant.getByTestId('withdrawal-confirm').waitFor({ state: 'detached', ...POLL });
    await merchant.screenshot({ path: `${ARTIFACTS}wallet-withdrawal.png` });

    // The amount is held at once: out of the balance, shown as held.
    await expectCnyBalance(merchant, before - 20_000);
    expect(await merchant.getByTestId('wallet-balance-CNY').getByTestId('wallet-held').innerText()).toContain(
      '¥200.00',
    );

    // Finance rejects it: the reason is required, then the hold is released.
    const supplier = await openPage();
    await signIn(supplier, 'supplier', DEMO_PASSWORD);
    await supplier.goto(`${baseUrl}/admin/finance/withdrawalReview`);
    const queue = supplier.getByTestId('withdrawal-review-page-pending');
    const row = queue.getByRole('row').filter({ hasText: '¥200.00' }).first();
    await row.waitFor();
    await row.getByTestId('review-reject').click();
    await supplier.getByTestId('review-summary').waitFor();
    await supplier.getByTestId('review-confirm').click();
    await supplier.getByTestId('review-modal').getByText('请输入备注').waitFor();
    await supplier.getByTestId('review-remark').fill('Account name does not match');
    await supplier.getByTestId('review-confirm').click();
    await row.waitFor({ state: 'detached', ...POLL });
    await expectCnyBalance(merchant, before);

    // A manual adjustment, confirmed, is a new transaction on the merchant's wallet.
    await supplier.goto(`${baseUrl}/admin/finance/transaction`);
    await supplier.getByTestId('finance-transaction-list').waitFor();
    await supplier.getByTestId('adjust-open').click();
    const adjust = supplier.getByTestId('adjust-form');
    await adjust.locator('#merchant_id').click();
    await supplier.locator('.ant-select-item-option').filter({ hasText: 'Demo Merchant' }).first().click();
    await adjust.locator('#amount').fill('10');
    await adjust.locator('#remark').fill('Courier refund');
    await supplier.getByTestId('adjust-submit').click();
    await supplier.getByTestId('adjust-confirm').click();
    await adjust.waitFor({ state: 'detached', ...POLL });
    const adjustment = supplier
      .getByTestId('finance-transaction-list')
      .getByRole('row')
      .filter({ hasText: 'Courier refund' });
    await adjustment.waitFor();
    expect(await adjustment.innerText()).toContain('+¥10.00');
    await supplier.getByRole('tab', { name: '商户钱包' }).click();
    await supplier
      .getByTestId('finance-wallet-list')
      .getByRole('row')
      .filter({ hasText: 'Demo Merchant' })
      .first()
      .waitFor();
    await supplier.screenshot({ path: `${ARTIFACTS}wallet-finance-wallets.png` });
    await expectCnyBalance(merchant, before + 1_000);
    expect(pageErrors()).toEqual([]);
  }, 120_000);

  it('a merchant recharges ¥50.00 through the Alipay sandbox and comes back to a paid result', async () => {
    const merchant = await openPage();
    await signIn(merchant, 'merchant', DEMO_PASSWORD);
    const before = await cnyBalance(merchant);

    await merchant.goto(`${baseUrl}/admin/rechargeBalance/alipay`);
    const form = merchant.getByTestId('alipay-form');
    await form.waitFor();
    await form.locator('#amount').fill('50');
    await form.getByTestId('alipay-agreement').click();
    await merchant.getByTestId('alipay-submit').click();

    // The sandbox plays Alipay's cashier: it checked the RSA2 signature and shows the amount.
    await merchant.waitForURL(/\/gateway\.do/, POLL);
    expect(await merchant.getByTestId('amount').innerText()).toContain('50.00');
    await merchant.screenshot({ path: `${ARTIFACTS}wallet-alipay-sandbox.png` });
    await merchant.getByRole('button', { name: /Pay/ }).click();

    // Back on the platform: the signed notification credited the order once.
    await merchant.waitForURL(/\/admin\/rechargeResult\?type=alipay/, POLL);
    const result = merchant.getByTestId('recharge-result');
    await expect.poll(() => result.getAttribute('data-result'), POLL).toBe('paid');
    expect(await result.innerText()).toContain('¥50.00');
    await merchant.screenshot({ path: `${ARTIFACTS}wallet-alipay-result.png` });
    await expectCnyBalance(merchant, before + 5_000);
    expect(pageErrors()).toEqual([]);
  });
});
