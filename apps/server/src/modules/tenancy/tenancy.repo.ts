import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { merchants, tenants } from '../../db/schema/index.ts';

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

export async function findDefaultTenant(tx: Executor): Promise<TenantRow | undefined> {
  const [row] = await tx.select().from(tenants).where(eq(tenants.isDefault, true)).limit(1);
  return row;
}

export async function findMerchant(
  tx: Executor,
  tenantId: string,
  id: string,
): Promise<MerchantRow | undefined> {
  const [row] = await tx
    .select()
    .from(merchants)
    .where(and(eq(merchants.tenantId, tenantId), eq(merchants.id, id)))
    .limit(1);
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
