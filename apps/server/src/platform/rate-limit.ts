import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client.ts';
import { rateLimitCounters } from './auth/schema.ts';
import { AppError } from './http/errors.ts';

export interface RateLimitRule {
  /** What is limited, e.g. `login:ip`. */
  name: string;
  limit: number;
  windowSeconds: number;
}

export interface RateLimitResult {
  count: number;
  allowed: boolean;
  retryAfterSeconds: number;
}

/**
 * Fixed-window counters in the database, so every API process shares them. One statement both
 * counts and reads, so concurrent hits cannot slip past the limit.
 */
export class RateLimiter {
  constructor(private readonly db: Executor) {}

  /** Counts one hit of `subject` under the rule. */
  async hit(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
    const key = `${rule.name}:${subject}`;
    const window = rule.windowSeconds;
    const t = rateLimitCounters;
    const result = await this.db.execute<{ count: number; retry_after: number }>(sql`
      INSERT INTO ${t} (key, window_start, count) VALUES (${key}, now(), 1)
      ON CONFLICT (key) DO UPDATE SET
        count = CASE WHEN ${t.windowStart} <= now() - make_interval(secs => ${window}) THEN 1 ELSE ${t.count} + 1 END,
        window_start = CASE WHEN ${t.windowStart} <= now() - make_interval(secs => ${window}) THEN now() ELSE ${t.windowStart} END
      RETURNING count, ceil(extract(epoch FROM (window_start + make_interval(secs => ${window}) - now())))::int AS retry_after`);
    const row = result.rows[0];
    const count = Number(row?.count ?? 1);
    return {
      count,
      allowed: count <= rule.limit,
      retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? window)),
    };
  }

  /** How many hits the window holds now, without counting one. */
  async peek(rule: RateLimitRule, subject: string): Promise<RateLimitResult> {
    const key = `${rule.name}:${subject}`;
    const t = rateLimitCounters;
    const result = await this.db.execute<{ count: number; retry_after: number }>(sql`
      SELECT count, ceil(extract(epoch FROM (window_start + make_interval(secs => ${rule.windowSeconds}) - now())))::int AS retry_after
      FROM ${t} WHERE key = ${key} AND window_start > now() - make_interval(secs => ${rule.windowSeconds})`);
    const row = result.rows[0];
    const count = Number(row?.count ?? 0);
    return {
      count,
      allowed: count < rule.limit,
      retryAfterSeconds: Math.max(1, Number(row?.retry_after ?? 0)),
    };
  }

  async clear(rule: RateLimitRule, subject: string): Promise<void> {
    await this.db.execute(sql`DELETE FROM ${rateLimitCounters} WHERE key = ${`${rule.name}:${subject}`}`);
  }

  /** Counts a hit and throws 429 with a message saying when to try again. */
  async enforce(rule: RateLimitRule, subject: string, key = 'rateLimit.tooMany'): Promise<void> {
    const result = await this.hit(rule, subject);
    if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds, key);
  }
}

/** 429 with the wait in whole minutes (at least one). */
export function tooManyRequests(retryAfterSeconds: number, key = 'rateLimit.tooMany'): AppError {
  return new AppError(429, key, {
    minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)),
    seconds: retryAfterSeconds,
  });
}
