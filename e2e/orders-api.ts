import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';

/* Orders for the browser tests, made through the platform API from a signed-in page. */

/** A call of the platform API from the signed-in page, with its admin token. */
export async function api<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<T> {
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
  if (reply.status !== 200) throw new Error(`${method} ${path}: ${reply.status} ${reply.json.msg}`);
  return reply.json.data as T;
}

/** A paid order of the demo merchant (cart, address, preview, submit, pay from the balance). */
export async function paidOrder(
  page: Page,
  consignee = 'E2E Tester',
): Promise<{ id: string; order_no: string; total_amount: number }> {
  const finished = await api<{
    list: Array<{ id: string; colors: Array<{ id: string }>; sizes: Array<{ id: string }> }>;
  }>(page, 'GET', '/api/v1/admin/design/finished?limit=1');
  const product = finished.list[0]!;
  const item = {
    finished_product_id: product.id,
    color_id: product.colors[0]!.id,
    size_id: product.sizes[0]!.id,
  };
  const cart = await api<{ list: Array<{ id: string; finished_product_id: string }> }>(
    page,
    'POST',
    '/api/v1/admin/cart',
    { items: [item] },
  );
  const line = cart.list.find((l) => l.finished_product_id === product.id)!;
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
    lines: Array<{ unit_price: number }>;
    orders: Array<{ shipping: { method_id: string; fee: number } }>;
  }>(page, 'POST', '/api/v1/admin/settlement/preview', {
    cart_line_ids: [line.id],
    addresses: [{ address_id: address.id }],
  });
  const submitted = await api<{ orders: Array<{ id: string; order_no: string; total_amount: number }> }>(
    page,
    'POST',
    '/api/v1/admin/settlement/submit',
    {
      lines: [{ cart_line_id: line.id, unit_price: preview.lines[0]!.unit_price }],
      addresses: [
        {
          address_id: address.id,
          shipping_method_id: preview.orders[0]!.shipping.method_id,
          shipping_fee: preview.orders[0]!.shipping.fee,
        },
      ],
      idempotency_key: `e2e-${randomUUID()}`,
    },
  );
  const order = submitted.orders[0]!;
  await api(page, 'POST', '/api/v1/admin/order/pay', { order_nos: [order.order_no] });
  return order;
}
