import { ORDER_STATUSES, type OrderStatus } from '@pod/shared';
import { and, asc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import { lastDays, perDay, type DashboardFiguresProvider } from '../admin/index.ts';
import type { Scope } from '../../platform/context.ts';
import { sameTenant } from '../../platform/tenant-scope.ts';
import { dataScopeCondition } from './order.repo.ts';
import { orders } from './schema.ts';

/** Orders per day over this many days (the supplier's, the platform's and a factory's chart). */
const DAYS = 14;
/** Unpaid orders listed with their countdown. */
const UNPAID_SHOWN = 5;

/**
 * The orders a tier's dashboard counts (decision 0072): a merchant's own within its data scope, a
 * supplier's tenant, a factory's orders of the factories it acts for, the platform every tenant's.
 */
function ordersOf(scope: Scope): SQL | undefined {
  switch (scope.tier) {
    case 'merchant':
      return and(sameTenant(orders.tenantId, scope.tenantId), eq(orders.merchantId, scope.merchantId ?? ''));
    case 'supplier':
      return sameTenant(orders.tenantId, scope.tenantId);
    case 'factory':
      return and(
        sameTenant(orders.tenantId, scope.tenantId),
        scope.factoryIds === 'all'
          ? undefined
          : scope.factoryIds.length
            ? inArray(orders.factoryId, [...scope.factoryIds])
            : sql`false`,
        // A factory sees orders once they are paid (its production queue).
        inArray(orders.status, ['paid', 'in_production', 'shipped', 'completed']),
      );
    case 'platform':
      return undefined;
    case 'member':
      return sql`false`;
  }
}

/** The orders module's figures: status counts and countdowns, or orders per day. */
export const orderDashboardFigures: DashboardFiguresProvider = async (ctx) => {
  const { tx, scope } = ctx;
  const mine = and(
    ordersOf(scope),
    scope.tier === 'merchant' ? dataScopeCondition(ctx.dataScope) : undefined,
  );
  const out: Awaited<ReturnType<DashboardFiguresProvider>> = {};
  if (scope.tier === 'merchant' || scope.tier === 'factory') {
    const rows = await tx
      .select({ status: orders.status, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(mine)
      .groupBy(orders.status);
    const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, 0])) as Record<OrderStatus, number>;
    for (const r of rows) counts[r.status] = r.n;
    out.orders = counts;
  }
  if (scope.tier === 'merchant') {
    const unpaid = await tx
      .select({
        orderNo: orders.orderNo,
        totalAmount: orders.totalAmount,
        currency: orders.currency,
        expiresAt: orders.expiresAt,
      })
      .from(orders)
      .where(and(mine, eq(orders.status, 'unpaid')))
      .orderBy(asc(orders.expiresAt))
      .limit(UNPAID_SHOWN);
    out.unpaid = unpaid.map((o) => ({
      order_no: o.orderNo,
      total_amount: o.totalAmount,
      currency: o.currency,
      expires_at: o.expiresAt.toISOString(),
    }));
  } else {
    const days = lastDays(DAYS);
    const day = sql<string>`to_char(${orders.createdAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;
    const rows = await tx
      .select({ day, n: sql<number>`count(*)::int` })
      .from(orders)
      .where(and(mine, gte(orders.createdAt, new Date(`${days[0]!}T00:00:00Z`))))
      .groupBy(day);
    out.orders_per_day = perDay(days, rows);
  }
  return out;
};
