import type { FastifyRequest } from 'fastify';
import { PERMISSIONS, TRACKING_JOBS, trackingOperations as op } from '@pod/shared';
import type { ServiceContext } from '../../platform/context.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import { jobOwner } from '../../platform/jobs/job-queue.ts';
import type { AppServices } from '../../services.ts';
import { merchantWideContext } from '../access/index.ts';
import { listPushes, prepareSync, type PushJobData } from './push.service.ts';
import { getSettings, listProviders, saveSettings } from './settings.service.ts';
import { trackingTestHooks } from './test-hooks.routes.ts';

/**
 * Tracking routes (issue 21, decision 0055). Pushes are merchant-wide rows, like orders (no
 * department data scope); the guard checks each route's permission. "Sync status" writes its push
 * rows in one transaction, then queues the job that sends them.
 */
export function trackingRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  const read = <T>(request: FastifyRequest, fn: (ctx: ServiceContext) => Promise<T>) =>
    fn(merchantWideContext(request, db));
  const write = <T>(request: FastifyRequest, fn: (ctx: ServiceContext) => Promise<T>) =>
    db.transaction((tx) => fn(merchantWideContext(request, tx)));

  route(app, op.trackingSync, async (request) => {
    if (!services.jobs.isStarted) throw new AppError(503, 'tracking.noQueue');
    const { ctx, m, pushIds, results } = await write(request, async (ctx) => ({
      ctx,
      ...(await prepareSync(ctx, request.body.order_ids)),
    }));
    const data: PushJobData = {
      tenant_id: m.tenantId,
      merchant_id: m.merchantId,
      lang: ctx.lang,
      push_ids: pushIds,
    };
    // Should queueing fail, the pushes stay pending and the sweep hands them to a job shortly.
    const jobId = await services.jobs.enqueue(
      TRACKING_JOBS.push,
      data,
      jobOwner(ctx, PERMISSIONS.tracking.sync),
    );
    return ok(
      { job_id: jobId, queued: pushIds.length, results },
      t(request.ctx.lang, 'tracking.syncStarted', { count: pushIds.length }),
    );
  });

  route(app, op.trackingPushList, async (request) =>
    ok(await read(request, (ctx) => listPushes(ctx, request.query))),
  );

  route(app, op.trackingShopSettings, async (request) =>
    ok(await read(request, (ctx) => getSettings(ctx, request.params.id))),
  );

  route(app, op.trackingShopSettingsSave, async (request) =>
    ok(
      await write(request, (ctx) => saveSettings(ctx, request.params.id, request.body)),
      t(request.ctx.lang, 'tracking.saved'),
    ),
  );

  route(app, op.trackingShopProviders, async (request) =>
    ok({ providers: await read(request, (ctx) => listProviders(ctx, services, request.params.id)) }),
  );

  trackingTestHooks(app, services);
}
