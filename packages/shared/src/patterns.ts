import { LIMITS } from './limits.ts';

/*
 * Patterns several schemas share, and the web's inputs that check them as the user types. Each
 * allows at most its `LIMITS.text` length.
 */

/** A post code of any country: letters, digits, spaces and dashes, possibly empty. */
export const POST_CODE_PATTERN = new RegExp(`^[A-Za-z0-9 -]{0,${LIMITS.text.postCode}}$`);
/** A lowercase key (a surface's key, a dictionary type): a letter, then letters, digits and `_`. */
export const KEY_PATTERN = new RegExp(`^[a-z][a-z0-9_]{0,${LIMITS.text.key - 1}}$`);
/** A bank card number as typed: digits, spaces and dashes. */
export const CARD_NUMBER_PATTERN = new RegExp(`^[0-9 -]{8,${LIMITS.text.cardNumber}}$`);
/** A sender's phone: a mainland mobile, or digits, spaces and dashes after an optional +. */
export const PHONE_PATTERN = new RegExp(`^(1[3-9]\\d{9}|\\+?[0-9 -]{6,${LIMITS.text.phone}})$`);
