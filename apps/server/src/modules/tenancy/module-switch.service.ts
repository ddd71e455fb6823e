import { arrayContains, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ModuleSwitches } from '../../platform/module-switches.ts';
import { tenants } from './schema.ts';

/** The switchable modules the platform has switched off for a tenant (none for an unknown one). */
export async function disabledModulesOf(tx: Executor, tenantId: string): Promise<string[]> {
  const [row] = await tx
    .select({ disabled: tenants.disabledModules })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .limit(1);
  return row?.disabled ?? [];
}

/** The tenants that have a module switched off (decision 0059: their rows are left out of sweeps). */
export async function tenantsWithModuleOff(tx: Executor, name: string): Promise<string[]> {
  const rows = await tx
    .select({ id: tenants.id })
    .from(tenants)
    .where(arrayContains(tenants.disabledModules, [name]));
  return rows.map((r) => r.id);
}

/**
 * Switches a module on or off for one tenant (spec "module store"): on also switches on what it
 * needs; off is refused while a module that is on needs it. Nothing is deleted. Returns what the
 * tenant has switched off afterwards. The caller owns the transaction and the permission check.
 */
export async function switchModule(
  tx: Executor,
  switches: ModuleSwitches,
  tenantId: string,
  name: string,
  enabled: boolean,
): Promise<string[]> {
  // The tenant's row is locked so that two switches at once cannot both pass the dependency check.
  const [row] = await tx
    .select({ disabled: tenants.disabledModules })
    .from(tenants)
    .where(eq(tenants.id, tenantId))
    .for('update');
  if (!row) throw AppError.notFound('tenancy.tenantNotFound');
  const plan = switches.plan(row.disabled, name, enabled);
  if ('refused' in plan) throw AppError.badRequest(plan.refused, plan.params);
  await tx.update(tenants).set({ disabledModules: plan.disabled }).where(eq(tenants.id, tenantId));
  switches.invalidate(tenantId);
  return plan.disabled;
}
