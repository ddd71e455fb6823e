/** An unpaired UTF-16 surrogate: a high one not followed by a low one, or a low one alone. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'g');

/** Whether PostgreSQL can store the string in text and jsonb: no NUL, no unpaired surrogate. */
export const isStorableText = (s: string): boolean => !s.includes('\u0000') && !LONE_SURROGATE.test(s);

/**
 * The string with what PostgreSQL cannot store (NUL, unpaired surrogates) replaced by U+FFFD, for
 * records the platform keeps of what a caller sent (the admin log).
 */
export function storableText(s: string): string {
  return isStorableText(s) ? s : s.replaceAll('\u0000', '\uFFFD').replace(LONE_SURROGATES, '\uFFFD');
}
