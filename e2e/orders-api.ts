import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

/* Orders for the browser tests, made through the platform API from a signed-in page. */

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A call of the platform API from the signed-in page, with its admin token: status, data and message. */
export async function apiReply<T>(
  page: Page,
  method: Method,
  path: string,
  body?: unknown,
): Promise<{ status: number; data: T; msg: string }> {
  const reply = await page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          Authorization: `Bearer ${localStorage.getItem('adminToken')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      return { status: response.status, json: (await response.json()) as { data: unknown; msg: string } };
    },
    { method, path, body },
  );
  return { status: reply.status, data: reply.json.data as T, msg: reply.json.msg };
}

/** The same call, for a test that expects it to succeed: its data, or an error naming the refusal. */
export async function api<T>(page: Page, method: Method, path: string, body?: unknown): Promise<T> {
  const reply = await apiReply<T>(page, method, path, body);
  if (reply.status !== 200) throw new Error(`${method} ${path}: ${reply.status} ${reply.msg}`);
  return reply.data;
}

interface Finished {
  id: string;
  colors: Array<{ id: string }>;
  sizes: Array<{ id: string }>;
}

/**
 * Puts the first orderable colour and size of the demo merchant's finished products in the cart:
 * the cart line and what was picked.
 */
export async function finishedPick(
  page: Page,
  quantity = 1,
): Promise<{ lineId: string; pick: { finished_product_id: string; color_id: string; size_id: string } }> {
  const finished = await api<{ list: Finished[] }>(page, 'GET', '/api/v1/admin/design/finished?limit=20');
  for (const f of finished.list)
    for (const color of f.colors)
      for (const size of f.sizes) {
        const pick = { finished_product_id: f.id, color_id: color.id, size_id: size.id };
        const added = await apiReply<{ list: Array<{ id: string; finished_product_id: string }> }>(
          page,
          'POST',
          '/api/v1/admin/cart',
          { items: [{ ...pick, quantity }] },
        );
        if (added.status === 200) {
          const line = added.data.list.find((l) => l.finished_product_id === f.id)!;
          return { lineId: line.id, pick };
        }
      }
  throw new Error('no orderable finished product');
}

export interface PlacedOrder {
  id: string;
  order_no: string;
  total_amount: number;
}

/**
 * An unpaid order of the demo merchant, made the way the settlement page makes it: cart, a new
 * address, preview, submit to pay later.
 */
export async function unpaidOrder(
  page: Page,
  { consignee = 'E2E Tester', quantity = 1 }: { consignee?: string; quantity?: number } = {},
): Promise<PlacedOrder> {
  const { lineId } = await finishedPick(page, quantity);
  const address = await api<{ id: string }>(page, 'POST', '/api/v1/admin/address', {
    first_name: consignee,
    mobile_phone: '(415) 555-0132',
    country: 'US',
    province: 'CA',
    city: 'San Francisco',
    street: `${randomUUID().slice(0, 8)} Market St`,
    postcode: '94105',
  });
  const preview = await api<{
    lines: Array<{ cart_line_id: string; unit_price: number }>;
    orders: Array<{ shipping: { method_id: string; fee: number } | null }>;
  }>(page, 'POST', '/api/v1/admin/settlement/preview', {
    cart_line_ids: [lineId],
    addresses: [{ address_id: address.id }],
  });
  const shipping = preview.orders[0]!.shipping;
  if (!shipping) throw new Error('the settlement preview offers no logistics method');
  const submitted = await api<{ orders: PlacedOrder[] }>(page, 'POST', '/api/v1/admin/settlement/submit', {
    lines: preview.lines.map((l) => ({ cart_line_id: l.cart_line_id, unit_price: l.unit_price })),
    addresses: [
      { address_id: address.id, shipping_method_id: shipping.method_id, shipping_fee: shipping.fee },
    ],
    idempotency_key: `e2e-${randomUUID()}`,
    pay: 'later',
  });
  return submitted.orders[0]!;
}

/** A paid order of the demo merchant: an unpaid order, paid from the balance. */
export async function paidOrder(page: Page, consignee = 'E2E Tester'): Promise<PlacedOrder> {
  const order = await unpaidOrder(page, { consignee });
  await api(page, 'POST', '/api/v1/admin/order/pay', { order_nos: [order.order_no] });
  return order;
}
