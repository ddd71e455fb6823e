import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import {
  PERMISSIONS,
  reviewListQuerySchema,
  walletTransactionQuerySchema,
  type Transfer,
  type WalletTransaction,
  type Withdrawal,
} from '@pod/shared';
import type { ServiceContext } from '../../platform/context.ts';
import { keysetBatches, type KeyColumn } from '../../platform/crud/keyset.ts';
import { exportSource, type Bilingual, type CellFormat, type ExportColumn } from '../exports/index.ts';
import { transferConditions } from './recharge.repo.ts';
import { merchantScope, transfersReply } from './recharge.service.ts';
import { bankTransfers, walletTransactions, withdrawals } from './schema.ts';
import { transactionConditions } from './transaction.service.ts';
import { transactionsReply } from './wallet.mappers.ts';
import { withdrawalConditions, withdrawalsReply } from './withdrawal.service.ts';

/*
 * The merchant's wallet lists (spec §2 balance transactions, recharges, withdrawals) as exports
 * (issue 24): each with its list's filters and its list's WHERE clause, scoped to the merchant.
 */

const TYPE: Record<WalletTransaction['type'], Bilingual> = {
  top_up: { 'zh-cn': '充值', en: 'Top-up' },
  order_payment: { 'zh-cn': '订单支付', en: 'Order payment' },
  order_refund: { 'zh-cn': '订单取消', en: 'Order cancellation' },
  aftersales_refund: { 'zh-cn': '售后退款', en: 'After-sales refund' },
  withdrawal: { 'zh-cn': '提现', en: 'Withdrawal' },
  withdrawal_release: { 'zh-cn': '提现退回', en: 'Withdrawal released' },
  adjustment: { 'zh-cn': '调账', en: 'Adjustment' },
};
const REVIEW: Record<Transfer['status'], Bilingual> = {
  pending: { 'zh-cn': '待审核', en: 'Pending' },
  approved: { 'zh-cn': '已通过', en: 'Approved' },
  rejected: { 'zh-cn': '已驳回', en: 'Rejected' },
};
const OUTCOME: Record<WalletTransaction['status'], Bilingual> = {
  success: { 'zh-cn': '成功', en: 'Success' },
  failure: { 'zh-cn': '失败', en: 'Failure' },
};

const created = <R extends { created_at?: string; submitted_at?: string }>(): ExportColumn<R> => ({
  header: { 'zh-cn': '创建时间', en: 'Created at' },
  width: 20,
  value: (r, f: CellFormat) => f.date(r.created_at ?? r.submitted_at),
});

const newestFirst = (table: { createdAt: KeyColumn['column']; id: KeyColumn['column'] }): KeyColumn[] => [
  { column: table.createdAt, dir: 'desc', cast: 'timestamptz' },
  { column: table.id, dir: 'desc', cast: 'uuid' },
];

async function countOf(ctx: ServiceContext, table: PgTable, where: SQL | undefined): Promise<number> {
  const [row] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(table)
    .where(where);
  return row?.n ?? 0;
}

const transactionFilters = walletTransactionQuerySchema;
type TransactionFilters = z.output<typeof transactionFilters>;
const transactionWhere = (ctx: ServiceContext, f: TransactionFilters) => {
  const m = merchantScope(ctx);
  return { m, where: transactionConditions(m.tenantId, f, m.merchantId) };
};

export const TRANSACTION_EXPORT = exportSource<TransactionFilters, WalletTransaction>({
  page: 'wallet/transaction',
  title: { 'zh-cn': '余额明细', en: 'Balance transactions' },
  permission: PERMISSIONS.walletTransaction.list,
  filters: transactionFilters,
  dateRange: (f) => ({ from: f.from, to: f.to }),
  columns: [
    { header: { 'zh-cn': '交易号', en: 'Trade number' }, width: 24, value: (r) => r.trade_no },
    { header: { 'zh-cn': '类型', en: 'Type' }, value: (r, f) => f.text(TYPE[r.type]) },
    { header: { 'zh-cn': '状态', en: 'Status' }, width: 10, value: (r, f) => f.text(OUTCOME[r.status]) },
    { header: { 'zh-cn': '关联单号', en: 'Reference' }, width: 24, value: (r) => r.reference },
    { header: { 'zh-cn': '币种', en: 'Currency' }, width: 10, value: (r) => r.currency },
    { header: { 'zh-cn': '金额', en: 'Amount' }, value: (r, f) => f.money(r.amount) },
    { header: { 'zh-cn': '交易前余额', en: 'Balance before' }, value: (r, f) => f.money(r.balance_before) },
    { header: { 'zh-cn': '交易后余额', en: 'Balance after' }, value: (r, f) => f.money(r.balance_after) },
    { header: { 'zh-cn': '备注', en: 'Remark' }, width: 30, value: (r) => r.remark },
    created<WalletTransaction>(),
  ],
  count: (ctx, f) => countOf(ctx, walletTransactions, transactionWhere(ctx, f).where),
  async *batches(ctx, f, size) {
    const { m, where } = transactionWhere(ctx, f);
    for await (const rows of keysetBatches(
      ctx.tx,
      walletTransactions,
      where,
      newestFirst(walletTransactions),
      size,
    ))
      yield await transactionsReply(ctx.tx, m.tenantId, rows, ctx.lang);
  },
});

type ReviewFilters = z.output<typeof reviewListQuerySchema>;
const transferWhere = (ctx: ServiceContext, f: ReviewFilters) => {
  const m = merchantScope(ctx);
  return { m, where: transferConditions(m.tenantId, { ...f, merchantId: m.merchantId }) };
};

export const RECHARGE_EXPORT = exportSource<ReviewFilters, Transfer>({
  page: 'wallet/recharge',
  title: { 'zh-cn': '充值记录', en: 'Recharges' },
  permission: PERMISSIONS.walletRecharge.list,
  filters: reviewListQuerySchema,
  dateRange: (f) => ({ from: f.from, to: f.to }),
  columns: [
    { header: { 'zh-cn': '回单号', en: 'Receipt number' }, width: 24, value: (r) => r.receipt_no },
    { header: { 'zh-cn': '币种', en: 'Currency' }, width: 10, value: (r) => r.currency },
    { header: { 'zh-cn': '金额', en: 'Amount' }, value: (r, f) => f.money(r.amount) },
    { header: { 'zh-cn': '银行', en: 'Bank' }, value: (r) => r.bank_name },
    { header: { 'zh-cn': '户名', en: 'Account name' }, value: (r) => r.bank_account_name },
    { header: { 'zh-cn': '状态', en: 'Status' }, width: 10, value: (r, f) => f.text(REVIEW[r.status]) },
    { header: { 'zh-cn': '审核备注', en: 'Review remark' }, width: 30, value: (r) => r.review_remark },
    { header: { 'zh-cn': '交易号', en: 'Trade number' }, width: 24, value: (r) => r.trade_no },
    {
      header: { 'zh-cn': '提交时间', en: 'Submitted at' },
      width: 20,
      value: (r, f) => f.date(r.submitted_at),
    },
    { header: { 'zh-cn': '审核时间', en: 'Reviewed at' }, width: 20, value: (r, f) => f.date(r.reviewed_at) },
  ],
  count: (ctx, f) => countOf(ctx, bankTransfers, transferWhere(ctx, f).where),
  async *batches(ctx, f, size) {
    const { m, where } = transferWhere(ctx, f);
    for await (const rows of keysetBatches(ctx.tx, bankTransfers, where, newestFirst(bankTransfers), size))
      yield await transfersReply(ctx, m.tenantId, rows);
  },
});

const withdrawalWhere = (ctx: ServiceContext, f: ReviewFilters) => {
  const m = merchantScope(ctx);
  return { m, where: withdrawalConditions(m.tenantId, f, m.merchantId) };
};

export const WITHDRAWAL_EXPORT = exportSource<ReviewFilters, Withdrawal>({
  page: 'wallet/withdrawal',
  title: { 'zh-cn': '提现记录', en: 'Withdrawals' },
  permission: PERMISSIONS.walletWithdrawal.list,
  filters: reviewListQuerySchema,
  dateRange: (f) => ({ from: f.from, to: f.to }),
  columns: [
    { header: { 'zh-cn': '币种', en: 'Currency' }, width: 10, value: (r) => r.currency },
    { header: { 'zh-cn': '金额', en: 'Amount' }, value: (r, f) => f.money(r.amount) },
    { header: { 'zh-cn': '手续费', en: 'Fee' }, value: (r, f) => f.money(r.fee) },
    { header: { 'zh-cn': '到账金额', en: 'Net amount' }, value: (r, f) => f.money(r.net_amount) },
    { header: { 'zh-cn': '方式', en: 'Method' }, width: 10, value: (r) => r.method },
    { header: { 'zh-cn': '户名', en: 'Account name' }, value: (r) => r.account_name },
    { header: { 'zh-cn': '银行', en: 'Bank' }, value: (r) => r.bank_name },
    { header: { 'zh-cn': '状态', en: 'Status' }, width: 10, value: (r, f) => f.text(REVIEW[r.status]) },
    { header: { 'zh-cn': '审核备注', en: 'Review remark' }, width: 30, value: (r) => r.review_remark },
    {
      header: { 'zh-cn': '提交时间', en: 'Submitted at' },
      width: 20,
      value: (r, f) => f.date(r.submitted_at),
    },
    { header: { 'zh-cn': '审核时间', en: 'Reviewed at' }, width: 20, value: (r, f) => f.date(r.reviewed_at) },
  ],
  count: (ctx, f) => countOf(ctx, withdrawals, withdrawalWhere(ctx, f).where),
  async *batches(ctx, f, size) {
    const { m, where } = withdrawalWhere(ctx, f);
    for await (const rows of keysetBatches(ctx.tx, withdrawals, where, newestFirst(withdrawals), size))
      yield await withdrawalsReply(ctx.tx, m.tenantId, rows);
  },
});
