/**
 * The one meaning of an exchange rate (spec §3 Exchange rate: "RMB = 1 : x", two decimals; issue 26,
 * decision 0050):
 *
 *   ¥1 = x units of the currency, so an amount of the currency is worth amount ÷ x yuan.
 *
 * USD at 0.14 reads "RMB 1 : 0.14": a $60.00 fee is ¥428.57. The form, the list, storage and every
 * conversion use this reading; nothing multiplies by x.
 */

/** x as integer hundredths (the rate is stored with exactly two decimals). */
function hundredths(rate: string | number): bigint {
  const value = Math.round(Number(rate) * 100);
  if (!Number.isSafeInteger(value) || value <= 0) throw new RangeError(`not an exchange rate: ${rate}`);
  return BigInt(value);
}

/**
 * Minor units of a currency (cents) in fen at "RMB = 1 : rate", in integer arithmetic, rounded half
 * up: fen = cents × 100 ÷ (rate × 100).
 */
export function toCnyMinorAt(amountMinor: number, rate: string | number): number {
  const r = hundredths(rate);
  return Number((BigInt(amountMinor) * 200n + r) / (2n * r));
}

/**
 * Fen in minor units of the currency at "RMB = 1 : rate": cents = fen × rate, rounded half up (customs
 * values declared in USD for a CNY order).
 */
export function fromCnyMinorAt(fenMinor: number, rate: string | number): number {
  const r = hundredths(rate);
  return Number((BigInt(fenMinor) * r + 50n) / 100n);
}

/** Yuan per one unit of the currency at "RMB = 1 : rate" (for comparing amounts, not for money). */
export const cnyPerUnit = (rate: string | number): number => 100 / Number(hundredths(rate));
