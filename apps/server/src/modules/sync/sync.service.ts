import { PERMISSIONS, SYNC_HEALTH, type SyncChannel } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import type { MarketOrder } from '../../integrations/marketplace/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AppServices } from '../../services.ts';
import {
  gatewayOf,
  shopById,
  syncableShops,
  type MarketplaceGateway,
  type ShopEvent,
  type ShopEventHandler,
  type ShopRow,
} from '../shops/index.ts';
import { upsertMarketOrder } from './market-order.ts';
import * as repo from './sync.repo.ts';

/*
 * Marketplace order sync (issue 20, decision 0052). Two ways in, one upsert:
 * - a webhook (order status, address, cancellation) reaches the shops module, whose event job hands
 *   it here: the order is recorded as announced, in the event's own transaction; a sweep queues a
 *   fetch job per shop, which asks the vendor for the orders and upserts them;
 * - a poll per authorised shop every few minutes searches the orders updated since the last poll
 *   (within the shop's sync days) page by page, and upserts them: a change no webhook announced is
 *   a gap, shown in sync health. "Sync now" is the same job over the whole sync window.
 */

/** The job that fetches the orders webhooks announced, for one shop. */
export const FETCH_JOB = 'sync.fetch';
/** The job that polls one shop (or syncs it now, for the merchant). */
export const POLL_JOB = 'sync.poll';
export interface FetchJobData {
  shopId: string;
  orderNos: string[];
}
export interface PollJobData {
  shopId: string;
  channel: Extract<SyncChannel, 'poll' | 'manual'>;
}

/** At most this many orders per vendor call (TikTok's and Temu's batch sizes allow it). */
export const ORDERS_PER_CALL = 20;
/** A poll starts this long before the last one ended, so an order updated at the edge is not lost. */
export const POLL_OVERLAP_MS = 10 * 60_000;
/**
 * A poll leaves out the last minute: a change that recent may still have its webhook on the way,
 * and would be taken for a gap. The next poll reads it.
 */
export const WEBHOOK_GRACE_MS = 60_000;
/** No poll reads more pages than this (a runaway cursor stops here; the next poll goes on). */
const MAX_PAGES = 500;

// ---- Webhooks ---------------------------------------------------------------------------------

/** The vendors' order events this module syncs: status change, address change, cancellation. */
const ORDER_EVENTS: Record<'tiktok' | 'temu', readonly string[]> = {
  // ORDER_STATUS_CHANGE, RECIPIENT_ADDRESS_UPDATE, CANCELLATION_STATUS_CHANGE (contracts §2c).
  tiktok: ['1', '3', '11'],
  temu: [
    'bg_order_status_change_event',
    'bg_trade_logistics_address_changed',
    'bg_cancel_order_status_change',
  ],
};

const text = (v: unknown): string =>
  typeof v === 'string' ? v.trim().slice(0, 100) : typeof v === 'number' ? String(v) : '';

/** The vendor order number an event is about (TikTok `order_id`, Temu `parentOrderSn`). */
export function announcedOrderNo(data: Record<string, unknown>): string {
  return text(data.order_id) || text(data.parentOrderSn) || text(data.parent_order_sn);
}

/**
 * SHOP_EVENTS: an order event of a shop becomes an announcement, in the event's transaction (no
 * vendor call here: the fetch job makes it). Other events are not this module's business.
 */
export const onShopEvent: ShopEventHandler = async (tx: Executor, event: ShopEvent) => {
  if (!ORDER_EVENTS[event.platform]?.includes(event.type)) return null;
  const orderNo = announcedOrderNo(event.data);
  if (!orderNo || !event.shops.length) return null;
  for (const shop of event.shops) await repo.announce(tx, shop, orderNo, event.type);
  return `sync: order ${orderNo} to fetch`;
};

/** Queues one fetch job per shop (up to ORDERS_PER_CALL orders each) for the announced orders. */
export async function queueAnnouncedFetches(services: AppServices, limit = 200): Promise<string[]> {
  const claimed = await repo.claimAnnounced(services.database.db, limit);
  const byShop = new Map<string, { tenantId: string; merchantId: string; orderNos: string[] }>();
  for (const row of claimed) {
    const entry = byShop.get(row.shop_id) ?? {
      tenantId: row.tenant_id,
      merchantId: row.merchant_id,
      orderNos: [],
    };
    entry.orderNos.push(row.third_party_order_no);
    byShop.set(row.shop_id, entry);
  }
  const jobs: string[] = [];
  for (const [shopId, entry] of byShop)
    for (let i = 0; i < entry.orderNos.length; i += ORDERS_PER_CALL)
      jobs.push(
        await services.jobs.enqueue<FetchJobData>(
          FETCH_JOB,
          { shopId, orderNos: entry.orderNos.slice(i, i + ORDERS_PER_CALL) },
          { tenantId: entry.tenantId, merchantId: entry.merchantId, permission: PERMISSIONS.orderSync.list },
        ),
      );
  return jobs;
}

/** What went wrong with a vendor call, as a record's reason key; null when a retry may help. */
function failureKey(error: unknown): string | null {
  if (error instanceof AppError) {
    if (error.status === 409 || error.status === 400)
      return error.key === 'shops.needsReauthorisation' || error.key === 'shops.notAuthorised'
        ? 'sync.error.reauthorise'
        : 'sync.error.vendor';
    return null;
  }
  return null;
}

/**
 * The fetch job: asks the vendor for the announced orders and upserts each. A busy or unreachable
 * vendor throws (the job retries); a refusal or a lost authorisation is recorded and ends it.
 */
export async function fetchAnnounced(
  services: AppServices,
  gateway: MarketplaceGateway,
  data: FetchJobData,
): Promise<{ outcome: string; orders: number }> {
  const db = services.database.db;
  const startedAt = new Date();
  const shop = await shopById(db, data.shopId);
  if (!shop || !(await syncableShops(db, [shop.id])).length) {
    if (shop) await repo.markFetched(db, shop.id, data.orderNos, startedAt);
    return { outcome: 'shop does not sync', orders: 0 };
  }
  let orders: MarketOrder[];
  try {
    orders = await gateway.call(shop, (adapter, access) => adapter.getOrders(access, data.orderNos));
  } catch (error) {
    const key = failureKey(error);
    if (!key) throw error;
    await db.transaction(async (tx) => {
      for (const no of data.orderNos)
        await repo.insertRecord(tx, {
          shop,
          channel: 'webhook',
          outcome: 'failed',
          thirdPartyOrderNo: no,
          messageKey: 'sync.record.failed',
          params: { order: no, reason: key },
        });
      await repo.markFetched(tx, shop.id, data.orderNos, startedAt);
    });
    return { outcome: 'failed', orders: 0 };
  }
  const found = new Set(orders.map((o) => o.id));
  const results = await applyOrders(services, shop, orders, 'webhook', { gaps: false });
  await db.transaction(async (tx) => {
    for (const no of data.orderNos.filter((n) => !found.has(n)))
      await repo.insertRecord(tx, {
        shop,
        channel: 'webhook',
        outcome: 'failed',
        thirdPartyOrderNo: no,
        messageKey: 'sync.record.notFound',
        params: { order: no },
      });
    await repo.markFetched(tx, shop.id, data.orderNos, startedAt);
  });
  return { outcome: 'fetched', orders: results.length };
}

// ---- The one way an order is written ------------------------------------------------------------

export interface Applied {
  orderNo: string;
  outcome: 'created' | 'updated' | 'unchanged' | 'stale' | 'failed';
  gap: boolean;
}

/**
 * Upserts the vendor's orders, each in its own transaction with its sync record. Webhook fetches
 * record every outcome; polls record what changed (an unchanged order is the normal case there).
 * With `gaps`, a change no webhook announced (since a minute before the vendor made it) is a gap.
 */
export async function applyOrders(
  services: AppServices,
  shop: ShopRow,
  orders: MarketOrder[],
  channel: SyncChannel,
  options: { gaps: boolean },
): Promise<Applied[]> {
  const db = services.database.db;
  const announced = options.gaps
    ? await repo.announcedAt(
        db,
        shop.id,
        orders.map((o) => o.id),
      )
    : new Map<string, Date>();
  const results: Applied[] = [];
  for (const order of orders) {
    try {
      const applied = await db.transaction(async (tx) => {
        const outcome = await upsertMarketOrder(tx, shop, order, channel);
        const changed = outcome === 'created' || outcome === 'updated';
        const changedAt = (order.updatedAt ?? order.createdAt).getTime();
        const heard = announced.get(order.id);
        const gap = options.gaps && changed && (!heard || heard.getTime() < changedAt - WEBHOOK_GRACE_MS);
        if (channel === 'webhook' || outcome !== 'unchanged')
          await repo.insertRecord(tx, {
            shop,
            channel,
            outcome,
            thirdPartyOrderNo: order.id,
            gap,
            messageKey: `sync.record.${outcome}`,
            params: { order: order.id, status: order.vendorStatus },
          });
        return { orderNo: order.id, outcome, gap };
      });
      results.push(applied);
    } catch (error) {
      // One bad order does not stop the others: it is recorded, and the next sync tries it again.
      gatewayOf(services).log?.warn({ err: error, shop: shop.id, order: order.id }, 'order sync failed');
      await repo.insertRecord(db, {
        shop,
        channel,
        outcome: 'failed',
        thirdPartyOrderNo: order.id,
        messageKey: 'sync.record.failed',
        params: { order: order.id, reason: error instanceof AppError ? error.key : 'sync.error.internal' },
      });
      results.push({ orderNo: order.id, outcome: 'failed', gap: false });
    }
  }
  return results;
}

// ---- Polling ---------------------------------------------------------------------------------

/**
 * The sweep (every minute in each worker): every syncable shop of a tenant with order sync on gets
 * its sync row, and each whose poll is due gets one poll job, its next poll pushed on in the same
 * statement.
 */
export async function queueDuePolls(services: AppServices): Promise<string[]> {
  const db = services.database.db;
  const all = await syncableShops(db);
  // A tenant that switched order sync or shops off (module store) has its shops left alone.
  const on = new Map<string, boolean>();
  for (const tenantId of new Set(all.map((s) => s.tenantId)))
    on.set(
      tenantId,
      (await services.modules.isEnabled(tenantId, 'sync')) &&
        (await services.modules.isEnabled(tenantId, 'shops')),
    );
  const shops = all.filter((s) => on.get(s.tenantId));
  await repo.ensureSyncShops(db, shops);
  const due = await repo.claimDuePolls(
    db,
    shops.map((s) => s.id),
    SYNC_HEALTH.pollEveryMinutes,
  );
  const jobs: string[] = [];
  for (const row of due)
    jobs.push(
      await services.jobs.enqueue<PollJobData>(
        POLL_JOB,
        { shopId: row.shopId, channel: 'poll' },
        { tenantId: row.tenantId, merchantId: row.merchantId, permission: PERMISSIONS.orderSync.list },
      ),
    );
  return jobs;
}

const minute = (d: Date) => d.toISOString().slice(0, 16).replace('T', ' ');

/**
 * One poll (or "sync now"): the orders updated in the window, page by page through the vendor's
 * cursor, each page's orders read in full and upserted. A poll reads from a little before the last
 * one ended (never further back than the sync days); "sync now" reads the whole sync window. The
 * window, the count and any failure are kept for sync health.
 */
export async function pollShop(
  services: AppServices,
  gateway: MarketplaceGateway,
  data: PollJobData,
  progress: (percent: number) => Promise<void> = async () => {},
  options: { graceMs?: number; now?: Date } = {},
): Promise<{ outcome: string; orders: number; created: number; updated: number; gaps: number }> {
  const db = services.database.db;
  const shop = await shopById(db, data.shopId);
  if (!shop || !(await syncableShops(db, [shop.id])).length)
    return { outcome: 'shop does not sync', orders: 0, created: 0, updated: 0, gaps: 0 };
  const state = await repo.ensureSyncShop(db, shop);
  const now = options.now ?? new Date();
  const to = new Date(now.getTime() - (options.graceMs ?? WEBHOOK_GRACE_MS));
  const windowStart = new Date(now.getTime() - state.syncDays * 86_400_000);
  const from =
    data.channel === 'manual' || !state.syncedTo
      ? windowStart
      : new Date(Math.max(windowStart.getTime(), state.syncedTo.getTime() - POLL_OVERLAP_MS));
  // The shop's first sync reads its history: what it finds was never a webhook's to announce.
  const gaps = state.syncedTo !== null;
  const totals = { orders: 0, created: 0, updated: 0, gaps: 0 };
  try {
    let cursor: string | null = null;
    for (let pageNo = 0; pageNo < MAX_PAGES; pageNo++) {
      const page = await gateway.call(shop, (adapter, access) =>
        adapter.searchOrders(access, {
          updatedFrom: from,
          updatedTo: to,
          pageSize: ORDERS_PER_CALL,
          cursor,
        }),
      );
      const ids = page.orders.map((o) => o.id);
      // The search's orders may lack what only the order detail carries (buyer customisation).
      const full = ids.length
        ? await gateway.call(shop, (adapter, access) => adapter.getOrders(access, ids))
        : [];
      const results = await applyOrders(services, shop, full, data.channel, { gaps });
      totals.orders += results.length;
      for (const r of results) {
        if (r.outcome === 'created') totals.created++;
        if (r.outcome === 'updated') totals.updated++;
        if (r.gap) totals.gaps++;
      }
      cursor = page.nextCursor;
      const total = page.total ?? null;
      await progress(total ? (100 * totals.orders) / Math.max(total, 1) : Math.min(95, (pageNo + 1) * 10));
      if (!cursor || !page.orders.length) break;
    }
  } catch (error) {
    const key = failureKey(error) ?? 'sync.error.vendor';
    await db.transaction(async (tx) => {
      await repo.savePollResult(tx, shop.id, {
        lastPollAt: new Date(),
        lastPollFrom: from,
        lastPollTo: to,
        lastPollOrders: totals.orders,
        lastPollError: { key },
      });
      await repo.insertRecord(tx, {
        shop,
        channel: data.channel,
        outcome: 'failed',
        messageKey: 'sync.record.runFailed',
        params: { from: minute(from), to: minute(to), reason: key },
      });
    });
    throw error;
  }
  await db.transaction(async (tx) => {
    await repo.savePollResult(tx, shop.id, {
      lastPollAt: new Date(),
      lastPollFrom: from,
      lastPollTo: to,
      lastPollOrders: totals.orders,
      syncedTo: to,
      lastPollError: null,
    });
    // A manual run is always recorded; a routine poll only when it brought something.
    if (data.channel === 'manual' || totals.created || totals.updated || totals.gaps)
      await repo.insertRecord(tx, {
        shop,
        channel: data.channel,
        outcome: 'run',
        messageKey: 'sync.record.run',
        params: { from: minute(from), to: minute(to), ...totals },
      });
  });
  return { outcome: 'synced', ...totals };
}
