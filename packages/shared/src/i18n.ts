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

/**
 * A name kept in both languages (a catalogue product, colour, size, surface, category; issue 26),
 * as a reader of `language` sees it: the English name in English, the Chinese one in Chinese, each
 * falling back to the other when it is missing. The one rule the server and the web app share.
 */
export function catalogName(
  item: { name: string; en_name?: string | null | undefined },
  language: Language,
): string {
  return language === 'en' ? item.en_name || item.name : item.name || item.en_name || '';
}

/** Currencies the platform trades in (spec §1). */
export const CURRENCIES = ['CNY', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];
