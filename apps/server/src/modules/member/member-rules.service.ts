import { and, eq } from 'drizzle-orm';
import type { MemberRule } from '@pod/shared';
import { AppError } from '../../platform/http/errors.ts';
import { ownedBy } from '../../platform/ownership.ts';
import type { AppServices } from '../../services.ts';
import { effectiveConfig } from '../site/index.ts';
import { tenantMembersContext, type MemberContext } from './context.ts';
import { memberRuleItem } from './member-admin.resource.ts';
import { changePurse, currentMember } from './member.service.ts';
import { RULE_OF_TENANT } from './owners.ts';
import { memberGroups, memberRules } from './schema.ts';

/** The config key of the day's check-in reward (score), decision 0047. */
export const SIGN_IN_SCORE_KEY = 'site.memberSignInScore';

/**
 * The member centre's pages, by the name of the rule that governs each (decision 0047): every
 * member-centre route checks its page's rule. Reading the member's own profile (the session) and
 * the menus themselves are not governed: the centre cannot load without them.
 */
export const MEMBER_PAGES = {
  overview: 'account/overview',
  profile: 'account/profile',
  changePassword: 'account/changePassword',
  balance: 'account/balance',
  integral: 'account/integral',
} as const;

/**
 * The member-centre rules the member has (decision 0047): with no group, every enabled rule of
 * the tenant; with a group, the enabled rules the group grants (none while the group is disabled),
 * with the directories above them so that the menu is a tree.
 */
export async function menusOfMember(ctx: MemberContext): Promise<MemberRule[]> {
  const member = await currentMember(ctx);
  const rules = await ctx.tx
    .select()
    .from(memberRules)
    .where(and(...ownedBy(RULE_OF_TENANT, ctx.scope), eq(memberRules.status, 'enabled')));
  let granted: Set<string>;
  if (!member.groupId) granted = new Set(rules.map((r) => r.id));
  else {
    const [group] = await ctx.tx
      .select()
      .from(memberGroups)
      .where(and(eq(memberGroups.id, member.groupId), eq(memberGroups.tenantId, member.tenantId)))
      .limit(1);
    granted = new Set(group?.status === 'enabled' ? group.ruleIds : []);
    const byId = new Map(rules.map((r) => [r.id, r]));
    for (const id of [...granted]) {
      let parent = byId.get(id)?.parentId;
      while (parent && !granted.has(parent)) {
        granted.add(parent);
        parent = byId.get(parent)?.parentId;
      }
    }
  }
  return rules
    .filter((r) => granted.has(r.id))
    .sort((a, b) => b.sort - a.sort || a.name.localeCompare(b.name))
    .map(memberRuleItem);
}

/**
 * The member's menus (the rules granted) and the names of the tenant's enabled rules the member
 * is not granted: the member centre hides those pages and shows every page no rule governs.
 */
export async function memberMenus(ctx: MemberContext): Promise<{ rules: MemberRule[]; denied: string[] }> {
  const rules = await menusOfMember(ctx);
  const granted = new Set(rules.map((r) => r.name));
  const all = await ctx.tx
    .select({ name: memberRules.name })
    .from(memberRules)
    .where(and(...ownedBy(RULE_OF_TENANT, ctx.scope), eq(memberRules.status, 'enabled')));
  const denied = [...new Set(all.map((r) => r.name).filter((name) => !granted.has(name)))].sort();
  return { rules, denied };
}

/**
 * Refuses a member-centre route the tenant has a rule for and the member's group does not grant
 * (403). A tenant that declares no rule for it leaves it open to every member.
 */
export async function assertMemberMay(ctx: MemberContext, ruleName: string): Promise<void> {
  const [rule] = await ctx.tx
    .select({ id: memberRules.id })
    .from(memberRules)
    .where(
      and(
        ...ownedBy(RULE_OF_TENANT, ctx.scope),
        eq(memberRules.name, ruleName),
        eq(memberRules.status, 'enabled'),
      ),
    )
    .limit(1);
  if (!rule) return;
  const allowed = await menusOfMember(ctx);
  if (!allowed.some((r) => r.id === rule.id)) throw AppError.forbidden('member.ruleDenied');
}

/**
 * The day's check-in (spec "sign-in rewards"): the first of a (UTC) day adds the configured score
 * through the same guarded change as an administrator's, keyed by the day, so a second one that day,
 * or a retried one, adds nothing.
 */
export async function signIn(services: AppServices, ctx: MemberContext) {
  const member = await currentMember(ctx);
  const config = await effectiveConfig(ctx.tx, member.tenantId, services.config.siteName);
  const reward = Number(config[SIGN_IN_SCORE_KEY] ?? 0);
  if (!Number.isInteger(reward) || reward <= 0) return { awarded: false, reward: 0, score: member.score };
  const day = new Date().toISOString().slice(0, 10);
  const done = await changePurse(
    tenantMembersContext(ctx.tx, member.tenantId, 'member-sign-in'),
    member.id,
    'score',
    { amount: reward, memo: { key: 'member.memo.signIn', params: { day } }, idempotencyKey: `signin:${day}` },
  );
  return { awarded: done.applied, reward, score: done.row.score };
}
