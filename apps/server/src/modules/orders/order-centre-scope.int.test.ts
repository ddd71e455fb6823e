import { randomUUID } from 'node:crypto';
import { ORDER_STATUSES } from '@pod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildShippingMethod, buildShippingRate } from '../../../test/factories/logistics.ts';
import {
  buildCheckoutWorld,
  buildUnpaidOrder,
  US_ADDRESS,
  type CheckoutWorld,
} from '../../../test/factories/orders.ts';
import { staffWithRole } from '../../../test/helpers/access.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { MERCHANT_MENUS } from '../../../test/contract/isolation/world.ts';
import {
  catalogProducts,
  departments,
  orderLines,
  orders,
  shops,
  wallets,
  walletTransactions,
} from '../../db/schema/index.ts';
import { insertOrders } from './order.service.ts';
import { ORDER_TRANSITIONS, transitionOrder, type OrderStatus } from './order-actions.ts';
import { orderEvents } from './schema.ts';
import { addRefund } from './refund.ts';

/*
 * Issue 19 audit gaps: the data scope of departments, another tenant's order, an off-sale product
 * refusing the link, and a shrinking logistics change refunded once under concurrency.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;
const call = (h: Headers, method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const db = () => t.database.db;
const orderRow = async (orderNo: string) =>
  (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const lineOf = async (orderNo: string) => {
  const row = await orderRow(orderNo);
  return (await db().select().from(orderLines).where(eq(orderLines.orderId, row.id)))[0]!;
};
const balanceOf = async (merchantId: string) =>
  (
    await db()
      .select()
      .from(wallets)
      .where(and(eq(wallets.merchantId, merchantId), eq(wallets.currency, 'CNY')))
  )[0]!.balance;

/** Every order action of an order (and its one line), as the routes take them. */
function everyAction(no: string, lineId: string, w: CheckoutWorld) {
  return [
    ['GET', `/order/${no}`, undefined],
    ['GET', `/order/${no}/shippingOptions`, undefined],
    ['POST', `/order/${no}/cancel`, {}],
    ['POST', '/order/restore', { order_nos: [no] }],
    ['POST', `/order/${no}/copy`, {}],
    ['POST', `/order/${no}/split`, { lines: [{ line_id: lineId, quantity: 1 }] }],
    ['POST', `/order/${no}/logistics`, { shipping_method_id: w.method.id }],
    ['POST', `/order/${no}/address`, { address: US_ADDRESS }],
    ['POST', `/order/${no}/remark`, { remark: 'x' }],
    [
      'POST',
      `/order/${no}/lines/${lineId}/link`,
      {
        finished_product_id: w.m.finished.id,
        color_id: w.basics.colors[0]!.id,
        size_id: w.basics.sizes[0]!.id,
      },
    ],
    ['POST', '/order/pay', { order_nos: [no] }],
  ] as const;
}

describe('another tenant', () => {
  it('gets 404 (exactly) for every action on an order of another supplier, and nothing changes', async () => {
    const w = await buildCheckoutWorld(t);
    const other = await buildCheckoutWorld(t);
    const no = (await buildUnpaidOrder(t, w)).order_no;
    const line = await lineOf(no);
    const before = await orderRow(no);
    for (const [method, url, body] of everyAction(no, line.id, w)) {
      const res = await call(other.m.headers, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect(await orderRow(no)).toEqual(before);
  });
});

describe('department data scope', () => {
  it("shows staff with the 'dept' scope their department's orders and 404 for another department's", async () => {
    const w = await buildCheckoutWorld(t);
    const [mine, theirs] = await db()
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
      mine!.id,
    );
    const sh = { 'accept-language': 'en', ...staff.headers };
    const ours = (await buildUnpaidOrder(t, w)).order_no;
    const other = (await buildUnpaidOrder(t, w)).order_no;
    await db().update(orders).set({ departmentId: mine!.id }).where(eq(orders.orderNo, ours));
    await db().update(orders).set({ departmentId: theirs!.id }).where(eq(orders.orderNo, other));

    const list = (await call(sh, 'GET', '/order')).json().data;
    expect(list.list.map((o: { order_no: string }) => o.order_no)).toEqual([ours]);
    const counts = (await call(sh, 'GET', '/order/statusCounts')).json().data;
    expect(counts.all).toBe(1);
    expect((await call(sh, 'GET', `/order/${ours}`)).statusCode).toBe(200);
    const line = await lineOf(other);
    const before = await orderRow(other);
    for (const [method, url, body] of everyAction(other, line.id, w)) {
      const res = await call(sh, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect(await orderRow(other)).toEqual(before);
    // The primary account sees both.
    expect((await call(w.m.headers, 'GET', '/order')).json().data.total).toBe(2);
  });
});

describe('linking an off-sale product', () => {
  it('answers "Association failed" when the finished product’s product was taken off sale', async () => {
    const w = await buildCheckoutWorld(t);
    const template = await orderRow((await buildUnpaidOrder(t, w)).order_no);
    const [shop] = await db()
      .insert(shops)
      .values({ tenantId: w.tenant.id, merchantId: w.m.merchant.id, name: 'TT shop', platform: 'tiktok' })
      .returning();
    const [order] = await insertOrders(db(), { tenantId: w.tenant.id, merchantId: w.m.merchant.id }, [
      {
        order: {
          ...template,
          id: undefined,
          orderNo: `PO${Date.now()}${Math.floor(Math.random() * 1e6)}`,
          source: 'sync',
          platform: 'tiktok',
          shopId: shop!.id,
          productAmount: 0,
          totalAmount: template.shippingAmount,
        },
        lines: [
          {
            finishedProductId: null,
            finishedCode: '',
            name: 'Marketplace tee',
            productId: null,
            styleCode: '',
            colorId: null,
            colorName: '',
            sizeId: null,
            sizeName: '',
            quantity: 1,
            unitPrice: 0,
            subtotal: 0,
            externalProductId: 'P1',
            externalSkcId: 'SKC1',
            externalSkuId: `SKU-${randomUUID().slice(0, 6)}`,
            externalName: 'Tee',
          },
        ],
      },
    ]);
    await db()
      .update(catalogProducts)
      .set({ status: 'off_sale' })
      .where(eq(catalogProducts.id, w.product.id));
    const line = await lineOf(order!.orderNo);
    const res = await call(w.m.headers, 'POST', `/order/${order!.orderNo}/lines/${line.id}/link`, {
      finished_product_id: w.m.finished.id,
      color_id: w.basics.colors[0]!.id,
      size_id: w.basics.sizes[0]!.id,
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().msg).toBe('Association failed');
    const after = await orderRow(order!.orderNo);
    expect(after.unlinkedLines).toBe(1);
    expect((await lineOf(order!.orderNo)).finishedProductId).toBeNull();
  });
});

/** Races a single connection cannot show (CONVENTIONS 10): PostgreSQL only (DATABASE_URL). */
describe.runIf(process.env.DATABASE_URL)('a cheaper logistics method under concurrency (PostgreSQL)', () => {
  it('refunds the difference exactly once when the same change is sent ten times at once', async () => {
    const w = await buildCheckoutWorld(t);
    // The order is paid with a dear method, then moved to a cheaper one.
    const dear = await buildShippingMethod(db(), w.tenant.id, { destination_countries: ['US'] });
    await buildShippingRate(
      db(),
      w.tenant.id,
      { methodId: dear.id, factoryId: w.factory.id },
      { first_price: 3000 },
    );
    const no = (await buildUnpaidOrder(t, w)).order_no;
    const toDear = await call(w.m.headers, 'POST', `/order/${no}/logistics`, { shipping_method_id: dear.id });
    expect(toDear.statusCode, toDear.body).toBe(200);
    expect((await call(w.m.headers, 'POST', '/order/pay', { order_nos: [no] })).statusCode).toBe(200);
    const before = await orderRow(no);
    const balance0 = await balanceOf(w.m.merchant.id);
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(w.m.headers, 'POST', `/order/${no}/logistics`, { shipping_method_id: w.method.id }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(9);
    const after = await orderRow(no);
    const refund = before.totalAmount - after.totalAmount;
    expect(refund).toBeGreaterThan(0);
    expect(await balanceOf(w.m.merchant.id)).toBe(balance0 + refund);
    const rows = await db().select().from(walletTransactions).where(eq(walletTransactions.reference, no));
    expect(rows.map((r) => r.type).sort()).toEqual(['order_payment', 'order_refund']);
  });
});

describe('the status transitions (decision 0039), refunds included', () => {
  const setStatus = (no: string, status: OrderStatus) =>
    db()
      .update(orders)
      .set({ status, paidAt: status === 'unpaid' ? null : new Date() })
      .where(eq(orders.orderNo, no));

  it('moves an order along each transition exactly from its starting statuses', async () => {
    const w = await buildCheckoutWorld(t);
    const no = (await buildUnpaidOrder(t, w)).order_no;
    const { id } = await orderRow(no);
    for (const [name, transition] of Object.entries(ORDER_TRANSITIONS)) {
      for (const status of ORDER_STATUSES) {
        await setStatus(no, status);
        const moved = await db().transaction((tx) =>
          transitionOrder(tx, {
            orderId: id,
            tenantId: w.tenant.id,
            transition: name,
            actor: { id: null, name: 'test' },
          }),
        );
        const allowed = transition.from.includes(status);
        expect(moved?.status ?? null, `${name} from ${status}`).toBe(allowed ? transition.to : null);
        expect((await orderRow(no)).status).toBe(allowed ? transition.to : status);
      }
    }
  });

  it('cancels through cancel_paid only an unshipped order, with its timeline entry; a refund never writes the status itself', async () => {
    const w = await buildCheckoutWorld(t);
    const scope = { tenantId: w.tenant.id, merchantId: w.m.merchant.id };
    for (const status of ORDER_STATUSES) {
      const no = (await buildUnpaidOrder(t, w)).order_no;
      await setStatus(no, status);
      const row = await orderRow(no);
      const result = await db().transaction((tx) =>
        addRefund(tx, scope, row.id, 1, { cancel: true, actor: { id: null, name: 'reviewer' } }),
      );
      const cancels = ORDER_TRANSITIONS.cancel_paid!.from.includes(status);
      expect(result?.status ?? null, `cancel refund in ${status}`).toBe(cancels ? 'cancelled' : null);
      const after = await orderRow(no);
      expect(after.refundedAmount).toBe(cancels ? 1 : 0);
      const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, row.id));
      const entry = events.find((e) => e.action === 'cancel_paid');
      if (cancels)
        expect(entry).toMatchObject({ fromStatus: status, toStatus: 'cancelled', actorName: 'reviewer' });
      else expect(entry).toBeUndefined();
    }
    // A full refund of an order in production stops it (cancelled); of a shipped one, it does not.
    for (const [status, next] of [
      ['in_production', 'cancelled'],
      ['shipped', 'shipped'],
    ] as const) {
      const no = (await buildUnpaidOrder(t, w)).order_no;
      await setStatus(no, status);
      const row = await orderRow(no);
      const result = await db().transaction((tx) =>
        addRefund(tx, scope, row.id, row.totalAmount, { cancel: false }),
      );
      expect(result).toMatchObject({ status: next, refundedAmount: row.totalAmount });
    }
  });
});

describe('paying within the data scope (decision 0061)', () => {
  it('refuses (404) staff paying an order outside their scope, charges nothing, and pays the ones they see', async () => {
    const w = await buildCheckoutWorld(t, { balance: 10_000_000 });
    const owned = { tier: 'merchant' as const, tenantId: w.tenant.id, merchantId: w.m.merchant.id };
    const staff = await staffWithRole(t, w.m.headers, owned, { menus: MERCHANT_MENUS, data_scope: 'self' });
    const sh = { 'accept-language': 'en', ...staff.headers };
    const hidden = (await buildUnpaidOrder(t, w)).order_no;
    const own = (await buildUnpaidOrder(t, w)).order_no;
    await db().update(orders).set({ createdBy: staff.user.id }).where(eq(orders.orderNo, own));
    const balance0 = await balanceOf(w.m.merchant.id);
    for (const body of [
      { order_nos: [hidden] },
      { order_nos: [hidden, own] },
      { order_nos: [hidden], method: 'alipay' },
    ]) {
      const res = await call(sh, 'POST', '/order/pay', body);
      expect(res.statusCode, `${JSON.stringify(body)}: ${res.body}`).toBe(404);
    }
    expect((await call(sh, 'GET', `/order/payStatus?order_nos=${hidden}`)).statusCode).toBe(404);
    expect(await balanceOf(w.m.merchant.id)).toBe(balance0);
    expect((await orderRow(hidden)).status).toBe('unpaid');
    expect((await orderRow(own)).status).toBe('unpaid');
    const paid = await call(sh, 'POST', '/order/pay', { order_nos: [own] });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.paid).toEqual([own]);
    // The primary account pays the other one.
    const primary = await call(w.m.headers, 'POST', '/order/pay', { order_nos: [hidden] });
    expect(primary.json().data.paid).toEqual([hidden]);
  });
});

describe('batch cancel: the 20-number box (decision 0062)', () => {
  it('cancels the unpaid ones, reports the others, and takes at most 20 numbers', async () => {
    const w = await buildCheckoutWorld(t);
    const a = (await buildUnpaidOrder(t, w)).order_no;
    const b = (await buildUnpaidOrder(t, w)).order_no;
    const paid = (await buildUnpaidOrder(t, w)).order_no;
    expect((await call(w.m.headers, 'POST', '/order/pay', { order_nos: [paid] })).statusCode).toBe(200);
    const res = await call(w.m.headers, 'POST', '/order/cancelBatch', { order_nos: [a, b, paid] });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json().data;
    expect(reply.cancelled.map((o: { order_no: string }) => o.order_no).sort()).toEqual([a, b].sort());
    expect(reply.failed).toEqual([
      { order_no: paid, message: `Only unpaid orders can be cancelled; order ${paid} is not unpaid` },
    ]);
    expect((await orderRow(a)).status).toBe('cancelled');
    expect((await orderRow(paid)).status).toBe('paid');
    const events = await db()
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, (await orderRow(b)).id));
    expect(events.map((e) => e.action)).toContain('cancel');
    // None cancellable: the reason is the answer.
    const again = await call(w.m.headers, 'POST', '/order/cancelBatch', { order_nos: [a, paid] });
    expect(again.statusCode).toBe(409);
    // 21 numbers: refused naming the limit, in both languages.
    const many = Array.from({ length: 21 }, (_, i) => `PO${String(i).padStart(10, '0')}`);
    const tooMany = await call(w.m.headers, 'POST', '/order/cancelBatch', { order_nos: many });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toContain('20');
    const zh = await call({ ...w.m.headers, 'accept-language': 'zh-cn' }, 'POST', '/order/cancelBatch', {
      order_nos: many,
    });
    expect(zh.json().msg).toContain('最多输入 20 个单号');
    expect((await call(w.m.headers, 'POST', '/order/cancelBatch', { order_nos: [] })).statusCode).toBe(400);
    // No token; another merchant's or tenant's number (404 for the whole request, nothing cancelled).
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/order/cancelBatch',
      payload: { order_nos: [b] },
    });
    expect(anonymous.statusCode).toBe(401);
    const c = (await buildUnpaidOrder(t, w)).order_no;
    const other = await buildCheckoutWorld(t);
    for (const h of [w.n.headers, other.m.headers]) {
      const res = await call(h, 'POST', '/order/cancelBatch', { order_nos: [c] });
      expect(res.statusCode).toBe(404);
    }
    const mixed = await call(w.n.headers, 'POST', '/order/cancelBatch', {
      order_nos: [c, (await buildUnpaidOrder(t, other)).order_no],
    });
    expect(mixed.statusCode).toBe(404);
    expect((await orderRow(c)).status).toBe('unpaid');
  });
});

describe('the SKU mapping page', () => {
  it('lists a mapping with the names of what it links to, edits and deletes it', async () => {
    const w = await buildCheckoutWorld(t);
    const [shop] = await db()
      .insert(shops)
      .values({ tenantId: w.tenant.id, merchantId: w.m.merchant.id, name: 'TT shop', platform: 'tiktok' })
      .returning();
    const created = await call(w.m.headers, 'POST', '/skuMapping', {
      shop_id: shop!.id,
      external_sku_id: 'SKU-MAP-1',
      finished_product_id: w.m.finished.id,
      color_id: w.basics.colors[0]!.id,
      size_id: w.basics.sizes[0]!.id,
    });
    expect(created.statusCode, created.body).toBe(200);
    const list = (await call(w.m.headers, 'GET', '/skuMapping')).json().data.list;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ external_sku_id: 'SKU-MAP-1', finished_name: 'Summer tee' });
    expect(list[0].finished_code).not.toBe('');
    expect(list[0].color_name).not.toBe('');
    expect(list[0].size_name).not.toBe('');
    const id = list[0].id as string;
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/skuMapping/${id}`,
      headers: w.m.headers,
      payload: { size_id: w.basics.sizes[1]!.id },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/admin/skuMapping/${id}`,
      headers: w.m.headers,
    });
    expect(removed.statusCode).toBe(200);
    expect((await call(w.m.headers, 'GET', '/skuMapping')).json().data.total).toBe(0);
  });
});
