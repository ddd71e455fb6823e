import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type DatabaseKind = 'pglite' | 'postgres';

/** The ORM handle modules use. Both drivers expose the same query builder. */
export type Db = ReturnType<typeof drizzlePg<typeof schema>>;
/** A transaction handle, as passed to `db.transaction(async (tx) => …)`. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either a database or a transaction: repositories accept both. */
export type Executor = Db | Tx;

/** Raw SQL access for the job queue adapter and the test reset; not for modules. */
export interface RawSql {
  /** One parameterised statement. */
  query<R = Record<string, unknown>>(text: string, values?: unknown[]): Promise<{ rows: R[] }>;
  /** One or more statements without parameters. */
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: DatabaseKind;
  db: Db;
  raw: RawSql;
  /** The connection string for processes that need their own pool (pg-boss on PostgreSQL). */
  url: string | undefined;
  /** The embedded instance, when kind is 'pglite'. */
  pglite: PGlite | undefined;
  /**
   * Sees every statement the handle runs (ORM queries, prepared statements in and out of
   * transactions, raw SQL), when a listener is set. Tests count a request's statements with it;
   * nothing sets it in production, where the check is a single property read per statement.
   */
  statements: StatementTap;
  close(): Promise<void>;
}

/** Where statements are reported when someone listens (see Database.statements). */
export interface StatementTap {
  listener: ((text: string, params: readonly unknown[]) => void) | undefined;
}

/** The ORM's logger, reporting to the tap: the ORM calls it for every query it runs. */
function tapLogger(tap: StatementTap) {
  return { logQuery: (text: string, params: unknown[]) => tap.listener?.(text, params) };
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

/** Opens PGlite under DATA_DIR/pg when no DATABASE_URL is set, node-postgres otherwise. */
export function databaseOptionsFor(
  dataDir: string,
  databaseUrl: string | undefined,
  poolSize?: number,
): DatabaseOptions {
  if (databaseUrl) return { kind: 'postgres', url: databaseUrl, ...(poolSize ? { poolSize } : {}) };
  const dir = join(dataDir, 'pg');
  mkdirSync(dir, { recursive: true });
  return { kind: 'pglite', dataDir: dir };
}

/** How many statements one connection keeps prepared; past it, new ones run unprepared. */
const PREPARED_PER_CONNECTION = 500;
/** Multi-row writes (a batch of log rows, an import) rarely repeat their exact shape: not kept. */
const PREPARED_MAX_PARAMS = 100;

/**
 * Parameterised statements run as named prepared statements, one name per statement text, so
 * PostgreSQL parses and plans each shape once per connection instead of on every call (the ORM
 * builds the same texts again and again). Only statements with parameters qualify (those are
 * always single statements), and at most PREPARED_MAX_PARAMS of them. Each connection keeps at
 * most PREPARED_PER_CONNECTION statements.
 */
const statementNames = new Map<string, string>();
/** A stable name per statement text (hashed once per text, then looked up). */
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `s${createHash('sha1').update(text).digest('base64url')}`;
    if (statementNames.size < 10_000) statementNames.set(text, name);
  }
  return name;
}

function prepareRepeatedStatements(client: pg.PoolClient): void {
  const names = new Set<string>();
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as { query: unknown }).query = (config: unknown, values?: unknown, ...rest: unknown[]) => {
    if (
      config !== null &&
      typeof config === 'object' &&
      typeof (config as pg.QueryConfig).text === 'string' &&
      !(config as pg.QueryConfig).name &&
      Array.isArray(values) &&
      values.length > 0 &&
      values.length <= PREPARED_MAX_PARAMS
    ) {
      const name = statementName((config as pg.QueryConfig).text);
      if (names.has(name) || names.size < PREPARED_PER_CONNECTION) {
        names.add(name);
        return query({ ...config, name }, values, ...rest);
      }
    }
    return query(config, values, ...rest);
  };
}

/**
 * The embedded database's settings on top of PGlite's own. initdb writes PostgreSQL's default
 * `shared_buffers = 128MB`, and the single-user backend touches all of it at start: 130 MB of the
 * process's resident memory for a demo database of a few MB. 32 MB keeps every table of the demo
 * and of a test in memory (decision 0087).
 */
const EMBEDDED_SETTINGS = ['shared_buffers=32MB'];

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle client's network error must not crash the process; the next query reports it.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => prepareRepeatedStatements(client));
    const statements: StatementTap = { listener: undefined };
    const db = drizzlePg({ client: pool, schema, logger: tapLogger(statements) });
    return {
      kind: 'postgres',
      db,
      url: options.url,
      pglite: undefined,
      statements,
      raw: {
        query: async <R>(text: string, values?: unknown[]) => {
          statements.listener?.(text, values ?? []);
          const r = await pool.query(text, values);
          return { rows: r.rows as R[] };
        },
        exec: async (text: string) => {
          statements.listener?.(text, []);
          await pool.query(text);
        },
      },
      close: () => pool.end(),
    };
  }
  const pglite = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS.flatMap((s) => ['-c', s])],
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  guardSelfWaits(pglite);
  // The two drivers' query builders are the same API; the cast lets modules type against one.
  const statements: StatementTap = { listener: undefined };
  const db = drizzlePglite({ client: pglite, schema, logger: tapLogger(statements) }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    url: undefined,
    pglite,
    statements,
    raw: {
      query: async <R>(text: string, values?: unknown[]) => {
        statements.listener?.(text, values ?? []);
        const r = await pglite.query<R>(text, values);
        return { rows: r.rows };
      },
      exec: async (text: string) => {
        statements.listener?.(text, []);
        await pglite.exec(text);
      },
    },
    close: () => pglite.close(),
  };
}

/** The transaction whose work is running (PGlite): set for its callback and all it starts. */
const runningTransaction = new AsyncLocalStorage<{ open: boolean }>();

/** The error a statement gets when it would wait for the transaction it was sent from. */
export class SelfWaitError extends Error {
  constructor() {
    super(
      'a statement was sent to the embedded database itself while a transaction of the same work is open: ' +
        'PGlite has one connection, so it would wait for that transaction forever. Use the transaction (tx), ' +
        'or do it before or after the transaction.',
    );
    this.name = 'SelfWaitError';
  }
}

/**
 * PGlite has one connection: while a transaction is open, a statement sent to the database itself
 * (not to the transaction's handle) waits until the transaction ends. Sent from the transaction's
 * own work (a cache filled on a miss, a helper that took `db` instead of `tx`), it waits for
 * itself, and the process hangs with the database locked; it did, now and then, in a test whose
 * webhook job met an expired cache inside its transaction. Such a statement is refused at once
 * with `SelfWaitError`, which names the mistake. (On PostgreSQL it would run on another
 * connection, outside the transaction: a mistake too, but not a hang.)
 */
function guardSelfWaits(pglite: PGlite): void {
  const transaction = pglite.transaction.bind(pglite);
  pglite.transaction = ((callback: Parameters<PGlite['transaction']>[0]) =>
    transaction(async (tx) => {
      const state = { open: true };
      try {
        return await runningTransaction.run(state, () => callback(tx));
      } finally {
        state.open = false;
      }
    })) as PGlite['transaction'];
  const query = pglite.query.bind(pglite);
  const exec = pglite.exec.bind(pglite);
  const waitsForItself = () => runningTransaction.getStore()?.open === true;
  pglite.query = ((...args: Parameters<PGlite['query']>) =>
    waitsForItself() ? Promise.reject(new SelfWaitError()) : query(...args)) as PGlite['query'];
  pglite.exec = (...args: Parameters<PGlite['exec']>) =>
    waitsForItself() ? Promise.reject(new SelfWaitError()) : exec(...args);
}
