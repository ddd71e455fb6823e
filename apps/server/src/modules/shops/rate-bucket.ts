import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { RateGate } from '../../integrations/marketplace/index.ts';
import { marketplaceRateBuckets } from './schema.ts';

/**
 * The outbound rate limit as a token bucket in PostgreSQL, so it holds across every server process
 * (issue 18: TikTok 50 req/s per API and shop, Temu 20 req/s per app). One statement refills the
 * bucket by the time elapsed, takes a token and says how many are left; a negative count is a
 * reservation in the future, which the caller waits out. Capacity is one second's worth.
 */
export class PgRateGate implements RateGate {
  constructor(private readonly db: Executor) {}

  async reserve(key: string, perSecond: number): Promise<number> {
    const b = marketplaceRateBuckets;
    const rate = Math.max(0.001, perSecond);
    const result = await this.db.execute<{ tokens: number }>(sql`
      INSERT INTO ${b} AS b (key, tokens, updated_at) VALUES (${key}, ${rate - 1}::float8, clock_timestamp())
      ON CONFLICT (key) DO UPDATE SET
        tokens = least(${rate}::float8, b.tokens + extract(epoch FROM clock_timestamp() - b.updated_at) * ${rate}::float8) - 1,
        updated_at = clock_timestamp()
      RETURNING tokens`);
    const tokens = Number(result.rows[0]?.tokens ?? 0);
    return tokens >= 0 ? 0 : Math.ceil((-tokens / rate) * 1000);
  }
}
