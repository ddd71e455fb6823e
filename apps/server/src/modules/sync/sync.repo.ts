import { LIMITS, type SyncChannel, type SyncOutcome, type SyncRecordListQuery } from '@pod/shared';
import { and, count, desc, eq, gte, inArray, isNull, lte, max, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AnyContext } from '../../platform/context.ts';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import { syncAnnouncements, syncRecords, syncShops } from './schema.ts';

/** Sync rows are merchant-wide, like the shops they belong to (decision 0032). */
export const SYNC_RECORD_OWNER: Ownership = {
  level: 'merchant',
  tenant: syncRecords.tenantId,
  merchant: syncRecords.merchantId,
};
export const SYNC_SHOP_OWNER: Ownership = {
  level: 'merchant',
  tenant: syncShops.tenantId,
  merchant: syncShops.merchantId,
};

export type SyncShopRow = typeof syncShops.$inferSelect;
export type SyncRecordRow = typeof syncRecords.$inferSelect;
export interface ShopOwner {
  id: string;
  tenantId: string;
  merchantId: string;
}

/** A shop's sync row, made with the default sync days the first time it is needed. */
export async function ensureSyncShop(tx: Executor, shop: ShopOwner): Promise<SyncShopRow> {
  await tx
    .insert(syncShops)
    .values({
      shopId: shop.id,
      tenantId: shop.tenantId,
      merchantId: shop.merchantId,
      syncDays: LIMITS.orderSyncDays.default,
    })
    .onConflictDoNothing();
  const [row] = await tx.select().from(syncShops).where(eq(syncShops.shopId, shop.id));
  return row!;
}

/** Makes the sync rows of these shops that have none, in one statement (the poll sweep's). */
export async function ensureSyncShops(tx: Executor, shops: ShopOwner[]): Promise<void> {
  if (!shops.length) return;
  await tx
    .insert(syncShops)
    .values(
      shops.map((s) => ({
        shopId: s.id,
        tenantId: s.tenantId,
        merchantId: s.merchantId,
        syncDays: LIMITS.orderSyncDays.default,
      })),
    )
    .onConflictDoNothing();
}

export async function syncShopsOf(tx: Executor, shopIds: string[]): Promise<Map<string, SyncShopRow>> {
  if (!shopIds.length) return new Map();
  const rows = await tx.select().from(syncShops).where(inArray(syncShops.shopId, shopIds));
  return new Map(rows.map((r) => [r.shopId, r]));
}

export async function setSyncDays(tx: Executor, shop: ShopOwner, syncDays: number): Promise<void> {
  await tx
    .insert(syncShops)
    .values({ shopId: shop.id, tenantId: shop.tenantId, merchantId: shop.merchantId, syncDays })
    .onConflictDoUpdate({
      target: [syncShops.tenantId, syncShops.shopId],
      set: { syncDays, updatedAt: new Date() },
    });
}

/**
 * Claims the shops whose poll is due: pushes their next poll on by the interval in the same
 * statement, so two worker processes never queue the same shop twice.
 */
export async function claimDuePolls(tx: Executor, shopIds: string[], everyMinutes: number) {
  if (!shopIds.length) return [];
  return tx
    .update(syncShops)
    .set({ nextPollAt: sql`now() + make_interval(mins => ${everyMinutes})` })
    .where(and(inArray(syncShops.shopId, shopIds), lte(syncShops.nextPollAt, sql`now()`)))
    .returning({ shopId: syncShops.shopId, tenantId: syncShops.tenantId, merchantId: syncShops.merchantId });
}

export async function savePollResult(
  tx: Executor,
  shopId: string,
  values: Partial<
    Pick<
      SyncShopRow,
      'lastPollAt' | 'lastPollFrom' | 'lastPollTo' | 'lastPollOrders' | 'syncedTo' | 'lastPollError'
    >
  >,
): Promise<void> {
  await tx
    .update(syncShops)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(syncShops.shopId, shopId));
}

/** Records (or renews) a webhook's announcement of an order: the fetch sweep takes it. */
export async function announce(
  tx: Executor,
  shop: ShopOwner,
  thirdPartyOrderNo: string,
  eventType: string,
): Promise<void> {
  const now = new Date();
  await tx
    .insert(syncAnnouncements)
    .values({
      shopId: shop.id,
      tenantId: shop.tenantId,
      merchantId: shop.merchantId,
      thirdPartyOrderNo,
      eventType,
      announcedAt: now,
    })
    .onConflictDoUpdate({
      target: [syncAnnouncements.tenantId, syncAnnouncements.shopId, syncAnnouncements.thirdPartyOrderNo],
      set: { eventType, announcedAt: now, queuedAt: null, fetchedAt: null },
    });
}

/**
 * Takes announced orders not fetched yet (and those whose fetch was queued long ago and never
 * finished), marking them queued; SKIP LOCKED keeps concurrent sweeps apart.
 */
export async function claimAnnounced(tx: Executor, limit: number) {
  const a = syncAnnouncements;
  const rows = await tx.execute<{
    shop_id: string;
    tenant_id: string;
    merchant_id: string;
    third_party_order_no: string;
  }>(sql`
    WITH due AS (
      SELECT ${a.id} AS id FROM ${a}
      WHERE ${a.fetchedAt} IS NULL
        AND (${a.queuedAt} IS NULL OR ${a.queuedAt} < now() - interval '10 minutes')
      ORDER BY ${a.announcedAt}
      LIMIT ${limit}
      FOR UPDATE OF ${a} SKIP LOCKED
    )
    UPDATE ${a} SET queued_at = now() FROM due WHERE ${a.id} = due.id
    RETURNING ${a.shopId} AS shop_id, ${a.tenantId} AS tenant_id, ${a.merchantId} AS merchant_id,
      ${a.thirdPartyOrderNo} AS third_party_order_no`);
  return rows.rows;
}

/** Marks announcements fetched, unless announced again after the fetch began (then fetched again). */
export async function markFetched(tx: Executor, shopId: string, orderNos: string[], startedAt: Date) {
  if (!orderNos.length) return;
  await tx
    .update(syncAnnouncements)
    .set({ fetchedAt: new Date() })
    .where(
      and(
        eq(syncAnnouncements.shopId, shopId),
        inArray(syncAnnouncements.thirdPartyOrderNo, orderNos),
        lte(syncAnnouncements.announcedAt, startedAt),
        isNull(syncAnnouncements.fetchedAt),
      ),
    );
}

/** When a webhook last announced each of these orders of the shop. */
export async function announcedAt(
  tx: Executor,
  shopId: string,
  orderNos: string[],
): Promise<Map<string, Date>> {
  if (!orderNos.length) return new Map();
  const rows = await tx
    .select({ no: syncAnnouncements.thirdPartyOrderNo, at: syncAnnouncements.announcedAt })
    .from(syncAnnouncements)
    .where(and(eq(syncAnnouncements.shopId, shopId), inArray(syncAnnouncements.thirdPartyOrderNo, orderNos)));
  return new Map(rows.map((r) => [r.no, r.at]));
}

export interface NewRecord {
  shop: ShopOwner;
  channel: SyncChannel;
  outcome: SyncOutcome;
  thirdPartyOrderNo?: string;
  gap?: boolean;
  messageKey: string;
  params?: Record<string, string | number>;
}

export async function insertRecord(tx: Executor, record: NewRecord): Promise<void> {
  await tx.insert(syncRecords).values({
    tenantId: record.shop.tenantId,
    merchantId: record.shop.merchantId,
    shopId: record.shop.id,
    channel: record.channel,
    outcome: record.outcome,
    thirdPartyOrderNo: record.thirdPartyOrderNo ?? '',
    gap: record.gap ?? false,
    messageKey: record.messageKey,
    params: record.params ?? {},
  });
}

/** The caller's sync records, newest first (filters narrow; the scope decides whose). */
export async function listRecords(
  ctx: AnyContext,
  query: { page: number; limit: number } & Omit<SyncRecordListQuery, 'page' | 'limit'>,
): Promise<{ rows: SyncRecordRow[]; total: number }> {
  const where = and(
    ...ownedBy(SYNC_RECORD_OWNER, ctx.scope),
    ...(query.shop_id ? [eq(syncRecords.shopId, query.shop_id)] : []),
    ...(query.channel ? [eq(syncRecords.channel, query.channel)] : []),
    ...(query.third_party_order_no ? [eq(syncRecords.thirdPartyOrderNo, query.third_party_order_no)] : []),
    ...(query.gaps === 'true' ? [eq(syncRecords.gap, true)] : []),
  );
  const [{ total } = { total: 0 }] = await ctx.tx.select({ total: count() }).from(syncRecords).where(where);
  const rows = await ctx.tx
    .select()
    .from(syncRecords)
    .where(where)
    .orderBy(desc(syncRecords.createdAt), desc(syncRecords.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return { rows, total };
}

/** Gaps per shop since a time: how many, and the latest. */
export async function gapsSince(
  tx: Executor,
  shopIds: string[],
  since: Date,
): Promise<Map<string, { n: number; last: Date | null }>> {
  if (!shopIds.length) return new Map();
  const rows = await tx
    .select({ shopId: syncRecords.shopId, n: count(), last: max(syncRecords.createdAt) })
    .from(syncRecords)
    .where(
      and(inArray(syncRecords.shopId, shopIds), eq(syncRecords.gap, true), gte(syncRecords.createdAt, since)),
    )
    .groupBy(syncRecords.shopId);
  return new Map(rows.map((r) => [r.shopId, { n: r.n, last: r.last ? new Date(r.last) : null }]));
}
