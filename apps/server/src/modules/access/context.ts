import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { dataScopeFor, grantsFor } from './access.service.ts';

/** The service context of an admin request: its tenant, actor, data scope and transaction. */
export async function adminContext(request: FastifyRequest, tx: Executor): Promise<ServiceContext> {
  const actor = request.ctx.actor;
  if (actor?.kind !== 'admin') throw AppError.unauthorized();
  const [scope, grants] = await Promise.all([dataScopeFor(tx, actor), grantsFor(tx, actor)]);
  return { tenantId: actor.tenantId, actor, scope, permissions: grants.permissions, tx };
}

/**
 * The service context of a request on merchant-wide rows (wallet, cart, addresses, orders): the
 * auth guard has already checked the route's permission and these rows have no department data
 * scope, so this skips adminContext's second look-up of grants and scope (the money path).
 */
export function merchantWideContext(request: FastifyRequest, tx: Executor): ServiceContext {
  const actor = request.ctx.actor;
  if (actor?.kind !== 'admin') throw AppError.unauthorized();
  return { tenantId: actor.tenantId, actor, scope: { kind: 'all' }, permissions: new Set(), tx };
}
