/** Tolerant readers of vendor JSON: a field of the wrong type reads as absent, never throws. */
export type Json = Record<string, unknown>;

export const obj = (value: unknown): Json =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : {};

export const arr = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** Text of a string or number field; null when absent or empty. */
export function str(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export function num(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

export const bool = (value: unknown): boolean => value === true || value === 1 || value === 'true';
