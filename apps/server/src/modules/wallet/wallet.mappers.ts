import type { Language, Transfer, WalletTransaction, Withdrawal } from '@pod/shared';
import { readStoredText } from '../../platform/i18n/stored-message.ts';
import type { Executor } from '../../db/client.ts';
import type { alipayOrders, bankTransfers, paymentAccounts, withdrawals } from './schema.ts';
import { findAdminUserById } from '../access/index.ts';
import { findMerchant } from '../tenancy/index.ts';
import type { TransactionRow } from './ledger.repo.ts';

export type TransferRow = typeof bankTransfers.$inferSelect;
export type WithdrawalRow = typeof withdrawals.$inferSelect;
export type AlipayOrderRow = typeof alipayOrders.$inferSelect;
export type PaymentAccountRow = typeof paymentAccounts.$inferSelect;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/**
 * Names for the ids a page of rows mentions, looked up once each (a page holds a handful of
 * merchants and operators). Responses are allowlists (CONVENTIONS 4): rows are mapped, never sent.
 */
export class Names {
  private readonly merchants = new Map<string, { name: string; number: string }>();
  private readonly users = new Map<string, string>();

  constructor(
    private readonly tx: Executor,
    private readonly tenantId: string,
  ) {}

  async load(merchantIds: Iterable<string>, userIds: Iterable<string | null>): Promise<this> {
    for (const id of new Set(merchantIds)) {
      if (this.merchants.has(id)) continue;
      const m = await findMerchant(this.tx, this.tenantId, id);
      this.merchants.set(id, { name: m?.name ?? '', number: m?.number ?? '' });
    }
    for (const id of new Set(userIds)) {
      if (!id || this.users.has(id)) continue;
      const u = await findAdminUserById(this.tx, id);
      this.users.set(id, u ? u.nickname || u.username : '');
    }
    return this;
  }

  merchant(id: string) {
    return this.merchants.get(id) ?? { name: '', number: '' };
  }
  user(id: string | null): string | null {
    return id ? (this.users.get(id) ?? null) : null;
  }
}

/** A transaction as the reader sees it: a platform remark in the reader's language (decision 0079). */
export function toTransaction(r: TransactionRow, names: Names, lang: Language): WalletTransaction {
  return {
    id: r.id,
    trade_no: r.tradeNo,
    third_party_no: r.thirdPartyNo,
    reference_type: r.referenceType,
    reference: r.reference,
    pay_method: r.payMethod,
    type: r.type,
    currency: r.currency,
    status: r.status,
    amount: r.amount,
    balance_before: r.balanceBefore,
    balance_after: r.balanceAfter,
    created_at: r.createdAt.toISOString(),
    paid_at: iso(r.paidAt),
    arrived_at: iso(r.arrivedAt),
    merchant_id: r.merchantId,
    merchant_name: names.merchant(r.merchantId).name,
    operator_id: r.operatorId,
    operator_name: names.user(r.operatorId),
    remark: readStoredText(lang, r.remark),
  };
}

export async function transactionsReply(
  tx: Executor,
  tenantId: string,
  rows: TransactionRow[],
  lang: Language,
) {
  const names = await new Names(tx, tenantId).load(
    rows.map((r) => r.merchantId),
    rows.map((r) => r.operatorId),
  );
  return rows.map((r) => toTransaction(r, names, lang));
}

export const toAccount = (a: PaymentAccountRow) => ({
  id: a.id,
  account_name: a.accountName,
  bank_type: a.bankType,
  bank_name: a.bankName,
  card_number: a.cardNumber,
  currency: a.currency,
});

export function toTransfer(
  r: TransferRow,
  names: Names,
  extra: { account: PaymentAccountRow | undefined; tradeNo: string | null },
): Transfer {
  return {
    id: r.id,
    merchant_id: r.merchantId,
    merchant_name: names.merchant(r.merchantId).name,
    receipt_no: r.receiptNo,
    amount: r.amount,
    currency: r.currency,
    transfer_type: r.transferType,
    payment_method: 'bank_transfer',
    payment_account: extra.account ? toAccount(extra.account) : null,
    receipt_image_ids: r.receiptImageIds,
    receipt_images: [],
    bank_name: r.bankName,
    bank_account_name: r.bankAccountName,
    bank_account_no: r.bankAccountNo,
    remark: r.remark,
    status: r.status,
    review_remark: r.reviewRemark,
    reviewer_id: r.reviewerId,
    reviewer_name: names.user(r.reviewerId),
    trade_no: extra.tradeNo,
    submitted_at: r.createdAt.toISOString(),
    reviewed_at: iso(r.reviewedAt),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function toWithdrawal(r: WithdrawalRow, names: Names, tradeNos: Map<string, string>): Withdrawal {
  return {
    id: r.id,
    merchant_id: r.merchantId,
    merchant_name: names.merchant(r.merchantId).name,
    amount: r.amount,
    fee: r.fee,
    net_amount: r.amount - r.fee,
    currency: r.currency,
    method: r.method,
    account_name: r.accountName,
    account_no: r.accountNo,
    bank_name: r.bankName,
    remark: r.remark,
    status: r.status,
    review_remark: r.reviewRemark,
    reviewer_id: r.reviewerId,
    reviewer_name: names.user(r.reviewerId),
    hold_trade_no: tradeNos.get(r.holdTransactionId) ?? null,
    release_trade_no: r.releaseTransactionId ? (tradeNos.get(r.releaseTransactionId) ?? null) : null,
    submitted_at: r.createdAt.toISOString(),
    reviewed_at: iso(r.reviewedAt),
    updated_at: r.updatedAt.toISOString(),
  };
}

export function toAlipayOrder(r: AlipayOrderRow, tradeNo: string | null) {
  return {
    out_trade_no: r.outTradeNo,
    amount: r.amount,
    currency: r.currency,
    status: r.status,
    alipay_trade_no: r.alipayTradeNo,
    trade_no: tradeNo,
    created_at: r.createdAt.toISOString(),
    paid_at: iso(r.paidAt),
  };
}
