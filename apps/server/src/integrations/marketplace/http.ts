import { setTimeout as delay } from 'node:timers/promises';
import { MarketplaceError } from './errors.ts';
import { UNLIMITED, type RateGate } from './rate-gate.ts';

/** What a vendor answered, before its envelope is read. */
export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

/** How outbound calls behave: rate gate, retries and their backoff, timeout. */
export interface CallPolicy {
  gate: RateGate;
  /** Tries after the first for retryable failures (rate limited, vendor down). */
  retries: number;
  baseDelayMs: number;
  maxDelayMs: number;
  timeoutMs: number;
  /** Injected in tests so retries need not wait. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  fetch?: typeof fetch;
  /** Told of every retry (no tokens or bodies in it: safe to log). */
  onRetry?: (event: {
    marketplace: string;
    operation: string;
    attempt: number;
    waitMs: number;
    error: MarketplaceError;
  }) => void;
}

export const DEFAULT_POLICY: CallPolicy = {
  gate: UNLIMITED,
  retries: 3,
  baseDelayMs: 250,
  maxDelayMs: 8_000,
  timeoutMs: 20_000,
};

/**
 * The wait before retry `attempt` (1-based): exponential, capped, with "equal jitter" (half fixed,
 * half random) so processes that failed together do not retry together. A vendor's Retry-After wins.
 */
export function backoffDelay(
  attempt: number,
  policy: Pick<CallPolicy, 'baseDelayMs' | 'maxDelayMs' | 'random'>,
  retryAfterMs?: number | null,
): number {
  if (retryAfterMs && retryAfterMs > 0) return Math.min(retryAfterMs, policy.maxDelayMs * 4);
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  const random = policy.random ?? Math.random;
  return Math.round(cap / 2 + random() * (cap / 2));
}

/** Retry-After in milliseconds (seconds or an HTTP date), when the vendor sent one. */
export function retryAfterOf(headers: Headers): number | null {
  const value = headers.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export interface VendorCall<T> {
  marketplace: string;
  /** For logs: e.g. `GET /order/202309/orders` or `bg.order.list.v2.get`. */
  operation: string;
  /** The rate bucket and its rate (per app and shop, per API). */
  rateKey: string;
  perSecond: number;
  /** Builds and sends the request; called again for every retry (so timestamps are fresh). */
  send: (signal: AbortSignal) => Promise<RawResponse>;
  /** Reads the envelope: the data, or a MarketplaceError. */
  read: (response: RawResponse) => T;
}

/** Sends through fetch and reads the whole body as text. */
export async function fetchRaw(
  policy: CallPolicy,
  url: string,
  init: RequestInit,
  signal: AbortSignal,
): Promise<RawResponse> {
  const res = await (policy.fetch ?? fetch)(url, { ...init, signal });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

/**
 * One vendor call under the policy: waits for its rate slot, sends, reads the envelope, and retries
 * retryable failures with jittered backoff. Network failures and timeouts count as `vendor_down`.
 */
export async function callVendor<T>(policy: CallPolicy, call: VendorCall<T>): Promise<T> {
  const sleep = policy.sleep ?? ((ms: number) => delay(ms));
  for (let attempt = 0; ; attempt++) {
    const wait = await policy.gate.reserve(call.rateKey, call.perSecond);
    if (wait > 0) await sleep(wait);
    let error: MarketplaceError;
    try {
      const response = await call.send(AbortSignal.timeout(policy.timeoutMs));
      return call.read(response);
    } catch (caught) {
      error =
        caught instanceof MarketplaceError
          ? caught
          : new MarketplaceError('vendor_down', caught instanceof Error ? caught.message : String(caught), {
              marketplace: call.marketplace,
            });
    }
    if (!error.isRetryable || attempt >= policy.retries) throw error;
    const waitMs = backoffDelay(attempt + 1, policy, error.details.retryAfterMs);
    policy.onRetry?.({
      marketplace: call.marketplace,
      operation: call.operation,
      attempt: attempt + 1,
      waitMs,
      error,
    });
    await sleep(waitMs);
  }
}

/** Parses a JSON body, or fails as an unreadable answer (`vendor_down`). */
export function parseJson(marketplace: string, response: RawResponse): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(response.text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw new MarketplaceError(
    response.status === 429 ? 'rate_limited' : 'vendor_down',
    `unreadable answer (HTTP ${response.status})`,
    { marketplace, httpStatus: response.status, retryAfterMs: retryAfterOf(response.headers) },
  );
}
