import { siteOperations } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { configItems, saveConfig } from './config.service.ts';

/** System config: grouped settings of the caller's tenant (the platform's for platform admins). */
export function configRoutes(app: ZodApp, { database, config }: AppServices): void {
  const db = database.db;
  route(app, siteOperations.configList, async (request) =>
    ok(await configItems(db, request.ctx.actor?.tenantId ?? null, config.siteName)),
  );

  route(app, siteOperations.configUpdate, async (request) => {
    const actor = request.ctx.actor!;
    const tenantId = actor.tenantId ?? null;
    await db.transaction((tx) => saveConfig(tx, tenantId, actor.id, request.body.values));
    return ok(await configItems(db, tenantId, config.siteName), t(request.ctx.lang, 'common.ok'));
  });
}
