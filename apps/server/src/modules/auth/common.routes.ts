import { z } from 'zod';
import {
  checkClickCaptchaBodySchema,
  clickCaptchaQuerySchema,
  clickCaptchaSchema,
  emsSendBodySchema,
  envelope,
  smsSendBodySchema,
} from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { RateLimitRule } from '../../platform/rate-limit.ts';
import type { AppServices } from '../../services.ts';
import { captchaPolicy } from '../tenancy/index.ts';

const PUBLIC = { audience: 'public', permission: null } as const;
const TAGS = ['auth'];
const CAPTCHA_PER_IP: RateLimitRule = { name: 'captcha:ip', limit: 60, windowSeconds: 600 };

/** Spec §7 "Common" calls: click captcha, SMS and e-mail codes. */
export function commonRoutes(app: ZodApp, services: AppServices): void {
  app.get(
    '/api/common/clickCaptcha',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        operationId: 'getClickCaptcha',
        summary: 'A click captcha: an image and the characters to click in order',
        querystring: clickCaptchaQuerySchema,
        response: { 200: envelope(clickCaptchaSchema) },
      },
    },
    async (request) => {
      await services.limiter.enforce(CAPTCHA_PER_IP, request.ip);
      const policy = await captchaPolicy(services.database.db, request.headers.host, services.config.captcha);
      return ok(await services.captcha.create(request.query.id, policy.length));
    },
  );

  app.post(
    '/api/common/checkClickCaptcha',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        operationId: 'checkClickCaptcha',
        summary: 'Check the clicks; a passed captcha may then be used once by a login',
        body: checkClickCaptchaBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await services.limiter.enforce(CAPTCHA_PER_IP, request.ip);
      const { id, info, unset } = request.body;
      await services.captcha.check(id, info, unset ?? false);
      return ok(null, t(request.ctx.lang, 'captcha.passed'));
    },
  );

  app.post(
    '/api/Sms/send',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        operationId: 'sendSms',
        summary: 'Send an SMS verification code',
        body: smsSendBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await services.codes.send(
        request.ctx.lang,
        'sms',
        request.body.mobile,
        request.body.template_code,
        request.ip,
      );
      return ok(null, t(request.ctx.lang, 'verify.sent'));
    },
  );

  app.post(
    '/api/Ems/send',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        operationId: 'sendEms',
        summary: 'Send an e-mail verification code',
        body: emsSendBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await services.codes.send(
        request.ctx.lang,
        'email',
        request.body.email,
        request.body.event,
        request.ip,
      );
      return ok(null, t(request.ctx.lang, 'verify.sent'));
    },
  );
}
