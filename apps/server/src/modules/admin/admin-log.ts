import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { adminLogs, adminUsers } from '../../db/schema/index.ts';

const SECRET_KEYS = /pass|token|secret|captcha|code|key/i;

/** The request body with secrets masked and long strings cut, as the log's change summary. */
export function summarise(value: unknown, depth = 0): unknown {
  if (depth > 4) return '…';
  if (typeof value === 'string') return value.length > 200 ? `${value.slice(0, 200)}…` : value;
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => summarise(v, depth + 1));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .slice(0, 100)
        .map(([k, v]) => [k, SECRET_KEYS.test(k) ? '***' : summarise(v, depth + 1)]),
    );
  }
  return value ?? null;
}

/**
 * Every write by a signed-in admin (any method but GET/HEAD/OPTIONS on an admin route) is logged
 * after the reply: who, when, route, IP, outcome and a masked summary of the body.
 */
export function installAdminLog(app: FastifyInstance, db: Db): void {
  app.addHook('onResponse', async (request, reply) => {
    const actor = request.ctx?.actor;
    if (actor?.kind !== 'admin' || ['GET', 'HEAD', 'OPTIONS'].includes(request.method)) return;
    const schema = request.routeOptions.schema;
    const ua = request.headers['user-agent'];
    try {
      await db.insert(adminLogs).values({
        tenantId: actor.tenantId,
        userId: actor.id,
        username: sql`coalesce((SELECT ${adminUsers.username} FROM ${adminUsers} WHERE ${adminUsers.id} = ${actor.id}), '')`,
        method: request.method,
        url: request.url.slice(0, 500),
        route: request.routeOptions.url ?? '',
        operationId: schema?.operationId ?? '',
        statusCode: String(reply.statusCode),
        ip: request.ip,
        userAgent: typeof ua === 'string' ? ua.slice(0, 300) : '',
        summary: summarise(request.body ?? null),
      });
    } catch (error) {
      request.log.error({ err: error }, 'admin log write failed');
    }
  });
}
