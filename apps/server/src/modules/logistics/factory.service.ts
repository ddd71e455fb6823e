import { and, eq, inArray } from 'drizzle-orm';
import { factories } from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';
import { distinctIds } from '../../platform/distinct-ids.ts';

/** Creates a factory of a tenant. Regions, addresses and carriers arrive with logistics. */
export async function createFactory(
  ctx: { tenantId: string; tx: Executor },
  input: { name: string; number: string },
) {
  const [row] = await ctx.tx
    .insert(factories)
    .values({ tenantId: ctx.tenantId, name: input.name, number: input.number })
    .returning();
  if (!row) throw new Error('factory insert returned nothing');
  return row;
}

/** The tenant's factories among the ids, with their names (one query for a page). */
export async function factoriesByIds(tx: Executor, tenantId: string, ids: Iterable<string | null>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return tx
    .select({ id: factories.id, name: factories.name })
    .from(factories)
    .where(and(eq(factories.tenantId, tenantId), inArray(factories.id, list)));
}
