import { and, eq, sql } from 'drizzle-orm';
import type { DashboardFiguresProvider } from '../admin/index.ts';
import { sameTenant } from '../../platform/tenant-scope.ts';
import { aftersalesRequests } from './schema.ts';

/**
 * After-sales requests still open (pending review, decision 0072): a merchant's own; a supplier's
 * merchants' (what it has to review); every tenant's for the platform. Factories have none.
 */
export const aftersalesDashboardFigures: DashboardFiguresProvider = async ({ tx, scope }) => {
  if (scope.tier === 'factory' || scope.tier === 'member') return {};
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(aftersalesRequests)
    .where(
      and(
        eq(aftersalesRequests.status, 'pending_review'),
        scope.tier === 'platform' ? undefined : sameTenant(aftersalesRequests.tenantId, scope.tenantId),
        scope.tier === 'merchant' ? eq(aftersalesRequests.merchantId, scope.merchantId ?? '') : undefined,
      ),
    );
  return { aftersales_open: row?.n ?? 0 };
};
