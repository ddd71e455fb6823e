import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  balanceOf,
  buildPaidOrder,
  requestAftersales,
  review,
  uploadImages,
} from '../../../test/factories/aftersales.ts';
import { buildCheckoutWorld } from '../../../test/factories/orders.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { orders, walletTransactions } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';
import { reconcile } from '../wallet/index.ts';

/**
 * Two reviewers approving at the same moment (issue 22): only a multi-connection database shows
 * the race, so this runs on PostgreSQL only (DATABASE_URL), like the wallet's concurrency tests.
 */
describe.runIf(process.env.DATABASE_URL)('after-sales approvals under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  it('two concurrent approvals refund once', async () => {
    const w = await buildCheckoutWorld(t);
    // A second session of the same reviewer: another connection, the same moment.
    const second = { ...w.supplier, ...(await t.authAs(adminActor(w.admin))) };
    const order = await buildPaidOrder(t, w, 'shipped');
    const before = await balanceOf(t, w.m.headers);
    const images = await uploadImages(t, w.m.headers, 1);
    for (let round = 0; round < 3; round++) {
      const amount = 100 + round;
      const opened = await requestAftersales(t, w.m.headers, {
        kind: 'aftersales',
        order_no: order.orderNo,
        reason: 'Faded print',
        refund_reason: 'Partial refund',
        refund_type: 'partial',
        application_amount: amount,
        image_ids: images,
      });
      expect(opened.statusCode, opened.body).toBe(200);
      const id = opened.json().data.id as string;
      const answers = await Promise.all(
        [w.supplier, second, w.supplier, second].map((h) =>
          review(t, h, id, 'approve', { refund_amount: amount, note: 'race' }),
        ),
      );
      for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    }
    const credits = await t.database.db
      .select()
      .from(walletTransactions)
      .where(sql`${walletTransactions.reference} = ${order.orderNo} AND ${walletTransactions.amount} > 0`);
    expect(credits.map((c) => c.amount).sort()).toEqual([100, 101, 102]);
    expect(await balanceOf(t, w.m.headers)).toBe(before + 303);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.refundedAmount).toBe(303);
    expect((await reconcile(t.database.db, w.tenant.id)).drifts).toEqual([]);
  });
});
