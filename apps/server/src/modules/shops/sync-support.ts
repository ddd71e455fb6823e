import { and, asc, eq, gte, inArray, max, sql, sum } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AnyContext } from '../../platform/context.ts';
import { ownedBy } from '../../platform/ownership.ts';
import { SHOP_OWNER } from './shop.resource.ts';
import { shopCredentials, shops, shopWebhookEvents, shopWebhookRefusals } from './schema.ts';

/*
 * What order sync (modules/sync, issue 20) reads of shops: which shops sync, and the webhook
 * activity of each (deliveries received, deliveries refused). The rows stay the shops module's.
 */

export type ShopRow = typeof shops.$inferSelect;

/** The longest vendor shop id a refused body's claim is kept with (longer claims are cut). */
const CLAIM_CHARS = 64;

/**
 * The vendor shop a refused delivery claims to be about (TikTok `shop_id`, Temu `mallId`), or ''
 * when its body names none or is not JSON. Unverified: only a claim.
 */
export function claimedVendorShop(rawBody: string): string {
  try {
    const body = JSON.parse(rawBody) as unknown;
    if (!body || typeof body !== 'object') return '';
    const b = body as Record<string, unknown>;
    const claim = b.shop_id ?? b.mallId ?? b.mall_id;
    return typeof claim === 'string' || typeof claim === 'number' ? String(claim).slice(0, CLAIM_CHARS) : '';
  } catch {
    return '';
  }
}

/** Counts one delivery refused for its signature (one row per claimed shop and day). */
export async function recordRefusal(
  db: Executor,
  platform: 'tiktok' | 'temu',
  rawBody: string,
): Promise<void> {
  const vendorShopId = claimedVendorShop(rawBody);
  await db
    .insert(shopWebhookRefusals)
    .values({ platform, vendorShopId, day: sql`current_date`, count: 1, lastAt: new Date() })
    .onConflictDoUpdate({
      target: [shopWebhookRefusals.platform, shopWebhookRefusals.vendorShopId, shopWebhookRefusals.day],
      set: { count: sql`${shopWebhookRefusals.count} + 1`, lastAt: new Date() },
    });
}

/** Shops whose orders sync: TikTok or Temu, authorised, enabled. */
export async function syncableShops(db: Executor, ids?: string[]): Promise<ShopRow[]> {
  return db
    .select()
    .from(shops)
    .where(
      and(
        inArray(shops.platform, ['tiktok', 'temu']),
        eq(shops.authState, 'authorised'),
        eq(shops.status, 'enabled'),
        ...(ids ? [inArray(shops.id, ids)] : []),
      ),
    )
    .orderBy(asc(shops.id));
}

/** A shop by id with no caller (jobs, which stored its owner when queued). */
export async function shopById(db: Executor, id: string): Promise<ShopRow | null> {
  const [row] = await db.select().from(shops).where(eq(shops.id, id)).limit(1);
  return row ?? null;
}

/** The caller's shops (merchant-wide; the supplier supervises), larger sort first. */
export async function shopsOf(ctx: AnyContext): Promise<ShopRow[]> {
  return ctx.tx
    .select()
    .from(shops)
    .where(and(...ownedBy(SHOP_OWNER, ctx.scope)))
    .orderBy(sql`${shops.sort} DESC`, asc(shops.createdAt));
}

export interface WebhookActivity {
  lastReceivedAt: Date | null;
  /** Refused deliveries claiming the shop since the given time (whole days). */
  refused: number;
  /** The earliest expiry of the shop's tokens (access or refresh, whichever lasts longer per slot). */
  tokenExpiresAt: Date | null;
}

/** Per shop id: the last verified webhook, refused deliveries since `since`, and token expiry. */
export async function webhookActivity(
  tx: Executor,
  rows: Array<Pick<ShopRow, 'id' | 'platform' | 'sellerId' | 'authExpiresAt'>>,
  since: Date,
): Promise<Map<string, WebhookActivity>> {
  const result = new Map<string, WebhookActivity>();
  const vendor = rows.filter((r) => r.platform !== 'other' && r.sellerId);
  const sellerIds = [...new Set(vendor.map((r) => r.sellerId!))];
  const received = sellerIds.length
    ? await tx
        .select({
          platform: shopWebhookEvents.platform,
          vendorShopId: shopWebhookEvents.vendorShopId,
          last: max(shopWebhookEvents.createdAt),
        })
        .from(shopWebhookEvents)
        .where(inArray(shopWebhookEvents.vendorShopId, sellerIds))
        .groupBy(shopWebhookEvents.platform, shopWebhookEvents.vendorShopId)
    : [];
  const refused = sellerIds.length
    ? await tx
        .select({
          platform: shopWebhookRefusals.platform,
          vendorShopId: shopWebhookRefusals.vendorShopId,
          n: sum(shopWebhookRefusals.count).mapWith(Number),
        })
        .from(shopWebhookRefusals)
        .where(
          and(
            inArray(shopWebhookRefusals.vendorShopId, sellerIds),
            gte(shopWebhookRefusals.day, since.toISOString().slice(0, 10)),
          ),
        )
        .groupBy(shopWebhookRefusals.platform, shopWebhookRefusals.vendorShopId)
    : [];
  const ids = rows.map((r) => r.id);
  const expiries = ids.length
    ? await tx
        .select({
          shopId: shopCredentials.shopId,
          at: sql<Date | null>`min(coalesce(${shopCredentials.refreshExpiresAt}, ${shopCredentials.accessExpiresAt}))`.mapWith(
            (v: unknown) => (v ? new Date(v as string) : null),
          ),
        })
        .from(shopCredentials)
        .where(inArray(shopCredentials.shopId, ids))
        .groupBy(shopCredentials.shopId)
    : [];
  const key = (platform: string, seller: string | null) => `${platform}:${seller ?? ''}`;
  const lastBy = new Map(received.map((r) => [key(r.platform, r.vendorShopId), r.last]));
  const refusedBy = new Map(refused.map((r) => [key(r.platform, r.vendorShopId), r.n ?? 0]));
  const expiryBy = new Map(expiries.map((e) => [e.shopId, e.at]));
  for (const r of rows) {
    const k = key(r.platform, r.sellerId);
    const last = r.sellerId ? lastBy.get(k) : null;
    result.set(r.id, {
      lastReceivedAt: last ? new Date(last) : null,
      refused: r.sellerId ? (refusedBy.get(k) ?? 0) : 0,
      tokenExpiresAt: expiryBy.get(r.id) ?? r.authExpiresAt ?? null,
    });
  }
  return result;
}
