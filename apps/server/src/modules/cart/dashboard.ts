import type { DashboardFiguresProvider } from '../admin/index.ts';
import { countLines } from './cart.repo.ts';

/** The cart's figure: a merchant's cart lines (decision 0072). */
export const cartDashboardFigures: DashboardFiguresProvider = async ({ tx, scope }) =>
  scope.tier === 'merchant' && scope.tenantId && scope.merchantId
    ? { cart_lines: await countLines(tx, { tenantId: scope.tenantId, merchantId: scope.merchantId }) }
    : {};
