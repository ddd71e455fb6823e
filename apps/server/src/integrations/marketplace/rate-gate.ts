/**
 * Outbound rate limits (issue 18): TikTok Shop allows 50 requests per second per API, Temu 20 per
 * second per app. A gate hands out one request slot under a key and says how long the caller must
 * wait for it. The platform's gate keeps its buckets in PostgreSQL so every server process shares
 * them (modules/shops/rate-bucket.ts); this in-memory one is for unit tests and scripts.
 */
export interface RateGate {
  /** Reserves one request under `key` at `perSecond`; resolves with the milliseconds to wait first. */
  reserve(key: string, perSecond: number): Promise<number>;
}

/** A token bucket per key, in this process only (burst = one second's worth). */
export class MemoryRateGate implements RateGate {
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(private readonly now: () => number = () => Date.now()) {}

  reserve(key: string, perSecond: number): Promise<number> {
    const now = this.now();
    const bucket = this.#buckets.get(key) ?? { tokens: perSecond, at: now };
    const tokens = Math.min(perSecond, bucket.tokens + ((now - bucket.at) / 1000) * perSecond) - 1;
    this.#buckets.set(key, { tokens, at: now });
    return Promise.resolve(tokens >= 0 ? 0 : Math.ceil((-tokens / perSecond) * 1000));
  }
}

/** No limit (scripts that make one call). */
export const UNLIMITED: RateGate = { reserve: () => Promise.resolve(0) };
