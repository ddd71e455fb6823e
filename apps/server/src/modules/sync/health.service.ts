import {
  LIMITS,
  SYNC_HEALTH,
  type SyncHealth,
  type SyncHealthReason,
  type SyncHealthState,
} from '@pod/shared';
import type { AnyContext } from '../../platform/context.ts';
import { t } from '../../platform/i18n/i18n.ts';
import { findShop, shopsOf, webhookActivity, type ShopRow, type WebhookActivity } from '../shops/index.ts';
import { mergedOrderCounts } from './market-order.ts';
import * as repo from './sync.repo.ts';

/*
 * Sync health (issue 20, decision 0052): per shop, what its webhooks and polls have been doing,
 * judged red / amber / green by the thresholds in SYNC_HEALTH.
 */

const HOUR = 3_600_000;
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export interface HealthFacts {
  shop: Pick<ShopRow, 'platform' | 'authState' | 'status' | 'authorisedAt'>;
  sync: Pick<repo.SyncShopRow, 'lastPollAt' | 'lastPollError'> | null;
  activity: Pick<WebhookActivity, 'refused' | 'tokenExpiresAt'>;
  gaps: number;
}

/** The state and its reasons (the worst reason decides). Pure, for the unit test of the thresholds. */
export function judge(
  facts: HealthFacts,
  now: Date,
): { state: SyncHealthState; reasons: SyncHealthReason[] } {
  const { shop, sync, activity, gaps } = facts;
  if (shop.platform === 'other' || shop.authState === 'unauthorised' || shop.status !== 'enabled')
    return { state: 'off', reasons: ['not_synced'] };
  const red: SyncHealthReason[] = [];
  const amber: SyncHealthReason[] = [];
  const left = activity.tokenExpiresAt ? activity.tokenExpiresAt.getTime() - now.getTime() : null;
  if (shop.authState === 'reauthorise') red.push('reauthorise');
  else if (left !== null && left < SYNC_HEALTH.tokenRedHours * HOUR) red.push('token_expires_soon');
  else if (left !== null && left < SYNC_HEALTH.tokenAmberDays * 24 * HOUR) amber.push('token_expiring');
  if (shop.authState === 'authorised') {
    if (sync?.lastPollError) red.push('poll_failed');
    const since = sync?.lastPollAt ?? shop.authorisedAt;
    if (
      !sync?.lastPollError &&
      since &&
      now.getTime() - since.getTime() > SYNC_HEALTH.pollOverdueMinutes * 60_000
    )
      red.push('poll_overdue');
  }
  if (activity.refused >= SYNC_HEALTH.refusedRed) red.push('refused_webhooks_many');
  else if (activity.refused > 0) amber.push('refused_webhooks');
  if (gaps > 0) amber.push('gaps');
  if (red.length) return { state: 'red', reasons: [...red, ...amber] };
  if (amber.length) return { state: 'amber', reasons: amber };
  return { state: 'green', reasons: [] };
}

/** The health of these shops of the caller (already scoped), in their order. */
async function healthOf(ctx: AnyContext, shops: ShopRow[], now = new Date()): Promise<SyncHealth[]> {
  const since = new Date(now.getTime() - SYNC_HEALTH.windowHours * HOUR);
  const ids = shops.map((s) => s.id);
  // One after another: a request's transaction is one connection.
  const syncRows = await repo.syncShopsOf(ctx.tx, ids);
  const activity = await webhookActivity(ctx.tx, shops, since);
  const gaps = await repo.gapsSince(ctx.tx, ids, since);
  const merged = await mergedOrderCounts(ctx.tx, shops);
  return shops.map((shop) => {
    const sync = syncRows.get(shop.id) ?? null;
    const act = activity.get(shop.id) ?? { lastReceivedAt: null, refused: 0, tokenExpiresAt: null };
    const gap = gaps.get(shop.id) ?? { n: 0, last: null };
    const { state, reasons } = judge({ shop, sync, activity: act, gaps: gap.n }, now);
    return {
      shop_id: shop.id,
      shop_name: shop.name,
      platform: shop.platform,
      auth_state: shop.authState,
      state,
      reasons,
      sync_days: sync?.syncDays ?? LIMITS.orderSyncDays.default,
      last_webhook_at: iso(act.lastReceivedAt),
      last_poll_at: iso(sync?.lastPollAt),
      last_poll_from: iso(sync?.lastPollFrom),
      last_poll_to: iso(sync?.lastPollTo),
      last_poll_orders: sync?.lastPollOrders ?? 0,
      last_poll_error: sync?.lastPollError ? t(ctx.lang, sync.lastPollError.key) : null,
      next_poll_at: iso(sync?.nextPollAt),
      gaps: gap.n,
      last_gap_at: iso(gap.last),
      refused_webhooks: act.refused,
      token_expires_at: iso(act.tokenExpiresAt),
      merged_orders: merged.get(shop.id) ?? 0,
    };
  });
}

export async function healthList(ctx: AnyContext) {
  const list = await healthOf(ctx, await shopsOf(ctx));
  const counts = { green: 0, amber: 0, red: 0, off: 0 };
  for (const h of list) counts[h.state]++;
  return { list, counts };
}

export async function healthOne(ctx: AnyContext, shopId: string): Promise<SyncHealth> {
  const shop = await findShop(ctx, shopId);
  const [health] = await healthOf(ctx, [shop]);
  return health!;
}
