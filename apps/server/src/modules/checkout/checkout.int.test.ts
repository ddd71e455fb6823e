import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCheckoutWorld, US_ADDRESS, type CheckoutWorld } from '../../../test/factories/orders.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { catalogProducts, orders, shippingMethods, shippingRates } from '../../db/schema/index.ts';
import { createDictionaryEntries } from '../catalog/index.ts';
import { addExchangeRate, reconcile } from '../wallet/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

type Headers = Record<string, string>;
const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  headers: Headers,
  payload?: unknown,
) => t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

async function addLine(w: CheckoutWorld, quantity = 2, who = w.m) {
  const res = await call('POST', '/api/v1/admin/cart', who.headers, {
    items: [
      {
        finished_product_id: who.finished.id,
        color_id: w.basics.colors[0]!.id,
        size_id: w.basics.sizes[0]!.id,
        quantity,
      },
    ],
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list[0] as { id: string; unit_price: number };
}

async function addAddress(headers: Headers, address: Record<string, unknown> = US_ADDRESS) {
  const res = await call('POST', '/api/v1/admin/address', headers, address);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string };
}

async function preview(headers: Headers, lineIds: string[], addressIds: string[]) {
  return call('POST', '/api/v1/admin/settlement/preview', headers, {
    cart_line_ids: lineIds,
    addresses: addressIds.map((id) => ({ address_id: id })),
  });
}

/** Cart → address → preview → submit, as the settlement page does it. */
async function placeOrder(w: CheckoutWorld, pay: 'balance' | 'later' = 'later', who = w.m) {
  const line = await addLine(w, 2, who);
  const address = await addAddress(who.headers);
  const p = await preview(who.headers, [line.id], [address.id]);
  expect(p.statusCode, p.body).toBe(200);
  const view = p.json().data;
  const res = await call('POST', '/api/v1/admin/settlement/submit', who.headers, {
    lines: view.lines.map((l: { cart_line_id: string; unit_price: number }) => ({
      cart_line_id: l.cart_line_id,
      unit_price: l.unit_price,
    })),
    addresses: view.orders.map(
      (o: { address: { id: string }; shipping: { method_id: string; fee: number } }) => ({
        address_id: o.address.id,
        shipping_method_id: o.shipping.method_id,
        shipping_fee: o.shipping.fee,
      }),
    ),
    pay,
    idempotency_key: `checkout-${randomUUID()}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { view, reply: res.json().data, line, address };
}

const balanceOf = async (headers: Headers) => {
  const res = await call('GET', '/api/v1/admin/wallet/balance', headers);
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json().data.list as Array<{ currency: string; balance: number }>;
  return list.find((b) => b.currency === 'CNY')!.balance;
};

describe('cart', () => {
  it('adds an in-stock colour and size, merges the same SKU, edits and deletes selected lines', async () => {
    const w = await buildCheckoutWorld(t);
    const first = await addLine(w, 2);
    const again = await addLine(w, 3);
    expect(again.id).toBe(first.id);
    const list = await call('GET', '/api/v1/admin/cart', w.m.headers);
    expect(list.json().data.list).toHaveLength(1);
    const line = list.json().data.list[0];
    expect(line.quantity).toBe(5);
    expect(line.state).toBe('ok');
    expect(line.unit_price).toBe(line.current_unit_price);
    expect(line.subtotal).toBe(line.unit_price * 5);
    expect(line.options.colors.map((c: { id: string }) => c.id)).toEqual([w.basics.colors[0]!.id]);

    const edit = await call('PATCH', `/api/v1/admin/cart/${line.id}`, w.m.headers, {
      quantity: 1,
      size_id: w.basics.sizes[1]!.id,
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ quantity: 1, size_id: w.basics.sizes[1]!.id });

    const none = await call('DELETE', '/api/v1/admin/cart?ids=', w.m.headers);
    expect(none.statusCode).toBe(400);
    const del = await call('DELETE', `/api/v1/admin/cart?ids=${line.id}`, w.m.headers);
    expect(del.statusCode, del.body).toBe(200);
    expect(del.json().data.count).toBe(1);
    expect((await call('GET', '/api/v1/admin/cart', w.m.headers)).json().data.list).toEqual([]);
  });

  it('refuses 51 products in one add ("Single max 50 products"), a colour of no stock, and no token', async () => {
    const w = await buildCheckoutWorld(t);
    const item = {
      finished_product_id: w.m.finished.id,
      color_id: w.basics.colors[0]!.id,
      size_id: w.basics.sizes[0]!.id,
      quantity: 1,
    };
    const tooMany = await call('POST', '/api/v1/admin/cart', w.m.headers, { items: Array(51).fill(item) });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().msg).toBe('Single max 50 products');
    const fifty = await call('POST', '/api/v1/admin/cart', w.m.headers, { items: Array(50).fill(item) });
    expect(fifty.statusCode, fifty.body).toBe(200);

    // The finished product was designed in the first colour only.
    const otherColor = await call('POST', '/api/v1/admin/cart', w.m.headers, {
      items: [{ ...item, color_id: w.basics.colors[1]!.id }],
    });
    expect(otherColor.statusCode).toBe(400);
    expect(otherColor.json().data.errors[0].field).toBe('items.0.size_id');

    // Out of stock.
    const [product] = await t.database.db
      .select()
      .from(catalogProducts)
      .where(eq(catalogProducts.id, w.product.id));
    await t.database.db
      .update(catalogProducts)
      .set({ skus: product!.skus.map((s) => ({ ...s, stock_state: 'out_of_stock' as const })) })
      .where(eq(catalogProducts.id, w.product.id));
    const noStock = await call('POST', '/api/v1/admin/cart', w.m.headers, {
      items: [{ ...item, size_id: w.basics.sizes[1]!.id }],
    });
    expect(noStock.statusCode).toBe(400);
    expect(noStock.json().msg).toMatch(/in-stock/);

    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/admin/cart' });
    expect(anonymous.statusCode).toBe(401);
  });

  it("another merchant's finished product or cart line is not found", async () => {
    const w = await buildCheckoutWorld(t);
    const line = await addLine(w);
    const steal = await call('POST', '/api/v1/admin/cart', w.n.headers, {
      items: [
        {
          finished_product_id: w.m.finished.id,
          color_id: w.basics.colors[0]!.id,
          size_id: w.basics.sizes[0]!.id,
        },
      ],
    });
    expect(steal.statusCode).toBe(404);
    expect(
      (await call('PATCH', `/api/v1/admin/cart/${line.id}`, w.n.headers, { quantity: 3 })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/v1/admin/cart?ids=${line.id}`, w.n.headers)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/admin/cart', w.n.headers)).json().data.list).toEqual([]);
  });
});

describe('consignee addresses', () => {
  it('validates per country, keeps one default, edits and deletes', async () => {
    const w = await buildCheckoutWorld(t);
    const badZip = await call('POST', '/api/v1/admin/address', w.m.headers, {
      ...US_ADDRESS,
      postcode: '9410',
    });
    expect(badZip.statusCode).toBe(400);
    expect(badZip.json().data.errors[0].field).toBe('postcode');
    const badPhone = await call('POST', '/api/v1/admin/address', w.m.headers, {
      ...US_ADDRESS,
      country: 'CN',
      province: '广东省',
      postcode: '518000',
      mobile_phone: '1234',
    });
    expect(badPhone.statusCode).toBe(400);
    expect(badPhone.json().data.errors[0].field).toBe('mobile_phone');
    const unknownCountry = await call('POST', '/api/v1/admin/address', w.m.headers, {
      ...US_ADDRESS,
      country: 'ZZ',
    });
    expect(unknownCountry.statusCode).toBe(400);
    const missing = await call('POST', '/api/v1/admin/address', w.m.headers, { country: 'US' });
    expect(missing.statusCode).toBe(400);
    // A sane fallback for other countries: a phone of digits, any short postcode.
    const kenya = await addAddress(w.m.headers, {
      first_name: 'Amani',
      mobile_phone: '+254 712 345678',
      country: 'KE',
      city: 'Nairobi',
      street: 'Moi Avenue 1',
    });

    const first = await addAddress(w.m.headers, {
      first_name: '张三',
      mobile_phone: '13800138000',
      country: 'CN',
      province: '广东省',
      city: '深圳市',
      area: '南山区',
      street: '科技园 1 号',
      postcode: '518000',
      is_default: true,
    });
    const list = await call('GET', '/api/v1/admin/address', w.m.headers);
    const rows = list.json().data.list as Array<{ id: string; is_default: boolean }>;
    expect(rows[0]!.id).toBe(first.id);
    expect(rows.filter((r) => r.is_default)).toHaveLength(1);

    const edit = await call('PATCH', `/api/v1/admin/address/${kenya.id}`, w.m.headers, { is_default: true });
    expect(edit.statusCode, edit.body).toBe(200);
    const after = (await call('GET', '/api/v1/admin/address', w.m.headers)).json().data.list;
    expect(
      after.filter((r: { is_default: boolean }) => r.is_default).map((r: { id: string }) => r.id),
    ).toEqual([kenya.id]);
    const badEdit = await call('PATCH', `/api/v1/admin/address/${first.id}`, w.m.headers, {
      postcode: 'ABC',
    });
    expect(badEdit.statusCode).toBe(400);

    expect(
      (await call('PATCH', `/api/v1/admin/address/${first.id}`, w.n.headers, { city: 'X' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `/api/v1/admin/address/${first.id}`, w.n.headers)).statusCode).toBe(404);
    expect((await call('DELETE', `/api/v1/admin/address/${first.id}`, w.m.headers)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/address' })).statusCode).toBe(401);
  });
});

describe('settlement', () => {
  it('lists logistics for the address with fees by weight, and says why none are available', async () => {
    const w = await buildCheckoutWorld(t);
    const line = await addLine(w, 2);
    // Before an address is chosen the goods amount shows at once; nothing can be submitted yet.
    const bare = (await preview(w.m.headers, [line.id], [])).json().data;
    expect(bare.orders).toEqual([]);
    expect(bare.product_amount).toBe(bare.lines[0].subtotal);
    expect(bare.product_amount).toBeGreaterThan(0);
    expect(bare.can_submit).toBe(false);
    const us = await addAddress(w.m.headers);
    const p = await preview(w.m.headers, [line.id], [us.id]);
    expect(p.statusCode, p.body).toBe(200);
    const view = p.json().data;
    expect(view.weight).toBe(500);
    // 100 g for 12.00, then 3.50 per started 50 g: 12.00 + 8 × 3.50.
    expect(view.orders[0].shipping.fee).toBe(1200 + 8 * 350);
    expect(view.orders[0].total_amount).toBe(view.product_amount + view.shipping_amount);
    expect(view.can_submit).toBe(true);

    const de = await addAddress(w.m.headers, {
      first_name: 'Max',
      mobile_phone: '+49 30 1234567',
      country: 'DE',
      city: 'Berlin',
      street: 'Unter den Linden 1',
      postcode: '10117',
    });
    const none = (await preview(w.m.headers, [line.id], [de.id])).json().data;
    expect(none.orders[0].shipping).toBeNull();
    expect(none.orders[0].shipping_error).toBe('No logistics available');
    expect(none.can_submit).toBe(false);

    await t.database.db
      .update(catalogProducts)
      .set({ weight: 0 })
      .where(eq(catalogProducts.id, w.product.id));
    const incomplete = (await preview(w.m.headers, [line.id], [us.id])).json().data;
    expect(incomplete.orders[0].shipping_error).toMatch(/incomplete/i);

    const noAddress = await call('POST', '/api/v1/admin/settlement/submit', w.m.headers, {
      lines: [{ cart_line_id: line.id, unit_price: line.unit_price }],
      addresses: [],
      idempotency_key: 'no-address-1',
    });
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.json().msg).toMatch(/consignee address/);
    const noLines = await preview(w.m.headers, [], [us.id]);
    expect(noLines.statusCode).toBe(400);
  });

  it('creates one order per address, empties those cart lines, and a retried submit creates nothing', async () => {
    const w = await buildCheckoutWorld(t);
    // The product's material is a dictionary value; the customs declaration reads its English label.
    await createDictionaryEntries(t.database.db, w.tenant.id, [
      { type: 'material', value: 'cotton', label: '纯棉', enLabel: '100% cotton' },
    ]);
    await t.database.db
      .update(catalogProducts)
      .set({ material: 'cotton' })
      .where(eq(catalogProducts.id, w.product.id));
    const line = await addLine(w, 2);
    const a = await addAddress(w.m.headers);
    const b = await addAddress(w.m.headers, { ...US_ADDRESS, first_name: 'John Roe', street: '2 Main St' });
    // "RMB = 1 : 0.14" (decision 0050): the customs value in USD is the goods amount × 0.14.
    await addExchangeRate(t.database.db, { currency: 'USD', rate: '0.14', createdBy: null });
    const view = (await preview(w.m.headers, [line.id], [a.id, b.id])).json().data;
    const payload = {
      lines: [{ cart_line_id: line.id, unit_price: view.lines[0].unit_price }],
      addresses: view.orders.map(
        (o: { address: { id: string }; shipping: { method_id: string; fee: number } }) => ({
          address_id: o.address.id,
          shipping_method_id: o.shipping.method_id,
          shipping_fee: o.shipping.fee,
        }),
      ),
      remark: 'gift wrap',
      third_party_order_no: 'TT-1001',
      platform: 'tiktok',
      shop_name: 'My shop',
      idempotency_key: 'submit-two-addresses',
    };
    const res = await call('POST', '/api/v1/admin/settlement/submit', w.m.headers, payload);
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json().data.orders;
    expect(created).toHaveLength(2);
    expect(created.map((o: { consignee: string }) => o.consignee).sort()).toEqual(['Jane Doe', 'John Roe']);
    expect(created[0]).toMatchObject({
      status: 'unpaid',
      third_party_order_no: 'TT-1001',
      platform: 'tiktok',
    });
    expect((await call('GET', '/api/v1/admin/cart', w.m.headers)).json().data.list).toEqual([]);

    const retry = await call('POST', '/api/v1/admin/settlement/submit', w.m.headers, payload);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.replayed).toBe(true);
    expect(
      retry
        .json()
        .data.orders.map((o: { order_no: string }) => o.order_no)
        .sort(),
    ).toEqual(created.map((o: { order_no: string }) => o.order_no).sort());
    const [{ n }] = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(orders)) as [
      { n: number },
    ];
    expect(n).toBe(2);

    const detail = await call('GET', `/api/v1/admin/order/${created[0].order_no}`, w.m.headers);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().data.lines[0]).toMatchObject({ quantity: 2, unit_price: view.lines[0].unit_price });
    expect(detail.json().data.customs.declared_weight).toBe(500);
    expect(detail.json().data.customs.en_material).toBe('100% cotton');
    const goods = detail.json().data.product_amount as number;
    expect(goods).toBeGreaterThan(0);
    expect(detail.json().data.customs.declared_price_usd).toBe(Math.round((goods * 14) / 100));
  });

  it('catches a price change between cart and pay, and shows it before paying', async () => {
    const w = await buildCheckoutWorld(t);
    const line = await addLine(w, 2);
    const address = await addAddress(w.m.headers);
    const before = (await preview(w.m.headers, [line.id], [address.id])).json().data;
    await t.database.db
      .update(catalogProducts)
      .set({ basePrice: 9900 })
      .where(eq(catalogProducts.id, w.product.id));
    const cart = (await call('GET', '/api/v1/admin/cart', w.m.headers)).json().data.list[0];
    expect(cart.state).toBe('price_changed');
    expect(cart.current_unit_price).toBeGreaterThan(cart.unit_price);
    const after = (await preview(w.m.headers, [line.id], [address.id])).json().data;
    expect(after.price_changed).toBe(true);
    expect(after.lines[0]).toMatchObject({
      added_unit_price: before.lines[0].unit_price,
      price_changed: true,
    });

    const stale = await call('POST', '/api/v1/admin/settlement/submit', w.m.headers, {
      lines: [{ cart_line_id: line.id, unit_price: before.lines[0].unit_price }],
      addresses: [
        {
          address_id: address.id,
          shipping_method_id: before.orders[0].shipping.method_id,
          shipping_fee: before.orders[0].shipping.fee,
        },
      ],
      pay: 'balance',
      idempotency_key: 'stale-price-1',
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().msg).toMatch(/price/i);
    expect(stale.json().data.lines[0].unit_price).toBe(after.lines[0].unit_price);
    expect((await t.database.db.select().from(orders)).length).toBe(0);
  });

  it('gives "current logistics unavailable or changed" when the rate changes between choosing and paying', async () => {
    const w = await buildCheckoutWorld(t);
    const line = await addLine(w, 2);
    const address = await addAddress(w.m.headers);
    const view = (await preview(w.m.headers, [line.id], [address.id])).json().data;
    const bump = () =>
      t.database.db
        .update(shippingRates)
        .set({ firstPrice: 1500, version: sql`${shippingRates.version} + 1` })
        .where(eq(shippingRates.id, w.rate.id));
    await bump();
    const submit = await call('POST', '/api/v1/admin/settlement/submit', w.m.headers, {
      lines: [{ cart_line_id: line.id, unit_price: view.lines[0].unit_price }],
      addresses: [
        {
          address_id: address.id,
          shipping_method_id: view.orders[0].shipping.method_id,
          shipping_fee: view.orders[0].shipping.fee,
        },
      ],
      idempotency_key: 'stale-logistics-1',
    });
    expect(submit.statusCode).toBe(409);
    expect(submit.json().msg).toBe('Current logistics unavailable or changed, refresh and reorder');

    // Chosen and ordered at one rate, then the rate changes before paying.
    const placed = await placeOrder(w);
    await bump();
    const pay = await call('POST', '/api/v1/admin/order/pay', w.m.headers, {
      order_nos: [placed.reply.orders[0].order_no],
    });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().msg).toBe('Current logistics unavailable or changed, refresh and reorder');
    expect(await balanceOf(w.m.headers)).toBe(100_000);
  });

  it.each([
    ['the method is disabled', { method: { status: 'disabled' as const } }],
    ['the method stops delivering to the country', { method: { destinationCountries: ['GB'] } }],
    ['the rate is disabled', { rate: { status: 'disabled' as const } }],
    ['the rate no longer takes the weight', { rate: { maxWeightG: 100 } }],
    ['the rate changes currency', { rate: { currency: 'USD' as const } }],
  ])('refuses to pay, charging nothing, when %s after ordering', async (_, change) => {
    const w = await buildCheckoutWorld(t);
    const placed = await placeOrder(w);
    const db = t.database.db;
    // Written behind the resources' back: the payment must not rely on the version bump alone.
    if ('method' in change)
      await db.update(shippingMethods).set(change.method).where(eq(shippingMethods.id, w.method.id));
    else await db.update(shippingRates).set(change.rate).where(eq(shippingRates.id, w.rate.id));
    const pay = await call('POST', '/api/v1/admin/order/pay', w.m.headers, {
      order_nos: [placed.reply.orders[0].order_no],
    });
    expect(pay.statusCode, pay.body).toBe(409);
    expect(pay.json().msg).toBe('Current logistics unavailable or changed, refresh and reorder');
    expect(await balanceOf(w.m.headers)).toBe(100_000);
    const [order] = await db.select().from(orders).where(eq(orders.orderNo, placed.reply.orders[0].order_no));
    expect(order!.status).toBe('unpaid');
  });
});

describe('paying orders', () => {
  it('pays from the balance in one go at submit, debiting exactly the total', async () => {
    const w = await buildCheckoutWorld(t);
    const { reply } = await placeOrder(w, 'balance');
    expect(reply.payment_error).toBeNull();
    expect(reply.orders[0].status).toBe('paid');
    expect(reply.payment.paid).toEqual([reply.orders[0].order_no]);
    expect(await balanceOf(w.m.headers)).toBe(100_000 - reply.orders[0].total_amount);
    const list = await call('GET', '/api/v1/admin/order?status=paid', w.m.headers);
    expect(list.json().data.list.map((o: { order_no: string }) => o.order_no)).toEqual([
      reply.orders[0].order_no,
    ]);
    const status = await call(
      'GET',
      `/api/v1/admin/order/payStatus?order_nos=${reply.orders[0].order_no}`,
      w.m.headers,
    );
    expect(status.json().data.success).toBe(true);
  });

  it('leaves the order unpaid with "balance insufficient, recharge first" when the balance is short', async () => {
    const w = await buildCheckoutWorld(t, { balance: 100 });
    const { reply } = await placeOrder(w, 'balance');
    expect(reply.payment).toBeNull();
    expect(reply.payment_error).toBe('Balance insufficient, recharge first');
    expect(reply.orders[0].status).toBe('unpaid');
    const pay = await call('POST', '/api/v1/admin/order/pay', w.m.headers, {
      order_nos: [reply.orders[0].order_no],
    });
    expect(pay.statusCode).toBe(400);
    expect(pay.json().msg).toBe('Balance insufficient, recharge first');
  });

  it('a repeated payment answers the same with either method: success, already paid, nothing charged', async () => {
    const w = await buildCheckoutWorld(t);
    const { reply } = await placeOrder(w, 'balance');
    const orderNo = reply.orders[0].order_no;
    const balance = await balanceOf(w.m.headers);
    for (const method of ['balance', 'alipay'] as const) {
      const again = await call(
        'POST',
        '/api/v1/admin/order/pay',
        { ...w.m.headers, 'accept-language': 'en' },
        {
          order_nos: [orderNo],
          method,
        },
      );
      expect(again.statusCode, `${method}: ${again.body}`).toBe(200);
      expect(again.json()).toMatchObject({
        code: 1,
        msg: 'These orders are already paid; nothing was charged',
        data: { method, paid: [], already_paid: [orderNo], balances: [], pay_url: null, out_trade_no: null },
      });
    }
    expect(await balanceOf(w.m.headers)).toBe(balance);
  });

  it('charges once when the same order is paid twice concurrently', async () => {
    const w = await buildCheckoutWorld(t);
    const { reply } = await placeOrder(w);
    const orderNo = reply.orders[0].order_no;
    const results = await Promise.all(
      [0, 1, 2].map(() => call('POST', '/api/v1/admin/order/pay', w.m.headers, { order_nos: [orderNo] })),
    );
    for (const r of results) expect(r.statusCode, r.body).toBe(200);
    const paidBy = results.filter((r) => r.json().data.paid.includes(orderNo));
    expect(paidBy).toHaveLength(1);
    expect(await balanceOf(w.m.headers)).toBe(100_000 - reply.orders[0].total_amount);
    const check = await reconcile(t.database.db, w.tenant.id);
    expect(check.drifts).toEqual([]);
  });

  it('cannot pay a timed-out order; the timeout job marks overdue orders timed out', async () => {
    const w = await buildCheckoutWorld(t);
    const { reply } = await placeOrder(w);
    const orderNo = reply.orders[0].order_no;
    expect(new Date(reply.orders[0].expires_at).getTime()).toBeGreaterThan(Date.now() + 29 * 60_000);
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.orderNo, orderNo));
    const pay = await call('POST', '/api/v1/admin/order/pay', w.m.headers, { order_nos: [orderNo] });
    expect(pay.statusCode).toBe(409);
    expect(pay.json().msg).toMatch(/timed out/);
    const { expireOverdueOrders } = await import('../orders/index.ts');
    expect(await expireOverdueOrders(t.database.db)).toBe(1);
    const detail = await call('GET', `/api/v1/admin/order/${orderNo}`, w.m.headers);
    expect(detail.json().data.status).toBe('timed_out');
    expect(await balanceOf(w.m.headers)).toBe(100_000);
    const none = await call('POST', '/api/v1/admin/order/pay', w.m.headers, { order_nos: [orderNo] });
    expect(none.statusCode).toBe(409);
  });

  it('another merchant cannot pay, view or cancel my order; I can cancel it while unpaid', async () => {
    const w = await buildCheckoutWorld(t);
    const { reply } = await placeOrder(w);
    const orderNo = reply.orders[0].order_no;
    expect((await call('GET', `/api/v1/admin/order/${orderNo}`, w.n.headers)).statusCode).toBe(404);
    expect(
      (await call('POST', '/api/v1/admin/order/pay', w.n.headers, { order_nos: [orderNo] })).statusCode,
    ).toBe(404);
    expect((await call('POST', `/api/v1/admin/order/${orderNo}/cancel`, w.n.headers, {})).statusCode).toBe(
      404,
    );
    expect((await call('GET', '/api/v1/admin/order', w.n.headers)).json().data.list).toEqual([]);
    expect((await call('GET', '/api/v1/admin/order', {})).statusCode).toBe(401);
    const bad = await call('POST', '/api/v1/admin/order/pay', w.m.headers, { order_nos: [] });
    expect(bad.statusCode).toBe(400);
    const cancel = await call('POST', `/api/v1/admin/order/${orderNo}/cancel`, w.m.headers, {});
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().data.status).toBe('cancelled');
    const pay = await call('POST', '/api/v1/admin/order/pay', w.m.headers, { order_nos: [orderNo] });
    expect(pay.statusCode).toBe(409);
    expect(await balanceOf(w.n.headers)).toBe(100_000);
  });
});
