import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { senderAddressCreateSchema } from '@pod/shared';
import { logisticsOperations } from '@pod/shared';
import { factories, senderAddresses } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import { permittedFactories } from './factory.resource.ts';

type Row = typeof senderAddresses.$inferSelect & { factoryName?: string };
type Input = Partial<z.infer<typeof senderAddressCreateSchema>>;

const toValues = (input: Input) => ({
  ...(input.name !== undefined ? { name: input.name } : {}),
  ...(input.phone !== undefined ? { phone: input.phone } : {}),
  ...(input.country !== undefined ? { country: input.country } : {}),
  ...(input.province !== undefined ? { province: input.province } : {}),
  ...(input.city !== undefined ? { city: input.city } : {}),
  ...(input.district !== undefined ? { district: input.district } : {}),
  ...(input.address !== undefined ? { address: input.address } : {}),
  ...(input.post_code !== undefined ? { postCode: input.post_code } : {}),
  ...(input.is_default !== undefined ? { isDefault: input.is_default } : {}),
  ...(input.status !== undefined ? { status: input.status } : {}),
});

/** The factory must be one of the tenant's that the caller may see (factory permissions). */
async function checkFactory(ctx: ServiceContext, factoryId: string): Promise<void> {
  if (!ctx.scope.tenantId) throw AppError.forbidden();
  const [factory] = await ctx.tx
    .select({ id: factories.id })
    .from(factories)
    .where(and(eq(factories.id, factoryId), ...permittedFactories(ctx)));
  if (!factory) throw AppError.notFound('logistics.factoryNotFound');
}

async function withFactoryNames(ctx: ServiceContext, rows: Array<Record<string, unknown>>) {
  const ids = [...new Set(rows.map((r) => String(r.factoryId)))];
  if (!ids.length) return rows;
  const names = await ctx.tx
    .select({ id: factories.id, name: factories.name })
    .from(factories)
    .where(inArray(factories.id, ids));
  const byId = new Map(names.map((f) => [f.id, f.name]));
  return rows.map((r) => ({ ...r, factoryName: byId.get(String(r.factoryId)) ?? '' }));
}

/** A factory's shipping (sender) addresses; at most one default per factory. */
export const senderAddressResource: CrudDefinition<typeof logisticsOperations.senderAddress> = {
  operations: logisticsOperations.senderAddress,
  table: senderAddresses,
  // spec §6 factory permissions: the factories the caller may act for.
  owner: { level: 'factory', tenant: senderAddresses.tenantId, factory: senderAddresses.factoryId },
  columns: { id: senderAddresses.id, createdBy: senderAddresses.createdBy },
  toItem: (r) => {
    const a = r as Row;
    return {
      id: a.id,
      factory_id: a.factoryId,
      factory_name: a.factoryName ?? '',
      name: a.name,
      phone: a.phone,
      country: a.country,
      province: a.province,
      city: a.city,
      district: a.district,
      address: a.address,
      post_code: a.postCode,
      is_default: a.isDefault,
      status: a.status,
      created_at: a.createdAt.toISOString(),
    };
  },
  async toInsert(ctx, input) {
    await checkFactory(ctx, input.factory_id);
    return { ...toValues(input), factoryId: input.factory_id };
  },
  toUpdate: (_ctx, input) => toValues(input),
  // One default per factory: marking one clears the others.
  async afterWrite(ctx, row) {
    if (!row.isDefault) return;
    await ctx.tx
      .update(senderAddresses)
      .set({ isDefault: false })
      .where(
        and(
          eq(senderAddresses.factoryId, String(row.factoryId)),
          ne(senderAddresses.id, String(row.id)),
          sql`${senderAddresses.isDefault}`,
        ),
      );
  },
  enrichMany: withFactoryNames,
  enrich: async (ctx, row) => (await withFactoryNames(ctx, [row]))[0]!,
  filters: {
    factory_id: { column: senderAddresses.factoryId, op: 'eq' },
    status: { column: senderAddresses.status, op: 'eq' },
  },
  quickSearch: [senderAddresses.name, senderAddresses.phone, senderAddresses.address],
  orderable: { created_at: senderAddresses.createdAt, name: senderAddresses.name },
  defaultOrder: [
    [senderAddresses.isDefault, 'desc'],
    [senderAddresses.createdAt, 'desc'],
  ],
  selectLabel: senderAddresses.name,
  recyclable: true,
};
