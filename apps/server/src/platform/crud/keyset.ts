import { and, asc, desc, eq, getTableColumns, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';

/**
 * One column of a keyset order. Columns must be NOT NULL and the last one unique (the id), so
 * that the order is total. `cast` names the column's SQL type: a cursor value is read back as
 * PostgreSQL's own text of it and cast again, because a JS Date drops a timestamp's microseconds.
 */
export interface KeyColumn {
  column: PgColumn;
  dir: 'asc' | 'desc';
  cast: 'timestamptz' | 'uuid' | 'text' | 'bigint' | 'integer';
}

/** The rows after `last` in the keyset order: (k1 > v1) or (k1 = v1 and k2 > v2) or … */
function afterCursor(keys: readonly KeyColumn[], last: readonly string[]): SQL {
  const value = (i: number) => sql`${last[i]}::${sql.raw(keys[i]!.cast)}`;
  const parts = keys.map((key, i) => {
    const equal = keys.slice(0, i).map((k, j) => eq(k.column, value(j)));
    const beyond = key.dir === 'asc' ? gt(key.column, value(i)) : lt(key.column, value(i));
    return and(...equal, beyond)!;
  });
  return or(...parts)!;
}

/**
 * Every row of `table` matching `where`, in keyset order, `size` rows at a time: each batch is one
 * query after the previous batch's last key, so no batch costs more than the first and the whole
 * result is never in memory (exports).
 */
export async function* keysetBatches<T extends PgTable>(
  tx: Executor,
  table: T,
  where: SQL | undefined,
  keys: readonly KeyColumn[],
  size: number,
): AsyncGenerator<T['$inferSelect'][]> {
  // Widened on purpose: drizzle's builder cannot follow a generic table type.
  const source: PgTable = table;
  const cursor = Object.fromEntries(keys.map((k, i) => [`k${i}`, sql<string>`${k.column}::text`]));
  const order = keys.map((k) => (k.dir === 'asc' ? asc(k.column) : desc(k.column)));
  let last: string[] | null = null;
  for (;;) {
    const rows: Array<Record<string, unknown>> = await tx
      .select({ row: getTableColumns(source), ...cursor })
      .from(source)
      .where(last ? and(where, afterCursor(keys, last)) : where)
      .orderBy(...order)
      .limit(size);
    if (!rows.length) return;
    const tail = rows[rows.length - 1]!;
    last = keys.map((_, i) => String(tail[`k${i}`]));
    yield rows.map((r) => r.row as T['$inferSelect']);
    if (rows.length < size) return;
  }
}
