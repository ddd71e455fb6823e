import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCheckoutWorld, buildUnpaidOrder } from '../../../test/factories/orders.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { orderLines, orders } from '../../db/schema/index.ts';
import { insertOrders, newOrderNo } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

describe('order numbers', () => {
  it('are PO, the date and 14 random digits', () => {
    const no = newOrderNo(new Date('2026-11-22T10:00:00Z'));
    expect(no).toMatch(/^PO20261122\d{14}$/);
    expect(new Set(Array.from({ length: 1000 }, () => newOrderNo())).size).toBe(1000);
  });

  it('a number already taken is drawn again: the order and its lines are saved once, under a new number', async () => {
    const w = await buildCheckoutWorld(t);
    const placed = await buildUnpaidOrder(t, w);
    const db = t.database.db;
    const [existing] = await db.select().from(orders).where(eq(orders.orderNo, placed.order_no));
    const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, existing!.id));
    const { id: _id, createdAt: _c, updatedAt: _u, ...order } = existing!;
    const draftLines = lines.map(({ id: _lid, orderId: _oid, tenantId: _tid, sort: _s, ...line }) => line);

    const [copy] = await db.transaction((tx) =>
      insertOrders(tx, { tenantId: order.tenantId, merchantId: order.merchantId }, [
        { order, lines: draftLines },
      ]),
    );
    expect(copy!.orderNo).not.toBe(placed.order_no);
    expect(copy!.orderNo).toMatch(/^PO\d{22}$/);
    const copyLines = await db.select().from(orderLines).where(eq(orderLines.orderId, copy!.id));
    expect(copyLines).toHaveLength(lines.length);
    const unchanged = await db.select().from(orderLines).where(eq(orderLines.orderId, existing!.id));
    expect(unchanged).toHaveLength(lines.length);
  });
});
