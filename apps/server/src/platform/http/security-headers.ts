import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
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

/**
 * Security headers on every reply, HTML and API alike: CSP, X-Frame-Options SAMEORIGIN, nosniff,
 * Referrer-Policy, cross-origin isolation of windows, `no-store` on API replies; HSTS only on replies served over HTTPS
 * (directly, or through a proxy trusted by TRUST_PROXY). Routes that serve user files set their
 * own stricter CSP over this one.
 */
export async function installSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    frameguard: { action: 'sameorigin' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Embedded cross-origin images are not used; the default would only risk breaking nothing.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
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
