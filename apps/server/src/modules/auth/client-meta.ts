import type { FastifyRequest } from 'fastify';
import type { ClientMeta } from './admin-auth.service.ts';

/** What a sign-in records about where it came from. */
export function clientMeta(request: FastifyRequest): ClientMeta {
  const ua = request.headers['user-agent'];
  return {
    ip: request.ip,
    userAgent: typeof ua === 'string' ? ua : '',
    host: request.headers.host,
    lang: request.ctx.lang,
  };
}
