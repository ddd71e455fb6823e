import { PERMISSIONS } from '@pod/shared';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Marketplace, WebhookDelivery } from '../../integrations/marketplace/index.ts';
import type { AppServices } from '../../services.ts';
import { SHOP_EVENTS, type ShopEvent, type ShopEventHandler } from './events.ts';
import type { MarketplaceGateway } from './marketplace-gateway.ts';
import { shopCredentials, shops, shopWebhookEvents } from './schema.ts';
import { recordRefusal } from './sync-support.ts';

/** The job that acts on one verified webhook event. */
export const WEBHOOK_JOB = 'shops.webhook';
export interface WebhookJobData {
  eventId: string;
}

export type WebhookOutcome = 'accepted' | 'duplicate' | 'refused' | 'unknown-marketplace';

/**
 * A webhook delivery (issue 18): verified on the raw body, stored once (vendors re-deliver), handed
 * to a job, answered fast. An unverifiable delivery is refused, logged and counted (per the shop
 * it claims and day, for sync health), never stored or processed. When the job cannot be queued the event is dropped again, so the vendor's retry is
 * taken.
 */
export async function receiveWebhook(
  services: AppServices,
  gateway: MarketplaceGateway,
  platform: Marketplace,
  delivery: WebhookDelivery,
  log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
): Promise<WebhookOutcome> {
  const adapter = gateway.adapters.get(platform);
  if (!adapter) return 'unknown-marketplace';
  const event = adapter.verifyWebhook(delivery);
  if (!event) {
    // What was sent, never the signature itself: enough to find the sender in the access log.
    log.warn(
      {
        platform,
        bytes: delivery.rawBody.length,
        headers: Object.keys(delivery.headers).filter((h) => h.startsWith('x-') || h === 'authorization'),
      },
      'marketplace webhook refused: signature does not verify',
    );
    // Counted for the shop's sync health (issue 20); a failure to count never changes the answer.
    await recordRefusal(services.database.db, platform, delivery.rawBody).catch((error: unknown) =>
      log.warn({ platform, err: error }, 'marketplace webhook refusal not counted'),
    );
    return 'refused';
  }
  const db = services.database.db;
  const [stored] = await db
    .insert(shopWebhookEvents)
    .values({
      platform,
      eventId: event.eventId,
      vendorShopId: event.vendorShopId,
      type: event.type,
      kind: event.kind,
      payload: event.data,
      occurredAt: event.occurredAt,
    })
    .onConflictDoNothing()
    .returning({ id: shopWebhookEvents.id });
  if (!stored) return 'duplicate';
  const owners = event.vendorShopId
    ? await db
        .select({ tenantId: shops.tenantId, merchantId: shops.merchantId })
        .from(shops)
        .where(and(eq(shops.platform, platform), eq(shops.sellerId, event.vendorShopId)))
        .limit(2)
    : [];
  // One shop: the job is its merchant's; several (or none): the platform's own.
  const owner =
    owners.length === 1
      ? { tenantId: owners[0]!.tenantId, merchantId: owners[0]!.merchantId }
      : { tenantId: null };
  try {
    await services.jobs.enqueue<WebhookJobData>(
      WEBHOOK_JOB,
      { eventId: stored.id },
      { ...owner, permission: PERMISSIONS.shop.list },
    );
  } catch (error) {
    await db.delete(shopWebhookEvents).where(eq(shopWebhookEvents.id, stored.id));
    throw error;
  }
  log.info({ platform, type: event.type, kind: event.kind }, 'marketplace webhook accepted');
  return 'accepted';
}

/**
 * Acts on a stored event: a deauthorisation or an expiring authorisation marks the shops "needs
 * re-authorisation" (a deauthorised shop's tokens are dropped); other events go to the modules
 * that handle them (SHOP_EVENTS, e.g. order intake). Idempotent: a processed event is left alone.
 */
export async function processWebhookEvent(
  services: AppServices,
  eventId: string,
): Promise<{ outcome: string }> {
  const db = services.database.db;
  const [event] = await db.select().from(shopWebhookEvents).where(eq(shopWebhookEvents.id, eventId));
  if (!event || event.processedAt) return { outcome: 'already processed' };
  const matched = event.vendorShopId
    ? await db
        .select({ id: shops.id, tenantId: shops.tenantId, merchantId: shops.merchantId })
        .from(shops)
        .where(and(eq(shops.platform, event.platform), eq(shops.sellerId, event.vendorShopId)))
    : [];
  const ids = matched.map((s) => s.id);
  const outcomes: string[] = [];
  // Which handlers see which shops: a handler's module switched off for a shop's tenant does not
  // see that shop (decision 0059). Worked out before the transaction: the switches' copy may have
  // to be read from the database, and on PGlite (one connection) a read from outside the open
  // transaction would wait for it forever.
  const handlers: Array<{ handle: ShopEventHandler; on: typeof matched }> = [];
  for (const [module, handle] of services.extensions.named(SHOP_EVENTS)) {
    const on = [];
    for (const shop of matched) if (await services.modules.isEnabled(shop.tenantId, module)) on.push(shop);
    if (matched.length && !on.length) continue;
    handlers.push({ handle, on });
  }
  await db.transaction(async (tx) => {
    const message = typeof event.payload.message === 'string' ? event.payload.message.slice(0, 500) : null;
    if (event.kind === 'deauthorised' && ids.length) {
      await tx.delete(shopCredentials).where(inArray(shopCredentials.shopId, ids));
      await tx
        .update(shops)
        .set({
          authState: 'reauthorise',
          authError: message ?? 'deauthorised by the seller',
          shopCipher: null,
        })
        .where(inArray(shops.id, ids));
      outcomes.push(`deauthorised ${ids.length} shop(s)`);
    } else if (event.kind === 'authorisation_expiring' && ids.length) {
      const expires = Number(event.payload.expiration_time);
      await tx
        .update(shops)
        .set({
          authState: 'reauthorise',
          authError: message ?? 'the authorisation is about to expire',
          ...(Number.isFinite(expires) && expires > 0 ? { authExpiresAt: new Date(expires * 1000) } : {}),
        })
        .where(and(inArray(shops.id, ids), eq(shops.authState, 'authorised')));
      outcomes.push(`${ids.length} shop(s) to re-authorise`);
    }
    const shopEvent: ShopEvent = {
      platform: event.platform as ShopEvent['platform'],
      kind: event.kind as ShopEvent['kind'],
      type: event.type,
      vendorShopId: event.vendorShopId,
      occurredAt: event.occurredAt,
      data: event.payload,
      shops: matched,
    };
    for (const { handle, on } of handlers) {
      const outcome = await handle(tx, { ...shopEvent, shops: on });
      if (outcome) outcomes.push(outcome);
    }
    if (!matched.length) outcomes.push('no shop holds this vendor shop');
    await tx
      .update(shopWebhookEvents)
      .set({ processedAt: new Date(), outcome: (outcomes.join('; ') || 'recorded').slice(0, 500) })
      .where(and(eq(shopWebhookEvents.id, event.id), isNull(shopWebhookEvents.processedAt)));
  });
  return { outcome: outcomes.join('; ') || 'recorded' };
}
