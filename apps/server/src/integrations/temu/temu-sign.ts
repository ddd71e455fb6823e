import { createHash, createHmac } from 'node:crypto';
import { sameSignature } from '../marketplace/signature.ts';

/**
 * Temu open-platform request signing (contracts §2e; the partner documentation's `TestSign.py`):
 * every top-level parameter but `sign` (access_token included), sorted by key; each value as its
 * compact JSON with leading and trailing double quotes stripped (Python `str.strip('"')`); wrapped in
 * the app secret; MD5, upper-case hex.
 *
 * Nested objects and arrays are serialised in the order they are sent, never re-sorted: the body
 * this platform sends is exactly `JSON.stringify` of the same object, so signature and body agree.
 */
export type TemuParams = Record<string, unknown>;

/** Python's `str.strip('"')`: every leading and trailing double quote. */
function stripQuotes(value: string): string {
  return value.replace(/^"+|"+$/g, '');
}

/** One value as it enters the signature. */
export function temuSignValue(value: unknown): string {
  return stripQuotes(JSON.stringify(value) ?? 'null');
}

/** The string that is hashed, secret wrapping included. */
export function temuSignContent(appSecret: string, params: TemuParams): string {
  let s = appSecret;
  for (const key of Object.keys(params).sort()) {
    if (key === 'sign') continue;
    s += key + temuSignValue(params[key]);
  }
  return s + appSecret;
}

/** The `sign` of a request body. */
export function temuSign(appSecret: string, params: TemuParams): string {
  return createHash('md5').update(temuSignContent(appSecret, params), 'utf8').digest('hex').toUpperCase();
}

/**
 * What this platform sends: no `undefined`, `null` or empty-string values at the top level (the
 * official signer would include them, hiscaler/temu-go drops them; leaving them out satisfies both).
 */
export function temuBody(params: TemuParams): TemuParams {
  return Object.fromEntries(
    Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

/**
 * A webhook's `x-tm-signature` (⚠ contracts §2f: the scheme is not confirmed; decision 0030):
 * lower-hex HMAC-SHA256 keyed by the app secret over app key + event code + timestamp + raw body.
 */
export function temuWebhookSignature(
  appSecret: string,
  parts: { appKey: string; eventCode: string; timestamp: string; rawBody: string },
): string {
  return createHmac('sha256', appSecret)
    .update(parts.appKey + parts.eventCode + parts.timestamp + parts.rawBody, 'utf8')
    .digest('hex');
}

export function verifyTemuWebhook(
  appSecret: string,
  parts: { appKey: string; eventCode: string; timestamp: string; rawBody: string },
  signature: string | undefined | null,
): boolean {
  return sameSignature(temuWebhookSignature(appSecret, parts), signature);
}
