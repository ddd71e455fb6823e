import { eq } from 'drizzle-orm';
import { moduleStoreOperations, type StoreModule } from '@pod/shared';
import type { StoreEntry } from '../../platform/module-switches.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../platform/context.ts';
import type { AppServices } from '../../services.ts';
import { disabledModulesOf, switchModule } from './module-switch.service.ts';
import { tenants } from './schema.ts';

const item = (e: StoreEntry): StoreModule => ({
  name: e.name,
  title: e.title,
  description: e.description,
  version: e.version,
  depends_on: e.dependsOn,
  needed_by: e.neededBy,
  enabled: e.enabled,
});

/** A supplier tenant, or 404. The routes are the platform's (their permission's tier). */
async function assertTenant(tx: Executor, tenantId: string): Promise<void> {
  const [row] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
  if (!row) throw AppError.notFound('tenancy.tenantNotFound');
}

/** Only the platform switches tenants' modules (the permission's tier says so too). */
function assertPlatform(actor: Actor | null): void {
  if (actor?.kind !== 'admin' || actor.tier !== 'platform') throw AppError.forbidden();
}

/**
 * The module store (spec /admin/moduleStore, decision 0048): the platform switches a supplier
 * tenant's modules on and off. The list is the descriptors'; the switch is decision 0038's.
 */
export function moduleStoreRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  const switches = services.modules;

  route(app, moduleStoreOperations.moduleStoreList, async (request) => {
    assertPlatform(request.ctx.actor);
    await assertTenant(db, request.query.tenant_id);
    const disabled = await disabledModulesOf(db, request.query.tenant_id);
    return ok({ list: switches.catalogue(disabled).map(item) });
  });

  route(app, moduleStoreOperations.moduleStoreSwitch, async (request) => {
    assertPlatform(request.ctx.actor);
    const { tenant_id, name, enabled } = request.body;
    const disabled = await db.transaction(async (tx) => {
      await assertTenant(tx, tenant_id);
      return switchModule(tx, switches, tenant_id, name, enabled);
    });
    return ok(
      { list: switches.catalogue(disabled).map(item) },
      t(request.ctx.lang, enabled ? 'tenancy.moduleEnabled' : 'tenancy.moduleDisabled'),
    );
  });
}
