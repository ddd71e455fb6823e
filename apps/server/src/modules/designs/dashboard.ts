import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { PERMISSIONS } from '@pod/shared';
import type { DashboardFiguresProvider } from '../admin/index.ts';
import { productsByIds, type ProductRow } from '../catalog/index.ts';
import { finishedProducts } from './schema.ts';

/** Finished products listed as the latest, and at most this many needing attention. */
const RECENT = 5;
const ATTENTION = 10;

type Reason = 'withdrawn' | 'low_stock' | 'out_of_stock';

/** Why a catalogue product needs the designer's attention, if it does (spec §3 Product stock). */
export function attentionReason(product: Pick<ProductRow, 'status' | 'skus'>): Reason | null {
  if (product.status !== 'on_sale') return 'withdrawn';
  if (product.skus.length && product.skus.every((s) => s.stock_state === 'out_of_stock'))
    return 'out_of_stock';
  if (product.skus.some((s) => s.stock_state !== 'in_stock')) return 'low_stock';
  return null;
}

/**
 * The designs' figures of a merchant (decision 0072): its latest finished products and those whose
 * catalogue product was withdrawn or runs low or out of stock.
 */
export const designDashboardFigures: DashboardFiguresProvider = async ({ tx, scope, permissions }) => {
  if (scope.tier !== 'merchant' || !scope.tenantId || !scope.merchantId) return {};
  // Staff who may not list finished products see none of them here either.
  if (!permissions.has(PERMISSIONS.finished.list)) return {};
  const mine = and(
    eq(finishedProducts.tenantId, scope.tenantId),
    eq(finishedProducts.merchantId, scope.merchantId),
    isNull(finishedProducts.deletedAt),
  );
  const columns = {
    id: finishedProducts.id,
    code: finishedProducts.code,
    name: finishedProducts.name,
    productId: finishedProducts.productId,
    createdAt: finishedProducts.createdAt,
    renderStatus: finishedProducts.renderStatus,
  };
  const recent = await tx
    .select(columns)
    .from(finishedProducts)
    .where(mine)
    .orderBy(desc(finishedProducts.createdAt))
    .limit(RECENT);
  const used = await tx
    .selectDistinct({ productId: finishedProducts.productId })
    .from(finishedProducts)
    .where(mine);
  const reasons = new Map<string, Reason>();
  for (const product of await productsByIds(
    tx,
    scope.tenantId,
    used.map((u) => u.productId),
  )) {
    const reason = attentionReason(product);
    if (reason) reasons.set(product.id, reason);
  }
  const flagged = reasons.size
    ? await tx
        .select(columns)
        .from(finishedProducts)
        .where(and(mine, inArray(finishedProducts.productId, [...reasons.keys()])))
        .orderBy(desc(finishedProducts.createdAt))
        .limit(ATTENTION)
    : [];
  return {
    recent_finished: recent.map((f) => ({
      id: f.id,
      code: f.code,
      name: f.name,
      created_at: f.createdAt.toISOString(),
      render_status: f.renderStatus,
    })),
    attention: flagged.map((f) => ({
      id: f.id,
      code: f.code,
      name: f.name,
      reason: reasons.get(f.productId) ?? 'withdrawn',
    })),
  };
};
