import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { adminUsers } from '../../db/schema/index.ts';

export type AdminUserRow = typeof adminUsers.$inferSelect;

export async function findAdminUserByUsername(
  tx: Executor,
  username: string,
): Promise<AdminUserRow | undefined> {
  const [row] = await tx.select().from(adminUsers).where(eq(adminUsers.username, username)).limit(1);
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
