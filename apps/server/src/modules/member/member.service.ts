import { sql } from 'drizzle-orm';
import type { MemberUserInfo } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { members } from './schema.ts';
import type { Actor } from '../../platform/context.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { AppError } from '../../platform/http/errors.ts';
import * as repo from './member.repo.ts';

export type { MemberRow } from './member.repo.ts';
type Scope = { tenantId: string; tx: Executor };

export interface NewMember {
  username: string;
  password: string;
  nickname?: string;
  email?: string;
  mobile?: string;
}

/** Creates a member-centre user of a tenant; the password is stored only as an argon2id hash. */
export async function createMember(ctx: Scope, input: NewMember): Promise<repo.MemberRow> {
  return repo.insertMember(ctx.tx, {
    tenantId: ctx.tenantId,
    username: input.username,
    passwordHash: await hashPassword(input.password),
    nickname: input.nickname ?? input.username,
    email: input.email ?? '',
    mobile: input.mobile ?? '',
  });
}

export const findMemberBy = repo.findMemberBy;
export const findMemberByUsername = (ctx: Scope, username: string) =>
  repo.findMemberBy(ctx, 'username', username);

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

/** The member of the signed-in actor; 401 when it has gone. */
export async function currentMember(ctx: Scope, id: string): Promise<repo.MemberRow> {
  const member = await repo.findMemberById(ctx.tx, id);
  if (!member || member.tenantId !== ctx.tenantId) throw AppError.unauthorized();
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

export async function updateMember(ctx: Scope, id: string, values: Partial<typeof members.$inferInsert>) {
  const row = await repo.updateMember(ctx, id, values);
  if (!row) throw AppError.unauthorized();
  return row;
}

/**
 * Changes a member's balance (minor units) or score and appends the log row, in one guarded
 * statement each: a balance never goes below zero.
 */
export async function adjustMember(
  ctx: Scope,
  memberId: string,
  change: { money?: number; score?: number; memo: string },
): Promise<repo.MemberRow> {
  const money = change.money ?? 0;
  const score = change.score ?? 0;
  const [row] = await ctx.tx
    .update(members)
    .set({ money: sql`${members.money} + ${money}`, score: sql`${members.score} + ${score}` })
    .where(
      sql`${members.id} = ${memberId} AND ${members.tenantId} = ${ctx.tenantId} AND ${members.money} + ${money} >= 0 AND ${members.score} + ${score} >= 0`,
    )
    .returning();
  if (!row) throw AppError.badRequest('member.insufficient');
  if (money !== 0) {
    await repo.insertMoneyLog(ctx.tx, {
      tenantId: ctx.tenantId,
      memberId,
      money,
      before: row.money - money,
      after: row.money,
      memo: change.memo,
    });
  }
  if (score !== 0) {
    await repo.insertScoreLog(ctx.tx, {
      tenantId: ctx.tenantId,
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

export async function moneyLogs(ctx: Scope, memberId: string, page: number, perPage: number) {
  const { rows, total } = await repo.listMoneyLogs(ctx, memberId, page, perPage);
  return { list: rows.map((r) => ({ ...logItem(r), money: r.money })), total, page, per_page: perPage };
}

export async function scoreLogs(ctx: Scope, memberId: string, page: number, perPage: number) {
  const { rows, total } = await repo.listScoreLogs(ctx, memberId, page, perPage);
  return { list: rows.map((r) => ({ ...logItem(r), score: r.score })), total, page, per_page: perPage };
}
