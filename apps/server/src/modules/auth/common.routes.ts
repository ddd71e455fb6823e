import { authOperations } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { RateLimitRule } from '../../platform/rate-limit.ts';
import type { AppServices } from '../../services.ts';
import { captchaPolicy } from '../tenancy/index.ts';

/** The limit comes from the configuration (CAPTCHA_LIMIT_PER_IP, default 60 per 10 minutes). */
const CAPTCHA_PER_IP: Omit<RateLimitRule, 'limit'> = { name: 'captcha:ip', windowSeconds: 600 };

/** Spec §7 "Common" calls: click captcha, SMS and e-mail codes. */
export function commonRoutes(app: ZodApp, services: AppServices): void {
  const captchaPerIp: RateLimitRule = { ...CAPTCHA_PER_IP, limit: services.config.limitsPerIp.captcha };
  route(app, authOperations.getClickCaptcha, async (request) => {
    await services.limiter.enforce(captchaPerIp, request.ip);
    const policy = await captchaPolicy(services.database.db, request.headers.host, services.config.captcha);
    return ok(await services.captcha.create(request.query.id, policy.length));
  });

  route(app, authOperations.checkClickCaptcha, async (request) => {
    await services.limiter.enforce(captchaPerIp, request.ip);
    const { id, info, unset } = request.body;
    await services.captcha.check(id, info, unset ?? false);
    return ok(null, t(request.ctx.lang, 'captcha.passed'));
  });

  route(app, authOperations.sendSms, async (request) => {
    await services.codes.send(
      request.ctx.lang,
      'sms',
      request.body.mobile,
      request.body.template_code,
      request.ip,
    );
    return ok(null, t(request.ctx.lang, 'verify.sent'));
  });

  route(app, authOperations.sendEms, async (request) => {
    await services.codes.send(request.ctx.lang, 'email', request.body.email, request.body.event, request.ip);
    return ok(null, t(request.ctx.lang, 'verify.sent'));
  });
}
