import { MarketplaceError, type MarketplaceErrorKind } from '../marketplace/errors.ts';
import { parseJson, retryAfterOf, type RawResponse } from '../marketplace/http.ts';

/**
 * TikTok Shop's error codes onto the platform's four kinds (contracts §1d, decision 0030).
 *
 * - Codes starting 105 or 360 are token errors (EcomPHP `Resource::handleErrorResponse`):
 *   105002 "access token is expired", 105005 "apply auth pkg for this api", 36004005 "can not find
 *   related auth record", 36004001 "rt has expired" → `auth_expired`.
 * - HTTP 429 → `rate_limited` (⚠ no source gives the exact code; the status decides, whatever the code).
 * - HTTP 5xx, or an answer that is not the envelope → `vendor_down`.
 * - Any other non-zero code → `invalid_request`, with TikTok's message for the merchant.
 */
export function tiktokErrorKind(code: number, httpStatus: number): MarketplaceErrorKind {
  if (httpStatus === 429) return 'rate_limited';
  if (httpStatus >= 500) return 'vendor_down';
  const text = String(code);
  if (text.startsWith('105') || text.startsWith('360')) return 'auth_expired';
  return 'invalid_request';
}

/** `data` of a `{ code, message, request_id, data }` envelope with code 0, or the mapped error. */
export function readTikTokEnvelope(response: RawResponse): Record<string, unknown> {
  const body = parseJson('tiktok', response);
  const code = typeof body.code === 'number' ? body.code : Number(body.code);
  if (code === 0 && response.status < 400) {
    const data = body.data;
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  }
  const message = typeof body.message === 'string' && body.message ? body.message : `HTTP ${response.status}`;
  throw new MarketplaceError(tiktokErrorKind(Number.isFinite(code) ? code : -1, response.status), message, {
    marketplace: 'tiktok',
    vendorCode: Number.isFinite(code) ? code : null,
    httpStatus: response.status,
    requestId: typeof body.request_id === 'string' ? body.request_id : null,
    retryAfterMs: retryAfterOf(response.headers),
  });
}
