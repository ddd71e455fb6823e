import { shopOperations } from '@pod/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { shopCreateSchema, shopUpdateSchema } from '@pod/shared';
import { SLOTS_OF, type Shop, type ShopTokenSlot } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import type { AnyContext, ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import { adminUsernamesByIds } from '../access/index.ts';
import { assertShopSlot, merchantLevel } from '../tenancy/index.ts';
import { shopCredentials, shops } from './schema.ts';

type ShopRow = typeof shops.$inferSelect;
type Row = Record<string, unknown>;

/** A merchant's shops: the merchant sees its own, its supplier supervises them (decision 0026). */
export const SHOP_OWNER: Ownership = {
  level: 'merchant',
  tenant: shops.tenantId,
  merchant: shops.merchantId,
};

interface Authorisation {
  slot: ShopTokenSlot;
  accessExpiresAt: Date;
  refreshExpiresAt: Date | null;
}
/** What a reply adds to a row: its authorisations (never the tokens) and account names. */
interface Extras {
  _authorisations?: Authorisation[];
  _createdByName?: string | null;
  _updatedByName?: string | null;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

/** The reply shape of a shop (an allowlist: no cipher, no tokens, no tenant). */
export function toShopItem(row: Row): Shop {
  const s = row as unknown as ShopRow & Extras;
  const held = new Map((s._authorisations ?? []).map((a) => [a.slot, a]));
  const warehouses = s.warehouses ?? [];
  return {
    id: s.id,
    merchant_id: s.merchantId,
    name: s.name,
    platform: s.platform,
    sort: s.sort,
    status: s.status,
    auth_state: s.authState,
    code: s.code,
    seller_id: s.sellerId,
    seller_name: s.sellerName,
    region: s.region,
    auth_expires_at: iso(s.authExpiresAt),
    authorised_at: iso(s.authorisedAt),
    auth_error: s.authError,
    authorisations: SLOTS_OF[s.platform].map((slot) => {
      const a = held.get(slot);
      return {
        slot,
        is_authorised: Boolean(a),
        expires_at: a ? iso(a.refreshExpiresAt ?? a.accessExpiresAt) : null,
      };
    }),
    system_warehouse_id: s.systemWarehouseId,
    system_warehouse_name: warehouses.find((w) => w.id === s.systemWarehouseId)?.name ?? null,
    warehouses,
    created_by_name: s._createdByName ?? null,
    updated_by_name: s._updatedByName ?? null,
    created_at: s.createdAt.toISOString(),
    updated_at: s.updatedAt.toISOString(),
  };
}

/** Adds authorisations and account names to a page of shops, in two queries. */
export async function withShopExtras(tx: Executor, rows: Row[]): Promise<Row[]> {
  if (!rows.length) return rows;
  const list = rows as ShopRow[];
  const held = await tx
    .select({
      shopId: shopCredentials.shopId,
      slot: shopCredentials.slot,
      accessExpiresAt: shopCredentials.accessExpiresAt,
      refreshExpiresAt: shopCredentials.refreshExpiresAt,
    })
    .from(shopCredentials)
    .where(
      inArray(
        shopCredentials.shopId,
        list.map((r) => r.id),
      ),
    );
  const names = await adminUsernamesByIds(
    tx,
    list.flatMap((r) => [r.createdBy, r.updatedBy]).filter((id): id is string => Boolean(id)),
  );
  return list.map((r) => ({
    ...r,
    _authorisations: held.filter((h) => h.shopId === r.id),
    _createdByName: r.createdBy ? (names.get(r.createdBy) ?? null) : null,
    _updatedByName: r.updatedBy ? (names.get(r.updatedBy) ?? null) : null,
  }));
}

type CreateInput = z.infer<typeof shopCreateSchema>;
type UpdateInput = z.infer<typeof shopUpdateSchema>;

/**
 * spec §6: the merchant level's shop quota (and its platforms, when the level names some), checked
 * under a per-merchant lock so two concurrent creates cannot both take the last slot.
 */
async function assertShopAllowed(ctx: ServiceContext, platform: CreateInput['platform']): Promise<void> {
  const { tenantId, merchantId } = ctx.scope;
  if (ctx.scope.tier !== 'merchant' || !tenantId || !merchantId) throw AppError.forbidden();
  await ctx.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`shops:${merchantId}`}))`);
  const level = await merchantLevel(ctx.tx, tenantId, merchantId);
  if (level && level.platformIds.length && !level.platformIds.includes(platform))
    throw new AppError(409, 'shops.platformNotInLevel', {
      level: level.name,
      platform: { t: `shops.platform.${platform}` },
    });
  const [row] = await ctx.tx
    .select({ n: count() })
    .from(shops)
    .where(and(eq(shops.tenantId, tenantId), eq(shops.merchantId, merchantId)));
  await assertShopSlot(ctx.tx, { tenantId, merchantId }, row?.n ?? 0);
}

/** The merchant's own code and seller id apply to "other" shops; TikTok and Temu set theirs on authorisation. */
function ownIds(platform: string, input: Pick<UpdateInput, 'code' | 'seller_id'>) {
  if (platform !== 'other') return {};
  return {
    ...(input.code !== undefined ? { code: input.code } : {}),
    ...(input.seller_id !== undefined ? { sellerId: input.seller_id } : {}),
  };
}

/** Shops (spec §3 Shop): create within the level's quota, edit, enable/disable, sort, delete to the recycle bin. */
export const shopResource: CrudDefinition<typeof shopOperations.shop> = {
  operations: shopOperations.shop,
  table: shops,
  owner: SHOP_OWNER,
  // Shops are merchant-wide (no creator data scope): staff holding the permission manage them all.
  columns: { id: shops.id, sort: shops.sort },
  toItem: (row) => toShopItem(row),
  async toInsert(ctx, input) {
    await assertShopAllowed(ctx, input.platform);
    return {
      name: input.name,
      platform: input.platform,
      sort: input.sort,
      status: input.status,
      createdBy: ctx.actor.id,
      updatedBy: ctx.actor.id,
      ...ownIds(input.platform, input),
    };
  },
  toUpdate: (ctx, input, existing) => ({
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.sort !== undefined ? { sort: input.sort } : {}),
    ...(input.status !== undefined ? { status: input.status } : {}),
    ...ownIds(String(existing.platform), input),
    updatedBy: ctx.actor.id,
  }),
  enrichMany: (ctx, rows) => withShopExtras(ctx.tx, rows),
  enrich: async (ctx, row) => (await withShopExtras(ctx.tx, [row]))[0]!,
  // The tokens go with the shop (its credentials cascade). The recycle bin's copy must not claim an
  // authorisation it no longer has: a restored shop comes back unauthorised.
  beforeDelete: (_ctx, row) => {
    Object.assign(row, { authState: 'unauthorised', shopCipher: null, authError: null });
    return Promise.resolve();
  },
  filters: {
    platform: { column: shops.platform, op: 'eq' },
    status: { column: shops.status, op: 'eq' },
    auth_state: { column: shops.authState, op: 'eq' },
  },
  quickSearch: [shops.name, shops.code, shops.sellerId],
  orderable: {
    created_at: shops.createdAt,
    name: shops.name,
    sort: shops.sort,
    auth_expires_at: shops.authExpiresAt,
  },
  defaultOrder: [
    [shops.sort, 'desc'],
    [shops.createdAt, 'desc'],
  ],
  selectLabel: shops.name,
  recyclable: true,
};

/** A shop of the caller's scope, or 404 (another merchant's or tenant's shop is simply not found). */
export async function findShop(ctx: AnyContext, id: string): Promise<ShopRow> {
  const [row] = await ctx.tx
    .select()
    .from(shops)
    .where(and(eq(shops.id, id), ...ownedBy(SHOP_OWNER, ctx.scope)))
    .limit(1);
  if (!row) throw AppError.notFound('shops.notFound');
  return row;
}

/** Shops per merchant, for the merchant list's shop column (tenancy.merchantStats). */
export async function shopCounts(
  tx: Executor,
  tenantId: string | null,
  merchantIds: string[],
): Promise<Map<string, { shopCount: number }>> {
  const rows = await tx
    .select({ merchantId: shops.merchantId, n: count() })
    .from(shops)
    .where(and(inArray(shops.merchantId, merchantIds), ...(tenantId ? [eq(shops.tenantId, tenantId)] : [])))
    .groupBy(shops.merchantId);
  const counts = new Map(rows.map((r) => [r.merchantId, r.n]));
  return new Map(merchantIds.map((id) => [id, { shopCount: counts.get(id) ?? 0 }]));
}
