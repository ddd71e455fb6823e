import './messages.ts';

export { exchangeRateResource, rateAt, toCnyMinor } from './exchange-rate.ts';
export { maskCard, paymentAccountResource } from './payment-account.resource.ts';
export { walletRoutes } from './wallet.routes.ts';
export {
  balancesFor,
  credit,
  debit,
  refund,
  type CreditType,
  type DebitType,
  type LedgerEntry,
  type LedgerResult,
  type WalletContext,
} from './ledger.service.ts';
export type { TransactionRow as WalletTransactionRow } from './ledger.repo.ts';
export { formatReconciliation, reconcile } from './reconcile.service.ts';
