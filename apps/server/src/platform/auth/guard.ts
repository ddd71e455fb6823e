import type { FastifyInstance, FastifyRequest } from 'fastify';
import { parseLanguage } from '@pod/shared';
import type { Actor } from '../context.ts';
import { AppError } from '../http/errors.ts';
import type { TokenService } from './tokens.ts';

/**
 * Says whether a verified token's sign-in is still good: the session not revoked (logout,
 * password change, reuse detection) and the user neither disabled nor locked.
 */
export type SessionValidator = (actor: Actor, sessionId: string) => Promise<boolean>;

/** Decides whether an actor holds a permission. Role-based access fills this in (spec §6). */
export interface PermissionChecker {
  has(actor: Actor, permission: string): Promise<boolean>;
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : undefined;
}

function memberToken(request: FastifyRequest): string | undefined {
  const header = request.headers['x-user-token'];
  return typeof header === 'string' && header ? header : undefined;
}

/** Whether a switchable module is on for a tenant (null: the platform, for which all are). */
export type ModuleGate = (tenantId: string | null, module: string) => Promise<boolean>;

/**
 * Sets `request.ctx` on every request and enforces the route's declared audience and permission
 * at the entry point (CONVENTIONS 2): admin routes take `Authorization: Bearer`, member routes
 * take `X-User-Token`.
 */
export function installAuthGuard(
  app: FastifyInstance,
  tokens: TokenService,
  permissions: PermissionChecker,
  validateSession: SessionValidator,
  moduleEnabled: ModuleGate = () => Promise.resolve(true),
): void {
  app.decorateRequest('ctx');
  app.addHook('onRequest', async (request) => {
    request.ctx = {
      requestId: request.id,
      lang: parseLanguage(request.headers['accept-language']),
      actor: null,
      sessionId: null,
    };
    const { audience, permission, module } = request.routeOptions.config;
    if (!audience || audience === 'public') return;

    const token = audience === 'admin' ? bearer(request) : memberToken(request);
    const verified = token ? await tokens.verify(token, audience) : null;
    if (!verified || !(await validateSession(verified.actor, verified.sessionId)))
      throw AppError.unauthorized();
    const { actor } = verified;
    request.ctx.actor = actor;
    request.ctx.sessionId = verified.sessionId;

    // A module the caller's tenant has switched off is not there for it (before any permission).
    if (module && !(await moduleEnabled(actor.tenantId, module))) throw AppError.notFound('module.disabled');

    if (permission && !(await permissions.has(actor, permission))) throw AppError.forbidden();
  });
}
