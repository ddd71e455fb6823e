import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { memberAdminOperations, type MemberAdmin, type MemberGroup, type MemberRule } from '@pod/shared';
import type { CrudDefinition, Row } from '../../platform/crud/crud-definition.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedBy } from '../../platform/ownership.ts';
import { memberGroups, memberMoneyLogs, memberRules, members, memberScoreLogs } from './schema.ts';
import { GROUP_OF_TENANT, MEMBER_OF_TENANT, RULE_OF_TENANT } from './owners.ts';

type MemberRow = typeof members.$inferSelect;
type GroupRow = typeof memberGroups.$inferSelect;
type RuleRow = typeof memberRules.$inferSelect;

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function memberAdminItem(r: Row): MemberAdmin {
  const m = r as MemberRow;
  return {
    id: m.id,
    username: m.username,
    nickname: m.nickname,
    email: m.email,
    mobile: m.mobile,
    avatar: m.avatar,
    gender: m.gender === 1 || m.gender === 2 ? m.gender : 0,
    money: m.money,
    score: m.score,
    motto: m.motto,
    status: m.status,
    group_id: m.groupId,
    last_login_time: iso(m.lastLoginAt),
    last_login_ip: m.lastLoginIp,
    join_time: m.joinTime.toISOString(),
  };
}

/** A group id of the caller's tenant, or 404: another tenant's group is not there. */
async function assertGroup(ctx: ServiceContext, groupId: string | null | undefined): Promise<void> {
  if (!groupId) return;
  const [row] = await ctx.tx
    .select({ id: memberGroups.id })
    .from(memberGroups)
    .where(and(...ownedBy(GROUP_OF_TENANT, ctx.scope), eq(memberGroups.id, groupId)))
    .limit(1);
  if (!row) throw AppError.notFound('crud.notFound');
}

/** One of the tenant's members with this value in `field`, other than `exceptId`. */
async function taken(
  ctx: ServiceContext,
  field: 'username' | 'mobile' | 'email',
  value: string | undefined,
  exceptId?: string,
): Promise<boolean> {
  if (!value) return false;
  const where: SQL[] = [...ownedBy(MEMBER_OF_TENANT, ctx.scope), eq(members[field], value)];
  if (exceptId) where.push(ne(members.id, exceptId));
  const [row] = await ctx.tx
    .select({ id: members.id })
    .from(members)
    .where(and(...where))
    .limit(1);
  return row !== undefined;
}

const TAKEN = { username: 'auth.usernameTaken', mobile: 'member.mobileTaken', email: 'member.emailTaken' };
async function assertFree(
  ctx: ServiceContext,
  input: { username?: string; mobile?: string; email?: string },
  exceptId?: string,
) {
  for (const field of ['username', 'mobile', 'email'] as const)
    if (await taken(ctx, field, input[field], exceptId)) throw AppError.conflict(TAKEN[field], {}, { field });
}

/** The tenant's members (spec §3 Member user), administered by the supplier (decision 0047). */
export const memberAdminResource: CrudDefinition<typeof memberAdminOperations.member> = {
  operations: memberAdminOperations.member,
  table: members,
  owner: MEMBER_OF_TENANT,
  columns: { id: members.id },
  toItem: memberAdminItem,
  async toInsert(ctx, input) {
    await assertFree(ctx, input);
    await assertGroup(ctx, input.group_id);
    return {
      username: input.username,
      passwordHash: await hashPassword(input.password),
      nickname: input.nickname || input.username,
      email: input.email ?? '',
      mobile: input.mobile ?? '',
      groupId: input.group_id ?? null,
      status: input.status ?? 'enabled',
    };
  },
  async toUpdate(ctx, input, existing) {
    await assertFree(ctx, input, String(existing.id));
    await assertGroup(ctx, input.group_id);
    const out: Partial<MemberRow> = {};
    if (input.nickname !== undefined) out.nickname = input.nickname;
    if (input.email !== undefined) out.email = input.email;
    if (input.mobile !== undefined) out.mobile = input.mobile;
    if (input.gender !== undefined) out.gender = input.gender;
    if (input.motto !== undefined) out.motto = input.motto;
    if (input.group_id !== undefined) out.groupId = input.group_id;
    if (input.status !== undefined) out.status = input.status;
    return out;
  },
  async beforeDelete(ctx, row) {
    // A member's logs are its own: they go with it (the ledger of a member that is gone).
    await ctx.tx.delete(memberMoneyLogs).where(eq(memberMoneyLogs.memberId, String(row.id)));
    await ctx.tx.delete(memberScoreLogs).where(eq(memberScoreLogs.memberId, String(row.id)));
  },
  filters: {
    status: { column: members.status, op: 'eq' },
    group_id: { column: members.groupId, op: 'eq' },
  },
  quickSearch: [members.username, members.nickname, members.mobile, members.email],
  orderable: {
    username: members.username,
    money: members.money,
    score: members.score,
    join_time: members.joinTime,
  },
  defaultOrder: [[members.joinTime, 'desc']],
  selectLabel: members.username,
};

/** The tenant's rules among `ids`, or 404 when one is not (another tenant's, or none). */
async function assertRules(ctx: ServiceContext, ids: readonly string[] | undefined): Promise<void> {
  if (!ids?.length) return;
  const unique = [...new Set(ids)];
  const rows = await ctx.tx
    .select({ id: memberRules.id })
    .from(memberRules)
    .where(and(...ownedBy(RULE_OF_TENANT, ctx.scope), inArray(memberRules.id, unique)));
  if (rows.length !== unique.length) throw AppError.notFound('crud.notFound');
}

export const memberGroupResource: CrudDefinition<typeof memberAdminOperations.memberGroup> = {
  operations: memberAdminOperations.memberGroup,
  table: memberGroups,
  owner: GROUP_OF_TENANT,
  columns: { id: memberGroups.id },
  toItem(r): MemberGroup {
    const g = r as GroupRow;
    return {
      id: g.id,
      name: g.name,
      rule_ids: g.ruleIds,
      status: g.status,
      created_at: g.createdAt.toISOString(),
    };
  },
  async toInsert(ctx, input) {
    await assertRules(ctx, input.rule_ids);
    return {
      name: input.name,
      ruleIds: [...new Set(input.rule_ids ?? [])],
      status: input.status ?? 'enabled',
    };
  },
  async toUpdate(ctx, input) {
    await assertRules(ctx, input.rule_ids);
    const out: Partial<GroupRow> = {};
    if (input.name !== undefined) out.name = input.name;
    if (input.rule_ids !== undefined) out.ruleIds = [...new Set(input.rule_ids)];
    if (input.status !== undefined) out.status = input.status;
    return out;
  },
  async beforeDelete(ctx, row) {
    // Its members fall back to no group (the key carries tenant_id, so it cannot SET NULL: decision 0077).
    await ctx.tx
      .update(members)
      .set({ groupId: null })
      .where(and(...ownedBy(MEMBER_OF_TENANT, ctx.scope), eq(members.groupId, String(row.id))));
  },
  filters: { status: { column: memberGroups.status, op: 'eq' } },
  quickSearch: [memberGroups.name],
  orderable: { name: memberGroups.name, created_at: memberGroups.createdAt },
  defaultOrder: [[memberGroups.createdAt, 'asc']],
  selectLabel: memberGroups.name,
};

async function assertParent(ctx: ServiceContext, parentId: string | null | undefined, selfId?: string) {
  if (!parentId) return;
  if (parentId === selfId) throw AppError.badRequest('member.ruleOwnParent');
  const [row] = await ctx.tx
    .select({ id: memberRules.id })
    .from(memberRules)
    .where(and(...ownedBy(RULE_OF_TENANT, ctx.scope), eq(memberRules.id, parentId)))
    .limit(1);
  if (!row) throw AppError.notFound('crud.notFound');
  if (selfId) {
    // A rule may not move under one of its own descendants.
    const { rows } = await ctx.tx.execute(sql`
      WITH RECURSIVE up AS (
        SELECT id, parent_id FROM member_rules WHERE id = ${parentId}
        UNION ALL SELECT r.id, r.parent_id FROM member_rules r JOIN up ON r.id = up.parent_id
      ) SELECT id FROM up WHERE id = ${selfId} LIMIT 1`);
    if (rows.length) throw AppError.badRequest('member.ruleOwnParent');
  }
}

async function assertRuleName(ctx: ServiceContext, name: string | undefined, exceptId?: string) {
  if (!name) return;
  const where: SQL[] = [...ownedBy(RULE_OF_TENANT, ctx.scope), eq(memberRules.name, name)];
  if (exceptId) where.push(ne(memberRules.id, exceptId));
  const [row] = await ctx.tx
    .select({ id: memberRules.id })
    .from(memberRules)
    .where(and(...where))
    .limit(1);
  if (row) throw AppError.conflict('member.ruleNameTaken', {}, { field: 'name' });
}

export function memberRuleItem(r: Row): MemberRule {
  const m = r as RuleRow;
  return {
    id: m.id,
    parent_id: m.parentId,
    type: m.type,
    title: m.title,
    name: m.name,
    icon: m.icon,
    sort: m.sort,
    status: m.status,
    created_at: m.createdAt.toISOString(),
  };
}

export const memberRuleResource: CrudDefinition<typeof memberAdminOperations.memberRule> = {
  operations: memberAdminOperations.memberRule,
  table: memberRules,
  owner: RULE_OF_TENANT,
  columns: { id: memberRules.id, sort: memberRules.sort },
  toItem: memberRuleItem,
  async toInsert(ctx, input) {
    await assertParent(ctx, input.parent_id);
    await assertRuleName(ctx, input.name);
    return {
      parentId: input.parent_id ?? null,
      type: input.type,
      title: input.title,
      name: input.name,
      icon: input.icon ?? '',
      sort: input.sort ?? 0,
      status: input.status ?? 'enabled',
    };
  },
  async toUpdate(ctx, input, existing) {
    await assertParent(ctx, input.parent_id, String(existing.id));
    await assertRuleName(ctx, input.name, String(existing.id));
    const out: Partial<RuleRow> = {};
    if (input.parent_id !== undefined) out.parentId = input.parent_id;
    if (input.type !== undefined) out.type = input.type;
    if (input.title !== undefined) out.title = input.title;
    if (input.name !== undefined) out.name = input.name;
    if (input.icon !== undefined) out.icon = input.icon;
    if (input.sort !== undefined) out.sort = input.sort;
    if (input.status !== undefined) out.status = input.status;
    return out;
  },
  async beforeDelete(ctx, row) {
    // Groups stop granting the rule; its children move up to the top level (the key carries
    // tenant_id, so it cannot SET NULL: decision 0077).
    await ctx.tx
      .update(memberRules)
      .set({ parentId: null })
      .where(and(...ownedBy(RULE_OF_TENANT, ctx.scope), eq(memberRules.parentId, String(row.id))));
    await ctx.tx
      .update(memberGroups)
      .set({ ruleIds: sql`array_remove(${memberGroups.ruleIds}, ${String(row.id)}::uuid)` })
      .where(and(...ownedBy(GROUP_OF_TENANT, ctx.scope)));
  },
  filters: {
    status: { column: memberRules.status, op: 'eq' },
    parent_id: { column: memberRules.parentId, op: 'eq' },
  },
  quickSearch: [memberRules.title, memberRules.name],
  orderable: { sort: memberRules.sort, name: memberRules.name },
  defaultOrder: [[memberRules.sort, 'desc']],
  selectLabel: memberRules.title,
};
