import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { adminUsers } from '../../db/schema/index.ts';

export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function findAdminUserByUsername(
  tx: Executor,
  username: string,
): Promise<AdminUserRow | undefined> {
  const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  return row;
}

export async function findAdminUserById(tx: Executor, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.id, id)).limit(1);
  return row;
}

/** Just what a request's auth check reads (the full row costs several times as much to map). */
export async function findActorFields(tx: Executor, id: string) {
  const [row] = await preparedQuery(tx, 'admin_actor_fields', (t) =>
    t
      .select({
        id: adminUsers.id,
        tier: adminUsers.tier,
        tenantId: adminUsers.tenantId,
        merchantId: adminUsers.merchantId,
        factoryId: adminUsers.factoryId,
        isPrimary: adminUsers.isPrimary,
        status: adminUsers.status,
        isLocked: adminUsers.isLocked,
      })
      .from(adminUsers)
      .where(eq(adminUsers.id, sql.placeholder('id')))
      .limit(1),
  ).execute({ id });
  return row;
}

export async function insertAdminUser(
  tx: Executor,
  values: typeof adminUsers.$inferInsert,
): Promise<AdminUserRow> {
  const [row] = await tx.insert(adminUsers).values(values).returning();
  if (!row) throw new Error('admin user insert returned nothing');
  return row;
}

export async function updateAdminUser(
  tx: Executor,
  id: string,
  values: Partial<typeof adminUsers.$inferInsert>,
): Promise<AdminUserRow | undefined> {
  const [row] = await tx.update(adminUsers).set(values).where(eq(adminUsers.id, id)).returning();
  return row;
}

/**
 * Disables a merchant's staff that are enabled, marking them as disabled by the cascade; or
 * re-enables exactly those (spec §4). Returns the ids that changed.
 */
export async function cascadeMerchantStaff(
  tx: Executor,
  merchantId: string,
  status: AdminUserRow['status'],
  includePrimary = false,
): Promise<string[]> {
  const staff = and(
    eq(adminUsers.merchantId, merchantId),
    eq(adminUsers.tier, 'merchant'),
    ...(includePrimary ? [] : [eq(adminUsers.isPrimary, false)]),
  );
  const rows =
    status === 'disabled'
      ? await tx
          .update(adminUsers)
          .set({ status: 'disabled', disabledByCascade: true })
          .where(and(staff, eq(adminUsers.status, 'enabled')))
          .returning({ id: adminUsers.id })
      : await tx
          .update(adminUsers)
          .set({ status: 'enabled', disabledByCascade: false })
          .where(and(staff, eq(adminUsers.disabledByCascade, true)))
          .returning({ id: adminUsers.id });
  return rows.map((r) => r.id);
}
