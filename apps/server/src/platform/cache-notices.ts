import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Database } from '../db/client.ts';

/** The channel the database's triggers announce changes on (migration 0041, decision 0074). */
export const CACHE_CHANNEL = 'pod_cache';
/** The session advisory lock the process that runs the recurring sweeps holds (decision 0074). */
const SWEEP_LEADER_LOCK = 740_029;
const RECONNECT_MS = 1_000;

type Handler = (rest: string) => void;

/**
 * Tells every process when a row its caches copy has changed (decision 0074). Triggers on those
 * rows (sign-ins, admin users, members, menus, roles, a tenant's module switches) call
 * `pg_notify('pod_cache', '<topic>[:<key>]')`, whoever writes them; PostgreSQL delivers the notice
 * at commit to every process listening, this one included. On PostgreSQL the process listens on
 * a connection of its own; PGlite is one process and delivers its notices in-process at commit.
 *
 * A cache must not answer while `live` is false (not listening, or the connection was lost):
 * it could have missed a notice. Every time listening (re)starts, the `reset` handlers run so
 * that nothing copied before is kept.
 */
export class CacheNotices {
  readonly #handlers = new Map<string, Handler[]>();
  readonly #resets: Array<() => void> = [];
  #client: pg.Client | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  #live = false;
  #stopped = false;
  #leading = false;
  #waiters: Array<() => void> = [];
  #syncing = false;
  #reconnect: NodeJS.Timeout | null = null;

  constructor(
    private readonly database: Pick<Database, 'kind' | 'url' | 'pglite'>,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Whether every change is being heard: caches may answer only then. */
  get live(): boolean {
    return this.#live;
  }

  /** Runs `handler` with the rest of the payload for every notice of `topic` (`subject`, `menus`…). */
  on(topic: string, handler: Handler): void {
    this.#handlers.set(topic, [...(this.#handlers.get(topic) ?? []), handler]);
  }

  /** Runs `handler` whenever listening starts again: drop everything copied. */
  onReset(handler: () => void): void {
    this.#resets.push(handler);
  }

  async start(): Promise<void> {
    this.#stopped = false;
    if (this.#live || this.#client) return;
    if (this.database.kind === 'pglite') {
      const pglite = this.database.pglite;
      if (!pglite) throw new Error('PGlite database without its instance');
      this.#unlisten = await pglite.listen(CACHE_CHANNEL, (payload) => this.#dispatch(payload));
      this.#resetAll();
      this.#live = true;
      return;
    }
    await this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#live = false;
    this.#leading = false;
    if (this.#reconnect) clearTimeout(this.#reconnect);
    this.#reconnect = null;
    const unlisten = this.#unlisten;
    this.#unlisten = null;
    await unlisten?.();
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => undefined);
  }

  /**
   * Resolves once every notice committed before the call has been handled here: one round trip on
   * the listening connection, sent after the call (PostgreSQL hands a listener its pending notices
   * before it answers a query), shared by every caller waiting at the time. An authenticated
   * request awaits it before it reads any cache, so a change committed anywhere before the request
   * arrived is never answered from an old copy. PGlite delivers at commit: nothing to wait for.
   */
  caughtUp(): Promise<void> {
    if (!this.#client || !this.#live) return Promise.resolve();
    return new Promise((resolve) => {
      this.#waiters.push(resolve);
      this.#sync();
    });
  }

  #sync(): void {
    if (this.#syncing || this.#waiters.length === 0) return;
    const batch = this.#waiters;
    this.#waiters = [];
    const client = this.#client;
    if (!client || !this.#live) {
      for (const resolve of batch) resolve();
      return;
    }
    this.#syncing = true;
    client
      .query('SELECT 1')
      .catch(() => undefined)
      .finally(() => {
        this.#syncing = false;
        for (const resolve of batch) resolve();
        this.#sync();
      });
  }

  /**
   * Whether this process runs the recurring sweeps now: one process at a time across all that
   * share the database, the one holding a session advisory lock on its listening connection. When
   * it goes away (or loses the connection) the lock is released and another process takes over
   * at its next tick. PGlite is one process: always.
   */
  async leadsSweeps(): Promise<boolean> {
    if (this.database.kind === 'pglite') return true;
    if (this.#leading) return true;
    const client = this.#client;
    if (!client || !this.#live) return false;
    try {
      const { rows } = await client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [
        SWEEP_LEADER_LOCK,
      ]);
      // The connection may have been replaced meanwhile; the lock belongs to the one asked.
      this.#leading = rows[0]?.locked === true && client === this.#client;
    } catch {
      this.#leading = false;
    }
    return this.#leading;
  }

  async #connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.database.url });
    const lost = (error?: unknown) => {
      if (this.#client !== client) return;
      this.#client = null;
      this.#live = false;
      this.#leading = false;
      client.end().catch(() => undefined);
      if (this.#stopped) return;
      this.log?.warn({ err: error }, 'cache notices: connection lost, caches bypassed until it is back');
      this.#scheduleReconnect();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    client.on('notification', (message) => {
      if (message.channel === CACHE_CHANNEL) this.#dispatch(message.payload ?? '');
    });
    this.#client = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (error) {
      lost(error);
      throw error;
    }
    // Anything copied while nobody listened may be stale.
    this.#resetAll();
    this.#live = true;
  }

  #scheduleReconnect(): void {
    if (this.#reconnect || this.#stopped) return;
    this.#reconnect = setTimeout(() => {
      this.#reconnect = null;
      this.#connect().catch(() => this.#scheduleReconnect());
    }, RECONNECT_MS);
    this.#reconnect.unref();
  }

  #resetAll(): void {
    for (const reset of this.#resets) reset();
  }

  #dispatch(payload: string): void {
    const colon = payload.indexOf(':');
    const topic = colon < 0 ? payload : payload.slice(0, colon);
    const rest = colon < 0 ? '' : payload.slice(colon + 1);
    for (const handler of this.#handlers.get(topic) ?? []) {
      try {
        handler(rest);
      } catch (error) {
        this.log?.error({ err: error, payload }, 'cache notice handler failed');
      }
    }
  }
}
