import { AppError } from '../../platform/http/errors.ts';
import { MEMBER_AVATAR_IMAGE } from './avatar-image.ts';
import { memberCheckInBodySchema, memberOperations } from '@pod/shared';
import { signInFormInfo } from '../../platform/auth/sign-in-form.ts';
import { captchaPolicy } from '../tenancy/index.ts';
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
import { memberContext } from './context.ts';
import { assertMemberMay, MEMBER_PAGES } from './member-rules.service.ts';
import { currentMember, memberUserInfo, moneyLogs, scoreLogs, updateMember } from './member.service.ts';

/** Member auth and member centre (spec §7 "Member area"). */
export function memberRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;

  // Spec §7 "method variable": GET /api/user/checkIn says what the form needs; POST acts.
  route(app, memberOperations.memberCheckInForm, async (request) => {
    const captcha = await captchaPolicy(services.database.db, request.headers.host, services.config.captcha);
    return ok(signInFormInfo('checkIn', memberCheckInBodySchema, captcha));
  });

  route(app, memberOperations.memberCheckIn, async (request) => {
    const meta = clientMeta(request);
    const body = request.body;
    const userInfo =
      body.tab === 'login'
        ? await memberLogin(services, meta, body)
        : await memberRegister(services, meta, body);
    return ok({ userInfo }, t(request.ctx.lang, body.tab === 'login' ? 'auth.loggedIn' : 'auth.registered'));
  });

  route(app, memberOperations.memberRefresh, async (request) =>
    ok(await refreshMember(services, request.body.token)),
  );

  // Issue 27: signing out ends this sign-in only; "sign out everywhere" ends them all.
  route(app, memberOperations.memberLogout, async (request) => {
    memberContext(request, db);
    const sessionId = request.ctx.sessionId;
    if (sessionId) await services.sessions.revokeFamily(db, sessionId);
    return ok(null, t(request.ctx.lang, 'auth.loggedOut'));
  });

  route(app, memberOperations.memberLogoutEverywhere, async (request) => {
    await services.sessions.revokeAllFor(db, 'member', memberContext(request, db).actor.id);
    return ok(null, t(request.ctx.lang, 'auth.loggedOutEverywhere'));
  });

  route(app, memberOperations.memberOverview, async (request) => {
    const ctx = memberContext(request, db);
    await assertMemberMay(ctx, MEMBER_PAGES.overview);
    const member = await currentMember(ctx);
    const [money, score] = await Promise.all([
      moneyLogs(ctx, member.id, 1, 5),
      scoreLogs(ctx, member.id, 1, 5),
    ]);
    return ok({
      userInfo: memberUserInfo(member, services.files),
      recent_money: money.list,
      recent_score: score.list,
    });
  });

  route(app, memberOperations.getMemberProfile, async (request) => {
    return ok(memberUserInfo(await currentMember(memberContext(request, db)), services.files));
  });

  route(app, memberOperations.updateMemberProfile, async (request) => {
    const ctx = memberContext(request, db);
    await assertMemberMay(ctx, MEMBER_PAGES.profile);
    // The avatar changes through PUT /api/account/avatar (an uploaded image); the body's is ignored.
    const { nickname, gender, birthday, motto } = request.body;
    const updated = await updateMember(ctx, ctx.actor.id, {
      nickname,
      gender: gender ?? 0,
      birthday: birthday ?? null,
      motto: motto ?? '',
    });
    return ok(memberUserInfo(updated, services.files), t(request.ctx.lang, 'common.ok'));
  });

  // Issue 27: the member centre's avatar, from an image the member uploaded.
  route(app, memberOperations.updateMemberAvatar, async (request) => {
    const ctx = memberContext(request, db);
    await assertMemberMay(ctx, MEMBER_PAGES.profile);
    const id = request.body.attachment_id;
    // The uploads live in the admin module, which says where the member's own image is stored.
    const images = services.extensions.all(MEMBER_AVATAR_IMAGE)[0];
    const key =
      id && images ? await images(db, { tenantId: ctx.actor.tenantId, memberId: ctx.actor.id }, id) : null;
    if (id && !key) throw AppError.notFound('crud.notFound');
    const updated = await updateMember(ctx, ctx.actor.id, { avatar: key ?? '' });
    return ok(memberUserInfo(updated, services.files), t(request.ctx.lang, 'common.ok'));
  });

  route(app, memberOperations.changeMemberPassword, async (request) => {
    const { oldPassword, newPassword } = request.body;
    await db.transaction(async (tx) => {
      const ctx = memberContext(request, tx);
      await assertMemberMay(ctx, MEMBER_PAGES.changePassword);
      await changeMemberPassword(services, ctx, oldPassword, newPassword);
    });
    return ok(null, t(request.ctx.lang, 'member.passwordChanged'));
  });

  route(app, memberOperations.verifyMemberAccount, async (request) => {
    const { type, captcha } = request.body;
    const ctx = memberContext(request, db);
    await assertMemberMay(ctx, MEMBER_PAGES.profile);
    const account_verification_token = await verifyAccount(services, ctx, type, captcha);
    return ok({ type, account_verification_token });
  });

  route(app, memberOperations.changeMemberBind, async (request) => {
    const body = request.body;
    const ctx = memberContext(request, db);
    await assertMemberMay(ctx, MEMBER_PAGES.profile);
    const updated = await changeBind(services, ctx, {
      type: body.type,
      value: body.type === 'mobile' ? body.mobile : body.email,
      code: body.captcha,
      verificationToken: body.account_verification_token,
    });
    return ok(memberUserInfo(updated, services.files), t(request.ctx.lang, 'common.ok'));
  });

  route(app, memberOperations.memberMoneyLog, async (request) => {
    const ctx = memberContext(request, db);
    await assertMemberMay(ctx, MEMBER_PAGES.balance);
    const { page, per_page } = request.query;
    return ok(await moneyLogs(ctx, ctx.actor.id, page, per_page));
  });

  route(app, memberOperations.memberScoreLog, async (request) => {
    const ctx = memberContext(request, db);
    await assertMemberMay(ctx, MEMBER_PAGES.integral);
    const { page, per_page } = request.query;
    return ok(await scoreLogs(ctx, ctx.actor.id, page, per_page));
  });

  route(app, memberOperations.retrieveMemberPassword, async (request) => {
    const { type, account, captcha, password } = request.body;
    await retrievePassword(services, clientMeta(request), { type, account, code: captcha, password });
    return ok(null, t(request.ctx.lang, 'member.passwordReset'));
  });
}
