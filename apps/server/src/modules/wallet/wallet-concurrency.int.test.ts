import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildMerchant,
  buildPaymentAccount,
  buildSupplierAdmin,
  buildTenant,
  fundWallet,
} from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { walletIdempotencyKeys, walletTransactions } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';
import { sandboxFor, type AlipaySandbox } from '../../integrations/alipay/index.ts';

/**
 * Races that only a real multi-connection database can show (CONVENTIONS 10): PGlite has one
 * connection, so these run on PostgreSQL only (DATABASE_URL).
 */
describe.runIf(process.env.DATABASE_URL)('wallet under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  let sandbox: AlipaySandbox;
  beforeAll(async () => {
    t = await createTestApp();
    sandbox = sandboxFor(t.config.alipay);
  });
  afterAll(() => t.close());
  beforeEach(() => t.reset());

  async function world() {
    const db = t.database.db;
    const tenant = await buildTenant(db);
    const supplier = await buildSupplierAdmin(db, tenant.id);
    const { merchant, primary } = await buildMerchant(db, tenant.id);
    return {
      tenantId: tenant.id,
      merchantId: merchant.id,
      finance: await t.authAs(adminActor(supplier)),
      // A second sign-in of the same finance user: another session.
      finance2: await t.authAs(adminActor(supplier)),
      merchant: await t.authAs(adminActor(primary)),
    };
  }
  const adjust = (w: Awaited<ReturnType<typeof world>>, amount: number, key: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/finance/adjustment',
      headers: { ...w.finance, 'accept-language': 'en' },
      payload: { merchant_id: w.merchantId, currency: 'CNY', amount, remark: 'race', idempotency_key: key },
    });
  const reconciliation = async (w: Awaited<ReturnType<typeof world>>) =>
    (
      await t.app.inject({ method: 'GET', url: '/api/v1/admin/finance/reconciliation', headers: w.finance })
    ).json().data;
  const balance = async (w: Awaited<ReturnType<typeof world>>) =>
    (await t.app.inject({ method: 'GET', url: '/api/v1/admin/wallet/balance', headers: w.merchant })).json()
      .data.list[0].balance as number;

  it('200 concurrent debits of 1.00 against 10.00: exactly 10 succeed, 190 are insufficient, 0 drift', async () => {
    const w = await world();
    await fundWallet(t.database.db, w, 10_00);
    const replies = await Promise.all(
      Array.from({ length: 200 }, (_, i) => adjust(w, -1_00, `debit-${i}-${randomBytes(4).toString('hex')}`)),
    );
    const ok = replies.filter((r) => r.statusCode === 200);
    const refused = replies.filter((r) => r.statusCode === 400);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(190);
    for (const r of refused) expect(r.json().msg).toBe('Balance insufficient, recharge first');
    expect(ok.map((r) => r.json().data.balance_after).sort((a: number, b: number) => a - b)).toEqual(
      Array.from({ length: 10 }, (_, i) => i * 100),
    );
    expect(await balance(w)).toBe(0);
    const report = await reconciliation(w);
    expect(report).toMatchObject({ wallets: 1, transactions: 11, drifts: [] });
  }, 60_000);

  it('the same idempotency key sent 10 times at once: one ledger row and ten identical replies', async () => {
    const w = await world();
    const key = `same-${randomBytes(6).toString('hex')}`;
    const replies = await Promise.all(Array.from({ length: 10 }, () => adjust(w, 5_00, key)));
    for (const r of replies) expect(r.statusCode, r.body).toBe(200);
    const bodies = new Set(replies.map((r) => JSON.stringify(r.json().data)));
    expect(bodies.size).toBe(1);
    const rows = await t.database.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.merchantId, w.merchantId));
    expect(rows).toHaveLength(1);
    expect(await balance(w)).toBe(5_00);
    expect(
      await t.database.db.select().from(walletIdempotencyKeys).where(eq(walletIdempotencyKeys.key, key)),
    ).toHaveLength(1);
    // ...and the same key with a different amount, even racing, is a conflict.
    const mixed = await Promise.all([adjust(w, 5_00, key), adjust(w, 6_00, key)]);
    expect(mixed.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect((await reconciliation(w)).drifts).toEqual([]);
  });

  it('the same debit key racing: applied once, the racers get the first result', async () => {
    const w = await world();
    await fundWallet(t.database.db, w, 3_00);
    const key = `pay-${randomBytes(6).toString('hex')}`;
    const replies = await Promise.all(Array.from({ length: 10 }, () => adjust(w, -2_00, key)));
    expect(replies.every((r) => r.statusCode === 200)).toBe(true);
    expect(new Set(replies.map((r) => r.json().data.id)).size).toBe(1);
    expect(await balance(w)).toBe(1_00);
  });

  it('approving the same recharge from two sessions at once credits once', async () => {
    const w = await world();
    const account = await buildPaymentAccount(t.database.db, w.tenantId);
    const submitted = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/wallet/recharge/transfer',
      headers: w.merchant,
      payload: {
        receipt_no: 'R-RACE',
        amount: 88_00,
        currency: 'CNY',
        transfer_type: 'domestic',
        payment_account_id: account.id,
        bank_name: 'ICBC',
        bank_account_name: 'Acme',
        bank_account_no: '62220200000012',
        agreement: true,
      },
    });
    const id = submitted.json().data.id as string;
    const approvals = await Promise.all(
      [w.finance, w.finance2, w.finance, w.finance2].map((headers) =>
        t.app.inject({
          method: 'POST',
          url: `/api/v1/admin/finance/transfer/${id}/approve`,
          headers,
          payload: {},
        }),
      ),
    );
    for (const r of approvals) expect(r.statusCode, r.body).toBe(200);
    expect(new Set(approvals.map((r) => r.json().data.trade_no)).size).toBe(1);
    expect(await balance(w)).toBe(88_00);
    expect((await reconciliation(w)).transactions).toBe(1);
  });

  it('a withdrawal racing a debit for the same money: only one gets it', async () => {
    const w = await world();
    await fundWallet(t.database.db, w, 150_00);
    const [withdrawal, debitReply] = await Promise.all([
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/wallet/withdrawal',
        headers: w.merchant,
        payload: {
          amount: 100_00,
          currency: 'CNY',
          method: 'bank',
          account_name: 'A',
          account_no: '62220200',
          agreement: true,
        },
      }),
      adjust(w, -100_00, `spend-${randomBytes(4).toString('hex')}`),
    ]);
    expect([withdrawal.statusCode, debitReply.statusCode].sort()).toEqual([200, 400]);
    expect(await balance(w)).toBe(50_00);
    expect((await reconciliation(w)).drifts).toEqual([]);
  });

  it('one Alipay notification delivered 3 times at once credits once', async () => {
    const w = await world();
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/wallet/recharge/alipay',
      headers: w.merchant,
      payload: { amount: 66_00, agreement: true },
    });
    const order = started.json().data as { out_trade_no: string };
    const body = new URLSearchParams(
      sandbox.notificationFor({
        outTradeNo: order.out_trade_no,
        totalAmount: '66.00',
        tradeNo: '2024X1',
        subject: 's',
      }),
    ).toString();
    const replies = await Promise.all(
      [1, 2, 3].map(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/v1/wallet/alipay/notify',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: body,
        }),
      ),
    );
    expect(replies.map((r) => r.body)).toEqual(['success', 'success', 'success']);
    expect(await balance(w)).toBe(66_00);
  });
});
