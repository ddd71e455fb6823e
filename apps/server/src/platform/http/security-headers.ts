import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import { isApiPath } from './route-config.ts';

/**
 * The Content Security Policy of the web app and the API (issue 17 finding 5), fitted to what the
 * app really loads: its own scripts only (Vite's module chunks; zod runs jitless so nothing is
 * evaluated), styles from itself plus inline ones (antd's CSS-in-JS and the loading overlay in
 * index.html), images and fonts from itself, `data:` and `blob:` (captcha, previews, downloads),
 * requests to itself only, no plug-ins. Frames (spec §2 embedded pages, decision 0070): the console
 * embeds its own pages and the https pages its external-link menus name; only the platform's own
 * pages may frame it.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  baseUri: ["'none'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  mediaSrc: ["'self'", 'blob:'],
  workerSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  frameSrc: ["'self'", 'https:'],
  frameAncestors: ["'self'"],
  formAction: ["'self'"],
  // Plain-HTTP installations (a LAN address) must keep loading their own assets.
  upgradeInsecureRequests: null,
};

/** Helmet's settings: its defaults, with the CSP above and the choices noted. */
const HELMET_OPTIONS: Parameters<typeof helmet>[0] = {
  contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
  frameguard: { action: 'sameorigin' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  // Embedded cross-origin images are not used; the default would only risk breaking nothing.
  crossOriginEmbedderPolicy: false,
  strictTransportSecurity: false,
};

/**
 * The headers helmet sets with HELMET_OPTIONS, worked out once: the policy is the same for every
 * reply. (The Fastify plugin built a new helmet middleware, parsing the whole policy again, on
 * every request: decision 0088.)
 */
export function securityHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
      return response;
    },
    removeHeader() {},
  };
  // Helmet 8 throws a bad setting at once; the callback is its older way of reporting one.
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error instanceof Error ? error : new Error('helmet refused its settings');
  });
  return headers;
}

/**
 * Security headers on every reply, HTML and API alike: CSP, X-Frame-Options SAMEORIGIN, nosniff,
 * Referrer-Policy, cross-origin isolation of windows, `no-store` on API replies; HSTS only on
 * replies served over HTTPS (directly, or through a proxy trusted by TRUST_PROXY). Routes that
 * serve user files set their own stricter CSP over this one.
 */
export function installSecurityHeaders(app: FastifyInstance): void {
  const headers = securityHeaders();
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // API replies carry account data: browsers keep none of them (ASVS 14.3.2). Files that set
    // their own caching (signed, immutable) keep it.
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
    if (request.protocol === 'https')
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    done(null, payload);
  });
}
