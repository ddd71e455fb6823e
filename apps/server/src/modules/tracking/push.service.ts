import {
  PERMISSIONS,
  TRACKING_JOBS,
  type Language,
  type TrackingJobResult,
  type TrackingPush,
  type TrackingSyncReply,
} from '@pod/shared';
import { and, desc, eq, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { MarketplaceError } from '../../integrations/marketplace/index.ts';
import { systemContext, type ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { EnqueueOptions } from '../../platform/jobs/job-queue.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import type { AppServices } from '../../services.ts';
import {
  findOrdersByIds,
  orderScope,
  recordOrderEvent,
  SHIPPED_STATUSES,
  shippedCarrier,
  shippedOrdersForPush,
  type OrderRow,
} from '../orders/index.ts';
import { findShop, gatewayOf } from '../shops/index.ts';
import { trackingPushes, trackingShopSettings } from './schema.ts';
import { providerFor } from './settings.service.ts';

export type PushRow = typeof trackingPushes.$inferSelect;

/** The job's payload: whose pushes, in which language its messages are, which pushes. */
export interface PushJobData {
  tenant_id: string;
  merchant_id: string;
  lang: Language;
  push_ids: string[];
}

/** Tries of one push before it is given up (retryable failures only). */
export const MAX_PUSH_ATTEMPTS = 6;
/** The wait before the job tries a push again: 1, 2, 4… minutes, at most an hour. */
export const retryDelayMs = (attempts: number) =>
  Math.min(60 * 60_000, 60_000 * 2 ** Math.max(0, attempts - 1));
/** How long a claimed push belongs to the worker sending it. */
const LEASE_MS = 5 * 60_000;
/** A push queued by "sync status" is left to its job this long before the sweep takes it. */
const QUEUED_GRACE_MS = 2 * 60_000;

/** The push key (issue 21): one push per order, vendor package and tracking number. */
export const pushKeyOf = (orderId: string, packageRef: string, trackingNo: string) =>
  `${orderId}:${packageRef}:${trackingNo}`;

const isShipped = (o: OrderRow) =>
  (SHIPPED_STATUSES as readonly string[]).includes(o.status) && o.trackingNo !== '';
const isMarketplace = (o: OrderRow): o is OrderRow & { platform: 'tiktok' | 'temu' } =>
  (o.platform === 'tiktok' || o.platform === 'temu') && o.thirdPartyOrderNo !== '';

/** What the merchant reads of a push's failure: the vendor's words where it refused. */
export function pushMessage(lang: Language, row: Pick<PushRow, 'errorKind' | 'errorMessage' | 'carrier'>) {
  if (!row.errorKind) return null;
  const message = row.errorMessage ?? '';
  if (row.errorKind === 'invalid_request') return message || t(lang, 'tracking.error.invalid_request');
  if (row.errorKind === 'platform') return t(lang, message || 'http.other');
  return t(lang, `tracking.error.${row.errorKind}`, { message, carrier: row.carrier || '—' });
}

export function toPushItem(lang: Language, row: PushRow, shopName: string): TrackingPush {
  return {
    id: row.id,
    order_id: row.orderId,
    order_no: row.orderNo,
    third_party_order_no: row.thirdPartyOrderNo,
    shop_id: row.shopId,
    shop_name: shopName,
    platform: row.platform,
    tracking_no: row.trackingNo,
    carrier: row.carrier,
    provider_id: row.providerId,
    state: row.state,
    market_state: row.marketState,
    trigger: row.trigger,
    attempts: row.attempts,
    package_ids: row.packageIds,
    error_kind: row.errorKind,
    error: pushMessage(lang, row),
    next_attempt_at: row.state === 'retrying' ? (row.nextAttemptAt?.toISOString() ?? null) : null,
    pushed_at: row.pushedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * "Sync status" (spec §4): every selected order must be shipped ("unshipped orders cannot be
 * synced", nothing is written otherwise); orders of platform "other" (or without a marketplace
 * order) and orders already marked shipped on their marketplace are reported and left alone; the
 * rest get a push row (a failed one is queued again). "No orders to sync" when none is left.
 * Returns the pushes to send (the route queues the job after this transaction commits).
 */
export async function prepareSync(
  ctx: ServiceContext,
  orderIds: string[],
): Promise<{ m: MerchantScope; pushIds: string[]; results: TrackingSyncReply['results'] }> {
  const m = orderScope(ctx);
  const ids = [...new Set(orderIds)];
  const rows = await findOrdersByIds(ctx.tx, m, ids);
  if (rows.length !== ids.length) throw AppError.notFound('tracking.orderNotFound');
  const unshipped = rows.filter((o) => !isShipped(o));
  if (unshipped.length)
    throw AppError.badRequest(
      'tracking.unshipped',
      { order_nos: unshipped.map((o) => o.orderNo).join(', ') },
      { order_nos: unshipped.map((o) => o.orderNo) },
    );
  const results: TrackingSyncReply['results'] = [];
  const pushIds: string[] = [];
  const now = new Date();
  for (const order of rows) {
    const base = { order_id: order.id, order_no: order.orderNo };
    if (!isMarketplace(order)) {
      results.push({ ...base, outcome: 'not_marketplace', message: t(ctx.lang, 'tracking.otherPlatform') });
      continue;
    }
    const shop = order.shopId ? await findShop(ctx, order.shopId).catch(() => null) : null;
    if (!shop || shop.platform !== order.platform) {
      results.push({ ...base, outcome: 'no_shop', message: t(ctx.lang, 'tracking.noShop') });
      continue;
    }
    const key = pushKeyOf(order.id, order.subOrderNo, order.trackingNo);
    const [existing] = await ctx.tx
      .select()
      .from(trackingPushes)
      .where(eq(trackingPushes.pushKey, key))
      .for('update');
    if (existing?.state === 'succeeded') {
      results.push({ ...base, outcome: 'already_synced', message: t(ctx.lang, 'tracking.alreadySynced') });
      continue;
    }
    if (existing) {
      // A failed push is queued again (e.g. after the shop was re-authorised); a queued one stays.
      if (existing.state === 'failed')
        await ctx.tx
          .update(trackingPushes)
          .set({
            state: 'pending',
            trigger: 'manual',
            attempts: 0,
            errorKind: null,
            errorMessage: null,
            vendorCode: null,
            nextAttemptAt: new Date(now.getTime() + QUEUED_GRACE_MS),
            createdBy: ctx.actor.id,
            updatedAt: now,
          })
          .where(and(eq(trackingPushes.id, existing.id), eq(trackingPushes.state, 'failed')));
      pushIds.push(existing.id);
    } else {
      const [row] = await ctx.tx
        .insert(trackingPushes)
        .values({
          tenantId: m.tenantId,
          merchantId: m.merchantId,
          orderId: order.id,
          orderNo: order.orderNo,
          shopId: shop.id,
          platform: order.platform,
          thirdPartyOrderNo: order.thirdPartyOrderNo,
          packageRef: order.subOrderNo,
          trackingNo: order.trackingNo,
          pushKey: key,
          carrier: shippedCarrier(order),
          trigger: 'manual',
          nextAttemptAt: new Date(now.getTime() + QUEUED_GRACE_MS),
          createdBy: ctx.actor.id,
        })
        .returning({ id: trackingPushes.id });
      pushIds.push(row!.id);
    }
    results.push({ ...base, outcome: 'queued', message: t(ctx.lang, 'tracking.queued') });
  }
  if (!pushIds.length) throw AppError.badRequest('tracking.noOrdersToSync', {}, { results });
  return { m, pushIds, results };
}

/** Claims a push for sending: only one worker at a time, never a succeeded or given-up one. */
async function claim(tx: Executor, pushId: string, now: Date): Promise<PushRow | null> {
  const [row] = await tx
    .update(trackingPushes)
    .set({
      state: 'sending',
      attempts: sql`${trackingPushes.attempts} + 1`,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      updatedAt: now,
    })
    .where(
      and(
        eq(trackingPushes.id, pushId),
        or(
          inArray(trackingPushes.state, ['pending', 'retrying']),
          and(eq(trackingPushes.state, 'sending'), lt(trackingPushes.leaseUntil, now)),
        ),
      ),
    )
    .returning();
  return row ?? null;
}

/** Refusals on our side, by their message key: what the push record calls them. */
const APP_ERROR_KINDS: Record<string, string> = {
  'tracking.stale': 'stale',
  'tracking.noProvider': 'no_provider',
  'shops.notAuthorised': 'auth_expired',
  'shops.needsReauthorisation': 'auth_expired',
  'shops.marketplaceUnavailable': 'unavailable',
  'shops.notFound': 'no_shop',
};

type Failure = { kind: string; message: string | null; vendorCode: string | null; retryable: boolean };

function failureOf(error: unknown): Failure {
  if (error instanceof MarketplaceError)
    return {
      kind: error.kind,
      message: error.vendorMessage.slice(0, 500),
      vendorCode:
        error.details.vendorCode === undefined || error.details.vendorCode === null
          ? null
          : String(error.details.vendorCode),
      retryable: error.isRetryable,
    };
  if (error instanceof AppError) {
    const kind = APP_ERROR_KINDS[error.key] ?? 'platform';
    // Our own refusals are stored as their key and read in the reader's language.
    return {
      kind,
      message: kind === 'platform' ? error.key : null,
      vendorCode: null,
      retryable: kind === 'unavailable',
    };
  }
  return {
    kind: 'vendor_down',
    message: error instanceof Error ? error.message.slice(0, 500) : String(error),
    vendorCode: null,
    retryable: true,
  };
}

/**
 * Sends one push (issue 21): claims it, checks the order still ships with that tracking number,
 * finds the shop's provider id for the order's carrier, and asks the marketplace to ship the
 * package (the adapter leaves an order already showing this tracking number alone). The outcome
 * and the order's timeline entry are written in one transaction: succeeded (the marketplace
 * order is marked shipped on our side), retrying after a retryable failure, or failed with the
 * vendor's message. A push another worker holds, or already done, is only reported.
 */
export async function pushOne(
  services: AppServices,
  pushId: string,
  now = new Date(),
): Promise<PushRow | null> {
  const db = services.database.db;
  const row = await claim(db, pushId, now);
  if (!row) {
    const [current] = await db.select().from(trackingPushes).where(eq(trackingPushes.id, pushId));
    return current ?? null;
  }
  const m = { tenantId: row.tenantId, merchantId: row.merchantId };
  const ctx = systemContext(db, m, 'tracking');
  const gateway = gatewayOf(services);
  let outcome: { packageIds: string[]; providerId: string } | null = null;
  let failure: Failure | null = null;
  let providerId: string | null = row.providerId;
  try {
    const [order] = await findOrdersByIds(db, m, [row.orderId]);
    if (!order || !isShipped(order) || order.trackingNo !== row.trackingNo)
      throw new AppError(409, 'tracking.stale');
    const shop = await findShop(ctx, row.shopId);
    providerId = await providerFor(db, shop.id, row.carrier);
    if (!providerId) throw new AppError(400, 'tracking.noProvider');
    if (shop.authState === 'unauthorised') throw AppError.conflict('shops.notAuthorised');
    const adapter = gateway.adapterFor(shop.platform);
    const access = await gateway.accessFor(db, shop);
    try {
      const result = await adapter.confirmShipment(access, {
        orderId: row.thirdPartyOrderNo,
        trackingNumber: row.trackingNo,
        carrierId: providerId,
      });
      outcome = { packageIds: result.packageIds, providerId };
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'auth_expired')
        await gateway.markReauthorise(shop.id, error.vendorMessage);
      throw error;
    }
  } catch (error) {
    failure = failureOf(error);
  }
  return db.transaction(async (tx) => {
    const done = new Date();
    if (outcome) {
      const [saved] = await tx
        .update(trackingPushes)
        .set({
          state: 'succeeded',
          marketState: 'shipped',
          providerId: outcome.providerId,
          packageIds: outcome.packageIds,
          errorKind: null,
          errorMessage: null,
          vendorCode: null,
          leaseUntil: null,
          nextAttemptAt: null,
          pushedAt: done,
          updatedAt: done,
        })
        .where(and(eq(trackingPushes.id, row.id), eq(trackingPushes.state, 'sending')))
        .returning();
      if (saved)
        await recordOrderEvent(tx, {
          order: { id: row.orderId, tenantId: row.tenantId, merchantId: row.merchantId },
          action: 'tracking_synced',
          actor: { id: row.trigger === 'manual' ? row.createdBy : null, name: 'tracking' },
          detail: {
            platform: row.platform,
            tracking_no: row.trackingNo,
            provider_id: outcome.providerId,
            market_state: 'shipped',
          },
        });
      return saved ?? null;
    }
    const f = failure!;
    const retry = f.retryable && row.attempts < MAX_PUSH_ATTEMPTS;
    const [saved] = await tx
      .update(trackingPushes)
      .set({
        state: retry ? 'retrying' : 'failed',
        providerId,
        errorKind: f.kind,
        errorMessage: f.message,
        vendorCode: f.vendorCode,
        leaseUntil: null,
        nextAttemptAt: retry ? new Date(done.getTime() + retryDelayMs(row.attempts)) : null,
        updatedAt: done,
      })
      .where(and(eq(trackingPushes.id, row.id), eq(trackingPushes.state, 'sending')))
      .returning();
    return saved ?? null;
  });
}

/** The push job: sends each push, reports progress, and returns the outcome per order. */
export async function runPushJob(
  services: AppServices,
  data: PushJobData,
  progress: (percent: number) => Promise<void>,
): Promise<TrackingJobResult> {
  const results: TrackingJobResult['results'] = [];
  let i = 0;
  for (const id of data.push_ids) {
    const row = await pushOne(services, id);
    i += 1;
    if (row && row.tenantId === data.tenant_id && row.merchantId === data.merchant_id)
      results.push({
        push_id: row.id,
        order_id: row.orderId,
        order_no: row.orderNo,
        state: row.state,
        market_state: row.marketState,
        message: pushMessage(data.lang, row),
      });
    await progress((i / data.push_ids.length) * 100);
  }
  return {
    total: results.length,
    succeeded: results.filter((r) => r.state === 'succeeded').length,
    failed: results.filter((r) => r.state === 'failed').length,
    retrying: results.filter((r) => r.state === 'retrying' || r.state === 'pending').length,
    results,
  };
}

/**
 * The auto-ship sweep (spec §5 "auto-shipping hours"), run by the job queue every minute in each
 * worker: (1) for each shop with auto-ship on, a push for every marketplace order that shipped
 * more than its hours ago and has none for its tracking number yet; (2) every push that is due
 * (new, retrying, or abandoned by a worker) is handed to a push job, one per merchant.
 * Returns the pushes queued. Safe to run concurrently: inserts are keyed, jobs claim pushes.
 */
export async function sweep(
  services: AppServices,
  now = new Date(),
): Promise<{ created: number; queued: string[] }> {
  const db = services.database.db;
  const settings = await db
    .select({
      shopId: trackingShopSettings.shopId,
      tenantId: trackingShopSettings.tenantId,
      merchantId: trackingShopSettings.merchantId,
      hours: trackingShopSettings.autoShipHours,
    })
    .from(trackingShopSettings)
    .where(eq(trackingShopSettings.autoShipEnabled, true));
  let created = 0;
  if (settings.length) {
    const due = await shippedOrdersForPush(
      db,
      settings.map((s) => ({ ...s, shippedBefore: new Date(now.getTime() - s.hours * 3_600_000) })),
      (c) =>
        sql`NOT EXISTS (SELECT 1 FROM ${trackingPushes} WHERE ${trackingPushes.orderId} = ${c.id} AND ${trackingPushes.trackingNo} = ${c.trackingNo})`,
    );
    if (due.length) {
      const inserted = await db
        .insert(trackingPushes)
        .values(
          due.map((o) => ({
            tenantId: o.tenantId,
            merchantId: o.merchantId,
            orderId: o.id,
            orderNo: o.orderNo,
            shopId: o.shopId,
            platform: o.platform,
            thirdPartyOrderNo: o.thirdPartyOrderNo,
            packageRef: o.subOrderNo,
            trackingNo: o.trackingNo,
            pushKey: pushKeyOf(o.id, o.subOrderNo, o.trackingNo),
            carrier: o.carrier,
            trigger: 'auto' as const,
            nextAttemptAt: now,
          })),
        )
        .onConflictDoNothing({ target: [trackingPushes.tenantId, trackingPushes.pushKey] })
        .returning({ id: trackingPushes.id });
      created = inserted.length;
    }
  }
  if (!services.jobs.isStarted) return { created, queued: [] };
  // Due pushes, marked as handed over (a later tick leaves them to the job for a while).
  const handed = await db
    .update(trackingPushes)
    .set({ nextAttemptAt: new Date(now.getTime() + QUEUED_GRACE_MS) })
    .where(
      or(
        and(inArray(trackingPushes.state, ['pending', 'retrying']), lte(trackingPushes.nextAttemptAt, now)),
        and(eq(trackingPushes.state, 'sending'), lt(trackingPushes.leaseUntil, now)),
      ),
    )
    .returning({
      id: trackingPushes.id,
      tenantId: trackingPushes.tenantId,
      merchantId: trackingPushes.merchantId,
    });
  const byMerchant = new Map<string, { tenantId: string; merchantId: string; ids: string[] }>();
  for (const p of handed) {
    const key = `${p.tenantId}:${p.merchantId}`;
    const group = byMerchant.get(key) ?? { tenantId: p.tenantId, merchantId: p.merchantId, ids: [] };
    group.ids.push(p.id);
    byMerchant.set(key, group);
  }
  for (const group of byMerchant.values()) {
    const owner: EnqueueOptions = {
      tenantId: group.tenantId,
      merchantId: group.merchantId,
      permission: PERMISSIONS.tracking.list,
    };
    await services.jobs.enqueue<PushJobData>(
      TRACKING_JOBS.push,
      { tenant_id: group.tenantId, merchant_id: group.merchantId, lang: 'zh-cn', push_ids: group.ids },
      owner,
    );
  }
  return { created, queued: handed.map((p) => p.id) };
}

/** The merchant's push records, newest first. */
export async function listPushes(
  ctx: ServiceContext,
  q: { page: number; limit: number; state?: PushRow['state']; order_no?: string; shop_id?: string },
): Promise<{ list: TrackingPush[]; total: number; page: number; limit: number }> {
  const m = orderScope(ctx);
  const where: SQL[] = [eq(trackingPushes.tenantId, m.tenantId), eq(trackingPushes.merchantId, m.merchantId)];
  if (q.state) where.push(eq(trackingPushes.state, q.state));
  if (q.order_no) where.push(eq(trackingPushes.orderNo, q.order_no));
  if (q.shop_id) where.push(eq(trackingPushes.shopId, q.shop_id));
  const [count] = await ctx.tx
    .select({ n: sql<number>`count(*)::int` })
    .from(trackingPushes)
    .where(and(...where));
  const rows = await ctx.tx
    .select()
    .from(trackingPushes)
    .where(and(...where))
    .orderBy(desc(trackingPushes.createdAt), desc(trackingPushes.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const names = new Map<string, string>();
  for (const shopId of new Set(rows.map((r) => r.shopId))) {
    const shop = await findShop(ctx, shopId).catch(() => null);
    names.set(shopId, shop?.name ?? '');
  }
  return {
    list: rows.map((r) => toPushItem(ctx.lang, r, names.get(r.shopId) ?? '')),
    total: count?.n ?? 0,
    page: q.page,
    limit: q.limit,
  };
}
