import { and, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { orderLines, orders } from './schema.ts';

/** An unpaid order with a linked line that carries buyer customisation. */
export interface CustomisedOrder {
  orderId: string;
  tenantId: string;
  merchantId: string;
}

/**
 * Unpaid orders with linked lines carrying buyer customisation that `pending` says still need
 * handling (given the line's id and finished-product columns), oldest first: however a line got its
 * customisation (sync, spreadsheet import) or its finished product (SKU mapping, linking by hand),
 * the personalisation sweep finds it here (issue 20).
 */
export async function customisedOrdersPending(
  tx: Executor,
  pending: (line: { id: AnyPgColumn; finishedProductId: AnyPgColumn }) => SQL,
  limit = 100,
): Promise<CustomisedOrder[]> {
  const rows = await tx
    .selectDistinct({
      orderId: orders.id,
      tenantId: orders.tenantId,
      merchantId: orders.merchantId,
      createdAt: orders.createdAt,
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.status, 'unpaid'),
        sql`${orderLines.finishedProductId} IS NOT NULL`,
        ne(orderLines.customisation, sql`'[]'::jsonb`),
        pending({ id: orderLines.id, finishedProductId: orderLines.finishedProductId }),
      ),
    )
    .orderBy(orders.createdAt)
    .limit(limit);
  return rows.map(({ orderId, tenantId, merchantId }) => ({ orderId, tenantId, merchantId }));
}
