import { PgDialect, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { sql, type Query, type SQL } from 'drizzle-orm';
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
const rendered = new Map<string, Query>();

/**
 * Runs a hand-written statement (sql`…` with `sql.placeholder` for every value) as a named
 * prepared statement. The SQL is rendered once per name for the whole process, so a statement
 * on the hot path costs no ORM work but filling in its values; PostgreSQL parses and plans it
 * once per connection. Runs on `tx` (a transaction handle runs it inside the transaction).
 * Returns the rows as the driver gives them.
 */
export async function runPrepared<R = Record<string, unknown>>(
  tx: Executor,
  name: string,
  build: () => SQL,
  values: Record<string, unknown>,
): Promise<R[]> {
  let query = rendered.get(name);
  if (!query) {
    query = dialect.sqlToQuery(build());
    rendered.set(name, query);
  }
  const result = (await tx._.session.prepareQuery(query, undefined, name, false).execute(values)) as {
    rows: R[];
  };
  return result.rows;
}
