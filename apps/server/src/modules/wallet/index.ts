import './messages.ts';

export { addExchangeRate, exchangeRateResource, rateAt, toCnyMinor } from './exchange-rate.ts';
export { maskCard, paymentAccountResource } from './payment-account.resource.ts';
export { createPaymentAccount, type NewPaymentAccount } from './payment-account.service.ts';
export { alipayUrls, walletRoutes } from './wallet.routes.ts';
export {
  ALIPAY_SETTLEMENT,
  startAlipayPurchase,
  type AlipayPurchase,
  type PurchaseSettlement,
} from './recharge.service.ts';
export {
  balancesFor,
  credit,
  debitGuarded,
  type GuardedDebit,
  merchantBalances,
  debit,
  refund,
  type CreditType,
  type DebitType,
  type LedgerEntry,
  type LedgerResult,
  type WalletContext,
} from './ledger.service.ts';
export type { DebitGuard, TransactionRow as WalletTransactionRow } from './ledger.repo.ts';
export { debitStatement, transactionsOfReferences } from './ledger.repo.ts';
export { formatReconciliation, reconcile } from './reconcile.service.ts';
export { paidAlipayPurchaseOf } from './recharge.repo.ts';
export { walletModule } from './module.ts';
