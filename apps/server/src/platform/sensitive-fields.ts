/**
 * The one list of sensitive fields (issue 17 finding 2), which both logs read:
 * - **secrets** (passwords and their hashes, tokens, keys, codes): the admin log's body summary
 *   shows `***`; the sensitive-data log stores only that they changed (no rollback);
 * - **identifying numbers** (below): both logs show only their last four characters; the
 *   sensitive-data log stores the value itself so that a rollback can put it back.
 * A resource chooses which of its fields the sensitive-data log watches (`sensitive` in its CRUD
 * definition); how each is stored and shown comes from here.
 */
const SECRET = /pass|token|secret|captcha|code|key/i;

/**
 * Fields holding a person's or an account's identifying number: card and bank-account numbers,
 * identity-document numbers, phone numbers. Names are matched without case, `_` or `-`, so
 * `card_number`, `cardNumber` and `CardNumber` are one field.
 */
export const SENSITIVE_NUMBER_FIELDS: readonly string[] = [
  'cardnumber',
  'cardno',
  'bankaccount',
  'bankaccountno',
  'bankaccountnumber',
  'accountno',
  'accountnumber',
  'iban',
  'idcard',
  'idno',
  'idnumber',
  'identitynumber',
  'passportno',
  'passportnumber',
  'mobile',
  'mobilephone',
  'primarymobile',
  'phone',
  'senderphone',
  'receiverphone',
  'tel',
  'telephone',
];

const normalise = (key: string) => key.toLowerCase().replace(/[_-]/g, '');
const SENSITIVE = new Set(SENSITIVE_NUMBER_FIELDS);

/** Whether a field (any case, snake or camel) holds an identifying number. */
export const isSensitiveNumberField = (key: string): boolean => SENSITIVE.has(normalise(key));

/** `****1234`: the last four characters, the rest hidden; short values are hidden whole. */
export function maskNumber(value: unknown): string {
  const text = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  return text.length > 4 ? `****${text.slice(-4)}` : '****';
}

/** Whether a field (any case, snake or camel) holds a secret: a password, hash, token, key or code. */
export const isSecretField = (key: string): boolean => SECRET.test(key);

/** How the logs treat a field: `secret`, `number` (an identifying number), or null (shown as is). */
export function sensitivityOf(key: string): 'secret' | 'number' | null {
  if (isSecretField(key)) return 'secret';
  return isSensitiveNumberField(key) ? 'number' : null;
}

/** A value as a log shows it: `***` for a secret, the last four characters of a number. */
export function shownInLog(key: string, value: unknown): unknown {
  const kind = sensitivityOf(key);
  if (kind === 'secret') return '***';
  if (kind === 'number')
    return value === null || value === undefined || value === '' ? value : maskNumber(value);
  return value;
}
