import { and, desc, eq, gte, ilike, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  adjustmentCreateSchema,
  financeTransactionQuerySchema,
  merchantWalletQuerySchema,
} from '@pod/shared';
import { walletTransactions, wallets } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { containsPattern } from '../../platform/crud/crud-query.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findMerchant } from '../tenancy/index.ts';
import { findTransaction, heldOf } from './ledger.repo.ts';
import { credit, debit, merchantBalances } from './ledger.service.ts';
import { financeTenant, merchantScope } from './recharge.service.ts';
import { Names, transactionsReply } from './wallet.mappers.ts';

type TransactionQuery = z.output<typeof financeTransactionQuerySchema>;

/** The caller's merchant balances per currency (spec §2 Balance). */
export async function myBalances(ctx: ServiceContext) {
  const scope = merchantScope(ctx);
  return { list: await merchantBalances(ctx.tx, scope.tenantId, scope.merchantId) };
}

/**
 * Transactions, newest first, filtered by type, status, currency, trade number and a date range
 * of at most one year (spec §5; the shared query schema refuses longer ones).
 */
export async function listTransactions(ctx: ServiceContext, q: TransactionQuery, merchantId?: string) {
  const tenantId = merchantId ? merchantScope(ctx).tenantId : financeTenant(ctx);
  const { rows, total } = await pagedRows(
    ctx.tx,
    walletTransactions,
    transactionConditions(tenantId, q, merchantId),
    [desc(walletTransactions.createdAt), desc(walletTransactions.seq)],
    q.page,
    q.limit,
  );
  return {
    list: await transactionsReply(ctx.tx, tenantId, rows, ctx.lang),
    total,
    page: q.page,
    limit: q.limit,
  };
}

/** The transaction list's WHERE clause (its export uses it too, so both hold the same rows). */
export function transactionConditions(
  tenantId: string,
  q: Omit<TransactionQuery, 'page' | 'limit'>,
  merchantId?: string,
) {
  const where: SQL[] = [eq(walletTransactions.tenantId, tenantId)];
  const merchant = merchantId ?? q.merchant_id;
  if (merchant) where.push(eq(walletTransactions.merchantId, merchant));
  if (q.type) where.push(eq(walletTransactions.type, q.type));
  if (q.status) where.push(eq(walletTransactions.status, q.status));
  if (q.currency) where.push(eq(walletTransactions.currency, q.currency));
  if (q.from) where.push(gte(walletTransactions.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(walletTransactions.createdAt, new Date(q.to)));
  if (q.trade_no) where.push(ilike(walletTransactions.tradeNo, containsPattern(q.trade_no)));
  return and(...where);
}

export async function getTransaction(ctx: ServiceContext, id: string, merchantId?: string) {
  const tenantId = merchantId ? merchantScope(ctx).tenantId : financeTenant(ctx);
  const row = await findTransaction(ctx.tx, tenantId, id, merchantId);
  if (!row) throw AppError.notFound('wallet.notFound');
  return (await transactionsReply(ctx.tx, tenantId, [row], ctx.lang))[0]!;
}

/** Finance: every merchant wallet of the tenant with its balance and held amount. */
export async function listMerchantWallets(
  ctx: ServiceContext,
  q: z.output<typeof merchantWalletQuerySchema>,
) {
  const tenantId = financeTenant(ctx);
  const where: SQL[] = [eq(wallets.tenantId, tenantId)];
  if (q.currency) where.push(eq(wallets.currency, q.currency));
  if (q.merchant_id) where.push(eq(wallets.merchantId, q.merchant_id));
  const { rows, total } = await pagedRows(
    ctx.tx,
    wallets,
    and(...where),
    [desc(wallets.balance), desc(wallets.id)],
    q.page,
    q.limit,
  );
  const names = await new Names(ctx.tx, tenantId).load(
    rows.map((r) => r.merchantId),
    [],
  );
  const held = await heldOf(
    ctx.tx,
    tenantId,
    rows.map((r) => r.merchantId),
  );
  return {
    list: rows.map((w) => ({
      merchant_id: w.merchantId,
      merchant_name: names.merchant(w.merchantId).name,
      merchant_number: names.merchant(w.merchantId).number,
      currency: w.currency,
      balance: w.balance,
      held: held.find((h) => h.merchantId === w.merchantId && h.currency === w.currency)?.held ?? 0,
      updated_at: w.updatedAt.toISOString(),
    })),
    total,
    page: q.page,
    limit: q.limit,
  };
}

/**
 * Finance adjustment: a signed correction written as a new transaction (rows are never edited).
 * Goes through the same debit/credit as every other caller, idempotency key and all. Returns the
 * row: the caller maps it after commit, so the wallet's row lock is held no longer than needed.
 */
export async function adjust(ctx: ServiceContext, input: z.output<typeof adjustmentCreateSchema>) {
  const tenantId = financeTenant(ctx);
  if (!(await findMerchant(ctx.tx, tenantId, input.merchant_id)))
    throw AppError.notFound('wallet.merchantNotFound');
  const entry = {
    merchantId: input.merchant_id,
    currency: input.currency,
    amount: Math.abs(input.amount),
    idempotencyKey: input.idempotency_key,
    payMethod: 'manual' as const,
    referenceType: 'adjustment' as const,
    remark: input.remark,
  };
  const result =
    input.amount < 0
      ? await debit(ctx, { ...entry, type: 'adjustment' })
      : await credit(ctx, { ...entry, type: 'adjustment' });
  return { tenantId, row: result.transaction };
}
