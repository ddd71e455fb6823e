import { randomInt } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';

const ARTIFACTS = fileURLToPath(new URL('./artifacts/', import.meta.url));
const { baseUrl, DEMO_PASSWORD, openPage, signIn, pageErrors } = useAdminBrowser();
/** Writes go through the server and a refetch; give them the time a loaded CI machine needs. */
const POLL = { timeout: 15_000 };

/** Minor units of an amount as the pages show it, e.g. `¥1,234.50` → 123450. */
function minorOf(text: string): number {
  return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
}

/** The CNY balance the balance page shows, in minor units. */
async function cnyBalance(page: Page): Promise<number> {
  await page.goto(`${baseUrl}/admin/wallet/balance`);
  const card = page.getByTestId('wallet-balance-CNY');
  const value = card.locator('.ant-statistic-content');
  await value.waitFor();
  await expect.poll(() => card.locator('.ant-skeleton').count(), POLL).toBe(0);
  return minorOf(await value.innerText());
}

/** A call of the platform API from the signed-in page, with its admin token. */
async function apiGet<T>(page: Page, path: string): Promise<{ code: number; data: T }> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, {
      headers: { Authorization: `Bearer ${localStorage.getItem('adminToken')}` },
    });
    return (await response.json()) as { code: number; data: T };
  }, path);
}

/** A write to the platform API from the signed-in page, with its admin token. */
async function apiSend<T>(
  page: Page,
  method: 'POST' | 'PATCH',
  path: string,
  body: unknown,
): Promise<{ status: number; data: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('adminToken')}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, data: ((await response.json()) as { data: T }).data };
    },
    { method, path, body },
  );
}

/** Picks an option of an antd select by its visible text. */
async function choose(page: Page, select: ReturnType<Page['getByTestId']>, text: string | RegExp) {
  await select.click();
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .click();
}

describe('checkout', () => {
  it('a merchant designs a product, adds it to the cart, settles with a new address and logistics, pays from the balance and sees the paid order and the balance reduced by exactly the total; an order submitted to pay later counts down and can be cancelled', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    const before = await cnyBalance(page);
    expect(before).toBeGreaterThan(0);

    // 1. Open a product from the catalogue and design it: one text layer, saved as a finished product.
    await page.goto(`${baseUrl}/admin/product/list`);
    const tee = page.getByTestId('catalog-product').filter({ hasText: '经典圆领T恤' });
    await tee.waitFor(POLL);
    await tee.getByTestId('catalog-design-card').click();
    await page.waitForURL((url) => url.pathname === '/admin/design' && url.searchParams.has('product'));
    await page.locator('[data-testid="design-canvas"][data-ready="true"]').waitFor({ timeout: 30_000 });
    await page.getByTestId('add-text').click();
    await expect
      .poll(() => page.locator('[data-testid="layer-row"][data-layer-type="text"]').count())
      .toBe(1);
    await page.getByTestId('design-save').click();
    const name = `E2E checkout ${Date.now().toString(36)}${randomInt(1_000)}`;
    await page.getByTestId('save-name').fill(name);
    await page.getByTestId('save-submit').click();
    const blurry = page.getByTestId('confirm-blurry');
    const saved = page.locator('[data-testid="save-done"]:visible');
    await Promise.race([blurry.waitFor({ timeout: 20_000 }), saved.waitFor({ timeout: 20_000 })]);
    if (await blurry.isVisible()) await blurry.click();
    await saved.waitFor({ timeout: 20_000 });
    await page.locator('.ant-modal-confirm-btns button:visible').click();

    // 2. Add it to the cart from the finished products: a colour and size in stock, quantity 2.
    await page.waitForURL(`${baseUrl}/admin/publish/finished/my`);
    const row = page.getByTestId('finished-row').filter({ hasText: name });
    await row.waitFor(POLL);
    await row.locator('.ant-checkbox-input').check();
    await page.getByTestId('finished-add-to-cart').click();
    const dialog = page.getByTestId('add-to-cart-dialog');
    await dialog.waitFor();
    const line = dialog.getByTestId('add-to-cart-row').first();
    // The first in-stock colour and size are chosen once the product is loaded.
    const size = line.getByTestId('add-to-cart-size');
    await size.waitFor(POLL);
    await expect.poll(async () => (await size.innerText()).trim(), POLL).not.toMatch(/^(尺码)?$/);
    await line
      .locator('input[data-testid="add-to-cart-quantity"], [data-testid="add-to-cart-quantity"] input')
      .first()
      .fill('2');
    await page.screenshot({ path: `${ARTIFACTS}checkout-add-to-cart.png` });
    await page.getByTestId('add-to-cart-submit').click();
    await page.getByTestId('add-to-cart-done').waitFor(POLL);
    await page.getByTestId('add-to-cart-go').click();

    // 3. The cart: select the line and settle (nothing selected is refused first).
    await page.waitForURL(`${baseUrl}/admin/publish/shopCart`);
    const cart = page.getByTestId('cart-page');
    const cartLine = cart.getByTestId('cart-line').filter({ hasText: name });
    await cartLine.waitFor(POLL);
    expect(await cartLine.getAttribute('data-state')).toBe('ok');
    expect(
      await cartLine
        .locator('input[data-testid="cart-quantity"], [data-testid="cart-quantity"] input')
        .first()
        .inputValue(),
    ).toBe('2');
    await cart.getByTestId('cart-settle').click();
    await page.getByText('请至少选择一件商品再结算').waitFor();
    await cartLine.locator('.ant-checkbox-input').check();
    await page.screenshot({ path: `${ARTIFACTS}checkout-cart.png` });
    await cart.getByTestId('cart-settle').click();

    // 4. Settlement: the product, a new consignee address (checked as a real US address), logistics.
    await page.waitForURL(/\/admin\/settlement\?lines=/);
    const settlement = page.getByTestId('settlement-page');
    await settlement.getByTestId('settlement-line').filter({ hasText: name }).waitFor(POLL);
    await settlement.getByTestId('address-add').click();
    const form = page.getByTestId('address-form');
    await form.waitFor();
    await form.getByTestId('address-first-name').fill('Alex Buyer');
    await form.getByTestId('address-phone').fill('12345');
    await form.getByTestId('address-city').click();
    // spec §5 "enter a real address": the US phone rule answers before anything is sent.
    await form.getByText(/真实电话号码/).waitFor();
    await form.getByTestId('address-phone').fill('(415) 555-2671');
    await form.getByTestId('address-province').fill('CA');
    await form.getByTestId('address-city').fill('San Francisco');
    await form.getByTestId('address-street').fill('1 Market St');
    await form.getByTestId('address-postcode').fill('94105');
    await page.getByTestId('address-form-submit').click();
    await form.waitFor({ state: 'detached' });
    const card = settlement.getByTestId('address-card').filter({ hasText: 'Alex Buyer' });
    await expect.poll(() => card.getAttribute('data-selected'), POLL).toBe('true');

    // The methods to the US with their fees; the US line is chosen.
    const logistics = settlement.getByTestId('settlement-logistics');
    await logistics.waitFor(POLL);
    await choose(page, logistics.getByTestId('settlement-method'), '联邮通美国专线');
    await expect
      .poll(() => logistics.getByTestId('settlement-method').innerText(), POLL)
      .toContain('联邮通美国专线');
    const chosenMethod = await logistics.getAttribute('data-method-id');
    expect(chosenMethod).toBeTruthy();
    const payButton = settlement.getByTestId('settlement-pay-balance');
    await expect.poll(() => payButton.isEnabled(), POLL).toBe(true);
    await page.screenshot({ path: `${ARTIFACTS}checkout-settlement.png`, fullPage: true });

    // 5. Pay from the balance, after a confirmation naming the amount (the settlement's total at
    // that moment: a quote still coming in for the method just chosen keeps the button disabled).
    await payButton.click();
    const confirmTitle = page.locator('.ant-popconfirm:visible .ant-popconfirm-title');
    await confirmTitle.waitFor(POLL);
    const total = minorOf(await confirmTitle.innerText());
    expect(total).toBeGreaterThan(0);
    expect(minorOf(await settlement.getByTestId('settlement-total').innerText())).toBe(total);
    // Still the method chosen above, and still its address (a failure here names what replaced it).
    expect(await logistics.getAttribute('data-method-id'), 'the method at pay time').toBe(chosenMethod);
    expect(await settlement.getByTestId('settlement-logistics').count()).toBe(1);
    await page.getByTestId('settlement-pay-confirm').click();
    await page.waitForURL(/\/admin\/orderPayResult\/[A-Z0-9]+$/, POLL);
    const orderNo = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    const result = page.getByTestId('pay-result');
    await result.waitFor(POLL);
    expect(await result.getAttribute('data-result')).toBe('success');
    expect(await result.innerText()).toContain('支付成功');
    await page.getByTestId('result-continue').waitFor();
    await page.screenshot({ path: `${ARTIFACTS}checkout-pay-result.png` });

    // 6. The order list shows it as paid, with the total that was charged.
    await page.getByTestId('result-orders').click();
    await page.waitForURL(`${baseUrl}/admin/order/list`);
    const list = page.getByTestId('order-list-page');
    const orderRow = list.getByRole('row').filter({ hasText: orderNo });
    await orderRow.waitFor(POLL);
    expect(await orderRow.getByTestId('order-status').getAttribute('data-status')).toBe('paid');
    expect(minorOf(await orderRow.getByTestId('order-total').innerText())).toBe(total);
    await page.screenshot({ path: `${ARTIFACTS}checkout-order-list.png` });

    // The order's detail carries the line, the address and the logistics chosen.
    await orderRow.getByTestId('order-detail-link').click();
    const detail = page.getByTestId('order-detail-page');
    await detail.waitFor(POLL);
    const detailText = await detail.innerText();
    const placed = await apiGet<{ shipping: { method_id: string; name: string } }>(
      page,
      `/api/v1/admin/order/${orderNo}`,
    );
    expect(placed.data.shipping, 'the method the order was placed with').toMatchObject({
      method_id: chosenMethod,
    });
    expect(detailText).toContain(name);
    expect(detailText).toContain('1 Market St');
    expect(detailText).toContain('联邮通美国专线');

    // 7. The balance went down by exactly the total.
    expect(await cnyBalance(page)).toBe(before - total);
    const order = await apiGet<{ status: string; total_amount: number; pay_method: string }>(
      page,
      `/api/v1/admin/order/${orderNo}`,
    );
    expect(order.data).toMatchObject({ status: 'paid', total_amount: total, pay_method: 'balance' });

    // 8. "Submit order" leaves a second order unpaid: it counts down to its timeout, and cancelling
    // it (after a confirmation) charges nothing.
    await page.goto(`${baseUrl}/admin/publish/finished/my`);
    const again = page.getByTestId('finished-row').filter({ hasText: name });
    await again.waitFor(POLL);
    await again.locator('.ant-checkbox-input').check();
    await page.getByTestId('finished-add-to-cart').click();
    const second = page.getByTestId('add-to-cart-dialog').getByTestId('add-to-cart-size');
    await expect.poll(async () => (await second.innerText()).trim(), POLL).not.toMatch(/^(尺码)?$/);
    await page.getByTestId('add-to-cart-submit').click();
    await page.getByTestId('add-to-cart-go').click();
    await page.waitForURL(`${baseUrl}/admin/publish/shopCart`);
    const secondLine = page.getByTestId('cart-page').getByTestId('cart-line').filter({ hasText: name });
    await secondLine.locator('.ant-checkbox-input').check();
    await page.getByTestId('cart-settle').click();
    await page.waitForURL(/\/admin\/settlement\?lines=/);
    // The one address is chosen, with its logistics.
    const submitButton = page.getByTestId('settlement-submit');
    await expect.poll(() => submitButton.isEnabled(), POLL).toBe(true);
    await submitButton.click();
    await page.waitForURL(/\/admin\/orderPayResult\/[A-Z0-9]+$/, POLL);
    const unpaidNo = decodeURIComponent(new URL(page.url()).pathname.split('/').at(-1) ?? '');
    expect(unpaidNo).not.toBe(orderNo);
    const unpaidResult = page.getByTestId('pay-result');
    await unpaidResult.waitFor(POLL);
    expect(await unpaidResult.getAttribute('data-result')).toBe('unpaid');
    await page.getByTestId('result-repay').waitFor();
    const countdown = page.getByTestId('pay-result-orders').getByTestId('order-countdown');
    expect(await countdown.getAttribute('data-expired')).toBe('false');
    expect(await countdown.innerText()).toMatch(/\d{2}:\d{2}/);

    await page.getByTestId('result-orders').click();
    const unpaidRow = page.getByTestId('order-list-page').getByRole('row').filter({ hasText: unpaidNo });
    await unpaidRow.waitFor(POLL);
    expect(await unpaidRow.getByTestId('order-status').getAttribute('data-status')).toBe('unpaid');
    await unpaidRow.getByTestId('order-countdown').waitFor();
    await unpaidRow.getByTestId('order-cancel').click();
    await page.locator('.ant-popover:visible .ant-btn-dangerous').click();
    await expect
      .poll(() => unpaidRow.getByTestId('order-status').getAttribute('data-status'), POLL)
      .toBe('cancelled');
    expect(await cnyBalance(page)).toBe(before - total);
    expect(pageErrors()).toEqual([]);
  }, 180_000);

  it('a price raised after adding to the cart is shown at settlement, and one raised while the page is open stops the payment until the new price has been shown', async () => {
    const page = await openPage();
    await signIn(page, 'merchant', DEMO_PASSWORD);
    const supplier = await openPage();
    await signIn(supplier, 'supplier', DEMO_PASSWORD);

    // A cart line of one of the merchant's finished products, and a default address (set up
    // through the API: the first test walks those pages).
    type Finished = {
      id: string;
      name: string;
      product_id: string;
      colors: Array<{ id: string }>;
      sizes: Array<{ id: string }>;
    };
    const finished = (await apiGet<{ list: Finished[] }>(page, '/api/v1/admin/design/finished?limit=1')).data
      .list[0]!;
    let lineId: string | undefined;
    for (const color of finished.colors)
      for (const size of finished.sizes) {
        if (lineId) break;
        const added = await apiSend<{ list: Array<{ id: string }> }>(page, 'POST', '/api/v1/admin/cart', {
          items: [{ finished_product_id: finished.id, color_id: color.id, size_id: size.id, quantity: 1 }],
        });
        if (added.status === 200) lineId = added.data.list[0]!.id;
      }
    expect(lineId).toBeDefined();
    const address = await apiSend(page, 'POST', '/api/v1/admin/address', {
      first_name: 'Price Watcher',
      mobile_phone: '(212) 555-0147',
      country: 'US',
      province: 'NY',
      city: 'New York',
      street: '5 Broadway',
      postcode: '10004',
      is_default: true,
    });
    expect(address.status).toBe(200);

    // The supplier raises the product's price: the list price and every tier (a merchant level's
    // price would otherwise stay the price the merchant pays).
    type Tier = {
      id: string;
      kind: string;
      min_qty: number;
      price: number;
      level_id: string | null;
      merchant_id: string | null;
    };
    const product = (
      await apiGet<{ base_price: number; price_tiers: Tier[] }>(
        supplier,
        `/api/v1/admin/product/${finished.product_id}`,
      )
    ).data;
    const raise = async (by: number) => {
      const res = await apiSend(supplier, 'PATCH', `/api/v1/admin/product/${finished.product_id}`, {
        base_price: product.base_price + by,
        price_tiers: product.price_tiers.map((t) => ({
          id: t.id,
          kind: t.kind,
          min_qty: t.min_qty,
          price: t.price + by,
          level_id: t.level_id,
          merchant_id: t.merchant_id,
        })),
      });
      expect(res.status, JSON.stringify(res.data)).toBe(200);
    };
    await raise(5_00);
    try {
      // 1. Settlement shows the change, the price when added and today's price.
      const before = await cnyBalance(page);
      await page.goto(`${baseUrl}/admin/settlement?lines=${lineId}`);
      const settlement = page.getByTestId('settlement-page');
      await settlement.getByTestId('settlement-price-alert').waitFor(POLL);
      expect(await settlement.getByTestId('settlement-price-alert').innerText()).toContain('价格');
      const line = settlement.getByTestId('settlement-line').first();
      expect(await line.getAttribute('data-price-changed')).toBe('true');
      const changed = line.getByTestId('settlement-price-changed');
      const shownPrice = minorOf(
        (await changed.locator('.ant-typography').first().innerText()).split('\n')[0]!,
      );
      const addedText = await changed.locator('.ant-typography').last().innerText();
      expect(minorOf(addedText)).toBeLessThan(shownPrice);
      const payButton = settlement.getByTestId('settlement-pay-balance');
      await expect.poll(() => payButton.isEnabled(), POLL).toBe(true);
      const firstTotal = minorOf(await settlement.getByTestId('settlement-total').innerText());
      await page.screenshot({ path: `${ARTIFACTS}checkout-price-changed.png`, fullPage: true });

      // 2. It rises again while the page is open: paying is refused, nothing is charged, and the
      // page shows the new price before the merchant pays again.
      await raise(9_00);
      await payButton.click();
      await page.getByTestId('settlement-pay-confirm').click();
      await settlement.getByTestId('settlement-changed').waitFor(POLL);
      await expect
        .poll(async () => minorOf(await settlement.getByTestId('settlement-total').innerText()), POLL)
        .toBeGreaterThan(firstTotal);
      const newTotal = minorOf(await settlement.getByTestId('settlement-total').innerText());
      expect(page.url()).toContain('/admin/settlement');

      await expect.poll(() => payButton.isEnabled(), POLL).toBe(true);
      await payButton.click();
      await page.getByTestId('settlement-pay-confirm').click();
      await page.waitForURL(/\/admin\/orderPayResult\/[A-Z0-9]+$/, POLL);
      const result = page.getByTestId('pay-result');
      await result.waitFor(POLL);
      expect(await result.getAttribute('data-result')).toBe('success');
      expect(await cnyBalance(page)).toBe(before - newTotal);
      expect(pageErrors()).toEqual([]);
    } finally {
      await raise(0);
    }
  }, 180_000);
});
