import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ShopTokenSlot, shopOauthCallbackBodySchema, shopOauthCallbackReplySchema } from '@pod/shared';
import type { Db } from '../../db/client.ts';
import { MarketplaceError, type TokenSlot, type VendorShop } from '../../integrations/marketplace/index.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { vendorError, slotFor, type MarketplaceGateway } from './marketplace-gateway.ts';
import { findShop } from './shop.resource.ts';
import { shopAuthStates, shopCredentials, shops } from './schema.ts';

/** How long a seller has to finish authorising on the vendor's page. */
export const STATE_TTL_MS = 15 * 60_000;

interface StateClaims {
  /** Single-use nonce, stored in shop_auth_states. */
  n: string;
  /** The shop and the slot being authorised. */
  s: string;
  l: ShopTokenSlot;
  /** Expiry, ms since the epoch. */
  e: number;
}

/**
 * The OAuth `state` (issue 18): the shop, the slot and a nonce, signed with a key derived from the
 * server secret. A forged state fails the signature; a replayed one finds its nonce spent; an old
 * one is expired. The nonce row also binds it to the merchant who started it.
 */
export class AuthStateSigner {
  readonly #key: Buffer;

  constructor(serverSecret: string) {
    this.#key = Buffer.from(hkdfSync('sha256', serverSecret, 'podsupply', 'shops/oauth-state/v1', 32));
  }

  sign(claims: StateClaims): string {
    const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
    return `${payload}.${this.mac(payload)}`;
  }

  read(state: string): StateClaims | null {
    const [payload, mac] = state.split('.');
    if (!payload || !mac) return null;
    const expected = Buffer.from(this.mac(payload));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<StateClaims>;
      if (
        typeof claims.n !== 'string' ||
        typeof claims.s !== 'string' ||
        typeof claims.l !== 'string' ||
        typeof claims.e !== 'number'
      )
        return null;
      return claims as StateClaims;
    } catch {
      return null;
    }
  }

  private mac(payload: string): string {
    return createHmac('sha256', this.#key).update(payload).digest('base64url');
  }
}

/** Starts authorising a shop: a single-use state bound to the merchant, and the vendor's page. */
export async function startAuthorisation(
  ctx: ServiceContext,
  gateway: MarketplaceGateway,
  signer: AuthStateSigner,
  shopId: string,
  askedSlot: ShopTokenSlot | undefined,
): Promise<{ url: string; expires_at: string }> {
  const shop = await findShop(ctx, shopId);
  const adapter = gateway.adapterFor(shop.platform);
  const slot = slotFor(adapter, askedSlot);
  const expires = new Date(Date.now() + STATE_TTL_MS);
  const nonce = randomBytes(18).toString('base64url');
  await ctx.tx.insert(shopAuthStates).values({
    nonce,
    tenantId: shop.tenantId,
    merchantId: shop.merchantId,
    shopId: shop.id,
    slot,
    createdBy: ctx.actor.id,
    expiresAt: expires,
  });
  // Spent and expired states are of no use to anyone: keep the table small.
  await ctx.tx.delete(shopAuthStates).where(sql`${shopAuthStates.expiresAt} < now() - interval '1 day'`);
  const state = signer.sign({ n: nonce, s: shop.id, l: slot, e: expires.getTime() });
  return { url: adapter.authorisationUrl({ state, slot }), expires_at: expires.toISOString() };
}

type CallbackBody = z.infer<typeof shopOauthCallbackBodySchema>;
type CallbackReply = z.infer<typeof shopOauthCallbackReplySchema>;

/** A unique-index violation, as PGlite and node-postgres report it (directly or as the cause). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  return (e?.cause?.code ?? e?.code) === '23505';
}

const stateInvalid = () => AppError.badRequest('shops.stateInvalid');

/** Spends a state once: the nonce's row, if it is unused, unexpired and for this shop and slot. */
async function spendState(db: Db, claims: StateClaims) {
  const [row] = await db
    .update(shopAuthStates)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(shopAuthStates.nonce, claims.n),
        eq(shopAuthStates.shopId, claims.s),
        eq(shopAuthStates.slot, claims.l),
        isNull(shopAuthStates.usedAt),
        gt(shopAuthStates.expiresAt, sql`now()`),
      ),
    )
    .returning({
      tenantId: shopAuthStates.tenantId,
      merchantId: shopAuthStates.merchantId,
      createdBy: shopAuthStates.createdBy,
    });
  return row;
}

/** The vendor shop this authorisation binds the platform shop to (decision 0029). */
async function chooseVendorShop(
  db: Db,
  shop: typeof shops.$inferSelect,
  vendorShops: VendorShop[],
  sellerId: string,
): Promise<VendorShop> {
  if (shop.platform === 'temu') {
    // Every Temu slot of a shop must be the same mall.
    if (shop.sellerId && shop.sellerId !== sellerId) throw AppError.conflict('shops.otherSeller');
    return (
      vendorShops.find((v) => v.id === sellerId) ?? {
        id: sellerId,
        cipher: null,
        code: null,
        name: '',
        region: null,
        sellerType: null,
      }
    );
  }
  if (shop.sellerId) {
    const same = vendorShops.find((v) => v.id === shop.sellerId);
    if (!same) throw AppError.conflict('shops.otherSeller');
    return same;
  }
  // A new link: the first of the seller's shops no other shop of the tenant holds.
  const taken = await db
    .select({ sellerId: shops.sellerId })
    .from(shops)
    .where(and(eq(shops.tenantId, shop.tenantId), eq(shops.platform, shop.platform), ne(shops.id, shop.id)));
  const held = new Set(taken.map((t) => t.sellerId));
  const free = vendorShops.find((v) => !held.has(v.id));
  if (!free) throw AppError.conflict(vendorShops.length ? 'shops.noFreeVendorShop' : 'shops.otherSeller');
  return free;
}

/**
 * The seller came back from the vendor with a code (tkRedirect, Temu's page): check and spend the
 * state, exchange the code, find the authorised shop, store the tokens sealed and mark the shop
 * authorised. Vendor calls are made outside any transaction.
 */
export async function completeAuthorisation(
  db: Db,
  gateway: MarketplaceGateway,
  signer: AuthStateSigner,
  body: CallbackBody,
): Promise<CallbackReply> {
  const claims = signer.read(body.state);
  if (!claims || claims.e < Date.now()) throw stateInvalid();
  const bound = await spendState(db, claims);
  if (!bound) throw stateInvalid();
  const [shop] = await db
    .select()
    .from(shops)
    .where(
      and(eq(shops.id, claims.s), eq(shops.tenantId, bound.tenantId), eq(shops.merchantId, bound.merchantId)),
    );
  if (!shop) throw AppError.notFound('shops.notFound');
  if (shop.platform !== body.platform) throw AppError.badRequest('shops.platformMismatch');
  const adapter = gateway.adapterFor(shop.platform);
  const slot: TokenSlot = claims.l;

  let grant;
  let vendorShops: VendorShop[];
  try {
    grant = await adapter.exchangeCode({ code: body.code, slot });
    vendorShops = await adapter.listShops({ tokens: { [slot]: grant.accessToken } });
  } catch (error) {
    if (
      error instanceof MarketplaceError &&
      (error.kind === 'auth_expired' || error.kind === 'invalid_request')
    )
      throw AppError.badRequest('shops.authorisationFailed', { message: error.vendorMessage.slice(0, 300) });
    throw vendorError(error);
  }
  const vendorShop = await chooseVendorShop(db, shop, vendorShops, grant.sellerId);

  try {
    return await db.transaction(async (tx) => {
      await gateway.saveGrant(tx, shop, grant);
      const [ends] = await tx
        .select({
          at: sql<Date | null>`min(coalesce(${shopCredentials.refreshExpiresAt}, ${shopCredentials.accessExpiresAt}))`.mapWith(
            (v: string | Date | null) => (v ? new Date(v) : null),
          ),
        })
        .from(shopCredentials)
        .where(eq(shopCredentials.shopId, shop.id));
      const [updated] = await tx
        .update(shops)
        .set({
          authState: 'authorised',
          authError: null,
          authorisedAt: new Date(),
          authExpiresAt: ends?.at ?? grant.refreshExpiresAt ?? grant.accessExpiresAt,
          sellerId: vendorShop.id,
          code: vendorShop.code ?? shop.code,
          shopCipher: vendorShop.cipher ?? shop.shopCipher,
          sellerName: grant.sellerName ?? (vendorShop.name || shop.sellerName),
          region: vendorShop.region ?? grant.region ?? shop.region,
          updatedBy: bound.createdBy,
        })
        .where(eq(shops.id, shop.id))
        .returning();
      return {
        shop_id: shop.id,
        shop_name: shop.name,
        platform: shop.platform,
        slot,
        seller_name: updated!.sellerName,
        auth_expires_at: updated!.authExpiresAt?.toISOString() ?? null,
      };
    });
  } catch (error) {
    // Another shop of the tenant holds this vendor shop (shops_vendor_shop_uq).
    if (isUniqueViolation(error)) throw AppError.conflict('shops.vendorShopTaken');
    throw error;
  }
}
