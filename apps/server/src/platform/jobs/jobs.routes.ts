import { envelope, jobIdParamsSchema, jobSchema } from '@pod/shared';
import { ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { ZodApp } from '../http/types.ts';
import type { PlatformServices as AppServices } from '../services.ts';
import type { JobScope } from './job-queue.ts';

export function jobRoutes(app: ZodApp, { jobs }: AppServices): void {
  app.get(
    '/api/v1/jobs/:id',
    {
      config: { audience: 'admin', permission: null },
      schema: {
        tags: ['jobs'],
        operationId: 'getJob',
        summary: 'Progress, result or failure reason of a background job',
        params: jobIdParamsSchema,
        response: { 200: envelope(jobSchema) },
      },
    },
    async (request) => {
      const actor = request.ctx.actor;
      let scope: JobScope | null = null;
      if (actor?.kind === 'admin' && actor.tier === 'platform') scope = { allTenants: true };
      else if (actor?.tenantId) scope = { tenantId: actor.tenantId };
      const job = scope ? await jobs.get(request.params.id, scope) : null;
      if (!job) throw AppError.notFound('jobs.notFound');
      return ok(job);
    },
  );
}
