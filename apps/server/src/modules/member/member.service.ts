import { and, eq, sql } from 'drizzle-orm';
import type { MemberUserInfo } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { memberMoneyLogs, members, memberScoreLogs } from './schema.ts';
import type { Actor } from '../../platform/context.ts';
import { ownedBy } from '../../platform/ownership.ts';
import type { AnyMemberContext, MemberContext, MembersAdminContext } from './context.ts';
import {
  MEMBER_OF_TENANT,
  MEMBER_SELF,
  MONEY_LOG_OF_TENANT,
  MONEY_LOG_SELF,
  reach,
  SCORE_LOG_OF_TENANT,
  SCORE_LOG_SELF,
} from './owners.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { AppError } from '../../platform/http/errors.ts';
import * as repo from './member.repo.ts';

export type { MemberRow } from './member.repo.ts';

export interface NewMember {
  username: string;
  password: string;
  nickname?: string;
  email?: string;
  mobile?: string;
}

/** The tenant whose members a context acts on (a member's own; the platform must name one). */
function tenantOf(ctx: AnyMemberContext): string {
  const tenantId = ctx.scope.tenantId;
  if (!tenantId) throw AppError.forbidden();
  return tenantId;
}

/** Creates a member-centre user of a tenant; the password is stored only as an argon2id hash. */
export async function createMember(ctx: MembersAdminContext, input: NewMember): Promise<repo.MemberRow> {
  return repo.insertMember(ctx.tx, {
    tenantId: tenantOf(ctx),
    username: input.username,
    passwordHash: await hashPassword(input.password),
    nickname: input.nickname ?? input.username,
    email: input.email ?? '',
    mobile: input.mobile ?? '',
  });
}

/**
 * The tenant's member with this username, mobile or e-mail. Tenant-wide whoever asks: sign-in
 * looks a member up, and a binding must be unique across the tenant's members.
 */
export function findMemberBy(
  ctx: AnyMemberContext,
  field: 'username' | 'mobile' | 'email',
  value: string,
): Promise<repo.MemberRow | undefined> {
  return repo.findMember(ctx.tx, [...ownedBy(MEMBER_OF_TENANT, ctx.scope), eq(members[field], value)]);
}
export const findMemberByUsername = (ctx: AnyMemberContext, username: string) =>
  findMemberBy(ctx, 'username', username);

export const memberActor = (m: repo.MemberRow): Actor => ({ kind: 'member', id: m.id, tenantId: m.tenantId });

/** The actor for a member id when that member may still act, else null. */
/** Whether a member may sign in and act: enabled. */
export const memberMayAct = (m: Pick<repo.MemberRow, 'status'>) => m.status === 'enabled';

export async function activeMemberActor(tx: Executor, id: string): Promise<Actor | null> {
  const member = await repo.findMemberById(tx, id);
  return member && memberMayAct(member) ? memberActor(member) : null;
}

/**
 * Whether member `id` may act now under the sign-in `sessionId`: the sign-in is live and the
 * member enabled. One statement: auth's per-request session check.
 */
export async function memberMayActInSession(tx: Executor, id: string, sessionId: string): Promise<boolean> {
  const member = await repo.findLiveSessionMember(tx, id, sessionId);
  return member !== undefined && memberMayAct(member);
}

/** The signed-in member's own row; 401 when it has gone. */
export async function currentMember(ctx: MemberContext): Promise<repo.MemberRow> {
  const member = await repo.findMember(ctx.tx, ownedBy(MEMBER_SELF, ctx.scope, ctx.actor.id));
  if (!member) throw AppError.unauthorized();
  return member;
}

/** spec §3 Member user, as replies carry it. */
export function memberUserInfo(m: repo.MemberRow): MemberUserInfo {
  return {
    id: m.id,
    username: m.username,
    nickname: m.nickname,
    email: m.email,
    mobile: m.mobile,
    avatar: m.avatar,
    gender: m.gender === 1 || m.gender === 2 ? m.gender : 0,
    birthday: m.birthday,
    money: m.money,
    score: m.score,
    last_login_time: m.lastLoginAt?.toISOString() ?? null,
    last_login_ip: m.lastLoginIp,
    join_time: m.joinTime.toISOString(),
    motto: m.motto,
  };
}

/** Updates a member the context reaches (a member only itself); 401 when it has gone. */
export async function updateMember(
  ctx: AnyMemberContext,
  id: string,
  values: Partial<typeof members.$inferInsert>,
) {
  const where = [...reach(ctx, MEMBER_SELF, MEMBER_OF_TENANT), eq(members.id, id)];
  const row = await repo.updateMemberWhere(ctx.tx, where, values);
  if (!row) throw AppError.unauthorized();
  return row;
}

/**
 * Changes a member's balance (minor units) or score and appends the log row, in one guarded
 * statement each: a balance never goes below zero.
 */
export async function adjustMember(
  ctx: MembersAdminContext,
  memberId: string,
  change: { money?: number; score?: number; memo: string },
): Promise<repo.MemberRow> {
  const money = change.money ?? 0;
  const score = change.score ?? 0;
  const tenantId = tenantOf(ctx);
  const [row] = await ctx.tx
    .update(members)
    .set({ money: sql`${members.money} + ${money}`, score: sql`${members.score} + ${score}` })
    .where(
      and(
        ...ownedBy(MEMBER_OF_TENANT, ctx.scope),
        eq(members.id, memberId),
        sql`${members.money} + ${money} >= 0 AND ${members.score} + ${score} >= 0`,
      ),
    )
    .returning();
  if (!row) throw AppError.badRequest('member.insufficient');
  if (money !== 0) {
    await repo.insertMoneyLog(ctx.tx, {
      tenantId,
      memberId,
      money,
      before: row.money - money,
      after: row.money,
      memo: change.memo,
    });
  }
  if (score !== 0) {
    await repo.insertScoreLog(ctx.tx, {
      tenantId,
      memberId,
      score,
      before: row.score - score,
      after: row.score,
      memo: change.memo,
    });
  }
  return row;
}

type LogRow = { id: string; before: number; after: number; memo: string; createdAt: Date };
const logItem = (r: LogRow) => ({
  id: r.id,
  before: r.before,
  after: r.after,
  memo: r.memo,
  create_time: r.createdAt.toISOString(),
});

/** A member's money log: the member's own, or any member's of the tenant for its administrators. */
export async function moneyLogs(ctx: AnyMemberContext, memberId: string, page: number, perPage: number) {
  const where = [...reach(ctx, MONEY_LOG_SELF, MONEY_LOG_OF_TENANT), eq(memberMoneyLogs.memberId, memberId)];
  const { rows, total } = await repo.listMoneyLogs(ctx.tx, where, page, perPage);
  return { list: rows.map((r) => ({ ...logItem(r), money: r.money })), total, page, per_page: perPage };
}

/** A member's score log: the member's own, or any member's of the tenant for its administrators. */
export async function scoreLogs(ctx: AnyMemberContext, memberId: string, page: number, perPage: number) {
  const where = [...reach(ctx, SCORE_LOG_SELF, SCORE_LOG_OF_TENANT), eq(memberScoreLogs.memberId, memberId)];
  const { rows, total } = await repo.listScoreLogs(ctx.tx, where, page, perPage);
  return { list: rows.map((r) => ({ ...logItem(r), score: r.score })), total, page, per_page: perPage };
}
