import type { FastifyRequest } from 'fastify';
import type { Language } from '@pod/shared';

/** Where a sign-in comes from: for limits, the session record and the site info. */
export interface ClientMeta {
  ip: string;
  userAgent: string;
  host: string | undefined;
  lang: Language;
}

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
