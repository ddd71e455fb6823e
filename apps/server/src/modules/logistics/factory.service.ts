import { and, count, eq, sql } from 'drizzle-orm';
import { preparedQuery, anyOfPlaceholder } from '../../db/prepared.ts';
import { factoryCreateSchema } from '@pod/shared';
import type { z } from 'zod';
import { factories } from './schema.ts';
import type { Executor } from '../../db/client.ts';
import { distinctIds } from '../../platform/distinct-ids.ts';

type FactoryRow = typeof factories.$inferSelect;

/** A factory's API fields as its columns (the rest keep their names). */
export const factoryValues = (input: Partial<z.output<typeof factoryCreateSchema>>): Partial<FactoryRow> => {
  const renames: Record<string, keyof FactoryRow> = {
    post_code: 'postCode',
    sender_name: 'senderName',
    sender_phone: 'senderPhone',
    is_main: 'isMain',
  };
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [renames[k] ?? k, v]),
  );
};

/**
 * A factory of the tenant, outside a request (the demo seed, tests): validated by the same schema
 * as the API's, so no factory is stored that the factory pages could not show.
 */
export async function createFactory(
  ctx: { tenantId: string; tx: Executor },
  input: z.input<typeof factoryCreateSchema>,
) {
  const [row] = await ctx.tx
    .insert(factories)
    .values({
      ...factoryValues(factoryCreateSchema.parse(input)),
      tenantId: ctx.tenantId,
    } as typeof factories.$inferInsert)
    .returning();
  if (!row) throw new Error('factory insert returned nothing');
  return row;
}

/** The tenant's factories among the ids, with their names (one query for a page). */
export async function factoriesByIds(tx: Executor, tenantId: string, ids: Iterable<string | null>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  // Prepared once per handle (decision 0076): the ids are one array parameter.
  return preparedQuery(tx, 'logistics_factories_by_ids', (t) =>
    t
      .select({ id: factories.id, name: factories.name })
      .from(factories)
      .where(and(eq(factories.tenantId, sql.placeholder('tenant')), anyOfPlaceholder(factories.id, 'ids'))),
  ).execute({ tenant: tenantId, ids: list });
}

/** How many factories the tenant has (its supplier level's `factory_count` quota). */
export async function countFactories(tx: Executor, tenantId: string): Promise<number> {
  const [row] = await tx.select({ n: count() }).from(factories).where(eq(factories.tenantId, tenantId));
  return row?.n ?? 0;
}
