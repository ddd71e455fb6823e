import { MarketplaceError, type MarketplaceErrorKind } from '../marketplace/errors.ts';
import { parseJson, retryAfterOf, type RawResponse } from '../marketplace/http.ts';

/** Temu's success code (contracts §2e). */
export const TEMU_OK = 1000000;

/**
 * Temu's gateway codes onto the platform's four kinds (contracts §2e table, the partner
 * documentation's "common error codes"; decision 0030).
 */
const AUTH = new Set([
  3000030, // there is no access_token
  3000031, // access_token not exists
  3000032, // access_token has no access to this api (seller must authorise it)
  3000033, // access_token and app_key are not mapping
  3000034, // access_token expired or refreshed
  5000000, // AUTHORIZE_NOT_ALLOW
  110020003, // error creating the access token: authorise again
]);
const RATE = new Set([4000004]); // RATE_LIMIT_EXCEED_EXCEPTION
const DOWN = new Set([
  2000000, // BUSINESS_EXCEPTION: calling the internal API failed
  4000000, // SYSTEM_EXCEPTION (retryable per hiscaler/temu-go)
  6000001, // RPC_INTERFACE_NOT_FOUND
  110020001, // system error, please try again
]);

export function temuErrorKind(code: number, httpStatus: number): MarketplaceErrorKind {
  if (httpStatus === 429 || RATE.has(code)) return 'rate_limited';
  if (AUTH.has(code)) return 'auth_expired';
  if (httpStatus >= 500 || DOWN.has(code)) return 'vendor_down';
  // BAD_PARAMS, SIGN_UNVALID, timestamps, unknown type or app key, IP white list, invalid code…
  return 'invalid_request';
}

/** `result` of a `{ success, errorCode, errorMsg, requestId, result }` envelope, or the mapped error. */
export function readTemuEnvelope(response: RawResponse): Record<string, unknown> {
  const body = parseJson('temu', response);
  const code = typeof body.errorCode === 'number' ? body.errorCode : Number(body.errorCode);
  if (body.success === true && code === TEMU_OK && response.status < 400) {
    const result = body.result;
    return result && typeof result === 'object' && !Array.isArray(result)
      ? (result as Record<string, unknown>)
      : { list: Array.isArray(result) ? result : [] };
  }
  const message =
    typeof body.errorMsg === 'string' && body.errorMsg ? body.errorMsg : `HTTP ${response.status}`;
  throw new MarketplaceError(temuErrorKind(Number.isFinite(code) ? code : -1, response.status), message, {
    marketplace: 'temu',
    vendorCode: Number.isFinite(code) ? code : null,
    httpStatus: response.status,
    requestId: typeof body.requestId === 'string' ? body.requestId : null,
    retryAfterMs: retryAfterOf(response.headers),
  });
}
