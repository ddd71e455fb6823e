import { assertStorageKey } from '../../platform/storage/storage.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { and, eq } from 'drizzle-orm';
import type { Language, MemberUserInfo } from '@pod/shared';
import { readStoredText, storedText, type StoredMessage } from '../../platform/i18n/stored-message.ts';
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

/**
 * A member's avatar as replies show it: the uploaded image's signed URL (PUT /api/account/avatar
 * stores its storage key, decision 0014); an older avatar stored as text is shown as it is.
 */
function memberAvatar(files: FileUrls, stored: string): string {
  if (!stored) return '';
  try {
    assertStorageKey(stored);
    return files.url(stored);
  } catch {
    return stored;
  }
}

/** spec §3 Member user, as replies carry it. */
export function memberUserInfo(m: repo.MemberRow, files: FileUrls): MemberUserInfo {
  return {
    id: m.id,
    username: m.username,
    nickname: m.nickname,
    email: m.email,
    mobile: m.mobile,
    avatar: memberAvatar(files, m.avatar),
    gender: m.gender === 1 || m.gender === 2 ? m.gender : 0,
    birthday: m.birthday,
    money: m.money,
    score: m.score,
    // The member's own "last login" is the sign-in before the current one (issue 27).
    last_login_time: m.previousLoginAt?.toISOString() ?? null,
    last_login_ip: m.previousLoginIp,
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

/** A member's money (minor units) or score: each has its own log. */
export type MemberPurse = 'money' | 'score';

export interface PurseChange {
  row: repo.MemberRow;
  before: number;
  after: number;
  /** False when the key had been used: the change was made before and nothing changed now. */
  applied: boolean;
}

/**
 * Changes a member's money or score by `amount` and appends its log row with before and after, in
 * the caller's transaction (decision 0047). The member's row is locked first, so concurrent changes
 * queue and each log row's before is the previous one's after; a change below zero is refused
 * (and the table's check would refuse it too); a key already used changes nothing.
 */
export async function changePurse(
  ctx: MembersAdminContext,
  memberId: string,
  purse: MemberPurse,
  /** memo: a person's text, or a platform message shown in the reader's language (decision 0079). */
  change: { amount: number; memo: string | StoredMessage; idempotencyKey?: string },
): Promise<PurseChange> {
  const tenantId = tenantOf(ctx);
  const [locked] = await ctx.tx
    .select()
    .from(members)
    .where(and(...ownedBy(MEMBER_OF_TENANT, ctx.scope), eq(members.id, memberId)))
    .for('update');
  if (!locked) throw AppError.notFound('crud.notFound');
  if (change.idempotencyKey) {
    const done = await repo.findLogByKey(ctx.tx, purse, memberId, change.idempotencyKey);
    if (done) return { row: locked, before: done.before, after: done.after, applied: false };
  }
  const before = purse === 'money' ? locked.money : locked.score;
  const after = before + change.amount;
  if (after < 0) throw AppError.badRequest('member.insufficient');
  const row = await repo.updateMemberWhere(ctx.tx, [eq(members.id, memberId)], { [purse]: after });
  const log = {
    tenantId,
    memberId,
    before,
    after,
    memo: storedText(change.memo),
    idempotencyKey: change.idempotencyKey ?? null,
  };
  if (purse === 'money') await repo.insertMoneyLog(ctx.tx, { ...log, money: change.amount });
  else await repo.insertScoreLog(ctx.tx, { ...log, score: change.amount });
  return { row: row!, before, after, applied: true };
}

/** Changes a member's balance and/or score (the seed's and older callers' form of `changePurse`). */
export async function adjustMember(
  ctx: MembersAdminContext,
  memberId: string,
  change: { money?: number; score?: number; memo: string | StoredMessage },
): Promise<repo.MemberRow> {
  let row: repo.MemberRow | undefined;
  if (change.money)
    row = (await changePurse(ctx, memberId, 'money', { amount: change.money, memo: change.memo })).row;
  if (change.score)
    row = (await changePurse(ctx, memberId, 'score', { amount: change.score, memo: change.memo })).row;
  if (!row) throw AppError.badRequest('member.insufficient');
  return row;
}

type LogRow = { id: string; before: number; after: number; memo: string; createdAt: Date };
const logItem = (r: LogRow, lang: Language) => ({
  id: r.id,
  before: r.before,
  after: r.after,
  memo: readStoredText(lang, r.memo),
  create_time: r.createdAt.toISOString(),
});

/** A member's money log: the member's own, or any member's of the tenant for its administrators. */
export async function moneyLogs(ctx: AnyMemberContext, memberId: string, page: number, perPage: number) {
  const where = [...reach(ctx, MONEY_LOG_SELF, MONEY_LOG_OF_TENANT), eq(memberMoneyLogs.memberId, memberId)];
  const { rows, total } = await repo.listMoneyLogs(ctx.tx, where, page, perPage);
  return {
    list: rows.map((r) => ({ ...logItem(r, ctx.lang), money: r.money })),
    total,
    page,
    per_page: perPage,
  };
}

/** A member's score log: the member's own, or any member's of the tenant for its administrators. */
export async function scoreLogs(ctx: AnyMemberContext, memberId: string, page: number, perPage: number) {
  const where = [...reach(ctx, SCORE_LOG_SELF, SCORE_LOG_OF_TENANT), eq(memberScoreLogs.memberId, memberId)];
  const { rows, total } = await repo.listScoreLogs(ctx.tx, where, page, perPage);
  return {
    list: rows.map((r) => ({ ...logItem(r, ctx.lang), score: r.score })),
    total,
    page,
    per_page: perPage,
  };
}
