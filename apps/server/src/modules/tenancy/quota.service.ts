import { and, count, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { levels, merchants, tenants } from './schema.ts';
import type { AdminActor } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { countMerchantStaff, countTenantUsers } from '../access/index.ts';

type LevelRow = typeof levels.$inferSelect;

/** The quotas a level sets, by the column that holds each limit. */
export type QuotaName =
  | 'merchantUserCount'
  | 'supplierUserCount'
  | 'factoryUserCount'
  | 'factoryCount'
  | 'merchantCount'
  | 'shopCount'
  | 'productTemplateCount'
  | 'designCount'
  | 'storageCount';

async function defaultLevel(tx: Executor, tenantId: string | null, kind: 'supplier' | 'merchant') {
  const [row] = await tx
    .select()
    .from(levels)
    .where(
      and(
        eq(levels.kind, kind),
        eq(levels.isDefault, true),
        eq(levels.status, 'enabled'),
        tenantId === null ? isNull(levels.tenantId) : eq(levels.tenantId, tenantId),
      ),
    )
    .limit(1);
  return row;
}

async function levelById(tx: Executor, id: string | null) {
  if (!id) return undefined;
  const [row] = await tx
    .select()
    .from(levels)
    .where(and(eq(levels.id, id), eq(levels.status, 'enabled')))
    .limit(1);
  return row;
}

/**
 * A merchant's level in force: its own while unexpired, else its supplier's default merchant
 * level (decision 0012). No level at all means the supplier has set none up: no limit.
 * One prepared statement (decision 0084): the merchant's own level and the default are both
 * candidates, the own one first; both in the merchant's tenant.
 */
export async function merchantLevel(
  tx: Executor,
  tenantId: string,
  merchantId: string,
): Promise<LevelRow | undefined> {
  const [row] = await preparedQuery(tx, 'tenancy_merchant_level_in_force', (t) => {
    const tenant = sql.placeholder('tenant');
    const own = sql`(SELECT ${merchants.levelId} FROM ${merchants}
      WHERE ${merchants.tenantId} = ${tenant} AND ${merchants.id} = ${sql.placeholder('merchant')}
        AND (${merchants.levelExpiresAt} IS NULL OR ${merchants.levelExpiresAt} > now()))`;
    return t
      .select()
      .from(levels)
      .where(
        and(
          eq(levels.tenantId, tenant),
          eq(levels.status, 'enabled'),
          or(eq(levels.id, own), and(eq(levels.kind, 'merchant'), eq(levels.isDefault, true))),
        ),
      )
      .orderBy(sql`${levels.id} = ${own} DESC NULLS LAST`)
      .limit(1);
  }).execute({ tenant: tenantId, merchant: merchantId });
  return row;
}

/** A supplier's level in force: its own while unexpired, else the platform's default supplier level. */
export async function supplierLevel(tx: Executor, tenantId: string): Promise<LevelRow | undefined> {
  const [t] = await tx
    .select({ levelId: tenants.levelId, end: tenants.levelEnd })
    .from(tenants)
    .where(eq(tenants.id, tenantId));
  const today = new Date().toISOString().slice(0, 10);
  const ownValid = t?.levelId && (!t.end || t.end >= today);
  return (
    (ownValid ? await levelById(tx, t.levelId) : undefined) ?? (await defaultLevel(tx, null, 'supplier'))
  );
}

/** 409: the request is fine, the level's limit is what stands in the way. */
function refuse(level: LevelRow, quota: QuotaName, used: number): never {
  const shown = quota === 'storageCount' ? megabytes : (n: number) => n;
  throw new AppError(409, 'quota.reached', {
    quota: { t: `quota.names.${quota}` },
    level: level.name,
    used: shown(used),
    max: shown(level[quota]),
  });
}

/** A size in megabytes as people read it: `0.3 MB`, `20 MB`, `1.5 GB` (never `0.30079841…`). */
export function megabytes(mb: number): string {
  const round = (n: number) => String(Math.round(n * 10) / 10);
  return mb >= 1024 ? `${round(mb / 1024)} GB` : `${round(mb)} MB`;
}

/**
 * One more staff account for the actor's organisation (spec §6: levels limit sub-accounts).
 * Merchants count their ordinary staff; suppliers and factories their users.
 */
export async function assertStaffSlot(tx: Executor, actor: AdminActor): Promise<void> {
  if (!actor.tenantId) return;
  if (actor.tier === 'merchant' && actor.merchantId) {
    const level = await merchantLevel(tx, actor.tenantId, actor.merchantId);
    if (!level) return;
    const staff = await countMerchantStaff(tx, actor.merchantId);
    if (staff >= level.merchantUserCount) refuse(level, 'merchantUserCount', staff);
    return;
  }
  const level = await supplierLevel(tx, actor.tenantId);
  if (!level) return;
  const quota: QuotaName = actor.tier === 'factory' ? 'factoryUserCount' : 'supplierUserCount';
  const users = await countTenantUsers(tx, actor.tenantId, actor.tier);
  if (users >= level[quota]) refuse(level, quota, users);
}

/**
 * One more factory for a supplier (its level's `factory_count`). Logistics owns the factories and
 * counts them, only when the supplier has a level (`countFactories`).
 */
export async function assertFactorySlot(
  tx: Executor,
  tenantId: string,
  countFactories: () => Promise<number>,
): Promise<void> {
  const level = await supplierLevel(tx, tenantId);
  if (!level) return;
  const factories = await countFactories();
  if (factories >= level.factoryCount) refuse(level, 'factoryCount', factories);
}

/** One more merchant for a supplier (its level's `merchant_count`), whether added or self-registered. */
export async function assertMerchantSlot(tx: Executor, tenantId: string): Promise<void> {
  const level = await supplierLevel(tx, tenantId);
  if (!level) return;
  const [row] = await tx.select({ n: count() }).from(merchants).where(eq(merchants.tenantId, tenantId));
  if ((row?.n ?? 0) >= level.merchantCount) refuse(level, 'merchantCount', row?.n ?? 0);
}

/** The merchant quotas whose counted things live in other modules, which pass their own count. */
export type MerchantQuota = 'shopCount' | 'productTemplateCount' | 'designCount' | 'storageCount';

/**
 * Refuses adding `adding` to a merchant quota the owning module has counted as `used`: shops,
 * product templates, designs this month, or stored megabytes (spec §6).
 */
export async function assertMerchantQuota(
  tx: Executor,
  scope: { tenantId: string; merchantId: string },
  quota: MerchantQuota,
  used: number,
  adding = 1,
): Promise<void> {
  const level = await merchantLevel(tx, scope.tenantId, scope.merchantId);
  if (level && used + adding > level[quota]) refuse(level, quota, used);
}

export const assertShopSlot = (
  tx: Executor,
  scope: { tenantId: string; merchantId: string },
  shops: number,
) => assertMerchantQuota(tx, scope, 'shopCount', shops);
export const assertTemplateSlot = (
  tx: Executor,
  scope: { tenantId: string; merchantId: string },
  templates: number,
) => assertMerchantQuota(tx, scope, 'productTemplateCount', templates);
export const assertDesignSlot = (
  tx: Executor,
  scope: { tenantId: string; merchantId: string },
  designsThisMonth: number,
) => assertMerchantQuota(tx, scope, 'designCount', designsThisMonth);
/** `usedMb` and `addingMb` in megabytes (storage_count is in MB). */
export const assertStorage = (
  tx: Executor,
  scope: { tenantId: string; merchantId: string },
  usedMb: number,
  addingMb: number,
) => assertMerchantQuota(tx, scope, 'storageCount', usedMb, addingMb);
