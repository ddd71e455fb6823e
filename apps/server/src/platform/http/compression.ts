import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** Replies smaller than this go as they are: compressing them saves less than it costs. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * Compresses replies of compressible types (JSON, text, SVG; mime-db's list) above
 * COMPRESS_THRESHOLD_BYTES with brotli or gzip, as the request's Accept-Encoding allows, and adds
 * `Vary: Accept-Encoding` (docs/decisions/0075). Brotli runs at quality 4: per request, the
 * highest qualities cost far more CPU than the bytes they save. The web app's built files come
 * precompressed from the build and pass through untouched (they carry their Content-Encoding).
 * Partial content (206) and replies without an accepted encoding are sent as they are.
 */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    threshold: COMPRESS_THRESHOLD_BYTES,
    encodings: ['br', 'gzip'],
  });
}
