import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { liveSession } from '../../platform/auth/sessions.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { memberMoneyLogs, members, memberScoreLogs } from './schema.ts';

export type MemberRow = typeof members.$inferSelect;
type Scope = { tenantId: string; tx: Executor };

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

export async function findMemberBy(
  { tenantId, tx }: Scope,
  field: 'username' | 'mobile' | 'email',
  value: string,
): Promise<MemberRow | undefined> {
  const [row] = await tx
    .select()
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members[field], value)))
    .limit(1);
  return row;
}

export async function updateMember(
  { tenantId, tx }: Scope,
  id: string,
  values: Partial<typeof members.$inferInsert>,
): Promise<MemberRow | undefined> {
  const [row] = await tx
    .update(members)
    .set(values)
    .where(and(eq(members.tenantId, tenantId), eq(members.id, id)))
    .returning();
  return row;
}

export function listMoneyLogs({ tenantId, tx }: Scope, memberId: string, page: number, perPage: number) {
  const t = memberMoneyLogs;
  const where = and(eq(t.tenantId, tenantId), eq(t.memberId, memberId));
  return pagedRows(tx, t, where, [desc(t.createdAt), desc(t.id)], page, perPage);
}

export function listScoreLogs({ tenantId, tx }: Scope, memberId: string, page: number, perPage: number) {
  const t = memberScoreLogs;
  const where = and(eq(t.tenantId, tenantId), eq(t.memberId, memberId));
  return pagedRows(tx, t, where, [desc(t.createdAt), desc(t.id)], page, perPage);
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
