import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery, anyOfPlaceholder } from '../../db/prepared.ts';
import { distinctIds } from '../../platform/distinct-ids.ts';
import { levels, merchants, tenants } from './schema.ts';

export type TenantRow = typeof tenants.$inferSelect;
export type MerchantRow = typeof merchants.$inferSelect;

export async function findTenantByDomain(tx: Executor, domain: string): Promise<TenantRow | undefined> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.domain, domain)).limit(1);
  return row;
}

export async function findTenantByName(tx: Executor, name: string): Promise<TenantRow | undefined> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.name, name)).limit(1);
  return row;
}

export async function insertTenant(tx: Executor, values: typeof tenants.$inferInsert): Promise<TenantRow> {
  const [row] = await tx.insert(tenants).values(values).returning();
  if (!row) throw new Error('tenant insert returned nothing');
  return row;
}

export async function insertMerchant(
  tx: Executor,
  values: typeof merchants.$inferInsert,
): Promise<MerchantRow> {
  const [row] = await tx.insert(merchants).values(values).returning();
  if (!row) throw new Error('merchant insert returned nothing');
  return row;
}

/**
 * The tenant of a domain, else the default tenant, in ONE prepared statement (the storefront asks
 * on every request; decision 0076): the domain's row sorts first when there is one.
 */
export async function findTenantForDomain(
  tx: Executor,
  domain: string | null,
): Promise<TenantRow | undefined> {
  const [row] = await preparedQuery(tx, 'tenancy_tenant_for_domain', (t) =>
    t
      .select()
      .from(tenants)
      .where(sql`${tenants.domain} = ${sql.placeholder('domain')}::text OR ${tenants.isDefault}`)
      .orderBy(sql`(${tenants.domain} IS NOT DISTINCT FROM ${sql.placeholder('domain')}::text) DESC`)
      .limit(1),
  ).execute({ domain });
  return row;
}

export async function findDefaultTenant(tx: Executor): Promise<TenantRow | undefined> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.isDefault, true)).limit(1);
  return row;
}

export async function findMerchant(
  tx: Executor,
  tenantId: string,
  id: string,
): Promise<MerchantRow | undefined> {
  const [row] = await preparedQuery(tx, 'tenancy_merchant_by_id', (t) =>
    t
      .select()
      .from(merchants)
      .where(and(eq(merchants.tenantId, sql.placeholder('tenant')), eq(merchants.id, sql.placeholder('id'))))
      .limit(1),
  ).execute({ tenant: tenantId, id });
  return row;
}

export async function findMerchantByNumber(
  tx: Executor,
  tenantId: string,
  number: string,
): Promise<MerchantRow | undefined> {
  const [row] = await tx
    .select()
    .from(merchants)
    .where(and(eq(merchants.tenantId, tenantId), eq(merchants.number, number)))
    .limit(1);
  return row;
}

/** Merchants of a tenant, or of every tenant for null (the platform). */
export async function countMerchants(tx: Executor, tenantId: string | null): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(merchants)
    .where(tenantId === null ? undefined : eq(merchants.tenantId, tenantId));
  return row?.n ?? 0;
}

/** Merchants of the tenant (every tenant's for the platform, `null`): all, and those created since. */
export async function merchantGrowth(
  tx: Executor,
  tenantId: string | null,
  since: Date,
): Promise<{ total: number; last_week: number }> {
  const [row] = await tx
    .select({
      total: sql<number>`count(*)::int`,
      last_week: sql<number>`(count(*) filter (where ${merchants.createdAt} >= ${since.toISOString()}::timestamptz))::int`,
    })
    .from(merchants)
    .where(tenantId === null ? undefined : eq(merchants.tenantId, tenantId));
  return { total: row?.total ?? 0, last_week: row?.last_week ?? 0 };
}

/** How many suppliers (tenants) the platform has. */
export async function countTenants(tx: Executor): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(tenants);
  return row?.n ?? 0;
}

/** Which of these ids are merchants of the tenant (any tenant for the platform, `null`). */
export async function existingMerchantIds(
  tx: Executor,
  tenantId: string | null,
  ids: string[],
): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await tx
    .select({ id: merchants.id })
    .from(merchants)
    .where(and(inArray(merchants.id, ids), ...(tenantId ? [eq(merchants.tenantId, tenantId)] : [])));
  return rows.map((r) => r.id);
}

/** The tenant's merchant levels among the ids, with their names (one query for a page). */
export async function merchantLevelsByIds(tx: Executor, tenantId: string, ids: Iterable<string | null>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  // Prepared once per handle (decision 0076): the ids are one array parameter.
  return preparedQuery(tx, 'tenancy_merchant_levels_by_ids', (t) =>
    t
      .select({ id: levels.id, name: levels.name })
      .from(levels)
      .where(
        and(
          eq(levels.tenantId, sql.placeholder('tenant')),
          eq(levels.kind, 'merchant'),
          anyOfPlaceholder(levels.id, 'ids'),
        ),
      ),
  ).execute({ tenant: tenantId, ids: list });
}

/** The tenant's merchants among the ids, with their names (one query for a page). */
export async function merchantsByIds(tx: Executor, tenantId: string, ids: Iterable<string | null>) {
  const list = distinctIds(ids);
  if (!list.length) return [];
  return preparedQuery(tx, 'tenancy_merchants_by_ids', (t) =>
    t
      .select({ id: merchants.id, name: merchants.name })
      .from(merchants)
      .where(and(eq(merchants.tenantId, sql.placeholder('tenant')), anyOfPlaceholder(merchants.id, 'ids'))),
  ).execute({ tenant: tenantId, ids: list });
}
