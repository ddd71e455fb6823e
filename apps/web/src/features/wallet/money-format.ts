import { isRangeWithinLimit, MAX_AMOUNT_MINOR, type WalletCurrency } from '@pod/shared';
import type { Language } from '@pod/shared';
import { formatMinorUnits } from '../../i18n/format.ts';

/** The sign shown before an amount of a currency (spec §1: RMB/CNY and USD). */
export const CURRENCY_SYMBOLS: Readonly<Record<WalletCurrency, string>> = { CNY: '¥', USD: '$' };

/**
 * Minor units (fen, cents) as money with its currency symbol and two decimals, e.g. `¥1,000.00`;
 * `signed` adds `+` to credits (debits always read `-`), as ledger amounts are signed.
 */
export function formatMoney(
  minor: number,
  currency: WalletCurrency,
  language: Language,
  options: { signed?: boolean } = {},
): string {
  const sign = minor < 0 ? '-' : options.signed && minor > 0 ? '+' : '';
  return `${sign}${CURRENCY_SYMBOLS[currency]}${formatMinorUnits(Math.abs(minor), language)}`;
}

/** An amount typed in yuan/dollars (two decimals at most) as minor units; null when it is not one. */
export function parseAmount(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return Number.isSafeInteger(minor) && minor <= MAX_AMOUNT_MINOR ? minor : null;
}

/** The largest amount a form accepts, in yuan/dollars. */
export const MAX_AMOUNT_MAJOR = MAX_AMOUNT_MINOR / 100;

/** What a range picker holds: two dates (dayjs objects), either possibly missing. */
export interface PickedDate {
  toISOString(): string;
  startOf(unit: 'day'): PickedDate;
  endOf(unit: 'day'): PickedDate;
}
export type PickedRange = readonly [PickedDate | null, PickedDate | null] | null | undefined;

/** A picked date range as the list's `from` (start of the first day) and `to` (end of the last). */
export function rangeParams(range: PickedRange): { from?: string; to?: string } {
  return {
    from: range?.[0]?.startOf('day').toISOString(),
    to: range?.[1]?.endOf('day').toISOString(),
  };
}

/** spec §5: a date range must not exceed one year, checked with the server's own rule. */
export function isRangeAllowed(range: PickedRange): boolean {
  const { from, to } = rangeParams(range);
  return isRangeWithinLimit(from, to);
}
