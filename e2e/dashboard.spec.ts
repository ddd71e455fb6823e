import { describe, expect, it } from 'vitest';
import { useAdminBrowser } from './admin-browser.ts';
import { api, finishedPick, unpaidOrder } from './orders-api.ts';

/* Issue 26: each tier's dashboard is its home, with figures of its own scope. */
const { baseUrl, DEMO_PASSWORD, openPage, signIn } = useAdminBrowser();
const POLL = { timeout: 15_000 };

describe('dashboard', () => {
  it("the merchant's home: balances with recharge, unpaid orders with their countdown, cart, finished products and shortcuts", async () => {
    const page = await openPage({ locale: 'en-US' });
    await signIn(page, 'merchant', DEMO_PASSWORD);
    await unpaidOrder(page);
    await page.goto(`${baseUrl}/admin/dashboard`);
    const home = page.getByTestId('dashboard-home');
    await home.waitFor();
    expect(await home.getAttribute('data-tier')).toBe('merchant');
    await page.getByTestId('dashboard-balance-CNY').waitFor();
    // The figures are the order list's own counts.
    const counts = await api<{ counts: Record<string, number> }>(
      page,
      'GET',
      '/api/v1/admin/order/statusCounts',
    );
    expect(Number(await page.getByTestId('dashboard-orders-unpaid').getAttribute('data-value'))).toBe(
      counts.counts.unpaid,
    );
    // The unpaid orders closest to timing out are listed with their countdown, leading to their detail.
    const rows = page.getByTestId('dashboard-unpaid').locator('[data-order-no]');
    expect(counts.counts.unpaid).toBeGreaterThan(0);
    expect(await rows.count()).toBe(Math.min(5, counts.counts.unpaid ?? 0));
    const first = rows.first();
    const orderNo = (await first.getAttribute('data-order-no')) ?? '';
    await first.getByTestId('order-countdown').waitFor();
    await first.getByRole('link', { name: orderNo }).click();
    await page.waitForURL(`${baseUrl}/admin/order/detail?order_no=${orderNo}`);
    await page.goBack();
    await page.getByTestId('dashboard-recent-finished').waitFor();
    await page.getByTestId('dashboard-shortcut-orders').waitFor();
    await page.getByTestId('dashboard-recharge-CNY').click();
    await page.waitForURL(/\/recharge/);
  });

  it("the supplier's overview: merchants, reviews waiting and orders per day", async () => {
    const page = await openPage({ locale: 'en-US' });
    await signIn(page, 'supplier', DEMO_PASSWORD);
    const home = page.getByTestId('dashboard-home');
    await home.waitFor();
    expect(await home.getAttribute('data-tier')).toBe('supplier');
    const merchants = await api<{ total: number }>(page, 'GET', '/api/v1/admin/merchant?limit=1');
    await expect
      .poll(() => page.getByTestId('dashboard-merchants').getAttribute('data-value'), POLL)
      .toBe(String(merchants.total));
    await page.getByTestId('dashboard-review-recharges').waitFor();
    expect(await page.getByTestId('dashboard-day').count()).toBe(14);
  });

  it('the platform sees its suppliers; a factory its production queue', async () => {
    const admin = await openPage({ locale: 'zh-CN' });
    await signIn(admin, 'admin', DEMO_PASSWORD);
    await admin.getByTestId('dashboard-suppliers').waitFor();
    expect(await admin.getByTestId('dashboard-home').getAttribute('data-tier')).toBe('platform');

    const factory = await openPage({ locale: 'zh-CN' });
    await signIn(factory, 'factory', DEMO_PASSWORD);
    await factory.getByTestId('dashboard-orders-production').waitFor();
    expect(await factory.getByTestId('dashboard-home').getAttribute('data-tier')).toBe('factory');
    expect(await factory.getByTestId('dashboard-balances').count()).toBe(0);
  });

  it('settlement and an order detail sit under their menus in the breadcrumb, open their own tab, and the order shows its status timeline', async () => {
    // The demo merchant works in Chinese (its own language setting).
    const page = await openPage({ locale: 'zh-CN' });
    await signIn(page, 'merchant', DEMO_PASSWORD);
    const { lineId } = await finishedPick(page);
    await page.goto(`${baseUrl}/admin/settlement?lines=${lineId}`);
    const crumbs = page.getByTestId('admin-breadcrumb');
    await expect.poll(() => crumbs.innerText(), POLL).toMatch(/首页\s*\/.*购物车\s*\/\s*结算/s);
    await expect.poll(() => page.locator('.ant-tabs-tab-active').innerText(), POLL).toBe('结算');

    const order = await unpaidOrder(page);
    await page.goto(`${baseUrl}/admin/order/detail?order_no=${order.order_no}`);
    await page.getByTestId('order-status-timeline').waitFor();
    await expect.poll(() => crumbs.innerText(), POLL).toMatch(/首页\s*\/.*订单列表\s*\/\s*订单详情/s);
    await expect.poll(() => page.locator('.ant-tabs-tab-active').innerText(), POLL).toBe('订单详情');
    const timeline = page.getByTestId('order-status-timeline');
    expect(await timeline.getAttribute('data-status')).toBe('unpaid');
    expect(
      await timeline.locator('[data-step]').evaluateAll((els) => els.map((e) => e.getAttribute('data-step'))),
    ).toEqual(['created', 'paid', 'in_production', 'shipped', 'completed']);
  }, 120_000);
});
