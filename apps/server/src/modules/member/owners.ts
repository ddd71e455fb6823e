import type { SQL } from 'drizzle-orm';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import type { AnyMemberContext } from './context.ts';
import { memberGroups, memberMoneyLogs, memberRules, members, memberScoreLogs } from './schema.ts';

/*
 * Who owns member rows (decision 0026). A member reaches its own row and its own logs only
 * (`user`); the tenant's administrators, and the platform acting for the tenant, reach every member
 * of the tenant (`tenant`). Repositories take their WHERE clause from `reach`, never from the request.
 */
export const MEMBER_SELF: Ownership = { level: 'user', tenant: members.tenantId, user: members.id };
export const MEMBER_OF_TENANT: Ownership = { level: 'tenant', tenant: members.tenantId };
export const MONEY_LOG_SELF: Ownership = {
  level: 'user',
  tenant: memberMoneyLogs.tenantId,
  user: memberMoneyLogs.memberId,
};
export const MONEY_LOG_OF_TENANT: Ownership = { level: 'tenant', tenant: memberMoneyLogs.tenantId };
export const SCORE_LOG_SELF: Ownership = {
  level: 'user',
  tenant: memberScoreLogs.tenantId,
  user: memberScoreLogs.memberId,
};
export const SCORE_LOG_OF_TENANT: Ownership = { level: 'tenant', tenant: memberScoreLogs.tenantId };

/** The conditions of the rows a context reaches: a member its own, anyone else the tenant's. */
export function reach(ctx: AnyMemberContext, self: Ownership, ofTenant: Ownership): SQL[] {
  return ctx.actor.kind === 'member' ? ownedBy(self, ctx.scope, ctx.actor.id) : ownedBy(ofTenant, ctx.scope);
}
export const GROUP_OF_TENANT: Ownership = { level: 'tenant', tenant: memberGroups.tenantId };
export const RULE_OF_TENANT: Ownership = { level: 'tenant', tenant: memberRules.tenantId };
