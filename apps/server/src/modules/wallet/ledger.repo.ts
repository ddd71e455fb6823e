import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { walletIdempotencyKeys, walletTransactions, wallets, withdrawals } from '../../db/schema/index.ts';

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
 * The debit: ONE guarded statement (`UPDATE … SET balance = balance - $amt WHERE … AND
 * balance >= $amt RETURNING balance`). No row means no wallet or not enough money.
 */
export async function subtractGuarded(
  tx: Executor,
  tenantId: string,
  merchantId: string,
  currency: Currency,
  amount: number,
): Promise<Applied | undefined> {
  const [row] = await tx
    .update(wallets)
    .set({
      balance: sql`${wallets.balance} - ${amount}`,
      lastSeq: sql`${wallets.lastSeq} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(walletOf(tenantId, merchantId, currency), gte(wallets.balance, amount)))
    .returning({ walletId: wallets.id, balance: wallets.balance, seq: wallets.lastSeq });
  return row;
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

export async function insertTransaction(
  tx: Executor,
  values: Omit<NewTransaction, 'tradeNo'>,
): Promise<TransactionRow> {
  const [row] = await tx
    .insert(walletTransactions)
    .values({ ...values, tradeNo: TRADE_NO })
    .returning();
  if (!row) throw new Error('transaction insert returned nothing');
  return row;
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
  return tx
    .select()
    .from(wallets)
    .where(and(eq(wallets.tenantId, tenantId), inArray(wallets.merchantId, merchantIds)));
}

/** Pending withdrawals by merchant and currency: the money on hold (decision 0015). */
export async function heldOf(
  tx: Executor,
  tenantId: string,
  merchantIds: string[],
): Promise<Array<{ merchantId: string; currency: Currency; held: number }>> {
  if (merchantIds.length === 0) return [];
  const rows = await tx
    .select({
      merchantId: withdrawals.merchantId,
      currency: withdrawals.currency,
      held: sql<string>`sum(${withdrawals.amount})`,
    })
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.tenantId, tenantId),
        inArray(withdrawals.merchantId, merchantIds),
        eq(withdrawals.status, 'pending'),
      ),
    )
    .groupBy(withdrawals.merchantId, withdrawals.currency);
  return rows.map((r) => ({ ...r, held: Number(r.held) }));
}
