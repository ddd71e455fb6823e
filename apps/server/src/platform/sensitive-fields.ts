/**
 * Fields holding a person's or an account's identifying number: card and bank-account numbers,
 * identity-document numbers, phone numbers. Logs and summaries show only their last four
 * characters (issue 17 finding 2). Names are matched without case, `_` or `-`, so `card_number`,
 * `cardNumber` and `CardNumber` are one field.
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
