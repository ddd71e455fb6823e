import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildPaidOrder } from '../../../test/factories/aftersales.ts';
import { buildPlatformAdmin } from '../../../test/factories/index.ts';
import { buildCheckoutWorld, buildUnpaidOrder } from '../../../test/factories/orders.ts';
import { staffWithRole } from '../../../test/helpers/access.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { MERCHANT_MENUS } from '../../../test/contract/isolation/world.ts';
import { bankTransfers, catalogProducts, departments, orders, tenants } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';

/* Issue 26: each tier's home page counts its own scope only (decision 0072). */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;
const overview = async (headers: Headers) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard/overview', headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const db = () => t.database.db;
const today = () => new Date().toISOString().slice(0, 10);
const todayCount = (data: { orders_per_day: Array<{ day: string; count: number }> }) =>
  data.orders_per_day.find((d) => d.day === today())?.count;

/** A pending bank-transfer recharge of a merchant (the review queue's row). */
const pendingTransfer = (tenantId: string, merchantId: string) =>
  db()
    .insert(bankTransfers)
    .values({
      tenantId,
      merchantId,
      receiptNo: `R${Math.random().toString().slice(2, 10)}`,
      amount: 10_000,
      currency: 'CNY',
      transferType: 'domestic',
      bankName: 'Bank',
      bankAccountName: 'Name',
      bankAccountNo: '6222000011112222',
      agreedAt: new Date(),
    });

/** Two merchants (m, n) of one supplier, and another supplier with its own merchants and orders. */
async function twoTenants() {
  const w = await buildCheckoutWorld(t);
  const other = await buildCheckoutWorld(t);
  const mine = await buildUnpaidOrder(t, w);
  await buildUnpaidOrder(t, { ...w, m: w.n });
  await buildUnpaidOrder(t, other);
  await buildUnpaidOrder(t, other);
  await buildUnpaidOrder(t, other);
  return { w, other, mine };
}

describe('the merchant dashboard', () => {
  it("shows the merchant's balances, its orders by status with countdowns, cart, finished products — none of another merchant's or tenant's", async () => {
    const { w, mine } = await twoTenants();
    await buildPaidOrder(t, w);
    const data = await overview(w.m.headers);
    expect(data.tier).toBe('merchant');
    const cny = data.balances.find((b: { currency: string }) => b.currency === 'CNY');
    // Funded 100,000 fen; the paid order was bought from it, the unpaid one holds nothing.
    expect(cny.balance).toBeLessThan(100_000);
    expect(cny.balance).toBeGreaterThan(0);
    expect(data.orders.unpaid).toBe(1);
    expect(data.orders.paid).toBe(1);
    expect(data.unpaid.map((o: { order_no: string }) => o.order_no)).toEqual([mine.order_no]);
    expect(data.unpaid[0].expires_at).toBe(mine.expires_at);
    // Checkout removed the ordered lines from the cart.
    expect(data.cart_lines).toBe(0);
    expect(data.recent_finished.map((f: { id: string }) => f.id)).toEqual([w.m.finished.id]);
    expect(data.attention).toEqual([]);
    expect(data.aftersales_open).toBe(0);
    // Supplier and platform figures are not a merchant's.
    expect(data.merchants).toBeNull();
    expect(data.pending_review).toBeNull();
    expect(data.orders_per_day).toBeNull();

    const n = await overview(w.n.headers);
    expect(n.orders.unpaid).toBe(1);
    expect(n.orders.paid).toBe(0);
    expect(n.recent_finished.map((f: { id: string }) => f.id)).toEqual([w.n.finished.id]);
  });

  it('lists designed products whose catalogue product was withdrawn or runs low', async () => {
    const w = await buildCheckoutWorld(t);
    await db()
      .update(catalogProducts)
      .set({ status: 'off_sale' })
      .where(eq(catalogProducts.id, w.product.id));
    const data = await overview(w.m.headers);
    expect(data.attention).toEqual([expect.objectContaining({ id: w.m.finished.id, reason: 'withdrawn' })]);
  });

  it("counts staff's orders within their data scope only", async () => {
    const w = await buildCheckoutWorld(t);
    const [sales, design] = await db()
      .insert(departments)
      .values([
        { tenantId: w.tenant.id, merchantId: w.m.merchant.id, name: 'Sales' },
        { tenantId: w.tenant.id, merchantId: w.m.merchant.id, name: 'Design' },
      ])
      .returning();
    const owned = { tier: 'merchant' as const, tenantId: w.tenant.id, merchantId: w.m.merchant.id };
    const staff = await staffWithRole(
      t,
      w.m.headers,
      owned,
      { menus: MERCHANT_MENUS, data_scope: 'dept' },
      sales!.id,
    );
    const ours = (await buildUnpaidOrder(t, w)).order_no;
    const theirs = (await buildUnpaidOrder(t, w)).order_no;
    await db().update(orders).set({ departmentId: sales!.id }).where(eq(orders.orderNo, ours));
    await db().update(orders).set({ departmentId: design!.id }).where(eq(orders.orderNo, theirs));

    const data = await overview(staff.headers);
    expect(data.orders.unpaid).toBe(1);
    expect(data.unpaid.map((o: { order_no: string }) => o.order_no)).toEqual([ours]);
    // The primary account sees both.
    expect((await overview(w.m.headers)).orders.unpaid).toBe(2);
  });
});

describe('the supplier, platform and factory dashboards', () => {
  it("a supplier counts its own merchants, reviews and orders per day, never another supplier's", async () => {
    const { w, other } = await twoTenants();
    await pendingTransfer(w.tenant.id, w.m.merchant.id);
    await pendingTransfer(other.tenant.id, other.m.merchant.id);
    await pendingTransfer(other.tenant.id, other.n.merchant.id);
    const data = await overview(w.supplier);
    expect(data.tier).toBe('supplier');
    expect(data.merchants).toEqual({ total: 2, last_week: 2 });
    expect(data.pending_review).toEqual({ recharges: 1, withdrawals: 0 });
    expect(data.orders_per_day).toHaveLength(14);
    expect(data.orders_per_day.at(-1).day).toBe(today());
    expect(todayCount(data)).toBe(2);
    expect(data.suppliers).toBeNull();
    expect(data.balances).toBeNull();

    const theirs = await overview(other.supplier);
    expect(todayCount(theirs)).toBe(3);
    expect(theirs.pending_review.recharges).toBe(2);
  });

  it('the platform counts every supplier, merchant and order', async () => {
    const { w } = await twoTenants();
    await pendingTransfer(w.tenant.id, w.m.merchant.id);
    const admin = await buildPlatformAdmin(db());
    const data = await overview({ 'accept-language': 'en', ...(await t.authAs(adminActor(admin))) });
    const [tenantCount] = await db().select({ n: count() }).from(tenants);
    expect(data.tier).toBe('platform');
    expect(data.suppliers).toBe(tenantCount!.n);
    expect(data.merchants.total).toBeGreaterThanOrEqual(4);
    expect(todayCount(data)).toBe(5);
    expect(data.pending_review.recharges).toBe(1);
  });

  it("a factory counts its own factory's paid orders only", async () => {
    const w = await buildCheckoutWorld(t);
    const other = await buildCheckoutWorld(t);
    await buildPaidOrder(t, w, 'in_production');
    await buildUnpaidOrder(t, w);
    await buildPaidOrder(t, other);
    const data = await overview({ 'accept-language': 'en', ...(await t.authAs(adminActor(w.factoryUser))) });
    expect(data.tier).toBe('factory');
    expect(data.orders.in_production).toBe(1);
    expect(data.orders.paid).toBe(0);
    // An unpaid order is not the factory's yet.
    expect(data.orders.unpaid).toBe(0);
    expect(todayCount(data)).toBe(1);
    expect(data.balances).toBeNull();
    expect(data.cart_lines).toBeNull();
  });

  it('answers 401 without a token', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/dashboard/overview' });
    expect(res.statusCode).toBe(401);
  });
});
