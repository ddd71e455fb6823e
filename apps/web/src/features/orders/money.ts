import { WALLET_CURRENCIES, type Language, type WalletCurrency } from '@pod/shared';
import { formatMinorUnits } from '../../i18n/format.ts';
import { formatMoney } from '../wallet/money-format.ts';

/** Whether a currency code is one the wallet knows (spec §1: RMB/CNY and USD). */
export function isWalletCurrency(currency: string): currency is WalletCurrency {
  return (WALLET_CURRENCIES as readonly string[]).includes(currency);
}

/**
 * Minor units of an order's currency as money, e.g. `¥1,000.00`. Order and cart replies carry the
 * currency as a plain code; one the wallet does not know is written before the amount (`EUR 12.00`).
 */
export function formatAmount(minor: number, currency: string, language: Language): string {
  if (isWalletCurrency(currency)) return formatMoney(minor, currency, language);
  const sign = minor < 0 ? '-' : '';
  return `${sign}${currency} ${formatMinorUnits(Math.abs(minor), language)}`;
}

/** Amounts per currency added up, in the order the currencies first appear. */
export function sumByCurrency(
  items: readonly { currency: string; amount: number }[],
): { currency: string; amount: number }[] {
  const totals = new Map<string, number>();
  for (const item of items) totals.set(item.currency, (totals.get(item.currency) ?? 0) + item.amount);
  return [...totals].map(([currency, amount]) => ({ currency, amount }));
}
