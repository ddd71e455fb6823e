import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';

/** One page of a table's rows and the total count, for hand-written list endpoints. */
export async function pagedRows<T extends PgTable>(
  tx: Executor,
  table: T,
  where: SQL | undefined,
  orderBy: SQL[],
  page: number,
  limit: number,
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  // Widened on purpose: drizzle's builder cannot follow a generic table type.
  const source: PgTable = table;
  const [count] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(source)
    .where(where);
  const rows = await tx
    .select()
    .from(source)
    .where(where)
    .orderBy(...orderBy)
    .limit(limit)
    .offset((page - 1) * limit);
  return { rows: rows, total: count?.n ?? 0 };
}
