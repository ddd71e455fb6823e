import type { Language } from '@pod/shared';

/*
 * A dictionary entry's label in the interface language (issue 26). Pure, so the storefront-like
 * rule (this language, else the other, else the value) is tested without a browser.
 */

type Entry = { label: string; en_label: string; value: string };

/** The entry's label in `language`, else its label in the other language, else its value. */
export function dictionaryLabel(entry: Entry, language: Language): string {
  const [first, second] = language === 'en' ? [entry.en_label, entry.label] : [entry.label, entry.en_label];
  return first || second || entry.value;
}

/** An entry as a suggestion of the SPU and product forms: `Label (value)`, or the value alone. */
export function dictionaryOptionLabel(entry: Entry, language: Language): string {
  const label = dictionaryLabel(entry, language);
  return label === entry.value ? entry.value : `${label} (${entry.value})`;
}
