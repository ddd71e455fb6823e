import type { Actor } from '../context.ts';
import type { SessionValidator } from './guard.ts';

/** What the cache needs of the notices (CacheNotices). */
export interface Liveness {
  /** Whether every change is being heard. */
  readonly live: boolean;
  /** Resolves once every change committed before the call has been heard. */
  caughtUp(): Promise<void>;
}

/**
 * The per-process copy of "this sign-in may act" (decision 0074): every authenticated request asks
 * (decision 0025), and the answer changes only on logout, password change, a revoked sign-in, or
 * a user disabled, locked or removed. Those rows announce their changes (CacheNotices, topic
 * `subject`), and `forgetSubject` drops the user's entries in every process within a moment.
 *
 * Before it answers, the cache waits until every change committed before the request has been
 * heard (`caughtUp`), so a change made through any process holds for the very next request.
 * Only "yes" is kept, for at most `ttlMs` (a sign-in's own expiry is therefore noticed within
 * that time; its access token's expiry is checked on every request anyway). Nothing is kept or
 * answered while the notices are not live. A check that was under way when any notice arrived is
 * not kept, so an answer read before a change committed cannot outlive the change's notice.
 */
export class SessionCheckCache {
  readonly #entries = new Map<string, Map<string, number>>();
  #size = 0;
  #epoch = 0;

  constructor(
    private readonly check: SessionValidator,
    private readonly notices: Liveness,
    private readonly ttlMs = 10_000,
    private readonly maxEntries = 100_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  readonly validate: SessionValidator = async (actor: Actor, sessionId: string) => {
    // Every change committed before this request is heard first (one shared round trip on the
    // listening connection): the copy is never older than the request.
    await this.notices.caughtUp();
    if (!this.notices.live) return this.check(actor, sessionId);
    const subject = `${actor.kind}:${actor.id}`;
    const until = this.#entries.get(subject)?.get(sessionId);
    if (until !== undefined && until > this.now()) return true;
    const epoch = this.#epoch;
    const ok = await this.check(actor, sessionId);
    if (ok && epoch === this.#epoch && this.notices.live) this.#remember(subject, sessionId);
    return ok;
  };

  /** A user's sign-ins or standing changed (`admin:<id>` or `member:<id>`): ask again. */
  forgetSubject(subject: string): void {
    this.#epoch += 1;
    const sessions = this.#entries.get(subject);
    if (!sessions) return;
    this.#size -= sessions.size;
    this.#entries.delete(subject);
  }

  /** Forget everything (the notices were restarted). */
  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
    this.#size = 0;
  }

  get size(): number {
    return this.#size;
  }

  #remember(subject: string, sessionId: string): void {
    // Bounded: past the limit the copy starts again empty rather than growing.
    if (this.#size >= this.maxEntries) this.clear();
    let sessions = this.#entries.get(subject);
    if (!sessions) {
      sessions = new Map();
      this.#entries.set(subject, sessions);
    }
    if (!sessions.has(sessionId)) this.#size += 1;
    sessions.set(sessionId, this.now() + this.ttlMs);
  }
}
