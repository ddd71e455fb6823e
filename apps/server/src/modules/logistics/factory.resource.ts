import { and, count, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { logisticsOperations } from '@pod/shared';

import { factories } from './schema.ts';
import type { Executor } from '../../db/client.ts';
import type { Scope, ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import { AppError } from '../../platform/http/errors.ts';
import { assertFactorySlot } from '../tenancy/index.ts';
import { countFactories, factoryValues } from './factory.service.ts';

type FactoryRow = typeof factories.$inferSelect;

/** spec §6 factory permissions: a factory is the caller's when it may act for it (decision 0026). */
export const FACTORY_OWNER: Ownership = {
  level: 'factory',
  tenant: factories.tenantId,
  factory: factories.id,
};

/** The factories of the tenant the caller may act for. */
export const permittedFactories = (ctx: ServiceContext): SQL[] => ownedBy(FACTORY_OWNER, ctx.scope);

/** The ids among `ids` of the factories the scope may act for (access's factory permissions). */
export async function factoriesActingFor(
  tx: Executor,
  scope: Scope,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await tx
    .select({ id: factories.id })
    .from(factories)
    .where(and(inArray(factories.id, [...ids]), ...ownedBy(FACTORY_OWNER, scope)));
  return rows.map((r) => r.id);
}

/** A supplier's factories (spec §3 Factory): address, sender, regions and the main shipping flag. */
export const factoryResource: CrudDefinition<typeof logisticsOperations.factory> = {
  operations: logisticsOperations.factory,
  table: factories,
  owner: FACTORY_OWNER,
  columns: { id: factories.id },
  toItem: (r) => {
    const f = r as FactoryRow;
    return {
      id: f.id,
      number: f.number,
      name: f.name,
      regions: f.regions,
      country: f.country,
      province: f.province,
      city: f.city,
      district: f.district,
      address: f.address,
      post_code: f.postCode,
      sender_name: f.senderName,
      sender_phone: f.senderPhone,
      is_main: f.isMain,
      status: f.status,
      created_at: f.createdAt.toISOString(),
    };
  },
  async toInsert(ctx, input) {
    const tenantId = ctx.scope.tenantId;
    if (!tenantId) throw AppError.forbidden();
    // spec §6: the supplier's level limits how many factories it may have.
    await assertFactorySlot(ctx.tx, tenantId, () => countFactories(ctx.tx, tenantId));
    const [dupe] = await ctx.tx
      .select({ n: count() })
      .from(factories)
      .where(and(eq(factories.tenantId, tenantId), eq(factories.number, input.number)));
    if ((dupe?.n ?? 0) > 0) throw AppError.conflict('logistics.factoryNumberTaken', {}, { field: 'number' });
    return factoryValues(input);
  },
  toUpdate: (_ctx, input) => factoryValues(input),
  // One main shipping factory per tenant: marking one clears the others.
  async afterWrite(ctx, row) {
    if (!row.isMain || !ctx.scope.tenantId) return;
    await ctx.tx
      .update(factories)
      .set({ isMain: false })
      .where(
        and(
          eq(factories.tenantId, ctx.scope.tenantId),
          ne(factories.id, String(row.id)),
          sql`${factories.isMain}`,
        ),
      );
  },
  filters: {
    status: { column: factories.status, op: 'eq' },
    country: { column: factories.country, op: 'eq' },
  },
  quickSearch: [factories.name, factories.number, factories.city],
  orderable: { name: factories.name, number: factories.number, created_at: factories.createdAt },
  defaultOrder: [[factories.createdAt, 'desc']],
  selectLabel: factories.name,
  recyclable: true,
};
