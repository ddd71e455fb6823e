import { and, asc, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery, anyOfPlaceholder } from '../../db/prepared.ts';
import { consigneeAddresses } from './schema.ts';
import { containsPattern } from '../../platform/crud/crud-query.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';

export type AddressRow = typeof consigneeAddresses.$inferSelect;
export type AddressValues = Omit<
  typeof consigneeAddresses.$inferInsert,
  'id' | 'tenantId' | 'merchantId' | 'createdAt' | 'updatedAt' | 'createdBy'
>;

const mine = (scope: MerchantScope) =>
  and(eq(consigneeAddresses.tenantId, scope.tenantId), eq(consigneeAddresses.merchantId, scope.merchantId));

export function listAddresses(
  tx: Executor,
  scope: MerchantScope,
  q: { page: number; limit: number; quickSearch?: string | undefined },
) {
  const term = q.quickSearch ? containsPattern(q.quickSearch) : null;
  const where = and(
    mine(scope),
    term
      ? or(
          ilike(consigneeAddresses.firstName, term),
          ilike(consigneeAddresses.mobilePhone, term),
          ilike(consigneeAddresses.city, term),
          ilike(consigneeAddresses.street, term),
        )
      : undefined,
  );
  return pagedRows(
    tx,
    consigneeAddresses,
    where,
    [desc(consigneeAddresses.isDefault), desc(consigneeAddresses.createdAt), asc(consigneeAddresses.id)],
    q.page,
    q.limit,
  );
}

export function findAddresses(
  tx: Executor,
  scope: MerchantScope,
  ids: readonly string[],
): Promise<AddressRow[]> {
  if (!ids.length) return Promise.resolve([]);
  // Prepared once per handle (decision 0084): the ids are one array parameter.
  return preparedQuery(tx, 'checkout_addresses_by_ids', (t) =>
    t
      .select()
      .from(consigneeAddresses)
      .where(
        and(
          eq(consigneeAddresses.tenantId, sql.placeholder('tenant')),
          eq(consigneeAddresses.merchantId, sql.placeholder('merchant')),
          anyOfPlaceholder(consigneeAddresses.id, 'ids'),
        ),
      ),
  ).execute({ tenant: scope.tenantId, merchant: scope.merchantId, ids: [...new Set(ids)] });
}

export async function countAddresses(tx: Executor, scope: MerchantScope): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(consigneeAddresses)
    .where(mine(scope));
  return row?.n ?? 0;
}

/** Clears the merchant's other default (one default per merchant; a partial unique index holds it). */
export async function clearDefault(
  tx: Executor,
  scope: MerchantScope,
  exceptId: string | null,
): Promise<void> {
  await tx
    .update(consigneeAddresses)
    .set({ isDefault: false })
    .where(
      and(
        mine(scope),
        eq(consigneeAddresses.isDefault, true),
        exceptId ? ne(consigneeAddresses.id, exceptId) : undefined,
      ),
    );
}

export async function insertAddress(
  tx: Executor,
  scope: MerchantScope,
  values: AddressValues,
  createdBy: string,
): Promise<AddressRow> {
  const [row] = await tx
    .insert(consigneeAddresses)
    .values({ ...values, tenantId: scope.tenantId, merchantId: scope.merchantId, createdBy })
    .returning();
  return row!;
}

export async function updateAddress(
  tx: Executor,
  scope: MerchantScope,
  id: string,
  values: Partial<AddressValues>,
): Promise<AddressRow | undefined> {
  const [row] = await tx
    .update(consigneeAddresses)
    .set(values)
    .where(and(mine(scope), eq(consigneeAddresses.id, id)))
    .returning();
  return row;
}

export async function deleteAddress(tx: Executor, scope: MerchantScope, id: string): Promise<boolean> {
  const rows = await tx
    .delete(consigneeAddresses)
    .where(and(mine(scope), eq(consigneeAddresses.id, id)))
    .returning({ id: consigneeAddresses.id });
  return rows.length > 0;
}
