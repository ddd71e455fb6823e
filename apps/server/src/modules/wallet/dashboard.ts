import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DashboardFiguresProvider } from '../admin/index.ts';
import { sameTenant } from '../../platform/tenant-scope.ts';
import { merchantBalances } from './ledger.service.ts';
import { bankTransfers, withdrawals } from './schema.ts';

/**
 * The wallet's figures (decision 0072): a merchant's balances per currency; for a supplier its
 * merchants' bank transfers and withdrawals awaiting review, for the platform every tenant's.
 */
export const walletDashboardFigures: DashboardFiguresProvider = async ({ tx, scope }) => {
  if (scope.tier === 'merchant' && scope.tenantId && scope.merchantId)
    return { balances: await merchantBalances(tx, scope.tenantId, scope.merchantId) };
  if (scope.tier !== 'supplier' && scope.tier !== 'platform') return {};
  const within = (tenant: PgColumn): SQL | undefined =>
    scope.tier === 'platform' ? undefined : sameTenant(tenant, scope.tenantId);
  const [recharges] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(bankTransfers)
    .where(and(within(bankTransfers.tenantId), eq(bankTransfers.status, 'pending')));
  const [payouts] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(withdrawals)
    .where(and(within(withdrawals.tenantId), eq(withdrawals.status, 'pending')));
  return { pending_review: { recharges: recharges?.n ?? 0, withdrawals: payouts?.n ?? 0 } };
};
