/**
 * Money travels in minor units (fen, cents; docs/decisions/0005) and is shown and edited in yuan
 * with two decimals.
 */
export function minorToYuan(minor: unknown): number {
  return typeof minor === 'number' && Number.isFinite(minor) ? minor / 100 : 0;
}

/** Yuan as typed (number or text) to whole minor units; blank is zero. */
export function yuanToMinor(yuan: unknown): number {
  const value = typeof yuan === 'string' ? Number(yuan) : yuan;
  if (typeof value !== 'number' || !Number.isFinite(value)) return 0;
  return Math.round(value * 100);
}

/** The form values with the named fields turned from minor units into yuan. */
export function withYuan(
  values: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const next = { ...values };
  for (const field of fields) next[field] = minorToYuan(values[field]);
  return next;
}

/** The form values with the named fields turned from yuan into minor units. */
export function withMinor(
  values: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> {
  const next = { ...values };
  for (const field of fields) next[field] = yuanToMinor(values[field]);
  return next;
}

/** A money cell: minor units shown as yuan with two decimals. */
export function yuanText(minor: number): string {
  return `¥${(minor / 100).toFixed(2)}`;
}
