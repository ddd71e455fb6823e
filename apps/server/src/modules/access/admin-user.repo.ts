import { and, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { adminUsers, type AdminTier } from './schema.ts';
import { liveSession } from '../../platform/auth/sessions.ts';

export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function findAdminUserByUsername(
  tx: Executor,
  username: string,
): Promise<AdminUserRow | undefined> {
  const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
  return row;
}

export async function findAdminUserById(tx: Executor, id: string): Promise<AdminUserRow | undefined> {
  const [row] = await preparedQuery(tx, 'access_admin_user_by_id', (t) =>
    t
      .select()
      .from(adminUsers)
      .where(eq(adminUsers.id, sql.placeholder('id')))
      .limit(1),
  ).execute({ id });
  return row;
}

/** An admin's names (a designer's, stamped on what they make). */
export async function findAdminNames(tx: Executor, id: string) {
  const [row] = await tx
    .select({ username: adminUsers.username, nickname: adminUsers.nickname })
    .from(adminUsers)
    .where(eq(adminUsers.id, id));
  return row;
}

/** Usernames of admin accounts by id (e.g. a row's creating and operating accounts). */
export async function adminUsernamesByIds(
  tx: Executor,
  ids: readonly string[],
): Promise<Map<string, string>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await tx
    .select({ id: adminUsers.id, username: adminUsers.username })
    .from(adminUsers)
    .where(inArray(adminUsers.id, unique));
  return new Map(rows.map((r) => [r.id, r.username]));
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

/**
 * What says whether an admin may act, read only while the sign-in `sessionId` is live, in one
 * statement (every authenticated request asks).
 */
export async function findLiveSessionAdmin(tx: Executor, id: string, sessionId: string) {
  const [row] = await preparedQuery(tx, 'session_admin_may_act', (t) =>
    t
      .select({ status: adminUsers.status, isLocked: adminUsers.isLocked })
      .from(adminUsers)
      .where(and(eq(adminUsers.id, sql.placeholder('subjectId')), liveSession('admin')))
      .limit(1),
  ).execute({ sessionId, subjectId: id });
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

/** The sign-in now becomes the latest, and the latest the previous one. */
export async function recordLogin(tx: Executor, id: string, ip: string): Promise<void> {
  await tx
    .update(adminUsers)
    .set({
      previousLoginAt: sql`${adminUsers.lastLoginAt}`,
      previousLoginIp: sql`${adminUsers.lastLoginIp}`,
      lastLoginAt: new Date(),
      lastLoginIp: ip,
    })
    .where(eq(adminUsers.id, id));
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

/** A merchant's ordinary staff accounts, its primary account not counted (its level's quota). */
export async function countMerchantStaff(tx: Executor, merchantId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(adminUsers)
    .where(and(eq(adminUsers.merchantId, merchantId), eq(adminUsers.isPrimary, false)));
  return row?.n ?? 0;
}

/** A supplier's accounts of one tier: its own staff, or its factories' users (its level's quotas). */
export async function countTenantUsers(tx: Executor, tenantId: string, tier: AdminTier): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(adminUsers)
    .where(and(eq(adminUsers.tenantId, tenantId), eq(adminUsers.tier, tier)));
  return row?.n ?? 0;
}

/** The primary accounts of the merchants, for a page of merchants (one query). */
export function merchantPrimaryAccounts(tx: Executor, merchantIds: string[]) {
  return tx
    .select({ merchantId: adminUsers.merchantId, username: adminUsers.username, mobile: adminUsers.mobile })
    .from(adminUsers)
    .where(and(inArray(adminUsers.merchantId, merchantIds), eq(adminUsers.isPrimary, true)));
}

/** How many ordinary staff accounts each of the merchants has, for a page of merchants (one query). */
export function merchantStaffCounts(tx: Executor, merchantIds: string[]) {
  return tx
    .select({ merchantId: adminUsers.merchantId, n: count() })
    .from(adminUsers)
    .where(and(inArray(adminUsers.merchantId, merchantIds), eq(adminUsers.isPrimary, false)))
    .groupBy(adminUsers.merchantId);
}

/**
 * An admin's username as an SQL sub-select (NULL when there is no such user), for a statement
 * that stores it along with other rows (the admin log's batched INSERT).
 */
export const adminUsernameSql = (id: string | SQL): SQL =>
  sql`(SELECT ${adminUsers.username} FROM ${adminUsers} WHERE ${adminUsers.id} = ${id})`;
