import type { Money } from './adapter.ts';

/** Currencies without minor units (ISO 4217 exponent 0) that the marketplaces sell in. */
const ZERO_DECIMAL = new Set(['JPY', 'KRW', 'VND', 'CLP', 'HUF', 'TWD']);

/** Decimal places of a currency's minor unit. */
export function minorDigits(currency: string): number {
  return ZERO_DECIMAL.has(currency.toUpperCase()) ? 0 : 2;
}

/**
 * A vendor's decimal amount ("12.34", 12.34) as integer minor units, exactly (no float
 * arithmetic); null when it is not a well-formed amount.
 */
export function toMinor(value: string | number | null | undefined, currency: string): number | null {
  if (value === null || value === undefined || value === '') return null;
  const text = typeof value === 'number' ? value.toFixed(minorDigits(currency)) : value.trim();
  const match = /^(-?)(\d{1,13})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const digits = minorDigits(currency);
  const fraction = (match[3] ?? '').padEnd(digits, '0');
  // Extra decimals beyond the minor unit are rounded half up.
  const kept = fraction.slice(0, digits);
  const roundUp = fraction.length > digits && Number(fraction[digits]) >= 5 ? 1 : 0;
  const minor = Number(match[2]) * 10 ** digits + (digits ? Number(kept) : 0) + roundUp;
  return match[1] ? -minor : minor;
}

/** Minor units as the vendor's decimal string ("12.34"). */
export function fromMinor(money: Money): string {
  const digits = minorDigits(money.currency);
  if (digits === 0) return String(money.amount);
  const sign = money.amount < 0 ? '-' : '';
  const abs = Math.abs(money.amount);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

export function money(
  value: string | number | null | undefined,
  currency: string | null | undefined,
): Money | null {
  if (!currency) return null;
  const amount = toMinor(value, currency);
  return amount === null ? null : { amount, currency: currency.toUpperCase() };
}

/** A vendor's unix time in seconds as a Date (null for 0 or nothing). */
export function fromUnix(value: unknown): Date | null {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return null;
  // Some answers carry milliseconds.
  return new Date(n > 1e12 ? n : n * 1000);
}
