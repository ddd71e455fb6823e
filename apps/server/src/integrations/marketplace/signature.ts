import { timingSafeEqual } from 'node:crypto';

/** Compares an expected hex signature with a given one in constant time (case-insensitive). */
export function sameSignature(expected: string, given: string | undefined | null): boolean {
  if (!given) return false;
  const a = Buffer.from(expected.toLowerCase(), 'utf8');
  const b = Buffer.from(given.trim().toLowerCase(), 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
