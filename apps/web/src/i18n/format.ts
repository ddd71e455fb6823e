import type { Language } from '@pod/shared';

const LOCALE: Record<Language, string> = { 'zh-cn': 'zh-CN', en: 'en-US' };

/** An ISO 8601 time (docs/decisions/0005) as a local date and time in the interface language. */
export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(LOCALE[language], { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** Minor units (fen, cents; docs/decisions/0005) as an amount with two decimals. */
export function formatMinorUnits(minor: number, language: Language): string {
  return new Intl.NumberFormat(LOCALE[language], {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(minor / 100);
}
