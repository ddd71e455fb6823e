import { memberOperations } from '@pod/shared';
import { envelope, memberRefreshBodySchema, memberTokenPairSchema } from '@pod/shared';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { clientMeta } from '../../platform/http/client-meta.ts';
import {
  changeBind,
  changeMemberPassword,
  memberLogin,
  memberRegister,
  refreshMember,
  retrievePassword,
  verifyAccount,
} from './member-auth.service.ts';
import { currentMember, memberUserInfo, moneyLogs, scoreLogs, updateMember } from './member.service.ts';

const PUBLIC = { audience: 'public', permission: null } as const;
const TAGS = ['member'];

/** The signed-in member (the guard has checked the token and the member's status). */
function me(request: FastifyRequest): { id: string; tenantId: string } {
  const actor = request.ctx.actor;
  if (actor?.kind !== 'member') throw new Error('member route without a member actor');
  return { id: actor.id, tenantId: actor.tenantId };
}

/** Member auth and member centre (spec §7 "Member area"). */
export function memberRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  route(app, memberOperations.memberCheckIn, async (request) => {
    const meta = clientMeta(request);
    const body = request.body;
    const userInfo =
      body.tab === 'login'
        ? await memberLogin(services, meta, body)
        : await memberRegister(services, meta, body);
    return ok({ userInfo }, t(request.ctx.lang, body.tab === 'login' ? 'auth.loggedIn' : 'auth.registered'));
  });

  app.put(
    '/api/user/refresh',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        operationId: 'memberRefresh',
        summary: 'Exchange a member refresh token for a new token; the refresh token rotates',
        body: memberRefreshBodySchema,
        response: { 200: envelope(memberTokenPairSchema) },
      },
    },
    async (request) => ok(await refreshMember(services, request.body.token)),
  );

  route(app, memberOperations.memberLogout, async (request) => {
    await services.sessions.revokeAllFor(db, 'member', me(request).id);
    return ok(null, t(request.ctx.lang, 'auth.loggedOut'));
  });

  route(app, memberOperations.memberOverview, async (request) => {
    const who = me(request);
    const scope = { tenantId: who.tenantId, tx: db };
    const member = await currentMember(scope, who.id);
    const [money, score] = await Promise.all([
      moneyLogs(scope, who.id, 1, 5),
      scoreLogs(scope, who.id, 1, 5),
    ]);
    return ok({ userInfo: memberUserInfo(member), recentMoney: money.list, recentScore: score.list });
  });

  route(app, memberOperations.getMemberProfile, async (request) => {
    const who = me(request);
    return ok(memberUserInfo(await currentMember({ tenantId: who.tenantId, tx: db }, who.id)));
  });

  route(app, memberOperations.updateMemberProfile, async (request) => {
    const who = me(request);
    const { nickname, avatar, gender, birthday, motto } = request.body;
    const updated = await updateMember({ tenantId: who.tenantId, tx: db }, who.id, {
      nickname,
      avatar: avatar ?? '',
      gender: gender ?? 0,
      birthday: birthday ?? null,
      motto: motto ?? '',
    });
    return ok(memberUserInfo(updated), t(request.ctx.lang, 'common.ok'));
  });

  route(app, memberOperations.changeMemberPassword, async (request) => {
    await changeMemberPassword(services, me(request), request.body.oldPassword, request.body.newPassword);
    return ok(null, t(request.ctx.lang, 'member.passwordChanged'));
  });

  route(app, memberOperations.verifyMemberAccount, async (request) => {
    const { type, captcha } = request.body;
    const accountVerificationToken = await verifyAccount(services, me(request), type, captcha);
    return ok({ type, accountVerificationToken });
  });

  route(app, memberOperations.changeMemberBind, async (request) => {
    const body = request.body;
    const updated = await changeBind(services, me(request), {
      type: body.type,
      value: body.type === 'mobile' ? body.mobile : body.email,
      code: body.captcha,
      verificationToken: body.accountVerificationToken,
    });
    return ok(memberUserInfo(updated), t(request.ctx.lang, 'common.ok'));
  });

  route(app, memberOperations.memberMoneyLog, async (request) => {
    const who = me(request);
    const { page, per_page } = request.query;
    return ok(await moneyLogs({ tenantId: who.tenantId, tx: db }, who.id, page, per_page));
  });

  route(app, memberOperations.memberScoreLog, async (request) => {
    const who = me(request);
    const { page, per_page } = request.query;
    return ok(await scoreLogs({ tenantId: who.tenantId, tx: db }, who.id, page, per_page));
  });

  route(app, memberOperations.retrieveMemberPassword, async (request) => {
    const { type, account, captcha, password } = request.body;
    await retrievePassword(services, clientMeta(request), { type, account, code: captcha, password });
    return ok(null, t(request.ctx.lang, 'member.passwordReset'));
  });
}
