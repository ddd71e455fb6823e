import { createHmac } from 'node:crypto';
import { sameSignature } from '../marketplace/signature.ts';

/**
 * TikTok Shop Partner API request signing (contracts §1b), as EcomPHP `Client::prepareSignature`,
 * SKIT's signing interceptor and hsib19's "v1" do it:
 *
 *   s = path + Σ sorted(query without sign, access_token) key + value  [+ raw body unless multipart]
 *   sign = lower_hex(HMAC_SHA256(key = app_secret, app_secret + s + app_secret))
 *
 * Empty query values are left out of the signature and of the URL alike (SKIT), so the two readings
 * of the vendor's rule agree on every request this platform sends.
 */
export type TikTokQuery = Record<string, string | number | undefined | null>;

const EXCLUDED = new Set(['sign', 'access_token']);

/** The query actually sent: no empty values (and never `sign` itself). */
export function tiktokQuery(query: TikTokQuery): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '' || key === 'sign') continue;
    out[key] = String(value);
  }
  return out;
}

/** The string the signature covers (without the secret wrapping). */
export function tiktokSignContent(
  path: string,
  query: TikTokQuery,
  body: string | null = null,
  isMultipart = false,
): string {
  const params = tiktokQuery(query);
  let s = path;
  for (const key of Object.keys(params).sort()) if (!EXCLUDED.has(key)) s += key + params[key];
  if (!isMultipart && body) s += body;
  return s;
}

/** The `sign` query parameter of a request. */
export function tiktokSign(
  appSecret: string,
  request: { path: string; query: TikTokQuery; body?: string | null; isMultipart?: boolean },
): string {
  const content = tiktokSignContent(request.path, request.query, request.body ?? null, request.isMultipart);
  return createHmac('sha256', appSecret)
    .update(appSecret + content + appSecret, 'utf8')
    .digest('hex');
}

/** The `Authorization` header of a webhook: HMAC-SHA256 over app_key + the raw body (contracts §1c). */
export function tiktokWebhookSignature(appKey: string, appSecret: string, rawBody: string): string {
  return createHmac('sha256', appSecret)
    .update(appKey + rawBody, 'utf8')
    .digest('hex');
}

/** Whether a webhook's `Authorization` header signs its raw body (no Bearer prefix). */
export function verifyTiktokWebhook(
  appKey: string,
  appSecret: string,
  rawBody: string,
  signature: string | undefined | null,
): boolean {
  return sameSignature(tiktokWebhookSignature(appKey, appSecret, rawBody), signature);
}
