import { z } from 'zod';
import {
  accountVerificationBodySchema,
  accountVerificationReplySchema,
  changeBindBodySchema,
  changePasswordBodySchema,
  envelope,
  memberCheckInBodySchema,
  memberCheckInReplySchema,
  memberLogoutBodySchema,
  memberMoneyLogSchema,
  memberOverviewSchema,
  memberProfileBodySchema,
  memberRefreshBodySchema,
  memberScoreLogSchema,
  memberTokenPairSchema,
  memberUserInfoSchema,
  pagedSchema,
  pageQuerySchema,
  retrievePasswordBodySchema,
} from '@pod/shared';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
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
const MEMBER = { audience: 'member', permission: null } as const;
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

  app.post(
    '/api/user/checkIn',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        operationId: 'memberCheckIn',
        summary: 'Member login (tab "login") or registration (tab "register")',
        body: memberCheckInBodySchema,
        response: { 200: envelope(memberCheckInReplySchema) },
      },
    },
    async (request) => {
      const meta = clientMeta(request);
      const body = request.body;
      const userInfo =
        body.tab === 'login'
          ? await memberLogin(services, meta, body)
          : await memberRegister(services, meta, body);
      return ok(
        { userInfo },
        t(request.ctx.lang, body.tab === 'login' ? 'auth.loggedIn' : 'auth.registered'),
      );
    },
  );

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

  app.post(
    '/api/user/logout',
    {
      config: MEMBER,
      schema: {
        tags: TAGS,
        operationId: 'memberLogout',
        summary: 'Sign out: ends every sign-in of this member',
        body: memberLogoutBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await services.sessions.revokeAllFor(db, 'member', me(request).id);
      return ok(null, t(request.ctx.lang, 'auth.loggedOut'));
    },
  );

  app.get(
    '/api/account/overview',
    {
      config: MEMBER,
      schema: {
        tags: TAGS,
        operationId: 'memberOverview',
        summary: 'Member centre overview: the member and recent balance and score changes',
        response: { 200: envelope(memberOverviewSchema) },
      },
    },
    async (request) => {
      const who = me(request);
      const scope = { tenantId: who.tenantId, tx: db };
      const member = await currentMember(scope, who.id);
      const [money, score] = await Promise.all([
        moneyLogs(scope, who.id, 1, 5),
        scoreLogs(scope, who.id, 1, 5),
      ]);
      return ok({ userInfo: memberUserInfo(member), recentMoney: money.list, recentScore: score.list });
    },
  );

  app.get(
    '/api/account/profile',
    {
      config: MEMBER,
      schema: {
        tags: TAGS,
        operationId: 'getMemberProfile',
        summary: "The member's profile",
        response: { 200: envelope(memberUserInfoSchema) },
      },
    },
    async (request) => {
      const who = me(request);
      return ok(memberUserInfo(await currentMember({ tenantId: who.tenantId, tx: db }, who.id)));
    },
  );

  app.post(
    '/api/account/profile',
    {
      config: MEMBER,
      schema: {
        tags: TAGS,
        operationId: 'updateMemberProfile',
        summary: "Update the member's nickname, avatar, gender, birthday and motto",
        body: memberProfileBodySchema,
        response: { 200: envelope(memberUserInfoSchema) },
      },
    },
    async (request) => {
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
    },
  );

  app.post(
    '/api/account/changePassword',
    {
      config: MEMBER,
      schema: {
        tags: TAGS,
        operationId: 'changeMemberPassword',
        summary: 'Change the password; every sign-in of the member ends',
        body: changePasswordBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      await changeMemberPassword(services, me(request), request.body.oldPassword, request.body.newPassword);
      return ok(null, t(request.ctx.lang, 'member.passwordChanged'));
    },
  );

  app.post(
    '/api/account/verification',
    {
      config: MEMBER,
      schema: {
        tags: TAGS,
        operationId: 'verifyMemberAccount',
        summary: 'Prove the current mobile or e-mail with a code, before changing it',
        body: accountVerificationBodySchema,
        response: { 200: envelope(accountVerificationReplySchema) },
      },
    },
    async (request) => {
      const { type, captcha } = request.body;
      const accountVerificationToken = await verifyAccount(services, me(request), type, captcha);
      return ok({ type, accountVerificationToken });
    },
  );

  app.post(
    '/api/account/changeBind',
    {
      config: MEMBER,
      schema: {
        tags: TAGS,
        operationId: 'changeMemberBind',
        summary: 'Bind a new mobile or e-mail',
        body: changeBindBodySchema,
        response: { 200: envelope(memberUserInfoSchema) },
      },
    },
    async (request) => {
      const body = request.body;
      const updated = await changeBind(services, me(request), {
        type: body.type,
        value: body.type === 'mobile' ? body.mobile : body.email,
        code: body.captcha,
        verificationToken: body.accountVerificationToken,
      });
      return ok(memberUserInfo(updated), t(request.ctx.lang, 'common.ok'));
    },
  );

  app.get(
    '/api/account/balance',
    {
      config: MEMBER,
      schema: {
        tags: TAGS,
        operationId: 'memberMoneyLog',
        summary: "The member's balance changes, newest first",
        querystring: pageQuerySchema,
        response: { 200: envelope(pagedSchema(memberMoneyLogSchema)) },
      },
    },
    async (request) => {
      const who = me(request);
      const { page, per_page } = request.query;
      return ok(await moneyLogs({ tenantId: who.tenantId, tx: db }, who.id, page, per_page));
    },
  );

  app.get(
    '/api/account/integral',
    {
      config: MEMBER,
      schema: {
        tags: TAGS,
        operationId: 'memberScoreLog',
        summary: "The member's score changes, newest first",
        querystring: pageQuerySchema,
        response: { 200: envelope(pagedSchema(memberScoreLogSchema)) },
      },
    },
    async (request) => {
      const who = me(request);
      const { page, per_page } = request.query;
      return ok(await scoreLogs({ tenantId: who.tenantId, tx: db }, who.id, page, per_page));
    },
  );

  app.post(
    '/api/account/retrievePassword',
    {
      config: PUBLIC,
      schema: {
        tags: TAGS,
        operationId: 'retrieveMemberPassword',
        summary: 'Set a new password with a code sent to the bound mobile or e-mail',
        body: retrievePasswordBodySchema,
        response: { 200: envelope(z.null()) },
      },
    },
    async (request) => {
      const { type, account, captcha, password } = request.body;
      await retrievePassword(services, clientMeta(request), { type, account, code: captcha, password });
      return ok(null, t(request.ctx.lang, 'member.passwordReset'));
    },
  );
}
