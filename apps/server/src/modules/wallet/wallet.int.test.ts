import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildMerchant,
  buildPaymentAccount,
  buildSupplierAdmin,
  buildTenant,
  fundWallet,
} from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { attachments, walletTransactions, wallets } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
const key = () => `k-${randomBytes(8).toString('hex')}`;

/** A tenant with its finance (supplier) admin and two merchants, each signed in. */
async function world() {
  const db = t.database.db;
  const tenant = await buildTenant(db);
  const supplier = await buildSupplierAdmin(db, tenant.id);
  const a = await buildMerchant(db, tenant.id);
  const b = await buildMerchant(db, tenant.id);
  return {
    tenant,
    finance: { ...(await t.authAs(adminActor(supplier))), ...EN },
    merchant: { ...(await t.authAs(adminActor(a.primary))), ...EN },
    merchantId: a.merchant.id,
    other: { ...(await t.authAs(adminActor(b.primary))), ...EN },
    otherId: b.merchant.id,
  };
}

type Headers = Record<string, string>;
const get = (url: string, headers: Headers) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, headers: Headers, payload: unknown) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as Record<string, unknown> });
const balances = async (headers: Headers) => {
  const res = await get('/api/v1/admin/wallet/balance', headers);
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    (res.json().data.list as Array<{ currency: string; balance: number; held: number }>).map((b) => [
      b.currency,
      { balance: b.balance, held: b.held },
    ]),
  ) as Record<'CNY' | 'USD', { balance: number; held: number }>;
};
const adjust = (w: { finance: Headers; merchantId: string }, amount: number, idempotency_key = key()) =>
  post('/api/v1/admin/finance/adjustment', w.finance, {
    merchant_id: w.merchantId,
    currency: 'CNY',
    amount,
    remark: 'correction',
    idempotency_key,
  });
const reconciliation = async (headers: Headers) => {
  const res = await get('/api/v1/admin/finance/reconciliation', headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { wallets: number; transactions: number; drifts: unknown[] };
};

describe('balance and ledger', () => {
  it('a new merchant has zero in both currencies; adjustments credit and debit with before/after', async () => {
    const w = await world();
    expect(await balances(w.merchant)).toEqual({
      CNY: { balance: 0, held: 0 },
      USD: { balance: 0, held: 0 },
    });

    const credited = await adjust(w, 10_00);
    expect(credited.statusCode, credited.body).toBe(200);
    expect(credited.json().data).toMatchObject({
      type: 'adjustment',
      status: 'success',
      amount: 10_00,
      balance_before: 0,
      balance_after: 10_00,
      currency: 'CNY',
      merchant_id: w.merchantId,
      operator_name: expect.any(String),
      remark: 'correction',
    });
    expect(credited.json().data.trade_no).toMatch(/^W\d{8}\d{10}$/);

    const debited = await adjust(w, -3_50);
    expect(debited.json().data).toMatchObject({ amount: -3_50, balance_before: 10_00, balance_after: 6_50 });
    expect((await balances(w.merchant)).CNY).toEqual({ balance: 6_50, held: 0 });
    expect((await reconciliation(w.finance)).drifts).toEqual([]);
  });

  it('refuses a debit beyond the balance with "balance insufficient, recharge first" and writes nothing', async () => {
    const w = await world();
    await adjust(w, 5_00);
    const res = await adjust(w, -5_01);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('Balance insufficient, recharge first');
    const zh = await post(
      '/api/v1/admin/finance/adjustment',
      { ...w.finance, 'accept-language': 'zh-cn' },
      {
        merchant_id: w.merchantId,
        currency: 'USD',
        amount: -1,
        remark: 'x',
        idempotency_key: key(),
      },
    );
    expect(zh.json().msg).toBe('余额不足，请先充值');
    expect((await balances(w.merchant)).CNY.balance).toBe(5_00);
    const rows = await t.database.db.select().from(walletTransactions);
    expect(rows).toHaveLength(1);
  });

  it('the same idempotency key returns the first result; with other parameters it is a 409', async () => {
    const w = await world();
    const k = key();
    const first = await adjust(w, 7_00, k);
    const again = await adjust(w, 7_00, k);
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    const different = await adjust(w, 8_00, k);
    expect(different.statusCode).toBe(409);
    const opposite = await adjust(w, -7_00, k);
    expect(opposite.statusCode).toBe(409);
    expect((await balances(w.merchant)).CNY.balance).toBe(7_00);
    expect(await t.database.db.select().from(walletTransactions)).toHaveLength(1);
  });

  it('a refused debit leaves its key free for a later try', async () => {
    const w = await world();
    const k = key();
    expect((await adjust(w, -1_00, k)).statusCode).toBe(400);
    await adjust(w, 1_00);
    const retry = await adjust(w, -1_00, k);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().data.balance_after).toBe(0);
  });

  it('validates adjustments: zero amount, bad key, unknown or foreign merchant', async () => {
    const w = await world();
    const zero = await adjust(w, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().msg).toBe('amount must not be zero');
    expect((await adjust(w, 1, 'short')).statusCode).toBe(400);
    const foreignTenant = await buildTenant(t.database.db);
    const foreign = await buildMerchant(t.database.db, foreignTenant.id);
    const res = await adjust({ ...w, merchantId: foreign.merchant.id }, 1_00);
    expect(res.statusCode).toBe(404);
    expect(await t.database.db.select().from(wallets)).toHaveLength(0);
  });

  it('ledger rows are append-only: the database refuses updates and deletes', async () => {
    const w = await world();
    await adjust(w, 1_00);
    await expect(t.database.db.update(walletTransactions).set({ amount: 2_00 })).rejects.toThrow();
    await expect(t.database.db.delete(walletTransactions)).rejects.toThrow();
    await expect(
      t.database.db.update(wallets).set({ balance: -1 }).where(eq(wallets.merchantId, w.merchantId)),
    ).rejects.toThrow();
  });

  it('reconciliation reports tampering of a balance', async () => {
    const w = await world();
    await adjust(w, 3_00);
    await t.database.db
      .update(wallets)
      .set({ balance: sql`${wallets.balance} + 1` })
      .where(eq(wallets.merchantId, w.merchantId));
    const report = await reconciliation(w.finance);
    expect(report.drifts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'sum', expected: 3_00, actual: 3_01 }),
        expect.objectContaining({ kind: 'last', expected: 3_00, actual: 3_01 }),
      ]),
    );
  });
});

describe('transactions', () => {
  it('lists the merchant’s own transactions with filters, detail, and 404 for another merchant', async () => {
    const w = await world();
    await adjust(w, 10_00);
    await adjust(w, -2_00);
    await fundWallet(t.database.db, { tenantId: w.tenant.id, merchantId: w.merchantId }, 5_00, 'USD');
    await adjust({ ...w, merchantId: w.otherId }, 1_00);

    const all = await get('/api/v1/admin/wallet/transaction', w.merchant);
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data.total).toBe(3);
    expect(all.json().data.list.every((r: { merchant_id: string }) => r.merchant_id === w.merchantId)).toBe(
      true,
    );

    const usd = await get('/api/v1/admin/wallet/transaction?currency=USD', w.merchant);
    expect(usd.json().data.list.map((r: { amount: number }) => r.amount)).toEqual([5_00]);
    const debits = await get(
      '/api/v1/admin/wallet/transaction?type=adjustment&currency=CNY&status=success',
      w.merchant,
    );
    expect(debits.json().data.total).toBe(2);
    const from = new Date(Date.now() - 3600_000).toISOString();
    const to = new Date(Date.now() + 3600_000).toISOString();
    const ranged = await get(
      `/api/v1/admin/wallet/transaction?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`,
      w.merchant,
    );
    expect(ranged.json().data.total).toBe(3);
    const past = await get(`/api/v1/admin/wallet/transaction?to=${encodeURIComponent(from)}`, w.merchant);
    expect(past.json().data.total).toBe(0);

    const id = all.json().data.list[0].id as string;
    const detail = await get(`/api/v1/admin/wallet/transaction/${id}`, w.merchant);
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.id).toBe(id);
    const foreign = await get(`/api/v1/admin/wallet/transaction/${id}`, w.other);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(w.merchantId);

    // Finance sees across the tenant's merchants and filters by merchant.
    const finance = await get('/api/v1/admin/finance/transaction', w.finance);
    expect(finance.json().data.total).toBe(4);
    const one = await get(`/api/v1/admin/finance/transaction?merchant_id=${w.otherId}`, w.finance);
    expect(one.json().data.total).toBe(1);
    expect((await get(`/api/v1/admin/finance/transaction/${id}`, w.finance)).statusCode).toBe(200);
    const walletsRes = await get('/api/v1/admin/finance/wallet', w.finance);
    expect(walletsRes.json().data.total).toBe(3);
  });

  it('refuses a date range over one year (spec §5) and malformed filters', async () => {
    const w = await world();
    const res = await get(
      '/api/v1/admin/wallet/transaction?from=2024-01-01T00:00:00Z&to=2025-01-03T00:00:00Z',
      w.merchant,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('The date range must not exceed one year');
    expect((await get('/api/v1/admin/wallet/transaction?type=gift', w.merchant)).statusCode).toBe(400);
    const ok = await get(
      '/api/v1/admin/wallet/transaction?from=2024-01-01T00:00:00Z&to=2024-12-31T00:00:00Z',
      w.merchant,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('needs a token, and merchant screens are not finance screens', async () => {
    const w = await world();
    expect((await get('/api/v1/admin/wallet/balance', {})).statusCode).toBe(401);
    expect((await get('/api/v1/admin/finance/transaction', w.merchant)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/wallet/balance', w.finance)).statusCode).toBe(403);
  });
});

describe('recharge by bank transfer', () => {
  const transfer = (accountId: string, extra: Record<string, unknown> = {}) => ({
    receipt_no: 'RC-2024-001',
    amount: 500_00,
    currency: 'CNY',
    transfer_type: 'domestic',
    payment_account_id: accountId,
    bank_name: 'ICBC',
    bank_account_name: 'Acme Trading',
    bank_account_no: '6222 0200 0000 1234',
    agreement: true,
    ...extra,
  });
  const image = async (tenantId: string, merchantId: string | null, mimeType = 'image/png') => {
    const [row] = await t.database.db
      .insert(attachments)
      .values({
        tenantId,
        merchantId,
        uploaderKind: 'admin',
        uploaderId: randomUUID(),
        topic: 'receipt',
        name: 'receipt.png',
        storageKey: `ab/cd/${randomBytes(32).toString('hex')}.png`,
        mimeType,
        suffix: mimeType === 'image/png' ? 'png' : 'svg',
        size: 100,
        sha256: 'x',
      })
      .returning();
    return row!.id;
  };

  it('shows active accounts of the tenant in a currency; submit, finance approves once', async () => {
    const w = await world();
    const cny = await buildPaymentAccount(t.database.db, w.tenant.id);
    await buildPaymentAccount(t.database.db, w.tenant.id, { currency: 'USD' });
    await buildPaymentAccount(t.database.db, w.tenant.id, { status: 'disabled' });
    await buildPaymentAccount(t.database.db, (await buildTenant(t.database.db)).id);

    const accounts = await get('/api/v1/admin/wallet/recharge/account?currency=CNY', w.merchant);
    expect(accounts.statusCode, accounts.body).toBe(200);
    expect(accounts.json().data.list).toEqual([
      expect.objectContaining({ id: cny.id, card_number: '6222020000000001', currency: 'CNY' }),
    ]);

    const receipt = await image(w.tenant.id, w.merchantId);
    const submitted = await post(
      '/api/v1/admin/wallet/recharge/transfer',
      w.merchant,
      transfer(cny.id, { receipt_image_ids: [receipt] }),
    );
    expect(submitted.statusCode, submitted.body).toBe(200);
    const request = submitted.json().data;
    expect(request).toMatchObject({
      status: 'pending',
      amount: 500_00,
      bank_account_no: '6222020000001234',
      receipt_image_ids: [receipt],
      payment_account: { id: cny.id },
      trade_no: null,
      reviewer_id: null,
    });
    expect(submitted.json().msg).toBe('Submitted; waiting for finance review');
    expect((await balances(w.merchant)).CNY.balance).toBe(0);

    const queue = await get('/api/v1/admin/finance/transfer?status=pending', w.finance);
    expect(queue.json().data.list.map((r: { id: string }) => r.id)).toEqual([request.id]);
    // Finance sees the merchant's receipt through a signed URL.
    const [shown] = queue.json().data.list[0].receipt_images;
    expect(shown).toMatchObject({ id: receipt, url: expect.stringMatching(/^\/files\//) });

    const approved = await post(`/api/v1/admin/finance/transfer/${request.id}/approve`, w.finance, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', reviewer_name: expect.any(String) });
    expect(approved.json().data.trade_no).toMatch(/^W/);
    const twice = await post(`/api/v1/admin/finance/transfer/${request.id}/approve`, w.finance, {});
    expect(twice.statusCode).toBe(200);
    expect(twice.json().data.trade_no).toBe(approved.json().data.trade_no);
    expect(
      (await post(`/api/v1/admin/finance/transfer/${request.id}/reject`, w.finance, { remark: 'no' }))
        .statusCode,
    ).toBe(409);

    expect((await balances(w.merchant)).CNY.balance).toBe(500_00);
    const txs = await get('/api/v1/admin/wallet/transaction', w.merchant);
    expect(txs.json().data.list).toEqual([
      expect.objectContaining({
        type: 'top_up',
        pay_method: 'bank_transfer',
        reference_type: 'bank_transfer',
        reference: request.id,
        third_party_no: 'RC-2024-001',
        amount: 500_00,
      }),
    ]);
    const mine = await get(`/api/v1/admin/wallet/recharge/transfer/${request.id}`, w.merchant);
    expect(mine.json().data.status).toBe('approved');
    expect((await reconciliation(w.finance)).drifts).toEqual([]);
  });

  it('finance rejects with a remark; nothing is credited', async () => {
    const w = await world();
    const account = await buildPaymentAccount(t.database.db, w.tenant.id);
    const id = (await post('/api/v1/admin/wallet/recharge/transfer', w.merchant, transfer(account.id))).json()
      .data.id;
    expect((await post(`/api/v1/admin/finance/transfer/${id}/reject`, w.finance, {})).statusCode).toBe(400);
    const rejected = await post(`/api/v1/admin/finance/transfer/${id}/reject`, w.finance, {
      remark: 'receipt unreadable',
    });
    expect(rejected.json().data).toMatchObject({ status: 'rejected', review_remark: 'receipt unreadable' });
    expect((await post(`/api/v1/admin/finance/transfer/${id}/approve`, w.finance, {})).statusCode).toBe(409);
    expect((await balances(w.merchant)).CNY.balance).toBe(0);
  });

  it('validates the form: receipt number, agreement, account currency, at most 3 own images', async () => {
    const w = await world();
    const account = await buildPaymentAccount(t.database.db, w.tenant.id);
    const url = '/api/v1/admin/wallet/recharge/transfer';
    const noReceipt = await post(url, w.merchant, transfer(account.id, { receipt_no: ' ' }));
    expect(noReceipt.statusCode).toBe(400);
    expect(noReceipt.json().msg).toBe('Please enter receipt number');
    const noTick = await post(url, w.merchant, transfer(account.id, { agreement: false }));
    expect(noTick.statusCode).toBe(400);
    expect(noTick.json().msg).toBe('Please read and tick the agreement');
    const usd = await post(url, w.merchant, transfer(account.id, { currency: 'USD' }));
    expect(usd.statusCode).toBe(400);
    expect(usd.json().data.errors[0].field).toBe('payment_account_id');
    const images = await Promise.all([1, 2, 3, 4].map(() => image(w.tenant.id, w.merchantId)));
    expect(
      (await post(url, w.merchant, transfer(account.id, { receipt_image_ids: images }))).statusCode,
    ).toBe(400);
    const othersImage = await image(w.tenant.id, w.otherId);
    expect(
      (await post(url, w.merchant, transfer(account.id, { receipt_image_ids: [othersImage] }))).statusCode,
    ).toBe(404);
    const svg = await image(w.tenant.id, w.merchantId, 'image/svg+xml');
    expect((await post(url, w.merchant, transfer(account.id, { receipt_image_ids: [svg] }))).statusCode).toBe(
      400,
    );
    expect((await post(url, w.merchant, transfer(account.id, { amount: 0 }))).statusCode).toBe(400);
    const foreignAccount = await buildPaymentAccount(t.database.db, (await buildTenant(t.database.db)).id);
    // Another tenant's account is not found, like any of its objects (issue 16).
    expect((await post(url, w.merchant, transfer(foreignAccount.id))).statusCode).toBe(404);
    expect((await get('/api/v1/admin/finance/transfer', w.finance)).json().data.total).toBe(0);
  });

  it("another merchant cannot read my recharge requests; another tenant's finance cannot review them", async () => {
    const w = await world();
    const account = await buildPaymentAccount(t.database.db, w.tenant.id);
    const id = (await post('/api/v1/admin/wallet/recharge/transfer', w.merchant, transfer(account.id))).json()
      .data.id;
    expect((await get(`/api/v1/admin/wallet/recharge/transfer/${id}`, w.other)).statusCode).toBe(404);
    expect((await get('/api/v1/admin/wallet/recharge/transfer', w.other)).json().data.total).toBe(0);
    const elsewhere = await world();
    expect((await get(`/api/v1/admin/finance/transfer/${id}`, elsewhere.finance)).statusCode).toBe(404);
    expect(
      (await post(`/api/v1/admin/finance/transfer/${id}/approve`, elsewhere.finance, {})).statusCode,
    ).toBe(404);
    expect((await balances(w.merchant)).CNY.balance).toBe(0);
  });
});

describe('withdrawal', () => {
  const withdraw = (headers: Headers, extra: Record<string, unknown> = {}) =>
    post('/api/v1/admin/wallet/withdrawal', headers, {
      amount: 200_00,
      currency: 'CNY',
      method: 'bank',
      account_name: 'Acme Trading',
      account_no: '6222020000009999',
      bank_name: 'ICBC',
      agreement: true,
      ...extra,
    });

  it('shows the configured limits and fee scale', async () => {
    const w = await world();
    const res = await get('/api/v1/admin/wallet/withdrawal/settings', w.merchant);
    expect(res.json().data).toEqual({
      min_amount: 100_00,
      max_amount: 50_000_00,
      fee_bps: 50,
      methods: ['bank', 'alipay'],
    });
  });

  it('a hold cannot be spent; rejection releases it', async () => {
    const w = await world();
    await adjust(w, 250_00);
    const submitted = await withdraw(w.merchant);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const request = submitted.json().data;
    expect(request).toMatchObject({ status: 'pending', amount: 200_00, fee: 1_00, net_amount: 199_00 });
    expect(request.hold_trade_no).toMatch(/^W/);
    expect(await balances(w.merchant)).toMatchObject({ CNY: { balance: 50_00, held: 200_00 } });

    // The held money cannot be spent: neither a debit nor a second withdrawal gets it.
    expect((await adjust(w, -50_01)).json().msg).toBe('Balance insufficient, recharge first');
    expect((await withdraw(w.merchant, { amount: 100_00 })).statusCode).toBe(400);

    const rejected = await post(`/api/v1/admin/finance/withdrawal/${request.id}/reject`, w.finance, {
      remark: 'wrong account',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().data).toMatchObject({ status: 'rejected', review_remark: 'wrong account' });
    expect(rejected.json().data.release_trade_no).toMatch(/^W/);
    expect(await balances(w.merchant)).toMatchObject({ CNY: { balance: 250_00, held: 0 } });
    // Rejecting again releases nothing more; approving a rejected one is a conflict.
    expect(
      (await post(`/api/v1/admin/finance/withdrawal/${request.id}/reject`, w.finance, { remark: 'again' }))
        .statusCode,
    ).toBe(200);
    expect(
      (await post(`/api/v1/admin/finance/withdrawal/${request.id}/approve`, w.finance, {})).statusCode,
    ).toBe(409);
    expect((await balances(w.merchant)).CNY.balance).toBe(250_00);

    const types = (await get('/api/v1/admin/wallet/transaction', w.merchant))
      .json()
      .data.list.map((r: { type: string; amount: number }) => `${r.type}:${r.amount}`);
    expect(types.sort()).toEqual(
      ['adjustment:25000', 'withdrawal:-20000', 'withdrawal_release:20000'].sort(),
    );
    expect((await reconciliation(w.finance)).drifts).toEqual([]);
  });

  it('approval captures the hold', async () => {
    const w = await world();
    await adjust(w, 300_00);
    const id = (await withdraw(w.merchant, { method: 'alipay', account_no: 'buyer@example.com' })).json().data
      .id;
    const queue = await get('/api/v1/admin/finance/withdrawal?status=pending', w.finance);
    expect(queue.json().data.list.map((r: { id: string }) => r.id)).toEqual([id]);
    const approved = await post(`/api/v1/admin/finance/withdrawal/${id}/approve`, w.finance, {
      remark: 'paid',
    });
    expect(approved.json().data).toMatchObject({ status: 'approved', release_trade_no: null });
    expect(await balances(w.merchant)).toMatchObject({ CNY: { balance: 100_00, held: 0 } });
    expect((await get(`/api/v1/admin/wallet/withdrawal/${id}`, w.merchant)).json().data.status).toBe(
      'approved',
    );
    expect((await get(`/api/v1/admin/wallet/withdrawal/${id}`, w.other)).statusCode).toBe(404);
  });

  it('enforces the minimum, maximum, agreement and balance; a retried key submits once', async () => {
    const w = await world();
    await adjust(w, 1000_00);
    const low = await withdraw(w.merchant, { amount: 99_99 });
    expect(low.statusCode).toBe(400);
    expect(low.json().msg).toBe('The withdrawal amount must be between 100.00 and 50000.00');
    expect((await withdraw(w.merchant, { amount: 50_000_01 })).statusCode).toBe(400);
    expect((await withdraw(w.merchant, { agreement: false })).statusCode).toBe(400);
    expect((await withdraw(w.merchant, { amount: 2000_00 })).json().msg).toBe(
      'Balance insufficient, recharge first',
    );
    const k = key();
    const first = await withdraw(w.merchant, { idempotency_key: k });
    const retry = await withdraw(w.merchant, { idempotency_key: k });
    expect(retry.json().data).toEqual(first.json().data);
    expect((await withdraw(w.merchant, { idempotency_key: k, amount: 300_00 })).statusCode).toBe(409);
    expect((await balances(w.merchant)).CNY).toEqual({ balance: 800_00, held: 200_00 });
  });
});
