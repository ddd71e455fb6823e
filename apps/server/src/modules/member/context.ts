import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import {
  memberScopeOf,
  systemContext,
  type AdminActor,
  type MemberActor,
  type ServiceContext,
  type SystemActor,
} from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';

/** The signed-in member's context: member-centre services take it first (decision 0026). */
export type MemberContext = ServiceContext<MemberActor>;

/**
 * A context that acts on a tenant's members as a whole: the platform on the tenant's behalf
 * (sign-in, registration, the seed) or the tenant's administrators.
 */
export type MembersAdminContext = ServiceContext<AdminActor | SystemActor>;

/** Any context member services accept: the member itself, or one acting on the tenant's members. */
export type AnyMemberContext = MemberContext | MembersAdminContext;

/** The context of a member-centre request (the guard has checked the token and the member's status). */
export function memberContext(request: FastifyRequest, tx: Executor): MemberContext {
  const actor = request.ctx.actor;
  if (actor?.kind !== 'member') throw AppError.unauthorized();
  return {
    scope: memberScopeOf(actor),
    actor,
    // A member holds no admin permission; what it reaches is its own rows (ownership `user`).
    permissions: new Set(),
    dataScope: { kind: 'all' },
    lang: request.ctx.lang,
    tx,
  };
}

/** The platform acting on one tenant's members outside a member's request (sign-in, registration). */
export function tenantMembersContext(tx: Executor, tenantId: string, name: string): MembersAdminContext {
  return systemContext(tx, { tenantId }, name);
}
