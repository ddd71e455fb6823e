import { siteOperations } from '@pod/shared';
import { route } from '../../platform/http/route.ts';
import { ok } from '../../platform/http/envelope.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { siteInfoForHost } from './site.service.ts';

export function siteRoutes(app: ZodApp, { database, config }: AppServices): void {
  route(app, siteOperations.getHealth, async () => {
    await database.raw.query('select 1');
    return ok({ status: 'ok' as const, database: database.kind, version: config.version });
  });

  route(app, siteOperations.getSiteIndex, async (request) =>
    ok(await siteInfoForHost(database.db, request.headers.host, config)),
  );
}
