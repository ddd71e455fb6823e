import { eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Scope } from './context.ts';
import { AppError } from './http/errors.ts';

/**
 * The tenant condition every tenant-owned query carries (ARCHITECTURE "Tenancy by construction").
 * A null tenant means the platform's own rows, which have no tenant.
 */
export function sameTenant(column: PgColumn, tenantId: string | null): SQL {
  return tenantId === null ? isNull(column) : eq(column, tenantId);
}

/** A merchant's own rows: its tenant and itself (carts, addresses, orders, wallets, designs). */
export interface MerchantScope {
  tenantId: string;
  merchantId: string;
}

/**
 * The merchant a merchant-tier caller acts for. Other tiers have no cart, wallet or orders of
 * their own: 403 with `message` (default "Only merchant accounts can do this").
 */
export function merchantScopeOf(ctx: { scope: Scope }, message = 'common.merchantOnly'): MerchantScope {
  const { tier, tenantId, merchantId } = ctx.scope;
  if (tier !== 'merchant' || !tenantId || !merchantId) throw AppError.forbidden(message);
  return { tenantId, merchantId };
}
