import { factories } from '../../db/schema/index.ts';
import type { Executor } from '../../db/client.ts';

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
