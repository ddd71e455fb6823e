import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  mergeValues,
  preparedQuery,
  runPrepared,
  type StatementPart,
  anyOfPlaceholder,
} from '../../db/prepared.ts';
import { walletIdempotencyKeys, walletTransactions, wallets, withdrawals } from './schema.ts';

export type WalletRow = typeof wallets.$inferSelect;
export type TransactionRow = typeof walletTransactions.$inferSelect;
export type NewTransaction = typeof walletTransactions.$inferInsert;
export type Currency = WalletRow['currency'];

/** What a guarded balance change returns: the wallet, its new balance and the chain position. */
export interface Applied {
  walletId: string;
  balance: number;
  seq: number;
}

/**
 * Claims an idempotency key for a merchant. A concurrent claim of the same key waits on the
 * primary key until the first writer's transaction ends, then finds the key taken.
 * Returns false when the key was already claimed.
 */
export async function claimKey(
  tx: Executor,
  values: { merchantId: string; key: string; requestHash: string; transactionId: string },
): Promise<boolean> {
  const rows = await tx
    .insert(walletIdempotencyKeys)
    .values(values)
    .onConflictDoNothing()
    .returning({ key: walletIdempotencyKeys.key });
  return rows.length > 0;
}

export async function findKey(tx: Executor, merchantId: string, key: string) {
  const [row] = await tx
    .select()
    .from(walletIdempotencyKeys)
    .where(and(eq(walletIdempotencyKeys.merchantId, merchantId), eq(walletIdempotencyKeys.key, key)))
    .limit(1);
  return row;
}

export async function releaseKey(tx: Executor, merchantId: string, key: string): Promise<void> {
  await tx
    .delete(walletIdempotencyKeys)
    .where(and(eq(walletIdempotencyKeys.merchantId, merchantId), eq(walletIdempotencyKeys.key, key)));
}

const walletOf = (tenantId: string, merchantId: string, currency: Currency) =>
  and(eq(wallets.tenantId, tenantId), eq(wallets.merchantId, merchantId), eq(wallets.currency, currency));

/**
 * A debit whose amount is set by a row it locks, with a follow-up in the same statement (so both
 * happen with the money or not at all, in one round trip). `lock` is a SELECT returning at most
 * one row, with the columns `amount` (positive minor units) and `currency`: e.g. an unpaid order
 * `FOR UPDATE` and its total. `then` is a data-modifying statement run only when money moved; it
 * may read the locked row as `g` and the new ledger row as `t` (`t.trade_no`, `t.paid_at`). Both
 * are built with placeholders (see StatementPart), whose names must differ from the debit's own
 * (`d_…`).
 */
export type DebitGuard = StatementPart<{ lock: SQL; then: SQL }>;

/** What a debit takes: a plain amount, or whatever its guard's row says (nothing without one). */
export type DebitAmount = { amount: number; currency: Currency } | { guard: DebitGuard };

/** The outcome of debitInOneStatement: the key taken or not, and the row when money moved. */
export interface OneStatementDebit {
  /** The guard's row was there (always true without a guard). */
  guarded: boolean;
  claimed: boolean;
  /** The amount the guard's row (or the caller) asked for; null without a row. */
  priced: number | null;
  applied: (Applied & { tradeNo: string; createdAt: Date; amount: number; currency: Currency }) | null;
}

const p = (name: string) => sql.placeholder(`d_${name}`);

/** The debit statement around a guard; rendered once per guard shape (see runPrepared). */
export function debitStatement(guard: { lock: SQL; then: SQL } | undefined): SQL {
  return sql`
    WITH g AS (${guard ? guard.lock : sql`SELECT ${p('amount')}::bigint AS amount, ${p('currency')}::text AS currency`}),
    k AS (
      INSERT INTO wallet_idempotency_keys (merchant_id, key, request_hash, transaction_id)
      SELECT ${p('merchant')}::uuid, ${p('key')}, ${p('hash')}, ${p('id')}::uuid
      WHERE EXISTS (SELECT 1 FROM g)
      ON CONFLICT DO NOTHING
      RETURNING transaction_id
    ), w AS (
      UPDATE wallets
      SET balance = balance - g.amount, last_seq = last_seq + 1, updated_at = now()
      FROM g
      WHERE wallets.tenant_id = ${p('tenant')}::uuid AND wallets.merchant_id = ${p('merchant')}::uuid
        AND wallets.currency = g.currency AND g.amount > 0 AND wallets.balance >= g.amount
        AND EXISTS (SELECT 1 FROM k)
      RETURNING wallets.id, wallets.balance, wallets.last_seq, g.amount, wallets.currency
    ), t AS (
      INSERT INTO wallet_transactions
        (id, tenant_id, merchant_id, wallet_id, seq, trade_no, third_party_no, reference_type, reference,
         pay_method, type, currency, status, amount, balance_before, balance_after, paid_at, arrived_at,
         operator_id, remark)
      SELECT ${p('id')}::uuid, ${p('tenant')}::uuid, ${p('merchant')}::uuid, w.id, w.last_seq,
        ${TRADE_NO}, ${p('third_party_no')}::text, ${p('reference_type')}::text,
        ${p('reference')}::text, ${p('pay_method')}, ${p('type')}, w.currency, 'success',
        -w.amount, w.balance + w.amount, w.balance,
        ${p('paid_at')}::timestamptz, ${p('arrived_at')}::timestamptz, ${p('operator')}::uuid, ${p('remark')}
      FROM w
      RETURNING wallet_id, seq, trade_no, created_at, balance_after, paid_at, amount, currency
    ), a AS (${guard ? guard.then : sql`SELECT 1`})
    SELECT (SELECT count(*) FROM g)::int AS guarded, (SELECT count(*) FROM k)::int AS claimed,
      (SELECT amount FROM g LIMIT 1) AS priced,
      (SELECT count(*) FROM a)::int AS followed, t.wallet_id, t.seq, t.trade_no, t.created_at,
      t.balance_after, t.amount, t.currency
    FROM (SELECT 1) AS one LEFT JOIN t ON true
  `;
}

/**
 * The whole debit in ONE statement (one round trip, so a hot wallet row is locked for as short
 * a time as possible): claim the idempotency key, take the money under the balance guard (only
 * when the key was claimed), and insert the ledger row (only when money moved). `claimed` false
 * means the key was used before (replay); `applied` null with `claimed` true means no wallet or
 * not enough money (the caller releases the key). The statement is rendered once per guard shape
 * and runs prepared: on the payment path it costs no ORM work.
 */
export async function debitInOneStatement(
  tx: Executor,
  e: {
    /** The ledger row's id, which the idempotency key points at. */
    id: string;
    tenantId: string;
    merchantId: string;
    type: NewTransaction['type'];
    payMethod: NewTransaction['payMethod'];
    referenceType: NewTransaction['referenceType'];
    reference: string | null;
    thirdPartyNo: string | null;
    paidAt: Date | null;
    arrivedAt: Date | null;
    operatorId: string | null;
    remark: string;
  },
  claim: { key: string; requestHash: string },
  what: DebitAmount,
): Promise<OneStatementDebit> {
  const own = {
    d_id: e.id,
    d_hash: claim.requestHash,
    d_key: claim.key,
    d_tenant: e.tenantId,
    d_merchant: e.merchantId,
    d_type: e.type,
    d_pay_method: e.payMethod,
    d_reference_type: e.referenceType,
    d_reference: e.reference,
    d_third_party_no: e.thirdPartyNo,
    d_paid_at: e.paidAt,
    d_arrived_at: e.arrivedAt,
    d_operator: e.operatorId,
    d_remark: e.remark,
  };
  const [row] =
    'guard' in what
      ? await runPrepared<Record<string, unknown>>(
          tx,
          `wallet_debit:${what.guard.shape}`,
          () => debitStatement(what.guard.build()),
          mergeValues(own, what.guard.values),
        )
      : await runPrepared<Record<string, unknown>>(
          tx,
          'wallet_debit',
          () => debitStatement(undefined),
          mergeValues(own, { d_amount: what.amount, d_currency: what.currency }),
        );
  if (!row) throw new Error('the debit statement returned no row');
  const guarded = Number(row.guarded) > 0;
  const claimed = Number(row.claimed) > 0;
  const priced = row.priced === null || row.priced === undefined ? null : Number(row.priced);
  if (!claimed || row.wallet_id === null || row.wallet_id === undefined)
    return { guarded, claimed, priced, applied: null };
  return {
    guarded,
    claimed,
    priced,
    applied: {
      walletId: row.wallet_id as string,
      seq: Number(row.seq),
      balance: Number(row.balance_after),
      tradeNo: String(row.trade_no),
      createdAt: new Date(row.created_at as string | Date),
      // The ledger stores the debit as a negative amount.
      amount: -Number(row.amount),
      currency: row.currency as Currency,
    },
  };
}

/** The credit: one statement on an existing wallet; undefined when the wallet does not exist yet. */
export async function addToWallet(
  tx: Executor,
  tenantId: string,
  merchantId: string,
  currency: Currency,
  amount: number,
): Promise<Applied | undefined> {
  const [row] = await tx
    .update(wallets)
    .set({
      balance: sql`${wallets.balance} + ${amount}`,
      lastSeq: sql`${wallets.lastSeq} + 1`,
      updatedAt: sql`now()`,
    })
    .where(walletOf(tenantId, merchantId, currency))
    .returning({ walletId: wallets.id, balance: wallets.balance, seq: wallets.lastSeq });
  return row;
}

/** Opens an empty wallet (a concurrent opener wins harmlessly). */
export async function insertWallet(
  tx: Executor,
  tenantId: string,
  merchantId: string,
  currency: Currency,
): Promise<void> {
  await tx.insert(wallets).values({ tenantId, merchantId, currency }).onConflictDoNothing();
}

/** spec §3: trade_no is unique and human-readable: W, the Beijing date, a 10-digit sequence. */
const TRADE_NO = sql`'W' || to_char((now() AT TIME ZONE 'UTC') + interval '8 hours', 'YYYYMMDD') || lpad(nextval('wallet_trade_no_seq')::text, 10, '0')`;

/**
 * Inserts a ledger row and returns it. Only the generated trade number and time come back from
 * the database; the rest is what was written (mapping a whole returned row costs more than the
 * insert on the payment path).
 */
export async function insertTransaction(
  tx: Executor,
  values: Omit<NewTransaction, 'tradeNo' | 'id'> & { id: string },
): Promise<TransactionRow> {
  const [row] = await tx
    .insert(walletTransactions)
    .values({ ...values, tradeNo: TRADE_NO })
    .returning({ tradeNo: walletTransactions.tradeNo, createdAt: walletTransactions.createdAt });
  if (!row) throw new Error('transaction insert returned nothing');
  return {
    id: values.id,
    tenantId: values.tenantId,
    merchantId: values.merchantId,
    walletId: values.walletId,
    seq: values.seq ?? null,
    tradeNo: row.tradeNo,
    thirdPartyNo: values.thirdPartyNo ?? null,
    referenceType: values.referenceType ?? null,
    reference: values.reference ?? null,
    payMethod: values.payMethod,
    type: values.type,
    currency: values.currency,
    status: values.status ?? 'success',
    amount: values.amount,
    balanceBefore: values.balanceBefore,
    balanceAfter: values.balanceAfter,
    createdAt: row.createdAt,
    paidAt: values.paidAt ?? null,
    arrivedAt: values.arrivedAt ?? null,
    operatorId: values.operatorId ?? null,
    remark: values.remark ?? '',
  };
}

export async function findTransaction(
  tx: Executor,
  tenantId: string,
  id: string,
  merchantId?: string,
): Promise<TransactionRow | undefined> {
  const [row] = await tx
    .select()
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.tenantId, tenantId),
        eq(walletTransactions.id, id),
        ...(merchantId ? [eq(walletTransactions.merchantId, merchantId)] : []),
      ),
    )
    .limit(1);
  return row;
}

export async function findTransactionsByIds(tx: Executor, ids: string[]): Promise<TransactionRow[]> {
  if (ids.length === 0) return [];
  return tx.select().from(walletTransactions).where(inArray(walletTransactions.id, ids));
}

export async function walletsOf(tx: Executor, tenantId: string, merchantIds: string[]): Promise<WalletRow[]> {
  if (merchantIds.length === 0) return [];
  // Prepared once per handle (decision 0084): the merchants are one array parameter.
  return preparedQuery(tx, 'wallet_wallets_of', (t) =>
    t
      .select()
      .from(wallets)
      .where(
        and(
          eq(wallets.tenantId, sql.placeholder('tenant')),
          anyOfPlaceholder(wallets.merchantId, 'merchants'),
        ),
      ),
  ).execute({ tenant: tenantId, merchants: [...new Set(merchantIds)] });
}

/**
 * One merchant's balance and money on hold per currency, in ONE prepared statement (decision
 * 0084): its wallets and its pending withdrawals' sums. Currencies without either are absent.
 */
export async function balancesAndHeldOf(
  tx: Executor,
  tenantId: string,
  merchantId: string,
): Promise<Array<{ currency: Currency; balance: number; held: number }>> {
  const tenant = sql.placeholder('tenant');
  const merchant = sql.placeholder('merchant');
  const rows = await runPrepared<{ currency: Currency; balance: string | number; held: string | number }>(
    tx,
    'wallet_balances_and_held',
    () => sql`SELECT ${wallets.currency} AS currency, ${wallets.balance} AS balance, 0 AS held
      FROM ${wallets} WHERE ${wallets.tenantId} = ${tenant}::uuid AND ${wallets.merchantId} = ${merchant}::uuid
      UNION ALL
      SELECT ${withdrawals.currency}, 0, sum(${withdrawals.amount})
      FROM ${withdrawals}
      WHERE ${withdrawals.tenantId} = ${tenant}::uuid AND ${withdrawals.merchantId} = ${merchant}::uuid
        AND ${withdrawals.status} = 'pending'
      GROUP BY ${withdrawals.currency}`,
    { tenant: tenantId, merchant: merchantId },
  );
  return rows.map((r) => ({ currency: r.currency, balance: Number(r.balance), held: Number(r.held) }));
}

/** Pending withdrawals by merchant and currency: the money on hold (decision 0015). */
export async function heldOf(
  tx: Executor,
  tenantId: string,
  merchantIds: string[],
): Promise<Array<{ merchantId: string; currency: Currency; held: number }>> {
  if (merchantIds.length === 0) return [];
  const rows = await preparedQuery(tx, 'wallet_held_of', (t) =>
    t
      .select({
        merchantId: withdrawals.merchantId,
        currency: withdrawals.currency,
        held: sql<string>`sum(${withdrawals.amount})`,
      })
      .from(withdrawals)
      .where(
        and(
          eq(withdrawals.tenantId, sql.placeholder('tenant')),
          anyOfPlaceholder(withdrawals.merchantId, 'merchants'),
          eq(withdrawals.status, 'pending'),
        ),
      )
      .groupBy(withdrawals.merchantId, withdrawals.currency),
  ).execute({ tenant: tenantId, merchants: [...new Set(merchantIds)] });
  return rows.map((r) => ({ ...r, held: Number(r.held) }));
}

/** A merchant's successful ledger rows that reference these orders (an order's detail shows them). */
export function transactionsOfReferences(
  tx: Executor,
  scope: { tenantId: string; merchantId: string },
  references: string[],
): Promise<TransactionRow[]> {
  if (!references.length) return Promise.resolve([]);
  return tx
    .select()
    .from(walletTransactions)
    .where(
      and(
        eq(walletTransactions.tenantId, scope.tenantId),
        eq(walletTransactions.merchantId, scope.merchantId),
        eq(walletTransactions.referenceType, 'order'),
        inArray(walletTransactions.reference, references),
        eq(walletTransactions.status, 'success'),
      ),
    )
    .orderBy(asc(walletTransactions.createdAt));
}
