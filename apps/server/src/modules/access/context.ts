import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { scopeOf, type AdminActor, type DataScope, type ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { dataScopeFor, grantsFor } from './access.service.ts';
import { factoryIdsOf } from './access.repo.ts';
import { activeAdminActor } from './admin-user.service.ts';

/** The admin actor of a request the auth guard let through. */
function adminOf(request: FastifyRequest): AdminActor {
  const actor = request.ctx.actor;
  if (actor?.kind !== 'admin') throw AppError.unauthorized();
  return actor;
}

/**
 * spec §6 factory permissions: primary accounts act for every factory of the tenant, and so does
 * staff given none in particular; staff given some act for those only.
 */
async function factoryPermissions(tx: Executor, actor: AdminActor): Promise<readonly string[] | 'all'> {
  if (actor.isPrimary || actor.tier === 'factory') return 'all';
  const ids = await factoryIdsOf(tx, actor.id);
  return ids.length ? ids : 'all';
}

/**
 * The service context of an admin request (decision 0026): its scope, actor, permissions, data
 * scope and transaction.
 */
export async function adminContext(request: FastifyRequest, tx: Executor): Promise<ServiceContext> {
  const actor = adminOf(request);
  const [dataScope, grants, factoryIds] = await Promise.all([
    dataScopeFor(tx, actor),
    grantsFor(tx, actor),
    factoryPermissions(tx, actor),
  ]);
  return {
    scope: scopeOf(actor, factoryIds),
    actor,
    permissions: grants.permissions,
    dataScope,
    lang: request.ctx.lang,
    tx,
  };
}

/**
 * The service context of a request on merchant-wide rows (wallet, cart, addresses, orders): the
 * auth guard has already checked the route's permission and these rows have no department data
 * scope, so this skips adminContext's second look-up of grants and scope (the money path).
 */
export function merchantWideContext(request: FastifyRequest, tx: Executor): ServiceContext {
  return merchantContext(request, tx, adminOf(request), { kind: 'all' });
}

/**
 * merchantWideContext narrowed to the actor's data scope (decision 0061: staff act only on the
 * orders their scope shows them, e.g. when paying); a primary account's scope needs no look-up.
 */
export async function dataScopedMerchantContext(
  request: FastifyRequest,
  tx: Executor,
): Promise<ServiceContext> {
  const actor = adminOf(request);
  return merchantContext(request, tx, actor, await dataScopeFor(tx, actor));
}

function merchantContext(
  request: FastifyRequest,
  tx: Executor,
  actor: AdminActor,
  dataScope: DataScope,
): ServiceContext {
  return {
    scope: scopeOf(actor),
    actor,
    permissions: new Set(),
    dataScope,
    lang: request.ctx.lang,
    tx,
  };
}

/**
 * The service context of an admin user outside a request (a job acting for the user who queued
 * it): their grants, data scope and factory permissions as they are now, or null when the user may
 * no longer act (disabled, locked or deleted).
 */
export async function contextOfUser(
  tx: Executor,
  userId: string,
  lang: ServiceContext['lang'],
): Promise<ServiceContext | null> {
  const actor = await activeAdminActor(tx, userId);
  if (actor?.kind !== 'admin') return null;
  const [dataScope, grants, factoryIds] = await Promise.all([
    dataScopeFor(tx, actor),
    grantsFor(tx, actor),
    factoryPermissions(tx, actor),
  ]);
  return { scope: scopeOf(actor, factoryIds), actor, permissions: grants.permissions, dataScope, lang, tx };
}
