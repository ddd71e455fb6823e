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
