import type { FastifyInstance, RouteOptions } from 'fastify';
import type { RequestContext } from '../context.ts';

/** Who may call a route (spec §6: admin and member areas use separate tokens). */
export const AUDIENCES = ['public', 'admin', 'member'] as const;
export type Audience = (typeof AUDIENCES)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route. Every API route must declare it. */
    audience?: Audience;
    /**
     * The permission name the route needs (e.g. `order:list`), or null when being signed in
     * to the audience is enough. Every API route must declare it, even as null.
     */
    permission?: string | null;
    /**
     * The switchable module that registered the route (set by the composition, never by hand):
     * a tenant that has switched the module off gets 404 from it (decision 0038).
     */
    module?: string;
  }
  interface FastifyRequest {
    ctx: RequestContext;
  }
}

/** Path prefixes that are API, not web pages: these get envelopes, never the SPA. */
export const API_PREFIXES = ['/api/', '/admin/ajax/'] as const;
export const isApiPath = (url: string) => API_PREFIXES.some((p) => url.startsWith(p)) || url === '/api';

/**
 * Refuses to register an API route that does not say who may call it, what it needs, and where
 * it belongs in the OpenAPI document. Failing at start-up beats a silently public route.
 */
export function enforceRouteDeclarations(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema as { hide?: boolean; tags?: string[]; operationId?: string } | undefined;
    if (schema?.hide) return;
    const where = `${String(route.method)} ${route.url}`;
    const config = route.config;
    if (!config?.audience || !AUDIENCES.includes(config.audience)) {
      throw new Error(`Route ${where} must declare config.audience (public | admin | member)`);
    }
    if (config.permission === undefined) {
      throw new Error(`Route ${where} must declare config.permission (a name, or null)`);
    }
    if (!schema?.tags?.length || !schema.operationId) {
      throw new Error(`Route ${where} must declare schema.tags and schema.operationId`);
    }
  });
}
