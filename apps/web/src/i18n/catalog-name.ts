import type { Language } from '@pod/shared';

/**
 * A catalogue name (product, colour, size, surface) in the interface language (issue 26): the
 * English name in English, the Chinese one in Chinese, each falling back to the other when it is
 * missing.
 */
export function catalogName(
  item: { name: string; en_name?: string | undefined },
  language: Language,
): string {
  return language === 'en' ? item.en_name || item.name : item.name || item.en_name || '';
}
