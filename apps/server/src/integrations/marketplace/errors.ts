/**
 * The few things that can go wrong with a marketplace call, as the platform acts on them
 * (issue 18, decision 0030). Each vendor's codes map onto one of these in its adapter.
 *
 * - `auth_expired`: the token is expired, revoked or lacks the scope → the shop needs
 *   re-authorisation (shown in the shop list with a button); never retried.
 * - `rate_limited`: the vendor refused for rate → retried later with jittered backoff.
 * - `invalid_request`: the vendor refused the request itself → the vendor's message is shown to the
 *   merchant; never retried.
 * - `vendor_down`: a 5xx, a timeout, an unreadable answer, a system error → retried with backoff.
 */
export const MARKETPLACE_ERROR_KINDS = [
  'auth_expired',
  'rate_limited',
  'invalid_request',
  'vendor_down',
] as const;
export type MarketplaceErrorKind = (typeof MARKETPLACE_ERROR_KINDS)[number];

export class MarketplaceError extends Error {
  override name = 'MarketplaceError';

  constructor(
    readonly kind: MarketplaceErrorKind,
    /** The vendor's own message (shown to the merchant for `invalid_request`). */
    readonly vendorMessage: string,
    readonly details: {
      marketplace?: string;
      /** The vendor's error code (TikTok `code`, Temu `errorCode`), when it gave one. */
      vendorCode?: string | number | null;
      httpStatus?: number | null;
      requestId?: string | null;
      /** How long the vendor asked us to wait, when it said so. */
      retryAfterMs?: number | null;
    } = {},
  ) {
    super(`${details.marketplace ?? 'marketplace'} ${kind}: ${vendorMessage}`);
  }

  /** Whether trying again later may succeed. */
  get isRetryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'vendor_down';
  }
}

export function isMarketplaceError(error: unknown): error is MarketplaceError {
  return error instanceof MarketplaceError;
}
