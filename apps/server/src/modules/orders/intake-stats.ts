import { and, count, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orders } from './schema.ts';

/**
 * Orders per shop that arrived through both spreadsheet import and marketplace sync and were
 * merged into one by the upsert (issue 20 sync health). The shops are the caller's, already scoped.
 */
export async function mergedOrderCounts(
  tx: Executor,
  shops: Array<{ id: string; tenantId: string; merchantId: string }>,
): Promise<Map<string, number>> {
  if (!shops.length) return new Map();
  const rows = await tx
    .select({ shopId: orders.shopId, n: count() })
    .from(orders)
    .where(
      and(
        inArray(orders.tenantId, [...new Set(shops.map((s) => s.tenantId))]),
        inArray(orders.merchantId, [...new Set(shops.map((s) => s.merchantId))]),
        inArray(
          orders.shopId,
          shops.map((s) => s.id),
        ),
        sql`${orders.intakeChannels} @> ARRAY['import', 'sync']::text[]`,
      ),
    )
    .groupBy(orders.shopId);
  return new Map(rows.map((r) => [r.shopId!, r.n]));
}
