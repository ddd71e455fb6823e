import type { Language } from '@pod/shared';
import type { CellFormat } from './source.ts';

/** The cell format of one export: dates in the reader's zone, money in major units, their language. */
export function cellFormat(lang: Language, timeZone: string): CellFormat {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  return {
    lang,
    timeZone,
    date(value) {
      if (value === null || value === undefined || value === '') return null;
      const at = value instanceof Date ? value : new Date(value);
      if (Number.isNaN(at.getTime())) return null;
      const p = Object.fromEntries(parts.formatToParts(at).map((x) => [x.type, x.value]));
      return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
    },
    money(minor) {
      if (minor === null || minor === undefined) return null;
      // Minor units are whole fen/cents: two decimals for every currency the platform holds.
      return Math.round(minor) / 100;
    },
    text: (value) => value[lang],
  };
}
