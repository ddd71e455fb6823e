import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery, anyOfPlaceholder } from '../../db/prepared.ts';
import { cartLines } from './schema.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';

export type CartLineRow = typeof cartLines.$inferSelect;

const mine = (scope: MerchantScope) =>
  and(eq(cartLines.tenantId, scope.tenantId), eq(cartLines.merchantId, scope.merchantId));

/** The merchant's lines as placeholders, for the prepared look-ups (decision 0084). */
const minePrepared = () =>
  and(
    eq(cartLines.tenantId, sql.placeholder('tenant')),
    eq(cartLines.merchantId, sql.placeholder('merchant')),
  );
const scopeValues = (scope: MerchantScope) => ({ tenant: scope.tenantId, merchant: scope.merchantId });

export function listLines(tx: Executor, scope: MerchantScope): Promise<CartLineRow[]> {
  return preparedQuery(tx, 'cart_lines_of_merchant', (t) =>
    t.select().from(cartLines).where(minePrepared()).orderBy(asc(cartLines.createdAt), asc(cartLines.id)),
  ).execute(scopeValues(scope));
}

export function findLines(
  tx: Executor,
  scope: MerchantScope,
  ids: readonly string[],
): Promise<CartLineRow[]> {
  if (!ids.length) return Promise.resolve([]);
  // The ids are one array parameter: one statement whatever their number.
  return preparedQuery(tx, 'cart_lines_by_ids', (t) =>
    t
      .select()
      .from(cartLines)
      .where(and(minePrepared(), anyOfPlaceholder(cartLines.id, 'ids')))
      .orderBy(asc(cartLines.createdAt), asc(cartLines.id)),
  ).execute({ ...scopeValues(scope), ids: [...new Set(ids)] });
}

export async function countLines(tx: Executor, scope: MerchantScope): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(cartLines)
    .where(mine(scope));
  return row?.n ?? 0;
}

export function findSameSku(
  tx: Executor,
  scope: MerchantScope,
  key: { finishedProductId: string; colorId: string; sizeId: string },
): Promise<CartLineRow | undefined> {
  return tx
    .select()
    .from(cartLines)
    .where(
      and(
        mine(scope),
        eq(cartLines.finishedProductId, key.finishedProductId),
        eq(cartLines.colorId, key.colorId),
        eq(cartLines.sizeId, key.sizeId),
      ),
    )
    .limit(1)
    .then((rows) => rows[0]);
}

export async function insertLine(tx: Executor, values: typeof cartLines.$inferInsert): Promise<CartLineRow> {
  const [row] = await tx.insert(cartLines).values(values).returning();
  return row!;
}

export async function updateLine(
  tx: Executor,
  scope: MerchantScope,
  id: string,
  values: Partial<Pick<CartLineRow, 'quantity' | 'unitPrice' | 'currency' | 'colorId' | 'sizeId'>>,
): Promise<CartLineRow | undefined> {
  const [row] = await tx
    .update(cartLines)
    .set(values)
    .where(and(mine(scope), eq(cartLines.id, id)))
    .returning();
  return row;
}

export async function deleteLines(
  tx: Executor,
  scope: MerchantScope,
  ids: readonly string[],
): Promise<number> {
  if (!ids.length) return 0;
  const rows = await tx
    .delete(cartLines)
    .where(and(mine(scope), inArray(cartLines.id, [...ids])))
    .returning({ id: cartLines.id });
  return rows.length;
}
