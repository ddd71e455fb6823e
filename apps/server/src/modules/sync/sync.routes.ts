import { PERMISSIONS, syncOperations, type SyncRecord } from '@pod/shared';
import { AppError } from '../../platform/http/errors.ts';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import { jobOwner } from '../../platform/jobs/job-queue.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { findShop, shopsOf, type ShopRow } from '../shops/index.ts';
import { healthList, healthOne } from './health.service.ts';
import * as repo from './sync.repo.ts';
import { POLL_JOB, type PollJobData } from './sync.service.ts';

/** Why a shop cannot sync now (400 "other" platform, 409 not authorised or disabled), or null. */
function cannotSync(shop: ShopRow): AppError | null {
  if (shop.platform === 'other') return AppError.badRequest('sync.noMarketplace');
  if (shop.authState !== 'authorised') return AppError.conflict('sync.notAuthorised');
  if (shop.status !== 'enabled') return AppError.conflict('sync.shopDisabled');
  return null;
}

/** Order sync records, "sync now", sync settings and sync health (issue 20, decision 0052). */
export function syncRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  route(app, syncOperations.syncRecordList, async (request) =>
    db.transaction(async (tx) => {
      const ctx = await adminContext(request, tx);
      const { page, limit } = request.query;
      const { rows, total } = await repo.listRecords(ctx, request.query);
      const names = new Map((await shopsOf(ctx)).map((s) => [s.id, s]));
      const list: SyncRecord[] = rows.map((r) => {
        const shop = names.get(r.shopId);
        const params: Record<string, string | number | { t: string }> = { ...r.params };
        if (typeof params.reason === 'string') params.reason = { t: params.reason };
        const message = t(ctx.lang, r.messageKey, params);
        return {
          id: r.id,
          shop_id: r.shopId,
          shop_name: shop?.name ?? '',
          platform: shop?.platform ?? '',
          channel: r.channel,
          outcome: r.outcome,
          third_party_order_no: r.thirdPartyOrderNo,
          gap: r.gap,
          message: r.gap ? `${message} (${t(ctx.lang, 'sync.gap')})` : message,
          created_at: r.createdAt.toISOString(),
        };
      });
      return ok({ list, total, page, limit });
    }),
  );

  route(app, syncOperations.syncHealthList, async (request) =>
    ok(await db.transaction(async (tx) => healthList(await adminContext(request, tx)))),
  );

  route(app, syncOperations.syncHealthGet, async (request) =>
    ok(await db.transaction(async (tx) => healthOne(await adminContext(request, tx), request.params.id))),
  );

  route(app, syncOperations.syncSettingsUpdate, async (request) => {
    const health = await db.transaction(async (tx) => {
      const ctx = await adminContext(request, tx);
      const shop = await findShop(ctx, request.params.id);
      if (shop.platform === 'other') throw AppError.badRequest('sync.noMarketplace');
      await repo.setSyncDays(tx, shop, request.body.sync_days);
      return healthOne(ctx, shop.id);
    });
    return ok(health, t(request.ctx.lang, 'sync.saved'));
  });

  route(app, syncOperations.syncNow, async (request) => {
    const ctx = await adminContext(request, db);
    const shop = await findShop(ctx, request.params.id);
    const refusal = cannotSync(shop);
    if (refusal) throw refusal;
    const jobId = await services.jobs.enqueue<PollJobData>(
      POLL_JOB,
      { shopId: shop.id, channel: 'manual' },
      jobOwner(ctx, PERMISSIONS.orderSync.sync),
    );
    return ok({ job_id: jobId }, t(request.ctx.lang, 'sync.queued'));
  });
}
