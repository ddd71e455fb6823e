import pg from 'pg';
import { DrizzleQueryError, is, Param, Placeholder, sql, type Logger, type SQL } from 'drizzle-orm';
import { NodePgSession } from 'drizzle-orm/node-postgres';
import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

const cache = new WeakMap<Executor, Map<string, unknown>>();

/**
 * `column = ANY($name)` for a prepared statement: a list of any length is ONE array parameter, so
 * the statement's text (and its plan) does not depend on how many values a call brings.
 */
export function anyOfPlaceholder(column: AnyPgColumn, name: string, type: 'uuid' | 'text' = 'uuid'): SQL {
  return sql`${column} = ANY(${sql.placeholder(name)}::${sql.raw(type)}[])`;
}

/**
 * A hot query built once per database handle and reused: the ORM renders its SQL a single time
 * and the driver runs it as a named prepared statement. `build` must take every varying value as
 * `sql.placeholder(name)`; the caller passes them to `execute`. A transaction handle gets its own
 * copy (it is a different handle), so the query still runs inside the transaction.
 */
export function preparedQuery<P>(
  tx: Executor,
  name: string,
  build: (tx: Executor) => { prepare(name: string): P },
): P {
  let byName = cache.get(tx);
  if (!byName) cache.set(tx, (byName = new Map<string, unknown>()));
  let query = byName.get(name) as P | undefined;
  if (!query) {
    query = build(tx).prepare(name);
    byName.set(name, query);
  }
  return query;
}

/**
 * Part of a hand-written prepared statement: SQL whose every varying value is a
 * `sql.placeholder`, built only the first time a statement with this `shape` is rendered, and
 * this call's values for those placeholders. Two parts with the same shape must build the same
 * SQL; the shape goes into the statement's name.
 */
export interface StatementPart<S = SQL> {
  shape: string;
  build: () => S;
  values: Record<string, unknown>;
}

/** Values of several parts; a placeholder named twice is a programming error. */
export function mergeValues(...parts: Array<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const part of parts) {
    for (const key in part) {
      if (key in out) throw new Error(`placeholder ${key} is bound twice`);
      out[key] = part[key];
    }
  }
  return out;
}

// Rendering only turns the SQL tree into text and a parameter list; the schema plays no part.
const dialect = new PgDialect();

/** Where a rendered statement's parameter comes from: a call's named value, or the SQL itself. */
type Slot = { name: string; encode: ((value: unknown) => unknown) | null } | { name: null; value: unknown };

/** A statement rendered once: its text, and how a call's values become its parameter list. */
interface Rendered {
  text: string;
  slots: Slot[];
}

const rendered = new Map<string, Rendered>();

function render(build: () => SQL): Rendered {
  const query = dialect.sqlToQuery(build());
  const slots = query.params.map((param): Slot => {
    if (is(param, Placeholder)) return { name: param.name, encode: null };
    if (is(param, Param) && is(param.value, Placeholder)) {
      const encoder = param.encoder;
      return { name: param.value.name, encode: (value) => encoder.mapToDriverValue(value) };
    }
    return { name: null, value: param };
  });
  return { text: query.sql, slots };
}

/** A call's parameter list, as the ORM's own prepared statements fill theirs in. */
function parametersOf(statement: Rendered, values: Record<string, unknown>): unknown[] {
  const out = new Array<unknown>(statement.slots.length);
  for (let i = 0; i < statement.slots.length; i++) {
    const slot = statement.slots[i]!;
    if (slot.name === null) {
      out[i] = slot.value;
      continue;
    }
    if (!(slot.name in values)) throw new Error(`No value for placeholder "${slot.name}" was provided`);
    const value = values[slot.name];
    out[i] = slot.encode ? slot.encode(value) : value;
  }
  return out;
}

/**
 * The ORM's parsing of a raw (not column-mapped) result on node-postgres: dates, times and
 * intervals (and their arrays) stay text, as PostgreSQL sent them; every other type as `pg` parses
 * it. runPrepared's rows must not depend on which path ran them.
 */
const keptAsText = new Set<number>([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
]);
const asSent = (value: string): unknown => value;
/** (Results come as text: runPrepared never asks for binary ones.) */
const RAW_TYPES = {
  getTypeParser: (typeId: number): ((value: string) => unknown) =>
    keptAsText.has(typeId) ? asSent : (pg.types.getTypeParser(typeId, 'text') as (value: string) => unknown),
};

/** What runPrepared needs of node-postgres's session (fields the ORM keeps private). */
interface NodePgInternals {
  client: Pick<pg.Pool, 'query'>;
  logger: Logger;
}

/**
 * Runs a hand-written statement (sql`…` with `sql.placeholder` for every value) as a named
 * prepared statement. The SQL is rendered once per name for the whole process, so a statement
 * on the hot path costs no ORM work but filling in its values; PostgreSQL parses and plans it
 * once per connection. Runs on `tx` (a transaction handle runs it inside the transaction).
 * Returns the rows as the driver gives them.
 *
 * On node-postgres the statement goes to the session's pool or connection directly: the ORM's
 * prepared-query object, built anew for every call, and its tracing wrappers were a measurable
 * part of a payment's CPU (decision 0097). What the ORM does around a query is kept: its logger
 * sees the statement (the statement tap of tests), rows are parsed as above, and a failure is the
 * ORM's DrizzleQueryError with the driver's error as its cause.
 */
export async function runPrepared<R = Record<string, unknown>>(
  tx: Executor,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<R[]> {
  let statement = rendered.get(name);
  if (!statement) {
    statement = render(build);
    rendered.set(name, statement);
  }
  const params = parametersOf(statement, values);
  const session = tx._.session;
  if (session instanceof NodePgSession) {
    const { client, logger } = session as unknown as NodePgInternals;
    logger.logQuery(statement.text, params);
    try {
      const result = await client.query({ name, text: statement.text, types: RAW_TYPES }, params);
      return result.rows as R[];
    } catch (error) {
      throw new DrizzleQueryError(statement.text, params, error as Error);
    }
  }
  // PGlite: through the ORM's prepared query, with the parameters already filled in.
  const result = (await session
    .prepareQuery({ sql: statement.text, params }, undefined, name, false)
    .execute({})) as { rows: R[] };
  return result.rows;
}
