import type { Language } from '@pod/shared';
import { hasMessage, t } from './i18n.ts';

/**
 * Texts the platform writes for a reader later (a wallet remark, a member balance memo) are kept
 * as a message key with its parameters and rendered in the reader's language when read (decision
 * 0072, 0079). They live in the same text column as what a person typed: a platform text starts
 * with the record separator U+001E (no form offers it, and `typedText` strips it from what a person
 * sends), then `{"key":…,"params":{…}}`.
 */
const MARK = '\u001e';

export type MessageParams = Record<string, string | number>;
/** A platform text: a message key of the server catalogue and its parameters. */
export interface StoredMessage {
  key: string;
  params?: MessageParams;
}

/** The column value of a platform text. */
export function storedMessage(message: StoredMessage): string {
  return `${MARK}${JSON.stringify({ key: message.key, params: message.params ?? {} })}`;
}

/** What a person typed, as stored: never mistaken for a platform text. */
export function typedText(text: string): string {
  let start = 0;
  while (text.startsWith(MARK, start)) start += MARK.length;
  return text.slice(start);
}

/** The column value of a text given either way (a platform message or a person's text). */
export function storedText(text: string | StoredMessage | undefined): string {
  if (text === undefined) return '';
  return typeof text === 'string' ? typedText(text) : storedMessage(text);
}

/** The stored message of a column value, or null when it is a person's text. */
export function parseStoredMessage(value: string): Required<StoredMessage> | null {
  if (!value.startsWith(MARK)) return null;
  try {
    const parsed: unknown = JSON.parse(value.slice(MARK.length));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { key, params } = parsed as { key?: unknown; params?: unknown };
    if (typeof key !== 'string' || !hasMessage(key)) return null;
    const out: MessageParams = {};
    if (typeof params === 'object' && params !== null)
      for (const [name, v] of Object.entries(params))
        if (typeof v === 'string' || typeof v === 'number') out[name] = v;
    return { key, params: out };
  } catch {
    return null;
  }
}

/**
 * A stored text as the reader sees it: a platform message in the reader's language, a person's
 * text as typed (an unreadable platform value shows without its mark rather than failing).
 */
export function readStoredText(lang: Language, value: string): string {
  const message = parseStoredMessage(value);
  if (message) return t(lang, message.key, message.params);
  return value.startsWith(MARK) ? value.slice(MARK.length) : value;
}
