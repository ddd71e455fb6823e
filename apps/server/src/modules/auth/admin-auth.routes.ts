import { adminLoginBodySchema, adminRegisterBodySchema, authOperations } from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import {
  currentAdminSession,
  loginAdmin,
  refreshAdmin,
  registerMerchant,
  retrieveAdminPassword,
  sendAdminRetrieveCode,
} from './admin-auth.service.ts';
import { clientMeta } from '../../platform/http/client-meta.ts';
import { signInFormInfo } from '../../platform/auth/sign-in-form.ts';
import { captchaPolicy } from '../tenancy/index.ts';

export function adminAuthRoutes(app: ZodApp, services: AppServices): void {
  route(app, authOperations.getAdminSession, async (request) =>
    ok(await currentAdminSession(services, clientMeta(request), request.ctx.actor!.id)),
  );

  route(app, authOperations.adminLogin, async (request) =>
    ok(await loginAdmin(services, clientMeta(request), request.body), t(request.ctx.lang, 'auth.loggedIn')),
  );

  route(app, authOperations.adminRegister, async (request) =>
    ok(
      await registerMerchant(services, clientMeta(request), request.body),
      t(request.ctx.lang, 'auth.registered'),
    ),
  );

  // Spec §7 "method variable": GET on the sign-in calls says what their forms need.
  route(app, authOperations.adminLoginForm, async (request) => {
    const captcha = await captchaPolicy(services.database.db, request.headers.host, services.config.captcha);
    return ok(signInFormInfo('login', adminLoginBodySchema, captcha));
  });

  route(app, authOperations.adminRegisterForm, async (request) => {
    const captcha = await captchaPolicy(services.database.db, request.headers.host, services.config.captcha);
    return ok(signInFormInfo('register', adminRegisterBodySchema, captcha));
  });

  // Issue 27: the admin login's "forgot password" (SMS or e-mail code through the outbox).
  route(app, authOperations.sendAdminRetrieveCode, async (request) => {
    await sendAdminRetrieveCode(services, clientMeta(request), request.ctx.lang, request.body);
    return ok(null, t(request.ctx.lang, 'auth.retrieveCodeSent'));
  });

  route(app, authOperations.adminRetrievePassword, async (request) => {
    await retrieveAdminPassword(services, request.body);
    return ok(null, t(request.ctx.lang, 'auth.passwordReset'));
  });

  route(app, authOperations.adminRefresh, async (request) =>
    ok(await refreshAdmin(services, request.body.token)),
  );

  // Issue 27: signing out ends this sign-in only; "sign out everywhere" ends them all.
  route(app, authOperations.adminLogout, async (request) => {
    const sessionId = request.ctx.sessionId;
    if (sessionId) await services.sessions.revokeFamily(services.database.db, sessionId);
    return ok(null, t(request.ctx.lang, 'auth.loggedOut'));
  });

  route(app, authOperations.adminLogoutEverywhere, async (request) => {
    await services.sessions.revokeAllFor(services.database.db, 'admin', request.ctx.actor!.id);
    return ok(null, t(request.ctx.lang, 'auth.loggedOutEverywhere'));
  });

  route(app, authOperations.sendVerifyCode, async (request) => {
    const { mobile, event } = request.body;
    await services.codes.send(request.ctx.lang, 'sms', mobile, event, request.ip);
    return ok(null, t(request.ctx.lang, 'verify.sent'));
  });
}
