import { randomUUID } from 'node:crypto';
import { ORDER_ACTION_STATUSES, ORDER_STATUSES, type OrderAction } from '@pod/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fundWallet } from '../../../test/factories/index.ts';
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
  orderEvents,
  orderLines,
  orders,
  orderSkuMappings,
  shops,
  wallets,
  walletTransactions,
} from '../../db/schema/index.ts';
import { linkLinesByMapping } from './index.ts';
import { insertOrders, toOrder } from './order.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;
const call = (h: Headers, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1/admin${url}`,
    headers: h,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const db = () => t.database.db;
const orderRow = async (orderNo: string) =>
  (await db().select().from(orders).where(eq(orders.orderNo, orderNo)))[0]!;
const linesOf = async (orderNo: string) => {
  const row = await orderRow(orderNo);
  return db().select().from(orderLines).where(eq(orderLines.orderId, row.id));
};
const balanceOf = async (merchantId: string) =>
  (
    await db()
      .select()
      .from(wallets)
      .where(and(eq(wallets.merchantId, merchantId), eq(wallets.currency, 'CNY')))
  )[0]!.balance;

/** An order of world.m with `quantity` pieces of its one line (amounts and weight consistent). */
async function orderWith(w: CheckoutWorld, quantity = 1): Promise<string> {
  const made = await buildUnpaidOrder(t, w);
  if (quantity === 1) return made.order_no;
  const row = await orderRow(made.order_no);
  const [line] = await linesOf(made.order_no);
  await db()
    .update(orderLines)
    .set({ quantity, subtotal: line!.unitPrice * quantity })
    .where(eq(orderLines.id, line!.id));
  const productAmount = line!.unitPrice * quantity;
  await db()
    .update(orders)
    .set({
      totalQuantity: quantity,
      weight: line!.unitWeight * quantity,
      productAmount,
      totalAmount: productAmount + row.shippingAmount,
    })
    .where(eq(orders.id, row.id));
  return made.order_no;
}

/** Puts an order in a status as the other modules would (paid time for the paid ones). */
async function setStatus(orderNo: string, status: (typeof ORDER_STATUSES)[number]) {
  const paid = ['paid', 'in_production', 'shipped', 'completed'].includes(status);
  await db()
    .update(orders)
    .set({ status, paidAt: paid ? new Date() : null, payNo: paid ? `T${randomUUID().slice(0, 8)}` : '' })
    .where(eq(orders.orderNo, orderNo));
}

describe('the action state machine (decision 0039)', () => {
  it('allows every action exactly in the statuses of its table and refuses it in the others', async () => {
    const w = await buildCheckoutWorld(t, { balance: 10_000_000 });
    const h = w.m.headers;
    const attempts: Record<OrderAction, (no: string) => Promise<{ statusCode: number; body: string }>> = {
      pay: (no) => call(h, 'POST', '/order/pay', { order_nos: [no] }),
      cancel: (no) => call(h, 'POST', `/order/${no}/cancel`, {}),
      // Paid orders are cancelled through after-sales; here only the table is checked.
      cancel_request: async () => ({ statusCode: 200, body: '' }),
      aftersales_request: async () => ({ statusCode: 200, body: '' }),
      restore: (no) => call(h, 'POST', '/order/restore', { order_nos: [no] }),
      copy: (no) => call(h, 'POST', `/order/${no}/copy`, {}),
      split: async (no) => {
        const [line] = await linesOf(no);
        return call(h, 'POST', `/order/${no}/split`, { lines: [{ line_id: line!.id, quantity: 1 }] });
      },
      modify_logistics: async (no) => {
        const other = await buildShippingMethod(db(), w.tenant.id, { destination_countries: ['US', 'CN'] });
        await buildShippingRate(db(), w.tenant.id, { methodId: other.id, factoryId: w.factory.id });
        return call(h, 'POST', `/order/${no}/logistics`, { shipping_method_id: other.id });
      },
      modify_address: (no) =>
        call(h, 'POST', `/order/${no}/address`, { address: { ...US_ADDRESS, street: '2 Market St' } }),
      remark: (no) => call(h, 'POST', `/order/${no}/remark`, { remark: 'gift wrap' }),
      link: async (no) => {
        const [line] = await linesOf(no);
        return call(h, 'POST', `/order/${no}/lines/${line!.id}/link`, {
          finished_product_id: w.m.finished.id,
          color_id: w.basics.colors[0]!.id,
          size_id: w.basics.sizes[0]!.id,
        });
      },
    };
    for (const action of Object.keys(attempts) as OrderAction[]) {
      if (action === 'cancel_request' || action === 'aftersales_request') continue;
      for (const status of ORDER_STATUSES) {
        const no = await orderWith(w, 2);
        await setStatus(no, status);
        const before = await orderRow(no);
        const res = await attempts[action](no);
        const allowed = ORDER_ACTION_STATUSES[action].includes(status);
        if (action === 'pay' && !allowed && res.statusCode === 200) {
          // Paying a paid order again is a retry: reported as already paid, charged nothing.
          expect(JSON.parse(res.body).data.paid, `${action} in ${status}`).toEqual([]);
          continue;
        }
        expect(res.statusCode, `${action} in ${status}: ${res.body}`).toBe(allowed ? 200 : 409);
        if (!allowed) {
          // Refused: nothing about the order changed.
          const after = await orderRow(no);
          expect(after.updatedAt).toEqual(before.updatedAt);
          expect(after.status).toBe(status);
        }
      }
    }
  }, 300_000);

  it('writes a timeline entry for each action, with who and what changed', async () => {
    const w = await buildCheckoutWorld(t);
    const no = await orderWith(w);
    expect((await call(w.m.headers, 'POST', `/order/${no}/remark`, { remark: 'fragile' })).statusCode).toBe(
      200,
    );
    expect((await call(w.m.headers, 'POST', `/order/${no}/cancel`, {})).statusCode).toBe(200);
    const detail = (await call(w.m.headers, 'GET', `/order/${no}`)).json().data;
    const actions = detail.events.map((e: { action: string }) => e.action);
    expect(actions).toEqual(['created', 'remark', 'cancel']);
    const remark = detail.events[1];
    expect(remark.actor_name).toBe(w.m.primary.username);
    expect(remark.detail).toEqual({ remark: { from: '', to: 'fragile' } });
    expect(detail.events[2]).toMatchObject({ from_status: 'unpaid', to_status: 'cancelled' });
    expect(detail.actions).toEqual(['restore', 'copy', 'remark']);
  });

  it('restores a cancelled order with the prices and logistics checked again, and says when none qualify', async () => {
    const w = await buildCheckoutWorld(t);
    const no = await orderWith(w);
    await call(w.m.headers, 'POST', `/order/${no}/cancel`, {});
    const res = await call(w.m.headers, 'POST', '/order/restore', { order_nos: [no] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.restored[0]).toMatchObject({ order_no: no, status: 'unpaid' });
    expect(new Date(res.json().data.restored[0].expires_at).getTime()).toBeGreaterThan(Date.now());
    const again = await call(w.m.headers, 'POST', '/order/restore', { order_nos: [no] });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('Selected orders need no restore');
  });
});

describe('the list: query boxes, filters, counts', () => {
  it('writes every listed order exactly as toOrder does (PostgreSQL renders the JSON, decision 0089), whatever its amounts, times and address; the number box finds own and shop numbers of this merchant only', async () => {
    const w = await buildCheckoutWorld(t);
    const nos = [await orderWith(w), await orderWith(w, 2), await orderWith(w), await orderWith(w)];
    const variants: Array<Partial<typeof orders.$inferInsert>> = [
      {},
      {
        status: 'paid',
        payMethod: 'balance',
        payNo: 'B-1',
        platform: 'tiktok',
        source: 'sync',
        thirdPartyOrderNo: 'TT-SHARED',
        salesCurrency: 'CNY',
        salesAmount: 9_000,
        salesShippingAmount: 1_000,
        salesTotalAmount: 10_000,
        unlinkedLines: 2,
      },
      {
        status: 'shipped',
        trackingNo: 'YT-1',
        carrierCode: 'yunexpress',
        salesCurrency: 'CNY',
        salesTotalAmount: 3,
        remark: 'a "quoted" \\ remark, 中文, \u2028 and a tab\t',
        address: { ...US_ADDRESS, area: '', first_name: '', last_name: 'Li' },
      },
      { status: 'completed', salesCurrency: 'USD', salesTotalAmount: 999, subOrderNo: 'S-1' },
    ];
    for (const [i, set] of variants.entries())
      if (Object.keys(set).length) await db().update(orders).set(set).where(eq(orders.orderNo, nos[i]!));
    // Times with microseconds, ahead of and behind a millisecond's half, and the paid ones' own.
    await t.database.raw.query(
      `UPDATE orders SET created_at = created_at + interval '0.000999 s', updated_at = '2026-01-02 03:04:05.678901+00',
         paid_at = CASE WHEN status = 'unpaid' THEN NULL ELSE '2026-01-02 03:04:05.0005+00'::timestamptz END,
         shipped_at = CASE WHEN status = 'shipped' THEN '2026-01-03 00:00:00+00'::timestamptz END,
         latest_delivery_at = CASE WHEN status = 'paid' THEN '2026-02-01 23:59:59.999999+00'::timestamptz END
       WHERE merchant_id = $1`,
      [w.m.merchant.id],
    );
    const listed = (await call(w.m.headers, 'GET', '/order?limit=50')).json().data;
    expect(listed.total).toBe(nos.length);
    for (const no of nos) {
      const item = listed.list.find((o: { order_no: string }) => o.order_no === no);
      expect(item, no).toEqual(JSON.parse(JSON.stringify(toOrder(await orderRow(no)))));
    }
    expect(listed.list.find((o: { order_no: string }) => o.order_no === nos[1]).profit_rate).not.toBeNull();
    expect(listed.list.find((o: { order_no: string }) => o.order_no === nos[2]).consignee).toBe('Li');

    // Another merchant of the same supplier with the same shop number: never found from here.
    const theirs = await buildUnpaidOrder(t, { ...w, m: w.n });
    await db()
      .update(orders)
      .set({ thirdPartyOrderNo: 'TT-SHARED' })
      .where(eq(orders.orderNo, theirs.order_no));
    const box = (
      await call(
        w.m.headers,
        'GET',
        `/order?order_nos=${encodeURIComponent(`TT-SHARED ${nos[3]} ${theirs.order_no}`)}`,
      )
    )
      .json()
      .data.list.map((o: { order_no: string }) => o.order_no)
      .sort();
    expect(box).toEqual([nos[1], nos[3]].sort());
    const fromThem = (await call(w.n.headers, 'GET', '/order?order_nos=TT-SHARED')).json().data;
    expect(fromThem.list.map((o: { order_no: string }) => o.order_no)).toEqual([theirs.order_no]);
    expect(fromThem.total).toBe(1);
  });

  it('takes up to 50 numbers in a box, separated by spaces, commas or line breaks, and refuses 51 naming the limit', async () => {
    const w = await buildCheckoutWorld(t);
    const a = await orderWith(w);
    const b = await orderWith(w);
    const fillers = Array.from({ length: 48 }, (_, i) => `PO${String(i).padStart(10, '0')}`);
    const box = [a, ...fillers.slice(0, 24)].join(' ') + '\n' + [b, ...fillers.slice(24)].join(',');
    const ok = await call(w.m.headers, 'GET', `/order?order_nos=${encodeURIComponent(box)}`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok
        .json()
        .data.list.map((o: { order_no: string }) => o.order_no)
        .sort(),
    ).toEqual([a, b].sort());
    const tooMany = [...fillers, a, b, 'PO9999999999'].join(',');
    for (const key of ['order_nos', 'tracking_nos', 'third_party_nos', 'sub_order_nos', 'pay_nos']) {
      const res = await call(w.m.headers, 'GET', `/order?${key}=${encodeURIComponent(tooMany)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toContain('50');
    }
    // Restore, like the list, takes 50 numbers at most.
    const restore = await call(w.m.headers, 'POST', '/order/restore', {
      order_nos: [...fillers, a, b, 'PO9999999999'],
    });
    expect(restore.statusCode).toBe(400);
    expect(restore.json().msg).toContain('50');
  });

  it('refuses a date range over one year', async () => {
    const w = await buildCheckoutWorld(t);
    for (const [from, to] of [
      ['from', 'to'],
      ['paid_from', 'paid_to'],
      ['updated_from', 'updated_to'],
    ]) {
      const res = await call(
        w.m.headers,
        'GET',
        `/order?${from}=2025-01-01T00:00:00Z&${to}=2026-02-01T00:00:00Z`,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('The date range must not exceed one year');
    }
  });

  it('filters by status, linked, amount, country, about to time out; sorts; counts each status', async () => {
    const w = await buildCheckoutWorld(t);
    const a = await orderWith(w);
    const b = await orderWith(w, 3);
    const c = await orderWith(w);
    await setStatus(c, 'cancelled');
    await db()
      .update(orders)
      .set({ expiresAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(orders.orderNo, a));
    const list = async (q: string) =>
      (await call(w.m.headers, 'GET', `/order?${q}`))
        .json()
        .data.list.map((o: { order_no: string }) => o.order_no);
    expect(await list('status=cancelled')).toEqual([c]);
    expect(await list('timeout_soon=true')).toEqual([a]);
    const big = await orderRow(b);
    expect(await list(`amount_min=${big.totalAmount}`)).toEqual([b]);
    expect((await list(`amount_max=${big.totalAmount - 1}`)).sort()).toEqual([a, c].sort());
    expect(await list('linked=unlinked')).toEqual([]);
    expect((await list('linked=linked&country=US')).length).toBe(3);
    expect(await list('country=CN')).toEqual([]);
    expect(await list('order=created_at,asc')).toEqual([a, b, c]);
    const counts = (await call(w.m.headers, 'GET', '/order/statusCounts')).json().data;
    expect(counts.all).toBe(3);
    expect(counts.counts).toMatchObject({ unpaid: 2, cancelled: 1, paid: 0 });
    // Counts follow the other filters, never the status.
    const filtered = (await call(w.m.headers, 'GET', `/order/statusCounts?order_nos=${a}`)).json().data;
    expect(filtered.all).toBe(1);
  });

  it('answers each filter shape from its prepared statement with this call’s values: boxes, ranges, a page past the end', async () => {
    const w = await buildCheckoutWorld(t);
    const a = await orderWith(w);
    const b = await orderWith(w);
    const c = await orderWith(w);
    await setStatus(c, 'cancelled');
    const page = async (q: string) => (await call(w.m.headers, 'GET', `/order?${q}`)).json().data;
    const nos = async (q: string) => (await page(q)).list.map((o: { order_no: string }) => o.order_no).sort();
    // One shape, two calls with different values: the second is not answered with the first's.
    expect(await nos(`order_nos=${a},${c}`)).toEqual([a, c].sort());
    expect(await nos(`order_nos=${b}`)).toEqual([b]);
    expect(await nos('status=unpaid')).toEqual([a, b].sort());
    expect(await nos('status=cancelled')).toEqual([c]);
    const created = (await orderRow(b)).createdAt.getTime();
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(await nos(`from=${iso(created - 60_000)}&to=${iso(created + 60_000)}`)).toEqual([a, b, c].sort());
    expect(await nos(`from=${iso(created + 3_600_000)}`)).toEqual([]);
    expect(await nos(`tracking_nos=NONE-1,NONE-2`)).toEqual([]);
    // A page past the end has no rows and still the total.
    const past = await page('page=3&limit=2');
    expect(past.list).toEqual([]);
    expect(past.total).toBe(3);
    const second = await page('page=2&limit=2');
    expect(second.list).toHaveLength(1);
    expect(second.total).toBe(3);
  });

  it('shows a staff member only the orders of their data scope, and 404 for the others', async () => {
    const w = await buildCheckoutWorld(t);
    const owned = { tier: 'merchant' as const, tenantId: w.tenant.id, merchantId: w.m.merchant.id };
    const staff = await staffWithRole(t, w.m.headers, owned, { menus: MERCHANT_MENUS, data_scope: 'self' });
    const sh = { 'accept-language': 'en', ...staff.headers };
    const primaryOrder = await orderWith(w);
    expect((await call(sh, 'GET', '/order')).json().data.total).toBe(0);
    expect((await call(sh, 'GET', `/order/${primaryOrder}`)).statusCode).toBe(404);
    expect((await call(sh, 'POST', `/order/${primaryOrder}/remark`, { remark: 'x' })).statusCode).toBe(404);
    expect((await call(sh, 'POST', `/order/${primaryOrder}/copy`, {})).statusCode).toBe(404);
    // An order the staff member placed is theirs to see.
    await db().update(orders).set({ createdBy: staff.user.id }).where(eq(orders.orderNo, primaryOrder));
    expect((await call(sh, 'GET', '/order')).json().data.total).toBe(1);
    expect((await call(sh, 'GET', `/order/${primaryOrder}`)).statusCode).toBe(200);
  });
});

describe('split', () => {
  it('splits by quantity and by line; the parts add up to the whole and both are re-quoted', async () => {
    const w = await buildCheckoutWorld(t);
    const no = await orderWith(w, 3);
    const whole = await orderRow(no);
    const [line] = await linesOf(no);
    const res = await call(w.m.headers, 'POST', `/order/${no}/split`, {
      lines: [{ line_id: line!.id, quantity: 1 }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const [kept, made] = res.json().data.orders;
    expect(kept.order_no).toBe(no);
    expect(made.origin_order_no).toBe(no);
    expect(kept.total_quantity + made.total_quantity).toBe(whole.totalQuantity);
    expect(kept.product_amount + made.product_amount).toBe(whole.productAmount);
    expect(kept.weight + made.weight).toBe(whole.weight);
    for (const part of [kept, made]) {
      expect(part.total_amount).toBe(part.product_amount + part.shipping_amount);
      expect(part.shipping_amount).toBeGreaterThan(0);
    }
    // The rate is per started 50 g: the lighter part (1 piece against 2) ships for less.
    expect(made.shipping_amount).toBeLessThan(kept.shipping_amount);
    const sumLines = async (orderNo: string) => (await linesOf(orderNo)).reduce((s, l) => s + l.subtotal, 0);
    expect((await sumLines(no)) + (await sumLines(made.order_no))).toBe(whole.productAmount);
  });

  it('refuses moving every piece, more than a line has, or another order’s line', async () => {
    const w = await buildCheckoutWorld(t);
    const no = await orderWith(w, 2);
    const other = await orderWith(w, 2);
    const [line] = await linesOf(no);
    const [otherLine] = await linesOf(other);
    for (const lines of [
      [{ line_id: line!.id, quantity: 2 }],
      [{ line_id: line!.id, quantity: 3 }],
      [{ line_id: otherLine!.id, quantity: 1 }],
    ]) {
      const res = await call(w.m.headers, 'POST', `/order/${no}/split`, { lines });
      expect(res.statusCode, res.body).toBe(400);
    }
    expect((await orderRow(no)).totalQuantity).toBe(2);
  });
});

describe('modify logistics and address', () => {
  async function dearerMethod(w: CheckoutWorld) {
    const m = await buildShippingMethod(db(), w.tenant.id, { destination_countries: ['US', 'CN'] });
    await buildShippingRate(
      db(),
      w.tenant.id,
      { methodId: m.id, factoryId: w.factory.id },
      { first_price: 2500 },
    );
    return m;
  }

  it('charges a paid order the difference once, refunds it on the way back, and refuses an unchanged method', async () => {
    const w = await buildCheckoutWorld(t);
    const no = await orderWith(w);
    expect((await call(w.m.headers, 'POST', '/order/pay', { order_nos: [no] })).statusCode).toBe(200);
    const before = await orderRow(no);
    const balance0 = await balanceOf(w.m.merchant.id);
    const dear = await dearerMethod(w);
    const res = await call(w.m.headers, 'POST', `/order/${no}/logistics`, { shipping_method_id: dear.id });
    expect(res.statusCode, res.body).toBe(200);
    const diff = res.json().data.total_amount - before.totalAmount;
    expect(diff).toBeGreaterThan(0);
    expect(await balanceOf(w.m.merchant.id)).toBe(balance0 - diff);
    const same = await call(w.m.headers, 'POST', `/order/${no}/logistics`, { shipping_method_id: dear.id });
    expect(same.statusCode).toBe(400);
    expect(same.json().msg).toBe('The logistics method has not changed and does not need to be modified');
    expect(await balanceOf(w.m.merchant.id)).toBe(balance0 - diff);
    const back = await call(w.m.headers, 'POST', `/order/${no}/logistics`, {
      shipping_method_id: before.shipping.method_id,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(await balanceOf(w.m.merchant.id)).toBe(balance0);
    const detail = (await call(w.m.headers, 'GET', `/order/${no}`)).json().data;
    expect(detail.ledger.map((e: { amount: number }) => e.amount)).toEqual([
      -before.totalAmount,
      -diff,
      diff,
    ]);
  });

  it('re-checks the address rules and the logistics for the new country', async () => {
    const w = await buildCheckoutWorld(t);
    const no = await orderWith(w);
    const bad = await call(w.m.headers, 'POST', `/order/${no}/address`, {
      address: { ...US_ADDRESS, postcode: 'ABC' },
    });
    expect(bad.statusCode).toBe(400);
    const nowhere = await call(w.m.headers, 'POST', `/order/${no}/address`, {
      address: { ...US_ADDRESS, country: 'DE', province: '', postcode: '10115', mobile_phone: '030123456' },
    });
    expect(nowhere.statusCode).toBe(409);
    expect(nowhere.json().msg).toBe('Current logistics unavailable or changed, refresh and reorder');
    const cn = await call(w.m.headers, 'POST', `/order/${no}/address`, {
      address: {
        first_name: '张三',
        mobile_phone: '13800138000',
        country: 'CN',
        province: '广东',
        city: '深圳',
        street: '科技园 1 号',
        postcode: '518000',
      },
    });
    expect(cn.statusCode, cn.body).toBe(200);
    expect(cn.json().data.country_code).toBe('CN');
  });
});

describe('batch pay', () => {
  it('pays each order once and reports the one short of balance', async () => {
    const w = await buildCheckoutWorld(t, { balance: 1 });
    const a = await orderWith(w);
    const b = await orderWith(w, 3);
    const first = await orderRow(a);
    await fundWallet(db(), { tenantId: w.tenant.id, merchantId: w.m.merchant.id }, first.totalAmount);
    const res = await call(w.m.headers, 'POST', '/order/pay', { order_nos: [a, b] });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json().data;
    expect(reply.paid).toEqual([a]);
    expect(reply.failed).toEqual([{ order_no: b, message: 'Balance insufficient, recharge first' }]);
    expect((await orderRow(a)).status).toBe('paid');
    expect((await orderRow(b)).status).toBe('unpaid');
    expect(await balanceOf(w.m.merchant.id)).toBe(1);
    // Paid again: charged nothing more.
    const again = await call(w.m.headers, 'POST', '/order/pay', { order_nos: [a, b] });
    expect(again.json().data.already_paid).toEqual([a]);
    const debits = await db()
      .select()
      .from(walletTransactions)
      .where(and(eq(walletTransactions.reference, a), eq(walletTransactions.type, 'order_payment')));
    expect(debits).toHaveLength(1);
    // The payment's remark is the platform's text, in the language of whoever reads it (issue 26).
    const remarkIn = async (lang: string) => {
      const list = await call({ ...w.m.headers, 'accept-language': lang }, 'GET', '/wallet/transaction');
      expect(list.statusCode, list.body).toBe(200);
      const rows = list.json().data.list as Array<{ type: string; reference: string; remark: string }>;
      return rows.find((r) => r.type === 'order_payment' && r.reference === a)?.remark;
    };
    expect(await remarkIn('en')).toBe(`Payment for order ${a}`);
    expect(await remarkIn('zh-CN')).toBe(`订单 ${a} 支付`);
  });
});

describe('linking finished products and SKU mapping', () => {
  async function marketplaceOrder(w: CheckoutWorld, shopId: string, sku: string) {
    const template = await orderRow(await orderWith(w));
    const [row] = await insertOrders(db(), { tenantId: w.tenant.id, merchantId: w.m.merchant.id }, [
      {
        order: {
          ...template,
          id: undefined,
          orderNo: `PO${Date.now()}${Math.floor(Math.random() * 1e6)}`,
          source: 'sync',
          platform: 'tiktok',
          shopId,
          productAmount: 0,
          totalAmount: template.shippingAmount,
          salesCurrency: 'CNY',
          salesTotalAmount: 99_00,
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
            externalSkuId: sku,
            externalName: 'Tee',
          },
        ],
      },
    ]);
    return row!;
  }

  it('refuses paying an unlinked order, links it, remembers the SKU, and links a later order by itself', async () => {
    const w = await buildCheckoutWorld(t);
    const [shop] = await db()
      .insert(shops)
      .values({ tenantId: w.tenant.id, merchantId: w.m.merchant.id, name: 'TT shop', platform: 'tiktok' })
      .returning();
    const first = await marketplaceOrder(w, shop!.id, 'SKU-1');
    expect(first.unlinkedLines).toBe(1);
    const unpaid = await call(w.m.headers, 'POST', '/order/pay', { order_nos: [first.orderNo] });
    expect(unpaid.statusCode).toBe(409);
    const list = (await call(w.m.headers, 'GET', '/order?linked=unlinked')).json().data.list;
    expect(list.map((o: { order_no: string }) => o.order_no)).toEqual([first.orderNo]);
    expect(list[0].profit_rate).toBeNull();

    const [line] = await linesOf(first.orderNo);
    const target = {
      finished_product_id: w.m.finished.id,
      color_id: w.basics.colors[0]!.id,
      size_id: w.basics.sizes[0]!.id,
    };
    const linked = await call(w.m.headers, 'POST', `/order/${first.orderNo}/lines/${line!.id}/link`, target);
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json().data).toMatchObject({ linked: true, unlinked_lines: 0 });
    expect(linked.json().data.product_amount).toBeGreaterThan(0);
    const mappings = await db().select().from(orderSkuMappings).where(eq(orderSkuMappings.shopId, shop!.id));
    expect(mappings).toMatchObject([{ externalSkuId: 'SKU-1', finishedProductId: w.m.finished.id }]);
    const paid = await call(w.m.headers, 'POST', '/order/pay', { order_nos: [first.orderNo] });
    expect(paid.statusCode, paid.body).toBe(200);
    const after = (await call(w.m.headers, 'GET', `/order/${first.orderNo}`)).json().data;
    expect(after.profit_rate).toBeCloseTo((99_00 - after.total_amount) / 99_00, 4);

    const later = await marketplaceOrder(w, shop!.id, 'SKU-1');
    const other = await marketplaceOrder(w, shop!.id, 'SKU-2');
    const scope = { tenantId: w.tenant.id, merchantId: w.m.merchant.id };
    expect(await linkLinesByMapping(db(), scope, later.id)).toBe(1);
    expect(await linkLinesByMapping(db(), scope, other.id)).toBe(0);
    expect((await orderRow(later.orderNo)).unlinkedLines).toBe(0);
    expect((await orderRow(other.orderNo)).unlinkedLines).toBe(1);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, later.id));
    expect(events.map((e) => e.action)).toContain('link_by_mapping');

    // The mapping page: list, and another merchant cannot see it.
    const mine = await call(w.m.headers, 'GET', `/skuMapping?shop_id=${shop!.id}`);
    expect(mine.json().data.total).toBe(1);
    expect((await call(w.n.headers, 'GET', '/skuMapping')).json().data.total).toBe(0);
    expect((await call(w.n.headers, 'DELETE', `/skuMapping/${mappings[0]!.id}`)).statusCode).toBe(404);
  });

  it('a deleted finished product blocks the link ("link failed, link again")', async () => {
    const w = await buildCheckoutWorld(t);
    const [shop] = await db()
      .insert(shops)
      .values({ tenantId: w.tenant.id, merchantId: w.m.merchant.id, name: 'TT shop', platform: 'tiktok' })
      .returning();
    const order = await marketplaceOrder(w, shop!.id, 'SKU-9');
    const del = await call(w.m.headers, 'DELETE', `/design/finished/${w.m.finished.id}`);
    expect(del.statusCode, del.body).toBe(200);
    const [line] = await linesOf(order.orderNo);
    const res = await call(w.m.headers, 'POST', `/order/${order.orderNo}/lines/${line!.id}/link`, {
      finished_product_id: w.m.finished.id,
      color_id: w.basics.colors[0]!.id,
      size_id: w.basics.sizes[0]!.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('Link failed, link again');
    // Another merchant's finished product is simply not found.
    const theirs = await call(w.m.headers, 'POST', `/order/${order.orderNo}/lines/${line!.id}/link`, {
      finished_product_id: w.n.finished.id,
      color_id: w.basics.colors[0]!.id,
      size_id: w.basics.sizes[0]!.id,
    });
    expect(theirs.statusCode).toBe(404);
  });
});

describe('another merchant gets 404 for every action', () => {
  it('refuses another merchant of the same supplier', async () => {
    const w = await buildCheckoutWorld(t);
    const no = await orderWith(w, 2);
    const [line] = await linesOf(no);
    const h = w.n.headers;
    const before = await orderRow(no);
    for (const [method, url, body] of [
      ['GET', `/order/${no}`, undefined],
      ['GET', `/order/${no}/shippingOptions`, undefined],
      ['POST', `/order/${no}/cancel`, {}],
      ['POST', '/order/restore', { order_nos: [no] }],
      ['POST', `/order/${no}/copy`, {}],
      ['POST', `/order/${no}/split`, { lines: [{ line_id: line!.id, quantity: 1 }] }],
      ['POST', `/order/${no}/logistics`, { shipping_method_id: w.method.id }],
      ['POST', `/order/${no}/address`, { address: US_ADDRESS }],
      ['POST', `/order/${no}/remark`, { remark: 'x' }],
      [
        'POST',
        `/order/${no}/lines/${line!.id}/link`,
        {
          finished_product_id: w.n.finished.id,
          color_id: w.basics.colors[0]!.id,
          size_id: w.basics.sizes[0]!.id,
        },
      ],
      ['POST', '/order/pay', { order_nos: [no] }],
    ] as const) {
      const res = await call(h, method, url, body);
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(404);
    }
    expect(await orderRow(no)).toEqual(before);
  });
});

/** Races a single connection cannot show (CONVENTIONS 10): PostgreSQL only (DATABASE_URL). */
describe.runIf(process.env.DATABASE_URL)('modify logistics under concurrency (PostgreSQL)', () => {
  it('charges the difference exactly once when the same change is sent ten times at once', async () => {
    const w = await buildCheckoutWorld(t);
    const no = await orderWith(w);
    expect((await call(w.m.headers, 'POST', '/order/pay', { order_nos: [no] })).statusCode).toBe(200);
    const before = await orderRow(no);
    const balance0 = await balanceOf(w.m.merchant.id);
    const m = await buildShippingMethod(db(), w.tenant.id, { destination_countries: ['US'] });
    await buildShippingRate(
      db(),
      w.tenant.id,
      { methodId: m.id, factoryId: w.factory.id },
      { first_price: 3000 },
    );
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(w.m.headers, 'POST', `/order/${no}/logistics`, { shipping_method_id: m.id }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(9);
    const after = await orderRow(no);
    expect(await balanceOf(w.m.merchant.id)).toBe(balance0 - (after.totalAmount - before.totalAmount));
    const rows = await db().select().from(walletTransactions).where(eq(walletTransactions.reference, no));
    expect(rows).toHaveLength(2);
  });
});
