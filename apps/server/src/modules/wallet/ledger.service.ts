import { hash as digest, randomUUID } from 'node:crypto';
import { MAX_AMOUNT_MINOR } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import type { AnyContext } from '../../platform/context.ts';
import type { WALLET_PAY_METHODS, WALLET_REFERENCE_TYPES } from './schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findMerchant } from '../tenancy/index.ts';
import * as repo from './ledger.repo.ts';
import { storedText, type StoredMessage } from '../../platform/i18n/stored-message.ts';

/**
 * What the ledger needs from its caller (CONVENTIONS 1, 2): the tenant, the transaction the entry
 * point opened, and who acts (null for a payment provider's notification). A ServiceContext fits.
 */
/** The wallet is moved by a user's request or by the platform (a payment notification). */
export type WalletContext = AnyContext;

export type DebitType = 'order_payment' | 'withdrawal' | 'adjustment';
export type CreditType =
  'top_up' | 'order_refund' | 'aftersales_refund' | 'withdrawal_release' | 'adjustment';

export interface LedgerEntry {
  merchantId: string;
  currency: repo.Currency;
  /** Positive minor units; the direction comes from debit/credit. */
  amount: number;
  /** Unique per merchant: the same key with the same parameters returns the first result. */
  idempotencyKey: string;
  payMethod?: (typeof WALLET_PAY_METHODS)[number];
  referenceType?: (typeof WALLET_REFERENCE_TYPES)[number] | null;
  /** The linked order number, recharge id… */
  reference?: string | null;
  thirdPartyNo?: string | null;
  /** A person's text, or a platform message rendered in the reader's language (decision 0079). */
  remark?: string | StoredMessage;
  paidAt?: Date | null;
  arrivedAt?: Date | null;
}

export interface LedgerResult {
  transaction: repo.TransactionRow;
  /** True when the key had been used before and this is the first call's result. */
  replayed: boolean;
}

/**
 * What an idempotency key is bound to. A guarded debit takes its amount from the row it locks,
 * which its reference names (e.g. an order's total), so its hash has no amount or currency.
 */
function requestHash(
  direction: 'debit' | 'credit',
  type: string,
  e: Pick<LedgerEntry, 'referenceType' | 'reference'>,
  amount: number | null,
  currency: string | null,
): string {
  return digest(
    'sha256',
    JSON.stringify([direction, type, currency, amount, e.referenceType ?? null, e.reference ?? null]),
    'hex',
  );
}

function tenantOf(ctx: WalletContext): string {
  // Wallets belong to merchants, and merchants to a supplier tenant; the platform has none.
  if (!ctx.scope.tenantId) throw AppError.notFound('wallet.notFound');
  return ctx.scope.tenantId;
}

const validAmount = (amount: number) =>
  Number.isSafeInteger(amount) && amount > 0 && amount <= MAX_AMOUNT_MINOR;

function assertAmount(amount: number): void {
  if (!validAmount(amount)) throw AppError.badRequest('wallet.invalidAmount');
}

/**
 * The first result of an already-used key, or 409 when the key was used with other parameters.
 */
async function replay(
  ctx: WalletContext,
  tenantId: string,
  e: Pick<LedgerEntry, 'merchantId' | 'idempotencyKey'>,
  hash: string,
) {
  const existing = await repo.findKey(ctx.tx, e.merchantId, e.idempotencyKey);
  if (!existing) throw new Error('idempotency key vanished after a conflict');
  if (existing.requestHash !== hash) throw AppError.conflict('wallet.idempotencyConflict');
  const transaction = await repo.findTransaction(ctx.tx, tenantId, existing.transactionId, e.merchantId);
  if (!transaction) throw AppError.conflict('wallet.idempotencyConflict');
  return { transaction, replayed: true };
}

/** The ledger row's own fields of an entry (the wallet, amounts, currency and trade number come later). */
function entryValues(
  ctx: WalletContext,
  tenantId: string,
  direction: 'debit' | 'credit',
  type: DebitType | CreditType,
  e: Omit<LedgerEntry, 'amount' | 'currency'>,
): EntryValues {
  return {
    id: randomUUID(),
    tenantId,
    merchantId: e.merchantId,
    thirdPartyNo: e.thirdPartyNo ?? null,
    referenceType: e.referenceType ?? null,
    reference: e.reference ?? null,
    payMethod: e.payMethod ?? (direction === 'debit' ? 'balance' : 'manual'),
    type,
    status: 'success',
    paidAt: e.paidAt ?? new Date(),
    arrivedAt: e.arrivedAt ?? (direction === 'credit' ? new Date() : null),
    operatorId: ctx.actor.id,
    remark: storedText(e.remark),
  };
}

async function apply(
  ctx: WalletContext,
  direction: 'debit' | 'credit',
  type: DebitType | CreditType,
  e: LedgerEntry,
): Promise<LedgerResult> {
  const tenantId = tenantOf(ctx);
  assertAmount(e.amount);
  const hash = requestHash(direction, type, e, e.amount, e.currency);
  const values = entryValues(ctx, tenantId, direction, type, e);

  if (direction === 'debit') {
    const outcome = await debitOnce(ctx, tenantId, e, values, hash, {
      amount: e.amount,
      currency: e.currency,
    });
    if (outcome === 'unguarded') throw new Error('a debit without a guard is always guarded');
    return outcome;
  }

  const claimed = await repo.claimKey(ctx.tx, {
    merchantId: e.merchantId,
    key: e.idempotencyKey,
    requestHash: hash,
    transactionId: values.id,
  });
  if (!claimed) return replay(ctx, tenantId, e, hash);
  let applied = await repo.addToWallet(ctx.tx, tenantId, e.merchantId, e.currency, e.amount);
  if (!applied) {
    if (!(await findMerchant(ctx.tx, tenantId, e.merchantId))) {
      await repo.releaseKey(ctx.tx, e.merchantId, e.idempotencyKey);
      throw AppError.notFound('wallet.merchantNotFound');
    }
    await repo.insertWallet(ctx.tx, tenantId, e.merchantId, e.currency);
    applied = await repo.addToWallet(ctx.tx, tenantId, e.merchantId, e.currency, e.amount);
    if (!applied) throw new Error('wallet vanished after it was opened');
  }
  const transaction = await repo.insertTransaction(ctx.tx, {
    ...values,
    currency: e.currency,
    walletId: applied.walletId,
    seq: applied.seq,
    amount: e.amount,
    balanceBefore: applied.balance - e.amount,
    balanceAfter: applied.balance,
  });
  return { transaction, replayed: false };
}

type EntryValues = Omit<
  repo.NewTransaction,
  'walletId' | 'tradeNo' | 'amount' | 'currency' | 'balanceBefore' | 'balanceAfter'
> & {
  id: string;
  paidAt: Date;
  arrivedAt: Date | null;
  operatorId: string | null;
  remark: string;
  thirdPartyNo: string | null;
  referenceType: NonNullable<repo.NewTransaction['referenceType']> | null;
  reference: string | null;
  payMethod: NonNullable<repo.NewTransaction['payMethod']>;
  status: 'success';
};

/**
 * The debit in one round trip (see debitInOneStatement); 'unguarded' when the guard's row was
 * not there (nothing written).
 */
async function debitOnce(
  ctx: WalletContext,
  tenantId: string,
  e: Omit<LedgerEntry, 'amount' | 'currency'>,
  values: EntryValues,
  hash: string,
  what: repo.DebitAmount,
): Promise<LedgerResult | 'unguarded'> {
  const { guarded, claimed, priced, applied } = await repo.debitInOneStatement(
    ctx.tx,
    values,
    { key: e.idempotencyKey, requestHash: hash },
    what,
  );
  if (!guarded) return 'unguarded';
  if (!claimed) return replay(ctx, tenantId, e, hash);
  if (!applied) {
    // The caller may catch and carry on: leave no claim pointing at a transaction that never was.
    await repo.releaseKey(ctx.tx, e.merchantId, e.idempotencyKey);
    if (priced !== null && !validAmount(priced)) throw AppError.badRequest('wallet.invalidAmount');
    throw AppError.badRequest('wallet.insufficient');
  }
  // Every column named, not `{ ...values, … }`: on the payment path V8 took its slow path for
  // each property added after a spread (decision 0097).
  return {
    transaction: {
      id: values.id,
      tenantId: values.tenantId,
      merchantId: values.merchantId,
      walletId: applied.walletId,
      seq: applied.seq,
      tradeNo: applied.tradeNo,
      thirdPartyNo: values.thirdPartyNo,
      referenceType: values.referenceType,
      reference: values.reference,
      payMethod: values.payMethod,
      type: values.type,
      currency: applied.currency,
      status: values.status,
      amount: -applied.amount,
      balanceBefore: applied.balance + applied.amount,
      balanceAfter: applied.balance,
      createdAt: applied.createdAt,
      paidAt: values.paidAt,
      arrivedAt: values.arrivedAt,
      operatorId: values.operatorId,
      remark: values.remark,
    },
    replayed: false,
  };
}

/** A debit whose guard's row says how much and in which currency (see DebitGuard). */
export type GuardedDebit = Omit<LedgerEntry, 'amount' | 'currency'> & { type: DebitType };

/**
 * A debit that happens only while a guard row exists, for the amount that row states, with a
 * follow-up write in the same statement (decision 0024: an order moves to paid with its
 * payment, in one round trip that needs no explicit transaction and no look-up before it).
 * 'unguarded' when the guard found no row (nothing written).
 */
export async function debitGuarded(
  ctx: WalletContext,
  entry: GuardedDebit,
  guard: repo.DebitGuard,
): Promise<LedgerResult | 'unguarded'> {
  const tenantId = tenantOf(ctx);
  const hash = requestHash('debit', entry.type, entry, null, null);
  return debitOnce(ctx, tenantId, entry, entryValues(ctx, tenantId, 'debit', entry.type, entry), hash, {
    guard,
  });
}

/**
 * Takes money out of a merchant's wallet inside the caller's transaction: one guarded UPDATE and
 * the ledger row. Refuses with "balance insufficient, recharge first" rather than go negative.
 */
export function debit(ctx: WalletContext, entry: LedgerEntry & { type: DebitType }): Promise<LedgerResult> {
  return apply(ctx, 'debit', entry.type, entry);
}

/** Puts money into a merchant's wallet (opening it on first use) inside the caller's transaction. */
export function credit(ctx: WalletContext, entry: LedgerEntry & { type: CreditType }): Promise<LedgerResult> {
  return apply(ctx, 'credit', entry.type, entry);
}

/**
 * Refunds an order's payment to the balance: type order_refund ("order cancellation", spec §4) for
 * a cancelled order, aftersales_refund for an after-sales refund (issue 22).
 */
export function refund(
  ctx: WalletContext,
  entry: Omit<LedgerEntry, 'referenceType' | 'payMethod'> & {
    orderNo: string;
    type?: 'order_refund' | 'aftersales_refund';
  },
): Promise<LedgerResult> {
  const { orderNo, type = 'order_refund', ...rest } = entry;
  return apply(ctx, 'credit', type, {
    ...rest,
    payMethod: 'balance',
    referenceType: 'order',
    reference: orderNo,
  });
}

/** Balances by merchant and currency, for lists that show them (e.g. the merchant list). */
export async function balancesFor(
  tx: Executor,
  tenantId: string,
  merchantIds: string[],
): Promise<Map<string, Record<repo.Currency, number>>> {
  const out = new Map<string, Record<repo.Currency, number>>();
  for (const id of merchantIds) out.set(id, { CNY: 0, USD: 0 });
  for (const w of await repo.walletsOf(tx, tenantId, merchantIds)) {
    const entry = out.get(w.merchantId);
    if (entry) entry[w.currency] = w.balance;
  }
  return out;
}

/** Spendable balance and held amount per currency of one merchant (both currencies always listed). */
export async function merchantBalances(tx: Executor, tenantId: string, merchantId: string) {
  const rows = await repo.balancesAndHeldOf(tx, tenantId, merchantId);
  const sum = (currency: string, key: 'balance' | 'held') =>
    rows.filter((r) => r.currency === currency).reduce((total, r) => total + r[key], 0);
  return (['CNY', 'USD'] as const).map((currency) => ({
    currency,
    balance: sum(currency, 'balance'),
    held: sum(currency, 'held'),
  }));
}
