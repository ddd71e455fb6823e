import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { tenants } from './schema.ts';

/**
 * The tenant a new merchant or merchant level belongs to (decision 0069). A supplier's are its
 * own tenant's, whatever the body says; the platform, which manages every supplier's (spec §1),
 * names the supplier in `tenant_id`, which must exist.
 */
export async function tenantForNewRow(
  ctx: ServiceContext,
  chosen: string | null | undefined,
): Promise<string> {
  if (ctx.scope.tier !== 'platform') {
    if (!ctx.scope.tenantId) throw AppError.forbidden();
    return ctx.scope.tenantId;
  }
  if (!chosen) throw AppError.field('tenant_id', 'validation.select', { field: { t: 'fields.tenant_id' } });
  const [row] = await ctx.tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, chosen));
  if (!row) throw AppError.field('tenant_id', 'tenancy.tenantNotFound');
  return row.id;
}

/** The names of these tenants (the supplier column of the platform's lists), in one query. */
export async function tenantNames(
  tx: Executor,
  ids: readonly (string | null)[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids.filter((id): id is string => id !== null))];
  if (!unique.length) return new Map();
  const rows = await tx
    .select({ id: tenants.id, name: tenants.name })
    .from(tenants)
    .where(inArray(tenants.id, unique));
  return new Map(rows.map((r) => [r.id, r.name]));
}
