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

/**
 * An unpaid order of two pieces of one of the demo merchant's finished products, made the way the
 * settlement page makes it (cart, address, preview, submit to pay later).
 */
async function unpaidOrder(page: Page): Promise<string> {
  const finished = await api<{ list: Finished[] }>(page, 'GET', '/api/v1/admin/design/finished?limit=20');
  let lineId: string | null = null;
  for (const f of finished.data.list)
    for (const color of f.colors)
      for (const size of f.sizes) {
        if (lineId) break;
        const added = await api<{ list: Array<{ id: string }> }>(page, 'POST', '/api/v1/admin/cart', {
          items: [{ finished_product_id: f.id, color_id: color.id, size_id: size.id, quantity: 2 }],
        });
        if (added.status === 200) lineId = added.data.list[0]!.id;
      }
  expect(lineId).not.toBeNull();
  const address = await api<{ id: string }>(page, 'POST', '/api/v1/admin/address', {
    first_name: 'E2E Buyer',
    mobile_phone: '(415) 555-0132',
    country: 'US',
    province: 'CA',
    city: 'San Francisco',
    street: `${randomUUID().slice(0, 6)} Market St`,
    postcode: '94105',
  });
  expect(address.status).toBe(200);
  const preview = await api<{
    lines: Array<{ cart_line_id: string; unit_price: number }>;
    orders: Array<{ shipping: { method_id: string; fee: number } | null }>;
  }>(page, 'POST', '/api/v1/admin/settlement/preview', {
    cart_line_ids: [lineId],
    addresses: [{ address_id: address.data.id }],
  });
  expect(preview.status).toBe(200);
  const shipping = preview.data.orders[0]!.shipping!;
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

describe('order centre', () => {
  it('filters by pasted numbers, opens a detail, splits the order, modifies its address and pays both halves in one batch', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    await page.goto(`${baseUrl}/admin/order/list`);
    const first = await unpaidOrder(page);
    const second = await unpaidOrder(page);

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
        const status = await api<{ success: boolean }>(
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
