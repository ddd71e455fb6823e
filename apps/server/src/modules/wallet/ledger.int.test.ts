import { systemContext } from '../../platform/context.ts';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildMerchant, buildTenant, fundWallet } from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { AppError } from '../../platform/http/errors.ts';
import {
  balancesFor,
  credit,
  debit,
  debitGuarded,
  reconcile,
  refund,
  formatReconciliation,
  type DebitGuard,
} from './index.ts';

/**
 * The service API other modules call (orders will pay and refund through it), exercised directly
 * inside transactions the test opens, as an entry point would (CONVENTIONS 2).
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function merchantOf() {
  const tenant = await buildTenant(t.database.db);
  const { merchant } = await buildMerchant(t.database.db, tenant.id);
  return { tenantId: tenant.id, merchantId: merchant.id };
}

describe('wallet service API', () => {
  it('debit, credit and refund run in the caller’s transaction and roll back with it', async () => {
    const m = await merchantOf();
    await fundWallet(t.database.db, m, 10_00);
    const paid = await t.database.db.transaction((tx) =>
      debit(systemContext(tx, { tenantId: m.tenantId }, 'test'), {
        type: 'order_payment',
        merchantId: m.merchantId,
        currency: 'CNY',
        amount: 4_00,
        idempotencyKey: 'order:SO1:pay',
        referenceType: 'order',
        reference: 'SO1',
      }),
    );
    expect(paid.transaction).toMatchObject({
      type: 'order_payment',
      payMethod: 'balance',
      amount: -4_00,
      balanceAfter: 6_00,
    });

    // A failure later in the caller's transaction undoes the debit and frees its key.
    await expect(
      t.database.db.transaction(async (tx) => {
        await debit(systemContext(tx, { tenantId: m.tenantId }, 'test'), {
          type: 'order_payment',
          merchantId: m.merchantId,
          currency: 'CNY',
          amount: 1_00,
          idempotencyKey: 'order:SO2:pay',
        });
        throw new Error('checkout failed later');
      }),
    ).rejects.toThrow('checkout failed later');
    expect((await balancesFor(t.database.db, m.tenantId, [m.merchantId])).get(m.merchantId)).toEqual({
      CNY: 6_00,
      USD: 0,
    });

    const refunded = await t.database.db.transaction((tx) =>
      refund(systemContext(tx, { tenantId: m.tenantId }, 'test'), {
        merchantId: m.merchantId,
        currency: 'CNY',
        amount: 4_00,
        idempotencyKey: 'order:SO1:refund',
        orderNo: 'SO1',
      }),
    );
    expect(refunded.transaction).toMatchObject({
      type: 'order_refund',
      reference: 'SO1',
      referenceType: 'order',
      balanceAfter: 10_00,
    });
    const replay = await t.database.db.transaction((tx) =>
      refund(systemContext(tx, { tenantId: m.tenantId }, 'test'), {
        merchantId: m.merchantId,
        currency: 'CNY',
        amount: 4_00,
        idempotencyKey: 'order:SO1:refund',
        orderNo: 'SO1',
      }),
    );
    expect(replay).toMatchObject({ replayed: true, transaction: { id: refunded.transaction.id } });
    expect((await reconcile(t.database.db, m.tenantId)).drifts).toEqual([]);
  });

  it('a guarded debit takes the amount and currency its guard row states, and nothing without a row', async () => {
    const m = await merchantOf();
    await fundWallet(t.database.db, m, 10_00, 'USD');
    // A guard over a literal row: the amount and currency come from the placeholders, as an
    // order's would come from its columns.
    const guard = (amount: number, currency: string, present = true): DebitGuard => ({
      shape: 'test_literal',
      build: () => ({
        lock: sql`SELECT ${sql.placeholder('g_amount')}::bigint AS amount, ${sql.placeholder('g_currency')}::text AS currency WHERE ${sql.placeholder('g_present')}::boolean`,
        then: sql`SELECT 1`,
      }),
      values: { g_amount: amount, g_currency: currency, g_present: present },
    });
    const pay = (key: string, g: DebitGuard) =>
      t.database.db.transaction((tx) =>
        debitGuarded(
          systemContext(tx, { tenantId: m.tenantId }, 'test'),
          {
            type: 'order_payment',
            merchantId: m.merchantId,
            idempotencyKey: key,
            referenceType: 'order',
            reference: key,
          },
          g,
        ),
      );
    const balances = async () =>
      (await balancesFor(t.database.db, m.tenantId, [m.merchantId])).get(m.merchantId);

    const paid = await pay('G1', guard(3_25, 'USD'));
    expect(paid).toMatchObject({
      replayed: false,
      transaction: { currency: 'USD', amount: -3_25, balanceAfter: 6_75 },
    });
    expect(await balances()).toEqual({ CNY: 0, USD: 6_75 });

    // The same key again is the first result, not a second charge.
    const again = await pay('G1', guard(3_25, 'USD'));
    expect(again).toMatchObject({ replayed: true });
    expect(await balances()).toEqual({ CNY: 0, USD: 6_75 });

    expect(await pay('G2', guard(1_00, 'USD', false))).toBe('unguarded');
    await expect(pay('G3', guard(1_00, 'CNY'))).rejects.toMatchObject({ key: 'wallet.insufficient' });
    await expect(pay('G4', guard(0, 'USD'))).rejects.toMatchObject({ key: 'wallet.invalidAmount' });
    await expect(pay('G5', guard(7_00, 'USD'))).rejects.toMatchObject({ key: 'wallet.insufficient' });
    expect(await balances()).toEqual({ CNY: 0, USD: 6_75 });
    // Refused debits leave their keys free: the same key pays once the row allows it.
    expect(await pay('G5', guard(6_75, 'USD'))).toMatchObject({ transaction: { balanceAfter: 0 } });
    expect((await reconcile(t.database.db, m.tenantId)).drifts).toEqual([]);
  });

  it('refuses another tenant’s merchant, the platform, and amounts that are not positive integers', async () => {
    const m = await merchantOf();
    const other = await merchantOf();
    const entry = {
      type: 'top_up' as const,
      merchantId: other.merchantId,
      currency: 'CNY' as const,
      amount: 1,
      idempotencyKey: 'k-1',
    };
    await expect(
      t.database.db.transaction((tx) => credit(systemContext(tx, { tenantId: m.tenantId }, 'test'), entry)),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      t.database.db.transaction((tx) => credit(systemContext(tx, { tenantId: null }, 'test'), entry)),
    ).rejects.toMatchObject({ status: 404 });
    for (const amount of [0, -1, 1.5, Number.NaN])
      await expect(
        t.database.db.transaction((tx) =>
          credit(systemContext(tx, { tenantId: other.tenantId }, 'test'), { ...entry, amount }),
        ),
      ).rejects.toBeInstanceOf(AppError);
    expect(
      (await balancesFor(t.database.db, other.tenantId, [other.merchantId])).get(other.merchantId),
    ).toEqual({ CNY: 0, USD: 0 });
  });

  it('balancesFor reads many merchants in one go', async () => {
    const a = await merchantOf();
    const { merchant: b } = await buildMerchant(t.database.db, a.tenantId);
    await fundWallet(t.database.db, a, 3_00, 'USD');
    await fundWallet(t.database.db, { tenantId: a.tenantId, merchantId: b.id }, 2_00);
    const map = await balancesFor(t.database.db, a.tenantId, [a.merchantId, b.id]);
    expect(map.get(a.merchantId)).toEqual({ CNY: 0, USD: 3_00 });
    expect(map.get(b.id)).toEqual({ CNY: 2_00, USD: 0 });
    expect(formatReconciliation(await reconcile(t.database.db, null))).toEqual(['0 drift']);
  });

  it('property: any interleaving of random debits, credits and refunds leaves 0 drift', async () => {
    const m = await merchantOf();
    const op = fc.record({
      kind: fc.constantFrom('debit', 'credit', 'refund'),
      amount: fc.integer({ min: 1, max: 5_000 }),
      currency: fc.constantFrom('CNY' as const, 'USD' as const),
      /** A few keys repeat on purpose: a retried call must apply once (or be refused as a 409). */
      key: fc.integer({ min: 0, max: 400 }),
    });
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 25 }),
        fc.integer({ min: 1, max: 8 }),
        async (ops, width) => {
          run += 1;
          const before = (await balancesFor(t.database.db, m.tenantId, [m.merchantId])).get(m.merchantId)!;
          const applied = { CNY: 0, USD: 0 };
          const applyOne = async (o: (typeof ops)[number]) => {
            const entry = {
              merchantId: m.merchantId,
              currency: o.currency,
              amount: o.amount,
              idempotencyKey: `p${run}:${o.key}`,
            };
            try {
              const result = await t.database.db.transaction((tx) => {
                const ctx = systemContext(tx, { tenantId: m.tenantId }, 'test');
                if (o.kind === 'debit') return debit(ctx, { ...entry, type: 'order_payment' });
                if (o.kind === 'credit') return credit(ctx, { ...entry, type: 'top_up' });
                return refund(ctx, { ...entry, orderNo: `SO${o.key}` });
              });
              if (!result.replayed) applied[o.currency] += result.transaction.amount;
            } catch (error) {
              // Refused as insufficient (400) or as a reused key with other parameters (409): nothing applied.
              if (!(error instanceof AppError) || ![400, 409].includes(error.status)) throw error;
            }
          };
          // Run in waves of `width` concurrent calls: real interleavings on PostgreSQL.
          for (let i = 0; i < ops.length; i += width)
            await Promise.all(ops.slice(i, i + width).map(applyOne));
          const after = (await balancesFor(t.database.db, m.tenantId, [m.merchantId])).get(m.merchantId)!;
          expect(after.CNY).toBe(before.CNY + applied.CNY);
          expect(after.USD).toBe(before.USD + applied.USD);
          expect(after.CNY).toBeGreaterThanOrEqual(0);
          const report = await reconcile(t.database.db, m.tenantId);
          expect(report.drifts).toEqual([]);
        },
      ),
      { numRuns: 30 },
    );
  }, 120_000);
});
