import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendNotFound } from './error-handler.ts';
import { isApiPath } from './route-config.ts';

/**
 * Serves the built web app from one port with an SPA fallback: any GET that is not an API
 * address and not a file gets index.html, and react-router takes over. Without a build, every
 * unknown address gets the 404 envelope.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const indexHtml = join(webDist, 'index.html');
  const hasWeb = existsSync(indexHtml);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      index: 'index.html',
      // The build writes `.br` and `.gz` copies of its text files (apps/web/vite.config.ts): a
      // browser that accepts one gets it with Content-Encoding and `Vary: Accept-Encoding`.
      preCompressed: true,
      // Hashed assets can be cached for good; index.html must always be revalidated.
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (hasWeb && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(path)) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(request, reply);
  });
}
