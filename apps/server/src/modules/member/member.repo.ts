import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { liveSession } from '../../platform/auth/sessions.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { memberMoneyLogs, members, memberScoreLogs } from './schema.ts';

export type MemberRow = typeof members.$inferSelect;

/**
 * What says whether a member may act, read only while the sign-in `sessionId` is live, in one
 * statement (every authenticated request asks).
 */
export async function findLiveSessionMember(tx: Executor, id: string, sessionId: string) {
  const [row] = await preparedQuery(tx, 'session_member_may_act', (t) =>
    t
      .select({ status: members.status })
      .from(members)
      .where(and(eq(members.id, sql.placeholder('subjectId')), liveSession('member')))
      .limit(1),
  ).execute({ sessionId, subjectId: id });
  return row;
}

export async function insertMember(tx: Executor, values: typeof members.$inferInsert): Promise<MemberRow> {
  const [row] = await tx.insert(members).values(values).returning();
  if (!row) throw new Error('member insert returned nothing');
  return row;
}

export async function findMemberById(tx: Executor, id: string): Promise<MemberRow | undefined> {
  const [row] = await tx.select().from(members).where(eq(members.id, id)).limit(1);
  return row;
}

/** One member among the rows `where` (the caller's reach) allows. */
export async function findMember(tx: Executor, where: SQL[]): Promise<MemberRow | undefined> {
  const [row] = await tx
    .select()
    .from(members)
    .where(and(...where))
    .limit(1);
  return row;
}

export async function updateMemberWhere(
  tx: Executor,
  where: SQL[],
  values: Partial<typeof members.$inferInsert>,
): Promise<MemberRow | undefined> {
  const [row] = await tx
    .update(members)
    .set(values)
    .where(and(...where))
    .returning();
  return row;
}

export function listMoneyLogs(tx: Executor, where: SQL[], page: number, perPage: number) {
  const t = memberMoneyLogs;
  return pagedRows(tx, t, and(...where), [desc(t.createdAt), desc(t.id)], page, perPage);
}

export function listScoreLogs(tx: Executor, where: SQL[], page: number, perPage: number) {
  const t = memberScoreLogs;
  return pagedRows(tx, t, and(...where), [desc(t.createdAt), desc(t.id)], page, perPage);
}

export async function insertMoneyLog(tx: Executor, values: typeof memberMoneyLogs.$inferInsert) {
  await tx.insert(memberMoneyLogs).values(values);
}
export async function insertScoreLog(tx: Executor, values: typeof memberScoreLogs.$inferInsert) {
  await tx.insert(memberScoreLogs).values(values);
}

/** Members of a tenant, or of every tenant for null (the platform). */
export async function countMembers(tx: Executor, tenantId: string | null): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(members)
    .where(tenantId === null ? undefined : eq(members.tenantId, tenantId));
  return row?.n ?? 0;
}

/** The log row a change with this key made, if any. */
export async function findLogByKey(tx: Executor, purse: 'money' | 'score', memberId: string, key: string) {
  const t = purse === 'money' ? memberMoneyLogs : memberScoreLogs;
  const [row] = await tx
    .select({ before: t.before, after: t.after })
    .from(t)
    .where(and(eq(t.memberId, memberId), eq(t.idempotencyKey, key)))
    .limit(1);
  return row;
}
