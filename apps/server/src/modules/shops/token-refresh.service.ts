import { and, eq, sql } from 'drizzle-orm';
import { PERMISSIONS, type ShopTokenSlot } from '@pod/shared';
import { MarketplaceError } from '../../integrations/marketplace/index.ts';
import type { AppServices } from '../../services.ts';
import type { MarketplaceGateway } from './marketplace-gateway.ts';
import { shopCredentials, shops } from './schema.ts';

/** The job that renews one authorisation of one shop (issue 18: tokens are refreshed before they expire). */
export const REFRESH_JOB = 'shops.refresh-token';
export interface RefreshJobData {
  shopId: string;
  slot: ShopTokenSlot;
}

/** How long a queued refresh holds its credential before another sweep may queue it again. */
const LEASE = sql`interval '5 minutes'`;

/**
 * Finds authorisations that expire within the configured margin and queues one refresh job each.
 * A lease on the row keeps every worker process from queuing the same one twice (SKIP LOCKED).
 * Temu tokens have no refresh token: their expiry is re-read at most every 12 hours. Shops of
 * `skipTenants` (those that have switched shops off, decision 0059) are left alone.
 */
export async function queueDueRefreshes(
  services: AppServices,
  skipTenants: readonly string[] = [],
  limit = 50,
): Promise<string[]> {
  const ahead = services.config.marketplaces.refreshAheadSeconds;
  const c = shopCredentials;
  const s = shops;
  const skipped = `{${skipTenants.join(',')}}`;
  const due = await services.database.db.execute<{
    shop_id: string;
    slot: ShopTokenSlot;
    tenant_id: string;
    merchant_id: string;
  }>(sql`
    WITH due AS (
      SELECT ${c.shopId} AS shop_id, ${c.slot} AS slot FROM ${c}
      JOIN ${s} ON ${s.id} = ${c.shopId}
      WHERE ${s.authState} = 'authorised'
        AND ${c.accessExpiresAt} < now() + make_interval(secs => ${ahead})
        AND (${c.refreshLeaseUntil} IS NULL OR ${c.refreshLeaseUntil} < now())
        AND (${c.refreshTokenSealed} IS NOT NULL OR ${c.refreshedAt} IS NULL OR ${c.refreshedAt} < now() - interval '12 hours')
        AND ${c.tenantId} <> ALL(${skipped}::uuid[])
      ORDER BY ${c.accessExpiresAt}
      LIMIT ${limit}
      FOR UPDATE OF ${c} SKIP LOCKED
    )
    UPDATE ${c} SET refresh_lease_until = now() + ${LEASE}
    FROM due WHERE ${c.shopId} = due.shop_id AND ${c.slot} = due.slot
    RETURNING ${c.shopId} AS shop_id, ${c.slot} AS slot, ${c.tenantId} AS tenant_id, ${c.merchantId} AS merchant_id`);
  const jobs: string[] = [];
  for (const row of due.rows) {
    jobs.push(
      await services.jobs.enqueue<RefreshJobData>(
        REFRESH_JOB,
        { shopId: row.shop_id, slot: row.slot },
        { tenantId: row.tenant_id, merchantId: row.merchant_id, permission: PERMISSIONS.shop.list },
      ),
    );
  }
  return jobs;
}

/**
 * Renews one authorisation: TikTok exchanges its refresh token for new tokens, Temu re-reads its
 * token's expiry. A refusal of the authorisation itself marks the shop for re-authorisation (no
 * retry helps); a busy or unreachable vendor throws, and the job retries with backoff. The result
 * names no token.
 */
export async function refreshShopToken(
  services: AppServices,
  gateway: MarketplaceGateway,
  data: RefreshJobData,
): Promise<{ outcome: 'refreshed' | 'reauthorise' | 'skipped'; expires_at?: string }> {
  const db = services.database.db;
  const [row] = await db
    .select({ shop: shops, credential: shopCredentials })
    .from(shopCredentials)
    .innerJoin(shops, eq(shops.id, shopCredentials.shopId))
    .where(and(eq(shopCredentials.shopId, data.shopId), eq(shopCredentials.slot, data.slot)));
  if (!row || row.shop.authState !== 'authorised') return { outcome: 'skipped' };
  const { shop, credential } = row;
  const adapter = gateway.adapterFor(shop.platform);
  let grant;
  try {
    grant = await adapter.refresh({
      slot: data.slot,
      accessToken: gateway.box.open(credential.accessTokenSealed),
      refreshToken: credential.refreshTokenSealed ? gateway.box.open(credential.refreshTokenSealed) : null,
    });
  } catch (error) {
    if (error instanceof MarketplaceError && error.kind === 'auth_expired') {
      await gateway.markReauthorise(shop.id, error.vendorMessage);
      return { outcome: 'reauthorise' };
    }
    throw error;
  }
  await db.transaction(async (tx) => {
    await gateway.saveGrant(tx, shop, grant);
    await tx
      .update(shops)
      .set({
        authExpiresAt: sql`(SELECT min(coalesce(${shopCredentials.refreshExpiresAt}, ${shopCredentials.accessExpiresAt})) FROM ${shopCredentials} WHERE ${shopCredentials.shopId} = ${shop.id})`,
      })
      .where(eq(shops.id, shop.id));
  });
  return { outcome: 'refreshed', expires_at: grant.accessExpiresAt.toISOString() };
}
