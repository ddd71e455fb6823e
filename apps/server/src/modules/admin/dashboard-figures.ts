import type { DashboardOverview } from '@pod/shared';
import type { ServiceContext } from '../../platform/context.ts';
import { extensionPoint, type Extensions } from '../../platform/extensions.ts';
import type { ModuleSwitches } from '../../platform/module-switches.ts';
import { countTenants, merchantGrowth } from '../tenancy/index.ts';

/** The figures of a tier's home page (issue 26); each module fills in its own. */
export type DashboardFigures = Omit<DashboardOverview, 'tier'>;

/**
 * A module's figures for the caller's own scope (decision 0072): the wallet's balances and
 * reviews, the orders' status counts, the cart's lines… The provider reads its own tables only and
 * returns what applies to `ctx.scope.tier`; anything it leaves out stays null.
 */
export type DashboardFiguresProvider = (ctx: ServiceContext) => Promise<Partial<DashboardFigures>>;

/** Provided under the providing module's name, so a module switched off for the tenant is skipped. */
export const DASHBOARD_FIGURES = extensionPoint<DashboardFiguresProvider>('admin.dashboardFigures');

const EMPTY: DashboardFigures = {
  balances: null,
  orders: null,
  unpaid: null,
  aftersales_open: null,
  cart_lines: null,
  recent_finished: null,
  attention: null,
  suppliers: null,
  merchants: null,
  pending_review: null,
  orders_per_day: null,
};

/** Every provided figure of the caller's scope, skipping modules the tenant switched off. */
export async function dashboardOverview(
  ctx: ServiceContext,
  extensions: Extensions,
  modules: ModuleSwitches,
): Promise<DashboardOverview> {
  const disabled = await modules.disabledFor(ctx.scope.tenantId);
  const providers = extensions.named(DASHBOARD_FIGURES).filter(([name]) => !disabled.has(name));
  const out: DashboardFigures = { ...EMPTY };
  // One after another: the figures share the request's connection (PGlite has only one).
  for (const [, provide] of providers) Object.assign(out, await provide(ctx));
  const tier = ctx.scope.tier === 'member' ? 'merchant' : ctx.scope.tier;
  return { tier, ...out };
}

/** The last `days` calendar days (UTC) as YYYY-MM-DD, oldest first, ending today. */
export function lastDays(days: number, now = new Date()): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) =>
    new Date(today - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10),
  );
}

/** Counts per day filled in for every day of the window (days without orders count 0). */
export function perDay(days: string[], rows: Array<{ day: string; n: number }>) {
  const byDay = new Map(rows.map((r) => [r.day, r.n]));
  return days.map((day) => ({ day, count: byDay.get(day) ?? 0 }));
}

/**
 * The organisations a supplier or the platform runs (tenancy owns the rows; admin provides the
 * figure since tenancy comes before admin): merchants, new this week, and the platform's suppliers.
 */
export const organisationFigures: DashboardFiguresProvider = async ({ tx, scope }) => {
  if (scope.tier !== 'supplier' && scope.tier !== 'platform') return {};
  const weekAgo = new Date(Date.now() - 7 * 86_400_000);
  const merchants = await merchantGrowth(tx, scope.tier === 'platform' ? null : scope.tenantId, weekAgo);
  return { merchants, suppliers: scope.tier === 'platform' ? await countTenants(tx) : null };
};
