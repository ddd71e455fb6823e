import { authOperations } from '@pod/shared';
import {
  adminLoginBodySchema,
  adminLoginReplySchema,
  adminRegisterBodySchema,
  adminSessionSchema,
  envelope,
  refreshBodySchema,
  tokenPairSchema,
} from '@pod/shared';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { currentAdminSession, loginAdmin, refreshAdmin, registerMerchant } from './admin-auth.service.ts';
import { clientMeta } from '../../platform/http/client-meta.ts';

const PUBLIC = { audience: 'public', permission: null } as const;
const SIGNED_IN = { audience: 'admin', permission: null } as const;
const TAGS = ['auth'];

export function adminAuthRoutes(app: ZodApp, services: AppServices): void {
  app.get(
    '/api/v1/auth/index',
    {
      config: SIGNED_IN,
      schema: {
        tags: TAGS,
        operationId: 'getAdminSession',
        summary: "The signed-in admin's session (user, site info, settings, menus)",
        response: { 200: envelope(adminSessionSchema) },
      },
    },
    async (request) => ok(await currentAdminSession(services, clientMeta(request), request.ctx.actor!.id)),
  );

  app.post(
    '/api/v1/auth/login',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        operationId: 'adminLogin',
        summary: 'Admin sign-in with account, password and click captcha',
        body: adminLoginBodySchema,
        response: { 200: envelope(adminLoginReplySchema) },
      },
    },
    async (request) =>
      ok(await loginAdmin(services, clientMeta(request), request.body), t(request.ctx.lang, 'auth.loggedIn')),
  );

  app.post(
    '/api/v1/auth/register',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        operationId: 'adminRegister',
        summary: 'Merchant registration: a new merchant and its primary account, signed in',
        body: adminRegisterBodySchema,
        response: { 200: envelope(adminLoginReplySchema) },
      },
    },
    async (request) =>
      ok(
        await registerMerchant(services, clientMeta(request), request.body),
        t(request.ctx.lang, 'auth.registered'),
      ),
  );

  app.put(
    '/api/v1/auth/refresh',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        operationId: 'adminRefresh',
        summary: 'Exchange a refresh token for a new access token; the refresh token rotates',
        body: refreshBodySchema,
        response: { 200: envelope(tokenPairSchema) },
      },
    },
    async (request) => ok(await refreshAdmin(services, request.body.token)),
  );

  route(app, authOperations.adminLogout, async (request) => {
    await services.sessions.revokeAllFor(services.database.db, 'admin', request.ctx.actor!.id);
    return ok(null, t(request.ctx.lang, 'auth.loggedOut'));
  });

  route(app, authOperations.sendVerifyCode, async (request) => {
    const { mobile, event } = request.body;
    await services.codes.send(request.ctx.lang, 'sms', mobile, event, request.ip);
    return ok(null, t(request.ctx.lang, 'verify.sent'));
  });
}
