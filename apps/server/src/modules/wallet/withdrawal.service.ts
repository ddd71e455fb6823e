import { createHash, randomUUID } from 'node:crypto';
import { and, desc, eq, gte, lte, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  withdrawalFee,
  WITHDRAWAL_METHODS,
  type reviewListQuerySchema,
  type withdrawalCreateSchema,
  type WithdrawalSettings,
} from '@pod/shared';
import type { Config } from '../../config.ts';
import type { Executor } from '../../db/client.ts';
import { withdrawals } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { AppError } from '../../platform/http/errors.ts';
import { findTransactionsByIds } from './ledger.repo.ts';
import { credit, debit } from './ledger.service.ts';
import { financeTenant, merchantScope } from './recharge.service.ts';
import { Names, toWithdrawal, type WithdrawalRow } from './wallet.mappers.ts';

/** The configured limits and fee scale (spec §5, §9: values not shown, so they are settings). */
export function withdrawalSettings(config: Config): WithdrawalSettings {
  return {
    min_amount: config.withdrawal.min,
    max_amount: config.withdrawal.max,
    fee_bps: config.withdrawal.feeBps,
    methods: [...WITHDRAWAL_METHODS],
  };
}

// ---- Repository -----------------------------------------------------------------------------------

async function findWithdrawal(tx: Executor, tenantId: string, id: string, merchantId?: string) {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(
      and(
        eq(withdrawals.tenantId, tenantId),
        eq(withdrawals.id, id),
        ...(merchantId ? [eq(withdrawals.merchantId, merchantId)] : []),
      ),
    )
    .limit(1);
  return row;
}

async function findByHold(tx: Executor, holdTransactionId: string) {
  const [row] = await tx
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.holdTransactionId, holdTransactionId))
    .limit(1);
  return row;
}

async function reviewPending(
  tx: Executor,
  tenantId: string,
  id: string,
  values: { status: 'approved' | 'rejected'; reviewerId: string; reviewRemark: string },
) {
  const [row] = await tx
    .update(withdrawals)
    .set({ ...values, reviewedAt: new Date() })
    .where(and(eq(withdrawals.tenantId, tenantId), eq(withdrawals.id, id), eq(withdrawals.status, 'pending')))
    .returning();
  return row;
}

/** A retried submission with the same key names the same withdrawal (a uuid derived from the key). */
function keyedId(merchantId: string, key: string): string {
  const h = createHash('sha256').update(`withdrawal:${merchantId}:${key}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

// ---- Service --------------------------------------------------------------------------------------

export async function withdrawalsReply(tx: Executor, tenantId: string, rows: WithdrawalRow[]) {
  const names = await new Names(tx, tenantId).load(
    rows.map((r) => r.merchantId),
    rows.map((r) => r.reviewerId),
  );
  const trades = await findTransactionsByIds(
    tx,
    rows.flatMap((r) => [r.holdTransactionId, ...(r.releaseTransactionId ? [r.releaseTransactionId] : [])]),
  );
  const tradeNos = new Map(trades.map((t) => [t.id, t.tradeNo]));
  return rows.map((r) => toWithdrawal(r, names, tradeNos));
}

/**
 * Submits a withdrawal: the amount must lie within the configured minimum and maximum and the
 * agreement be ticked (spec §5). The amount is held at once by a `withdrawal` ledger debit, so it
 * cannot be spent twice while finance reviews (decision 0015).
 */
export async function submitWithdrawal(
  ctx: ServiceContext,
  config: Config,
  input: z.output<typeof withdrawalCreateSchema>,
) {
  const scope = merchantScope(ctx);
  const { min, max, feeBps } = config.withdrawal;
  if (input.amount < min || input.amount > max) {
    throw AppError.badRequest(
      'wallet.withdrawalRange',
      { min: (min / 100).toFixed(2), max: (max / 100).toFixed(2) },
      { field: 'amount' },
    );
  }
  const id = input.idempotency_key ? keyedId(scope.merchantId, input.idempotency_key) : randomUUID();
  const hold = await debit(ctx, {
    type: 'withdrawal',
    merchantId: scope.merchantId,
    currency: input.currency,
    amount: input.amount,
    idempotencyKey: input.idempotency_key ?? `withdrawal:${id}`,
    payMethod: input.method === 'alipay' ? 'alipay' : 'bank_transfer',
    referenceType: 'withdrawal',
    reference: id,
    remark: input.remark,
  });
  if (hold.replayed) {
    const existing = await findByHold(ctx.tx, hold.transaction.id);
    if (!existing) throw AppError.conflict('wallet.idempotencyConflict');
    return (await withdrawalsReply(ctx.tx, scope.tenantId, [existing]))[0]!;
  }
  const [row] = await ctx.tx
    .insert(withdrawals)
    .values({
      id,
      tenantId: scope.tenantId,
      merchantId: scope.merchantId,
      currency: input.currency,
      amount: input.amount,
      fee: withdrawalFee(input.amount, feeBps),
      method: input.method,
      accountName: input.account_name,
      accountNo: input.account_no,
      bankName: input.bank_name,
      remark: input.remark,
      agreedAt: new Date(),
      holdTransactionId: hold.transaction.id,
      createdBy: ctx.actor.id,
    })
    .returning();
  return (await withdrawalsReply(ctx.tx, scope.tenantId, [row!]))[0]!;
}

export async function getWithdrawal(ctx: ServiceContext, id: string, merchantId?: string) {
  const tenantId = merchantId ? merchantScope(ctx).tenantId : financeTenant(ctx);
  const row = await findWithdrawal(ctx.tx, tenantId, id, merchantId);
  if (!row) throw AppError.notFound('wallet.notFound');
  return (await withdrawalsReply(ctx.tx, tenantId, [row]))[0]!;
}

export async function listWithdrawals(
  ctx: ServiceContext,
  q: z.output<typeof reviewListQuerySchema>,
  merchantId?: string,
) {
  const tenantId = merchantId ? merchantScope(ctx).tenantId : financeTenant(ctx);
  const { rows, total } = await pagedRows(
    ctx.tx,
    withdrawals,
    withdrawalConditions(tenantId, q, merchantId),
    [desc(withdrawals.createdAt), desc(withdrawals.id)],
    q.page,
    q.limit,
  );
  return { list: await withdrawalsReply(ctx.tx, tenantId, rows), total, page: q.page, limit: q.limit };
}

/** The withdrawal list's WHERE clause (its export uses it too, so both hold the same rows). */
export function withdrawalConditions(
  tenantId: string,
  q: Omit<z.output<typeof reviewListQuerySchema>, 'page' | 'limit'>,
  merchantId?: string,
) {
  const where: SQL[] = [eq(withdrawals.tenantId, tenantId)];
  const merchant = merchantId ?? q.merchant_id;
  if (merchant) where.push(eq(withdrawals.merchantId, merchant));
  if (q.status) where.push(eq(withdrawals.status, q.status));
  if (q.currency) where.push(eq(withdrawals.currency, q.currency));
  if (q.from) where.push(gte(withdrawals.createdAt, new Date(q.from)));
  if (q.to) where.push(lte(withdrawals.createdAt, new Date(q.to)));
  return and(...where);
}

/** Finance approves: the hold is captured (the debit stands); the money leaves the platform. */
export async function approveWithdrawal(ctx: ServiceContext, id: string, remark: string) {
  const tenantId = financeTenant(ctx);
  const row = await reviewPending(ctx.tx, tenantId, id, {
    status: 'approved',
    reviewerId: ctx.actor.id,
    reviewRemark: remark,
  });
  if (!row) return settled(ctx, tenantId, id, 'approved');
  return (await withdrawalsReply(ctx.tx, tenantId, [row]))[0]!;
}

/** Finance rejects: the hold is released by a `withdrawal_release` credit of the same amount. */
export async function rejectWithdrawal(ctx: ServiceContext, id: string, remark: string) {
  const tenantId = financeTenant(ctx);
  const row = await reviewPending(ctx.tx, tenantId, id, {
    status: 'rejected',
    reviewerId: ctx.actor.id,
    reviewRemark: remark,
  });
  if (!row) return settled(ctx, tenantId, id, 'rejected');
  const release = await credit(ctx, {
    type: 'withdrawal_release',
    merchantId: row.merchantId,
    currency: row.currency,
    amount: row.amount,
    idempotencyKey: `withdrawal_release:${row.id}`,
    payMethod: row.method === 'alipay' ? 'alipay' : 'bank_transfer',
    referenceType: 'withdrawal',
    reference: row.id,
    remark,
  });
  const [linked] = await ctx.tx
    .update(withdrawals)
    .set({ releaseTransactionId: release.transaction.id })
    .where(eq(withdrawals.id, row.id))
    .returning();
  return (await withdrawalsReply(ctx.tx, tenantId, [linked!]))[0]!;
}

async function settled(ctx: ServiceContext, tenantId: string, id: string, wanted: 'approved' | 'rejected') {
  const existing = await findWithdrawal(ctx.tx, tenantId, id);
  if (!existing) throw AppError.notFound('wallet.notFound');
  if (existing.status !== wanted) throw AppError.conflict('wallet.alreadyReviewed');
  return (await withdrawalsReply(ctx.tx, tenantId, [existing]))[0]!;
}
