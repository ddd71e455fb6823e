import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { shippingMethods } from './schema.ts';

/** The carriers of a supplier's logistics methods, each once, by name (issue 21: carrier mapping). */
export async function carriersOf(tx: Executor, tenantId: string): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ carrier: shippingMethods.carrier })
    .from(shippingMethods)
    .where(eq(shippingMethods.tenantId, tenantId))
    .orderBy(asc(shippingMethods.carrier));
  return rows.map((r) => r.carrier).filter(Boolean);
}
