import {
  CARRIERS,
  LIMITS,
  type ShippingProvider,
  type trackingShopSettingsInputSchema,
  type TrackingShopSettings,
} from '@pod/shared';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AppServices } from '../../services.ts';
import { carriersOf } from '../logistics/index.ts';
import { orderScope } from '../orders/index.ts';
import { findShop, gatewayOf } from '../shops/index.ts';
import { trackingShopSettings } from './schema.ts';

type SettingsInput = z.output<typeof trackingShopSettingsInputSchema>;
type SettingsRow = typeof trackingShopSettings.$inferSelect;

/** The shop's provider id for our carrier: its mapping, else the shop's default, else none. */
export async function providerFor(tx: Executor, shopId: string, carrier: string): Promise<string | null> {
  const [row] = await tx.select().from(trackingShopSettings).where(eq(trackingShopSettings.shopId, shopId));
  if (!row) return null;
  const mapped = row.carrierMap.find((m) => m.carrier.trim().toLowerCase() === carrier.trim().toLowerCase());
  return mapped?.provider_id ?? row.defaultProviderId ?? null;
}

async function toSettings(
  ctx: ServiceContext,
  shop: { id: string; platform: 'tiktok' | 'temu' | 'other' },
  row: SettingsRow | undefined,
): Promise<TrackingShopSettings> {
  const m = orderScope(ctx);
  return {
    shop_id: shop.id,
    platform: shop.platform,
    auto_ship_enabled: row?.autoShipEnabled ?? false,
    auto_ship_hours: row?.autoShipHours ?? LIMITS.autoShipHours.default,
    default_provider_id: row?.defaultProviderId ?? null,
    carrier_map: row?.carrierMap ?? [],
    // The factories' carriers (what an order is marked shipped with) and the supplier's logistics
    // methods' carriers (what an order not marked by a factory falls back to).
    carriers: [...new Set([...CARRIERS, ...(await carriersOf(ctx.tx, m.tenantId))])],
  };
}

/** A shop's auto-ship hours and carrier mapping (defaults until saved: auto-ship off). */
export async function getSettings(ctx: ServiceContext, shopId: string): Promise<TrackingShopSettings> {
  orderScope(ctx);
  const shop = await findShop(ctx, shopId);
  const [row] = await ctx.tx
    .select()
    .from(trackingShopSettings)
    .where(eq(trackingShopSettings.shopId, shop.id));
  return toSettings(ctx, shop, row);
}

/** Saves them; a shop of platform "other" is never synced (spec §4), so it has none. */
export async function saveSettings(
  ctx: ServiceContext,
  shopId: string,
  input: SettingsInput,
): Promise<TrackingShopSettings> {
  const m = orderScope(ctx);
  const shop = await findShop(ctx, shopId);
  if (shop.platform === 'other') throw AppError.badRequest('tracking.otherShop');
  const values = {
    autoShipEnabled: input.auto_ship_enabled,
    autoShipHours: input.auto_ship_hours,
    defaultProviderId: input.default_provider_id,
    carrierMap: input.carrier_map.map((c) => ({
      carrier: c.carrier,
      provider_id: c.provider_id,
      provider_name: c.provider_name,
    })),
    updatedBy: ctx.actor.id,
    updatedAt: new Date(),
  };
  const [row] = await ctx.tx
    .insert(trackingShopSettings)
    .values({ shopId: shop.id, tenantId: m.tenantId, merchantId: m.merchantId, ...values })
    .onConflictDoUpdate({ target: [trackingShopSettings.tenantId, trackingShopSettings.shopId], set: values })
    .returning();
  return toSettings(ctx, shop, row);
}

/** The marketplace's shipping providers for the shop, asked of the marketplace (decision 0030 errors). */
export async function listProviders(
  ctx: ServiceContext,
  services: AppServices,
  shopId: string,
): Promise<ShippingProvider[]> {
  orderScope(ctx);
  const shop = await findShop(ctx, shopId);
  if (shop.platform === 'other') throw AppError.badRequest('tracking.otherShop');
  return gatewayOf(services).call(shop, (adapter, access) => adapter.listShippingProviders(access));
}
