import { TransactionList } from './transaction-list.tsx';

/** spec §2 Balance: the merchant's transactions, with filters and a detail view. */
export function TransactionPage() {
  return <TransactionList scope="merchant" testId="wallet-transaction-page" />;
}
