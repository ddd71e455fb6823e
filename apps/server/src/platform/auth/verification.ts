import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { messageOutbox, verificationCodes } from './schema.ts';
import { AppError } from '../http/errors.ts';
import { t } from '../i18n/i18n.ts';
import { tooManyRequests, type RateLimiter, type RateLimitRule } from '../rate-limit.ts';

export type CodeChannel = 'sms' | 'email';

/** Delivers a text message or an e-mail. Real providers implement this; the default keeps an outbox. */
export interface MessageSender {
  send(channel: CodeChannel, recipient: string, template: string, body: string): Promise<void>;
}

/** The default provider: writes every message to the log and to `message_outbox`. */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Executor,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(channel: CodeChannel, recipient: string, template: string, body: string): Promise<void> {
    await this.db.insert(messageOutbox).values({ channel, recipient, template, body });
    this.log.info({ channel, recipient, template }, `outbox: ${body}`);
  }
}

const CODE_TTL_SECONDS = 600;
const MAX_ATTEMPTS = 5;
const RESEND: RateLimitRule = { name: 'code:target', limit: 1, windowSeconds: 60 };
const PER_IP: RateLimitRule = { name: 'code:ip', limit: 20, windowSeconds: 3600 };

/** Six-digit codes for SMS and e-mail, stored as an HMAC, single use, five tries at most. */
export class VerificationService {
  constructor(
    private readonly db: Executor,
    private readonly sender: MessageSender,
    private readonly limiter: RateLimiter,
    private readonly secret: string,
  ) {}

  private hash(channel: CodeChannel, target: string, event: string, code: string): string {
    return createHmac('sha256', this.secret).update(`${channel}\n${target}\n${event}\n${code}`).digest('hex');
  }

  /** Sends a code; a second send to the same address within a minute is refused (spec §8). */
  async send(lang: Language, channel: CodeChannel, target: string, event: string, ip: string): Promise<void> {
    const resend = await this.limiter.hit(RESEND, `${channel}:${target}`);
    if (!resend.allowed) throw tooManyRequests(resend.retryAfterSeconds, 'verify.tooSoon');
    await this.limiter.enforce(PER_IP, ip);

    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await this.db.insert(verificationCodes).values({
      channel,
      target,
      event,
      codeHash: this.hash(channel, target, event, code),
      expiresAt: new Date(Date.now() + CODE_TTL_SECONDS * 1000),
    });
    const body = t(lang, 'verify.message', { code, minutes: CODE_TTL_SECONDS / 60 });
    await this.sender.send(channel, target, event, body);
  }

  /**
   * Spends a code: the newest live one for this address and event must match. A wrong code
   * counts an attempt (committed on its own, outside any caller transaction).
   */
  async consume(channel: CodeChannel, target: string, event: string, code: string): Promise<void> {
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.channel, channel),
          eq(verificationCodes.target, target),
          eq(verificationCodes.event, event),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, new Date()),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    const invalid = () => AppError.badRequest('verify.codeInvalid', {}, { field: 'code' });
    if (!row || row.attempts >= MAX_ATTEMPTS) throw invalid();
    const expected = Buffer.from(row.codeHash, 'hex');
    const actual = Buffer.from(this.hash(channel, target, event, code), 'hex');
    if (!timingSafeEqual(expected, actual)) {
      await this.db
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(eq(verificationCodes.id, row.id));
      throw invalid();
    }
    const spent = await this.db
      .update(verificationCodes)
      .set({ consumedAt: new Date() })
      .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    if (spent.length === 0) throw invalid();
  }

  /** The newest outbox message to an address, for the NODE_ENV=test hook only. */
  async latestMessage(recipient: string) {
    const [row] = await this.db
      .select()
      .from(messageOutbox)
      .where(eq(messageOutbox.recipient, recipient))
      .orderBy(desc(messageOutbox.createdAt))
      .limit(1);
    return row
      ? { channel: row.channel, body: row.body, code: /\b(\d{6})\b/.exec(row.body)?.[1] ?? null }
      : null;
  }
}
