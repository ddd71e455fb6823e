import { PUBLISH_JOBS, publishActions, publishFromStatuses, publishingOperations } from '@pod/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { registerCrud } from '../../platform/crud/crud.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import { jobOwner } from '../../platform/jobs/job-queue.ts';
import { ownedBy } from '../../platform/ownership.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { merchantLevel } from '../tenancy/index.ts';
import { finishedForPublishing } from '../designs/index.ts';
import {
  findListing,
  findTemplate,
  LISTING_OWNER,
  listingResource,
  merchantOf,
  publishableShop,
  startingFields,
} from './listing.resource.ts';
import { moveListings } from './listing-status.ts';
import { preflightListing } from './preflight.service.ts';
import { failUnqueued, type PublishJobData } from './publish.service.ts';
import { publishListings } from './schema.ts';
import { templateResource } from './template.resource.ts';

const distinct = (ids: string[]) => [...new Set(ids)];

/** Listings, templates, preflight and (batch) publishing (issue 23). */
export function publishingRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  registerCrud(app, services.crud, adminContext, listingResource(services.files));
  registerCrud(app, services.crud, adminContext, templateResource);

  route(app, publishingOperations.templateApply, async (request) => {
    const reply = await db.transaction(async (tx) => {
      const ctx = await adminContext(request, tx);
      const m = merchantOf(ctx);
      const template = await findTemplate(ctx, request.params.id);
      const shop = await publishableShop(ctx, request.body.shop_id);
      if (shop.platform !== template.platform) throw AppError.field('shop_id', 'publishing.templatePlatform');
      let created = 0;
      let updated = 0;
      const ids: string[] = [];
      for (const finishedId of distinct(request.body.finished_ids)) {
        const finished = await finishedForPublishing(tx, m, finishedId);
        if (!finished) throw AppError.notFound('publishing.finishedNotFound');
        const fields = startingFields(finished, shop.platform, template.fields, undefined);
        const [existing] = await tx
          .select()
          .from(publishListings)
          .where(
            and(
              eq(publishListings.tenantId, m.tenantId),
              eq(publishListings.finishedId, finishedId),
              eq(publishListings.shopId, shop.id),
            ),
          );
        if (existing) {
          // Only where an edit is allowed (decision 0044); the titles stay the listing's own.
          if (existing.merchantId !== m.merchantId) throw AppError.notFound('publishing.finishedNotFound');
          const [moved] = await tx
            .update(publishListings)
            .set({
              templateId: template.id,
              // The listing keeps its own titles and SKC number (its product on Temu is found by it).
              fields: {
                ...fields,
                title_zh: existing.fields.title_zh,
                title_en: existing.fields.title_en,
                skc_number: existing.fields.skc_number,
              },
              editedSincePublish: existing.status === 'released',
            })
            .where(
              and(
                eq(publishListings.id, existing.id),
                // Only where the transition table allows an edit (decision 0044).
                inArray(publishListings.status, publishFromStatuses('edit')),
              ),
            )
            .returning({ id: publishListings.id });
          if (!moved)
            throw new AppError(409, 'publishing.notEditable', {
              status: { t: `publishing.status.${existing.status}` },
            });
          updated += 1;
          ids.push(existing.id);
        } else {
          const [row] = await tx
            .insert(publishListings)
            .values({
              tenantId: m.tenantId,
              merchantId: m.merchantId,
              finishedId,
              finishedCode: finished.code,
              finishedName: finished.name,
              shopId: shop.id,
              shopName: shop.name,
              platform: shop.platform,
              templateId: template.id,
              fields,
              createdBy: ctx.actor.id,
            })
            .returning({ id: publishListings.id });
          created += 1;
          ids.push(row!.id);
        }
      }
      return { created, updated, listing_ids: ids };
    });
    return ok(reply, t(request.ctx.lang, 'common.ok'));
  });

  route(app, publishingOperations.preflight, async (request) => {
    const ctx = await adminContext(request, db);
    const m = merchantOf(ctx);
    const reports = [];
    for (const id of distinct(request.body.listing_ids))
      reports.push(await preflightListing(ctx, services, m, await findListing(ctx, id)));
    return ok({ reports });
  });

  /** Moves the listings along `events` and queues the job; the job's id is kept on each listing. */
  const queue = async (
    request: Parameters<typeof adminContext>[0],
    ids: string[],
    job: string,
    permission: string,
    prepare: (
      ctx: Awaited<ReturnType<typeof adminContext>>,
      m: ReturnType<typeof merchantOf>,
    ) => Promise<void>,
  ) => {
    if (!services.jobs.isStarted) throw new AppError(503, 'publishing.noQueue');
    const { ctx, m } = await db.transaction(async (tx) => {
      const ctx = await adminContext(request, tx);
      const m = merchantOf(ctx);
      await prepare(ctx, m);
      return { ctx, m };
    });
    const data: PublishJobData = {
      tenant_id: m.tenantId,
      merchant_id: m.merchantId,
      user_id: ctx.actor.id,
      lang: ctx.lang,
      listing_ids: ids,
    };
    let jobId: string;
    try {
      jobId = await services.jobs.enqueue<PublishJobData>(job, data, jobOwner(ctx, permission));
    } catch (error) {
      if (job === PUBLISH_JOBS.publish)
        await failUnqueued(services, m, ids, t(ctx.lang, 'publishing.noQueue'));
      throw error;
    }
    await db
      .update(publishListings)
      .set({ jobId })
      .where(and(inArray(publishListings.id, ids), eq(publishListings.tenantId, m.tenantId)));
    return { job_id: jobId, count: ids.length };
  };

  route(app, publishingOperations.publish, async (request) => {
    const ids = distinct(request.body.listing_ids);
    // Checked outside the transaction: the preflight asks the marketplace for its category rules.
    const check = await adminContext(request, db);
    const m = merchantOf(check);
    const rows = [];
    for (const id of ids) rows.push(await findListing(check, id));
    // The table's answer (decision 0044): publish from draft, republish after a failure or an edit.
    const stuck = rows.find(
      (r) =>
        !publishActions(r.status, r.editedSincePublish).some((a) => a === 'publish' || a === 'republish'),
    );
    if (stuck)
      throw new AppError(409, 'publishing.cannotPublish', {
        code: stuck.finishedCode,
        status: { t: `publishing.status.${stuck.status}` },
      });
    // The level's quota: a platform the merchant's level no longer includes is not published to.
    const level = await merchantLevel(db, m.tenantId, m.merchantId);
    const outside = rows.find((r) => level?.platformIds.length && !level.platformIds.includes(r.platform));
    if (outside)
      throw new AppError(409, 'publishing.platformNotInLevel', {
        level: level?.name ?? '',
        platform: outside.platform,
      });
    // One preflight before publishing: its errors block (issue 23).
    const blocked = [];
    for (const row of rows) {
      const report = await preflightListing(check, services, m, row);
      if (!report.ok) blocked.push(report);
    }
    if (blocked.length)
      throw new AppError(
        400,
        'publishing.preflightFailed',
        { count: blocked.length },
        {
          reports: blocked,
          errors: blocked.flatMap((r) => r.errors.map((e) => ({ field: e.field ?? '', message: e.message }))),
        },
      );
    const reply = await queue(
      request,
      ids,
      PUBLISH_JOBS.publish,
      publishingOperations.publish.permission,
      async (ctx) => {
        const where = [inArray(publishListings.id, ids), ...ownedBy(LISTING_OWNER, ctx.scope)];
        const moved = [
          ...(await moveListings(ctx.tx, where, 'publish', { failReason: null })),
          ...(await moveListings(ctx.tx, where, 'republish', { failReason: null })),
        ];
        // Edited or moved by someone else between the check and now: nothing is queued.
        if (moved.length !== ids.length) throw AppError.conflict('publishing.changedMeanwhile');
      },
    );
    return ok(reply, t(request.ctx.lang, 'publishing.queued'));
  });

  route(app, publishingOperations.unpublish, async (request) => {
    const ids = distinct(request.body.listing_ids);
    const reply = await queue(
      request,
      ids,
      PUBLISH_JOBS.unpublish,
      publishingOperations.unpublish.permission,
      async (ctx) => {
        for (const id of ids) {
          const row = await findListing(ctx, id);
          if (row.status !== 'released')
            throw new AppError(409, 'publishing.notReleased', { code: row.finishedCode });
        }
      },
    );
    return ok(reply, t(request.ctx.lang, 'publishing.queued'));
  });
}
