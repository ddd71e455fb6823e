import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { apiReply, unpaidOrder } from './orders-api.ts';

const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
const POLL = { timeout: 15_000 };

describe('order centre', () => {
  it('filters by pasted numbers, opens a detail, splits the order, modifies its address and pays both halves in one batch', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    await page.goto(`${baseUrl}/admin/order/list`);
    const first = (await unpaidOrder(page, { quantity: 2 })).order_no;
    const second = (await unpaidOrder(page, { quantity: 2 })).order_no;

    // 1. Paste both numbers (a line break and a comma between them) into the query box.
    await page.goto(`${baseUrl}/admin/order/list`);
    const box = page.getByTestId('order-filter-nos');
    await box.waitFor(POLL);
    await box.fill(`${first}\n${second}, `);
    await page.getByTestId('crud-filters').locator('button[type="submit"]').click();
    await expect
      .poll(async () => (await page.getByTestId('order-no').allInnerTexts()).sort().join(','), POLL)
      .toBe([first, second].sort().join(','));

    // 2. Open the first order's detail.
    await page.getByTestId('order-no').filter({ hasText: first }).click();
    await page.locator(`[data-testid="order-detail-page"][data-order-no="${first}"]`).waitFor(POLL);

    // 3. Split one of its two pieces into a new order.
    await page.getByTestId('order-split').click();
    const qty = page
      .locator('[data-testid^="order-split-qty-"] input, input[data-testid^="order-split-qty-"]')
      .first();
    await qty.fill('1');
    await page.locator('#order-split-ok').click();
    const result = page.getByTestId('order-split-result');
    await result.waitFor(POLL);
    const halves = (await result.innerText()).match(/PO\d+/g) ?? [];
    expect(halves).toHaveLength(2);
    expect(halves).toContain(first);

    // 4. Modify the address (a new street); the timeline records it.
    await page.getByTestId('order-modify-address').click();
    const street = `${randomUUID().slice(0, 6)} Mission St`;
    await page.getByTestId('order-address-street').fill(street);
    await page.locator('#order-address-ok').click();
    await expect.poll(() => page.getByTestId('order-detail-page').innerText(), POLL).toContain(street);
    await expect
      .poll(() => page.getByTestId('order-timeline').innerText(), POLL)
      .toMatch(/修改地址|Address modified/);

    // 5. Pay both halves in one batch from the balance.
    await page.getByTestId('order-pay-both').click();
    await page.getByTestId('pay-dialog').waitFor(POLL);
    await page.getByTestId('pay-confirm').click();
    await expect
      .poll(async () => {
        const status = await apiReply<{ success: boolean }>(
          page,
          'GET',
          `/api/v1/admin/order/payStatus?order_nos=${halves.join(',')}`,
        );
        return status.data.success;
      }, POLL)
      .toBe(true);
    expect(pageErrors()).toEqual([]);
  }, 180_000);
});
