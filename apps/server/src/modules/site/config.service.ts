import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { ConfigItem } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { systemConfigs } from './schema.ts';
import { AppError } from '../../platform/http/errors.ts';
import { CONFIG_BY_KEY, CONFIG_CATALOGUE } from './config-catalogue.ts';
import { sameTenant } from '../../platform/tenant-scope.ts';

export type EffectiveConfig = Record<string, unknown>;

/** Effective settings of a tenant (or the platform, for null): tenant value, else platform, else default. */
export async function effectiveConfig(
  tx: Executor,
  tenantId: string | null,
  siteName: string,
): Promise<EffectiveConfig> {
  // The platform's rows and the tenant's in one prepared statement (decision 0084), the platform's
  // first so that the tenant's override them.
  const rows = await preparedQuery(tx, 'site_configs_effective', (t) =>
    t
      .select()
      .from(systemConfigs)
      .where(
        or(
          isNull(systemConfigs.tenantId),
          eq(systemConfigs.tenantId, sql`${sql.placeholder('tenant')}::uuid`),
        ),
      )
      .orderBy(sql`${systemConfigs.tenantId} NULLS FIRST`),
  ).execute({ tenant: tenantId });
  const out: EffectiveConfig = {};
  for (const def of CONFIG_CATALOGUE) out[def.key] = def.default(siteName);
  for (const row of rows) if (CONFIG_BY_KEY.has(row.key)) out[row.key] = row.value.v;
  return out;
}

/** The config page: every setting with its group, type, value and default. */
export async function configItems(
  tx: Executor,
  tenantId: string | null,
  siteName: string,
): Promise<ConfigItem[]> {
  const values = await effectiveConfig(tx, tenantId, siteName);
  return CONFIG_CATALOGUE.map((def) => ({
    key: def.key,
    group: def.group,
    type: def.type,
    title: `config.${def.key}`,
    value: values[def.key],
    default: def.default(siteName),
    options: def.options ?? [],
  }));
}

/** Saves settings for the caller's tenant (or the platform); each value is checked against its rule. */
export async function saveConfig(
  tx: Executor,
  tenantId: string | null,
  userId: string,
  values: Record<string, unknown>,
): Promise<void> {
  for (const [key, value] of Object.entries(values)) {
    const def = CONFIG_BY_KEY.get(key);
    if (!def) throw AppError.badRequest('config.unknownKey', { key }, { field: key });
    const parsed = def.schema.safeParse(value);
    if (!parsed.success) throw AppError.badRequest('config.invalid', { key }, { field: key });
    const where = and(eq(systemConfigs.key, key), sameTenant(systemConfigs.tenantId, tenantId));
    const updated = await tx
      .update(systemConfigs)
      .set({ value: { v: parsed.data }, updatedBy: userId })
      .where(where)
      .returning({ id: systemConfigs.id });
    if (updated.length === 0) {
      await tx.insert(systemConfigs).values({ tenantId, key, value: { v: parsed.data }, updatedBy: userId });
    }
  }
}
