/** Interface languages (spec §1). zh-cn is the default and the fallback. */
export const LANGUAGES = ['zh-cn', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'zh-cn';

/** Reads an Accept-Language style value; anything not English falls back to zh-cn. */
export function parseLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const first = header.split(',')[0]?.trim().toLowerCase() ?? '';
  if (first === 'en' || first.startsWith('en-') || first.startsWith('en;')) return 'en';
  return DEFAULT_LANGUAGE;
}

/** Currencies the platform trades in (spec §1). */
export const CURRENCIES = ['CNY', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
