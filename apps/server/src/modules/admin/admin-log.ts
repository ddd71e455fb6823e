import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { runPrepared } from '../../db/prepared.ts';
import { adminLogs } from './schema.ts';
import { adminUsernameSql } from '../access/index.ts';
import { storableText } from '../../platform/storable-text.ts';
import { sensitivityOf, shownInLog } from '../../platform/sensitive-fields.ts';

/**
 * The request body as the log's change summary: secrets masked, identifying numbers (cards, bank
 * accounts, identity documents, phones) cut to their last four characters (the one list of
 * `platform/sensitive-fields.ts`, which the sensitive-data log reads too), long strings cut, and
 * every string and key made storable.
 */
export function summarise(value: unknown, depth = 0): unknown {
  if (depth > 4) return '…';
  if (typeof value === 'string') return storableText(value.length > 200 ? `${value.slice(0, 200)}…` : value);
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => summarise(v, depth + 1));
  if (value && typeof value === 'object') {
    // A loop, not Object.fromEntries over entries: this runs on every admin write (decision 0097).
    // No prototype, so a key named `__proto__` is kept as a key like any other.
    const out = Object.create(null) as Record<string, unknown>;
    let kept = 0;
    for (const k in value) {
      if (!Object.hasOwn(value, k)) continue;
      if (kept++ === 100) break;
      const v = (value as Record<string, unknown>)[k];
      out[storableText(k.slice(0, 100))] = sensitivityOf(k) ? shownInLog(k, v) : summarise(v, depth + 1);
    }
    return out;
  }
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  return value ?? null;
}

/** One admin log row as the writer takes it: plain values (the username is looked up on insert). */
export interface Entry {
  tenantId?: string | null;
  merchantId?: string | null;
  factoryId?: string | null;
  userId?: string | null;
  method: string;
  url: string;
  route: string;
  operationId?: string;
  statusCode: string;
  ip?: string;
  userAgent?: string;
  summary?: unknown;
  createdAt?: Date;
}

/**
 * The batch as ONE prepared statement with one parameter (decision 0076): the rows travel as a
 * JSON array and `jsonb_to_recordset` turns them back into rows; each row's username is read in
 * the same statement. The ORM rendered a multi-row INSERT per batch before (a profile of the
 * payment benchmark: 7 % of the server's busy CPU in sqlToQuery for the log).
 */
const insertBatch = () => sql`
  INSERT INTO ${adminLogs} (tenant_id, merchant_id, factory_id, user_id, username, method, url, route,
    operation_id, status_code, ip, user_agent, summary, created_at)
  SELECT r.tenant_id, r.merchant_id, r.factory_id, r.user_id,
    coalesce(${adminUsernameSql(sql`r.user_id`)}, ''), r.method, r.url, r.route,
    coalesce(r.operation_id, ''), r.status_code, coalesce(r.ip, ''), coalesce(r.user_agent, ''),
    r.summary, coalesce(r.created_at, now())
  FROM jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) AS r(tenant_id uuid, merchant_id uuid,
    factory_id uuid, user_id uuid, method text, url text, route text, operation_id text,
    status_code text, ip text, user_agent text, summary jsonb, created_at timestamptz)`;

const stored = (entry: Entry) => ({
  ...entry,
  username: entry.userId ? sql`coalesce(${adminUsernameSql(entry.userId)}, '')` : '',
});

/**
 * Writes admin log rows in batches: at most every FLUSH_MS, or at once when BATCH rows wait, and
 * on close. One multi-row INSERT instead of one per request keeps the log off the hot path (the
 * payment benchmark); reading the log flushes first, so a reader of this process sees every row.
 */
export class AdminLogWriter {
  static readonly FLUSH_MS = 200;
  static readonly BATCH = 200;
  #pending: Entry[] = [];
  #timer: NodeJS.Timeout | null = null;
  #writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
  ) {}

  async insertAlone(entry: Entry): Promise<void> {
    try {
      await this.db.insert(adminLogs).values(stored(entry));
    } catch {
      try {
        await this.db.insert(adminLogs).values({ ...stored(entry), summary: { unstorable: true } });
      } catch (error) {
        this.onError(error);
      }
    }
  }

  add(entry: Entry): void {
    this.#pending.push(entry);
    if (this.#pending.length >= AdminLogWriter.BATCH) void this.flush();
    else if (!this.#timer) {
      this.#timer = setTimeout(() => void this.flush(), AdminLogWriter.FLUSH_MS);
      this.#timer.unref();
    }
  }

  flush(): Promise<void> {
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    const batch = this.#pending;
    this.#pending = [];
    this.#writing = this.#writing.then(async () => {
      if (!batch.length) return;
      try {
        const rows = batch.map((e) => ({
          tenant_id: e.tenantId ?? null,
          merchant_id: e.merchantId ?? null,
          factory_id: e.factoryId ?? null,
          user_id: e.userId ?? null,
          method: e.method,
          url: e.url,
          route: e.route,
          operation_id: e.operationId ?? null,
          status_code: e.statusCode,
          ip: e.ip ?? null,
          user_agent: e.userAgent ?? null,
          summary: e.summary ?? null,
          created_at: e.createdAt ?? null,
        }));
        await runPrepared(this.db, 'admin_log_batch', insertBatch, { rows: JSON.stringify(rows) });
      } catch {
        // One row the database refuses must not lose the others (issue 17 finding 2): write them
        // one by one, and a refused row again without its summary.
        for (const entry of batch) await this.insertAlone(entry);
      }
    });
    return this.#writing;
  }
}

const writers = new WeakMap<Db, AdminLogWriter>();

/** Waits until every admin log row this process has taken is written (the log list calls it). */
export function flushAdminLog(db: Db): Promise<void> {
  return writers.get(db)?.flush() ?? Promise.resolve();
}

/**
 * Every write by a signed-in admin (any method but GET/HEAD/OPTIONS on an admin route) is logged
 * after the reply: who, when, route, IP, outcome and a masked summary of the body.
 */
export function installAdminLog(app: FastifyInstance, db: Db): void {
  const writer = new AdminLogWriter(db, (error) => app.log.error({ err: error }, 'admin log write failed'));
  writers.set(db, writer);
  app.addHook('onClose', () => writer.flush());
  // Synchronous (the row is only queued here): an async hook costs every reply a promise.
  app.addHook('onResponse', (request, reply, done) => {
    const actor = request.ctx?.actor;
    if (actor?.kind !== 'admin' || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return done();
    const schema = request.routeOptions.schema;
    const ua = request.headers['user-agent'];
    writer.add({
      // Filed under the writer's organisation (decision 0026).
      tenantId: actor.tenantId,
      merchantId: actor.tier === 'merchant' ? actor.merchantId : null,
      factoryId: actor.tier === 'factory' ? actor.factoryId : null,
      userId: actor.id,
      method: request.method,
      url: storableText(request.url.slice(0, 500)),
      route: request.routeOptions.url ?? '',
      operationId: schema?.operationId ?? '',
      statusCode: String(reply.statusCode),
      ip: storableText(request.ip),
      userAgent: typeof ua === 'string' ? storableText(ua.slice(0, 300)) : '',
      summary: summarise(request.body ?? null),
      createdAt: new Date(),
    });
    done();
  });
}
