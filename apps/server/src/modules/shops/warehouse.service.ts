import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Shop, shopWarehousesReplySchema } from '@pod/shared';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedBy } from '../../platform/ownership.ts';
import type { MarketplaceGateway } from './marketplace-gateway.ts';
import { SHOP_OWNER, findShop, toShopItem, withShopExtras } from './shop.resource.ts';
import { shops, type LinkedWarehouse } from './schema.ts';

type ShopRow = typeof shops.$inferSelect;

/** The seller's warehouses on the marketplace, and which the shop links (spec §2 warehouse association). */
export async function shopWarehouses(
  ctx: ServiceContext,
  gateway: MarketplaceGateway,
  shopId: string,
): Promise<z.infer<typeof shopWarehousesReplySchema>> {
  const shop = await findShop(ctx, shopId);
  const vendor = await gateway.call(shop, (adapter, access) => adapter.listWarehouses(access));
  const linked = new Set(shop.warehouses.map((w) => w.id));
  return {
    vendor: vendor.map((w) => ({
      id: w.id,
      name: w.name,
      type: w.type,
      is_default: w.isDefault,
      region: w.region,
      is_linked: linked.has(w.id),
    })),
    linked: shop.warehouses,
    system_warehouse_id: shop.systemWarehouseId,
  };
}

/** The shop row locked for the change (another link or unlink of the same shop waits). */
async function lockShop(ctx: ServiceContext, shopId: string): Promise<ShopRow> {
  const [row] = await ctx.tx
    .select()
    .from(shops)
    .where(and(eq(shops.id, shopId), ...ownedBy(SHOP_OWNER, ctx.scope)))
    .for('update');
  if (!row) throw AppError.notFound('shops.notFound');
  return row;
}

async function saved(ctx: ServiceContext, shopId: string, values: Partial<ShopRow>): Promise<Shop> {
  const [row] = await ctx.tx
    .update(shops)
    .set({ ...values, updatedBy: ctx.actor.id })
    .where(eq(shops.id, shopId))
    .returning();
  return toShopItem((await withShopExtras(ctx.tx, [row!]))[0]!);
}

/** Looks the warehouse up at the vendor (its name comes from there), before any transaction. */
export async function vendorWarehouse(
  ctx: ServiceContext,
  gateway: MarketplaceGateway,
  shopId: string,
  warehouseId: string,
): Promise<{ id: string; name: string }> {
  const shop = await findShop(ctx, shopId);
  const vendor = await gateway.call(shop, (adapter, access) => adapter.listWarehouses(access));
  const found = vendor.find((w) => w.id === warehouseId);
  if (!found) throw AppError.field('warehouse_id', 'shops.warehouseUnknown');
  return { id: found.id, name: found.name };
}

/** Links a vendor warehouse (idempotent: linking it again keeps its first link time). */
export async function linkWarehouse(
  ctx: ServiceContext,
  shopId: string,
  warehouse: { id: string; name: string },
): Promise<Shop> {
  const shop = await lockShop(ctx, shopId);
  if (shop.warehouses.some((w) => w.id === warehouse.id)) return saved(ctx, shopId, {});
  const linked: LinkedWarehouse = { ...warehouse, linked_at: new Date().toISOString() };
  return saved(ctx, shopId, { warehouses: [...shop.warehouses, linked] });
}

/** Unlinks a warehouse; the system shipping warehouse is cleared with it. */
export async function unlinkWarehouse(
  ctx: ServiceContext,
  shopId: string,
  warehouseId: string,
): Promise<Shop> {
  const shop = await lockShop(ctx, shopId);
  if (!shop.warehouses.some((w) => w.id === warehouseId)) throw AppError.notFound('shops.warehouseNotLinked');
  return saved(ctx, shopId, {
    warehouses: shop.warehouses.filter((w) => w.id !== warehouseId),
    ...(shop.systemWarehouseId === warehouseId ? { systemWarehouseId: null } : {}),
  });
}

/** Picks the system shipping warehouse among the linked ones (null clears it). */
export async function setSystemWarehouse(
  ctx: ServiceContext,
  shopId: string,
  warehouseId: string | null,
): Promise<Shop> {
  const shop = await lockShop(ctx, shopId);
  if (warehouseId !== null && !shop.warehouses.some((w) => w.id === warehouseId))
    throw AppError.field('warehouse_id', 'shops.warehouseNotLinked');
  return saved(ctx, shopId, { systemWarehouseId: warehouseId });
}
