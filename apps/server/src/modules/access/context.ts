import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { dataScopeFor } from './access.service.ts';

/** The service context of an admin request: its tenant, actor, data scope and transaction. */
export async function adminContext(request: FastifyRequest, tx: Executor): Promise<ServiceContext> {
  const actor = request.ctx.actor;
  if (actor?.kind !== 'admin') throw AppError.unauthorized();
  return { tenantId: actor.tenantId, actor, scope: await dataScopeFor(tx, actor), tx };
}
