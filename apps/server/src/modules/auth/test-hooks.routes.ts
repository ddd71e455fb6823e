import { z } from 'zod';
import { captchaIdSchema } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';

/**
 * Test-only hooks, registered ONLY when NODE_ENV=test, and hidden from the API document: the
 * browser tests read a captcha's answer and the latest outbox message through them.
 */
export function testHookRoutes(app: ZodApp, services: AppServices): void {
  if (!services.config.testHooks) return;
  const hidden = { hide: true } as const;

  app.get(
    '/api/test/captcha/:id',
    { schema: { ...hidden, params: z.object({ id: captchaIdSchema }) } },
    async (request) => {
      const answer = await services.captcha.answer(request.params.id);
      if (!answer) throw AppError.notFound('http.404', { url: request.url });
      return ok(answer);
    },
  );

  app.get(
    '/api/test/outbox',
    { schema: { ...hidden, querystring: z.object({ to: z.string().min(1).max(100) }) } },
    async (request) => {
      const message = await services.codes.latestMessage(request.query.to);
      if (!message) throw AppError.notFound('http.404', { url: request.url });
      return ok(message);
    },
  );
}
