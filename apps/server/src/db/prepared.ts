import type { Executor } from './client.ts';

const cache = new WeakMap<Executor, Map<string, unknown>>();

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
