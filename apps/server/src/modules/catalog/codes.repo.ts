import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { catalogSequences } from './schema.ts';

/**
 * The next number of a per-tenant counter. One upsert that locks the counter row until the
 * transaction ends, so concurrent creates (on PostgreSQL) each get their own number; a rolled-back
 * create leaves a gap, never a duplicate.
 */
export async function nextNumber(tx: Executor, tenantId: string, name: 'spu' | 'product'): Promise<number> {
  const [row] = await tx
    .insert(catalogSequences)
    .values({ tenantId, name, value: 1 })
    .onConflictDoUpdate({
      target: [catalogSequences.tenantId, catalogSequences.name],
      set: { value: sql`${catalogSequences.value} + 1` },
    })
    .returning({ value: catalogSequences.value });
  if (!row) throw new Error('sequence upsert returned nothing');
  return row.value;
}

/** A generated code: prefix and the number, zero-padded to six digits (SPU000042). */
export const formatCode = (prefix: string, n: number) => `${prefix}${String(n).padStart(6, '0')}`;
