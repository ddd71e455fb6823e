import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orders } from '../../src/db/schema/index.ts';
import { multipart, png } from '../helpers/multipart.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { buildUnpaidOrder, type CheckoutWorld } from './orders.ts';

type Headers = Record<string, string>;

/** A paid order of world.m (paid from the balance), in the status asked for. */
export async function buildPaidOrder(
  t: TestApp,
  w: CheckoutWorld,
  status: 'paid' | 'in_production' | 'shipped' | 'completed' = 'paid',
) {
  const order = await buildUnpaidOrder(t, w);
  const paid = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/order/pay',
    headers: w.m.headers,
    payload: { order_nos: [order.order_no] },
  });
  expect(paid.statusCode, paid.body).toBe(200);
  // Production and shipping arrive with later issues: move the order as they will.
  if (status !== 'paid')
    await t.database.db.update(orders).set({ status }).where(eq(orders.orderNo, order.order_no));
  const [row] = await t.database.db.select().from(orders).where(eq(orders.orderNo, order.order_no));
  return row!;
}

/** Uploads `n` evidence images (png) as the caller; returns their attachment ids. */
export async function uploadImages(t: TestApp, headers: Headers, n: number) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    const body = await png(40 + i, 30, '#cc3366');
    const form = await multipart([{ name: `evidence-${i}.png`, body, type: 'image/png' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/ajax/upload',
      headers: { ...headers, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode, res.body).toBe(200);
    ids.push(res.json().data.file.id as string);
  }
  return ids;
}

/** Opens a request as the merchant; returns the raw response. */
export function requestAftersales(t: TestApp, headers: Headers, body: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/admin/afterSales', headers, payload: body });
}

/** The supplier reviews: approve, reject or close. */
export function review(
  t: TestApp,
  headers: Headers,
  id: string,
  action: 'approve' | 'reject' | 'close',
  body: Record<string, unknown>,
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/afterSalesReview/${id}/${action}`,
    headers,
    payload: body,
  });
}

/** The merchant's CNY balance. */
export async function balanceOf(t: TestApp, headers: Headers): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/wallet/balance', headers });
  expect(res.statusCode, res.body).toBe(200);
  const list = res.json().data.list as Array<{ currency: string; balance: number }>;
  return list.find((b) => b.currency === 'CNY')?.balance ?? 0;
}
