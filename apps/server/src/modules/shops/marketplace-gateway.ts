import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { marketplaceAdapters } from '../../integrations/marketplaces.ts';
import {
  DEFAULT_POLICY,
  MarketplaceError,
  type Marketplace,
  type MarketplaceAdapter,
  type ShopAccess,
  type TokenGrant,
  type TokenSlot,
} from '../../integrations/marketplace/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { SecretBox } from '../../platform/secrets.ts';
import type { AppServices } from '../../services.ts';
import { PgRateGate } from './rate-bucket.ts';
import { shopCredentials, shops } from './schema.ts';

type ShopRow = typeof shops.$inferSelect;

/**
 * The shops module's way to the marketplaces (decision 0029): the configured adapters with the
 * PostgreSQL rate gate and jittered retries, the sealed tokens of each shop (decision 0031), and
 * the translation of a vendor failure into what the merchant sees. One per app.
 */
export class MarketplaceGateway {
  readonly adapters: ReadonlyMap<Marketplace, MarketplaceAdapter>;
  readonly box: SecretBox;
  log: Pick<FastifyBaseLogger, 'warn' | 'info' | 'error'> | null = null;

  constructor(private readonly services: AppServices) {
    this.box = new SecretBox(services.config.jwtSecret);
    this.adapters = marketplaceAdapters(services.config.marketplaces, {
      ...DEFAULT_POLICY,
      gate: new PgRateGate(services.database.db),
      // Retries are logged without tokens, bodies or URLs (which carry signatures).
      onRetry: ({ marketplace, operation, attempt, waitMs, error }) =>
        this.log?.warn(
          { marketplace, operation, attempt, waitMs, kind: error.kind, vendorCode: error.details.vendorCode },
          'marketplace call retried',
        ),
    });
  }

  /** The adapter of a shop's platform; "other" has none (spec §4), a disabled marketplace neither. */
  adapterFor(platform: string): MarketplaceAdapter {
    if (platform === 'other') throw AppError.badRequest('shops.noMarketplace');
    const adapter = this.adapters.get(platform as Marketplace);
    if (!adapter)
      throw new AppError(503, 'shops.marketplaceUnavailable', {
        platform: { t: `shops.platform.${platform}` },
      });
    return adapter;
  }

  /** A shop's tokens, opened, for one call (never logged, never returned). */
  async accessFor(tx: Executor, shop: ShopRow): Promise<ShopAccess> {
    const rows = await tx
      .select({ slot: shopCredentials.slot, sealed: shopCredentials.accessTokenSealed })
      .from(shopCredentials)
      .where(eq(shopCredentials.shopId, shop.id));
    const tokens: ShopAccess['tokens'] = {};
    for (const row of rows) tokens[row.slot] = this.box.open(row.sealed);
    return { tokens, shopCipher: shop.shopCipher, vendorShopId: shop.sellerId };
  }

  /** Stores a grant sealed (insert or replace the slot). */
  async saveGrant(
    tx: Executor,
    shop: Pick<ShopRow, 'id' | 'tenantId' | 'merchantId'>,
    grant: TokenGrant,
  ): Promise<void> {
    const values = {
      accessTokenSealed: this.box.seal(grant.accessToken),
      refreshTokenSealed: grant.refreshToken ? this.box.seal(grant.refreshToken) : null,
      accessExpiresAt: grant.accessExpiresAt,
      refreshExpiresAt: grant.refreshExpiresAt,
      scopes: grant.scopes,
      refreshLeaseUntil: null,
      refreshedAt: new Date(),
    };
    await tx
      .insert(shopCredentials)
      .values({
        shopId: shop.id,
        slot: grant.slot,
        tenantId: shop.tenantId,
        merchantId: shop.merchantId,
        ...values,
      })
      .onConflictDoUpdate({
        target: [shopCredentials.tenantId, shopCredentials.shopId, shopCredentials.slot],
        set: values,
      });
  }

  /**
   * Marks a shop as needing re-authorisation, outside the caller's transaction (which is about to
   * fail): the list then shows the state and the vendor's reason with a button.
   */
  async markReauthorise(shopId: string, reason: string): Promise<void> {
    await this.services.database.db
      .update(shops)
      .set({ authState: 'reauthorise', authError: reason.slice(0, 500) })
      .where(and(eq(shops.id, shopId), eq(shops.authState, 'authorised')));
  }

  /**
   * Runs a vendor call for a shop and turns its failure into the merchant's message (decision
   * 0030): auth expired → 409 and the shop marked; rate limited → 429; refused → 400 with the
   * vendor's message; vendor down → 503.
   */
  async call<T>(
    shop: ShopRow,
    run: (adapter: MarketplaceAdapter, access: ShopAccess) => Promise<T>,
  ): Promise<T> {
    const adapter = this.adapterFor(shop.platform);
    if (shop.authState === 'unauthorised') throw AppError.conflict('shops.notAuthorised');
    const access = await this.accessFor(this.services.database.db, shop);
    try {
      return await run(adapter, access);
    } catch (error) {
      if (error instanceof MarketplaceError && error.kind === 'auth_expired')
        await this.markReauthorise(shop.id, error.vendorMessage);
      throw vendorError(error);
    }
  }
}

/** What the merchant sees of a vendor failure (decision 0030); other errors pass through. */
export function vendorError(error: unknown): unknown {
  if (!(error instanceof MarketplaceError)) return error;
  switch (error.kind) {
    case 'auth_expired':
      return new AppError(409, 'shops.needsReauthorisation');
    case 'rate_limited':
      return new AppError(429, 'shops.vendorBusy');
    case 'invalid_request':
      return new AppError(400, 'shops.vendorRefused', { message: error.vendorMessage.slice(0, 300) });
    case 'vendor_down':
      return new AppError(503, 'shops.vendorDown');
  }
}

const gateways = new WeakMap<AppServices, MarketplaceGateway>();

/** The app's gateway (made on first use). */
export function gatewayOf(services: AppServices): MarketplaceGateway {
  let gateway = gateways.get(services);
  if (!gateway) {
    gateway = new MarketplaceGateway(services);
    gateways.set(services, gateway);
  }
  return gateway;
}

/** The slot an authorisation asks for, checked against the platform's slots. */
export function slotFor(adapter: MarketplaceAdapter, asked: TokenSlot | undefined): TokenSlot {
  const slot = asked ?? adapter.tokenSlots[0]!;
  if (!adapter.tokenSlots.includes(slot))
    throw new AppError(400, 'shops.wrongSlot', { platform: { t: `shops.platform.${adapter.marketplace}` } });
  return slot;
}
