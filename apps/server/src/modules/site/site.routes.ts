import { envelope, healthSchema, siteInfoSchema } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { siteInfoForHost } from './site.service.ts';

export function siteRoutes(app: ZodApp, { database, config }: AppServices): void {
  app.get(
    '/api/health',
    {
      config: { audience: 'public', permission: null },
      schema: {
        tags: ['site'],
        operationId: 'getHealth',
        summary: 'Liveness and database kind',
        response: { 200: envelope(healthSchema) },
      },
    },
    async () => {
      await database.raw.query('select 1');
      return ok({ status: 'ok' as const, database: database.kind, version: config.version });
    },
  );

  app.get(
    '/api/v1/index',
    {
      config: { audience: 'public', permission: null },
      schema: {
        tags: ['site'],
        operationId: 'getSiteIndex',
        summary: 'Site info for the app shell and the admin store',
        response: { 200: envelope(siteInfoSchema) },
      },
    },
    async (request) => ok(await siteInfoForHost(database.db, request.headers.host, config)),
  );
}
