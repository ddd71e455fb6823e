import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { accountLocked, failureSubject } from '../../platform/auth/login-lock.ts';
import type { MemberCheckInBody, MemberSession } from '@pod/shared';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { RateLimitRule } from '../../platform/rate-limit.ts';
import type { AppServices } from '../../services.ts';
import type { IssuedSession } from '../../platform/auth/sessions.ts';
import type { ClientMeta } from '../../platform/http/client-meta.ts';
import { captchaPolicy, tenantForRequest } from '../tenancy/index.ts';
import { tenantMembersContext, type MemberContext } from './context.ts';
import {
  activeMemberActor,
  createMember,
  currentMember,
  findMemberBy,
  memberActor,
  memberUserInfo,
  updateMember,
  type MemberRow,
} from './member.service.ts';

type Services = Pick<
  AppServices,
  'database' | 'config' | 'sessions' | 'captcha' | 'codes' | 'limiter' | 'tokens' | 'files'
>;
type LoginBody = Extract<MemberCheckInBody, { tab: 'login' }>;
type RegisterBody = Extract<MemberCheckInBody, { tab: 'register' }>;

const LOGIN_PER_IP: RateLimitRule = { name: 'member-login:ip', limit: 30, windowSeconds: 600 };
const FAILURES_PER_ACCOUNT: RateLimitRule = { name: 'member-login:fail', limit: 5, windowSeconds: 900 };
const REGISTER_PER_IP: RateLimitRule = { name: 'member-register:ip', limit: 10, windowSeconds: 3600 };
const VERIFICATION_TTL_SECONDS = 600;

const sessionReply = (m: MemberRow, issued: IssuedSession, files: FileUrls): MemberSession => ({
  ...memberUserInfo(m, files),
  token: issued.accessToken,
  refresh_token: issued.refreshToken,
  expires_in: issued.expiresIn,
});

async function memberTenant(s: Services, host: string | undefined) {
  const tenant = await tenantForRequest(s.database.db, host);
  if (!tenant) throw AppError.badRequest('auth.registerUnavailable');
  return tenant;
}

async function signIn(s: Services, meta: ClientMeta, member: MemberRow, keep: boolean) {
  const db = s.database.db;
  return db.transaction(async (tx) => {
    const updated = await updateMember(
      tenantMembersContext(tx, member.tenantId, 'member-sign-in'),
      member.id,
      {
        // What the member is shown as "last login" is the sign-in before this one (issue 27).
        previousLoginAt: member.lastLoginAt,
        previousLoginIp: member.lastLoginIp,
        lastLoginAt: new Date(),
        lastLoginIp: meta.ip,
      },
    );
    const issued = await s.sessions.issue(tx, memberActor(member), {
      keep,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    return sessionReply(updated, issued, s.files);
  });
}

/** POST /api/user/checkIn, tab "login": as the admin login, in the member area of the host's tenant. */
export async function memberLogin(s: Services, meta: ClientMeta, body: LoginBody): Promise<MemberSession> {
  await s.limiter.enforce(LOGIN_PER_IP, meta.ip);
  if ((await captchaPolicy(s.database.db, meta.host, s.config.captcha)).enabled) {
    await s.captcha.consumePassed(body.captchaId, body.captchaInfo);
  }
  const tenant = await memberTenant(s, meta.host);
  const account = failureSubject(`${tenant.id}:${body.username.toLowerCase()}`, meta.ip);
  const failures = await s.limiter.peek(FAILURES_PER_ACCOUNT, account);
  if (!failures.allowed) throw accountLocked(failures.retryAfterSeconds);

  const lookup = tenantMembersContext(s.database.db, tenant.id, 'member-sign-in');
  const member = await findMemberBy(lookup, 'username', body.username);
  const ok = await verifyPassword(body.password, member?.passwordHash ?? (await dummyPasswordHash()));
  if (!member || !ok) {
    await s.limiter.hit(FAILURES_PER_ACCOUNT, account);
    throw AppError.badRequest('auth.badCredentials');
  }
  if (member.status !== 'enabled') throw AppError.badRequest('auth.userDisabled');
  await s.limiter.clear(FAILURES_PER_ACCOUNT, account);
  return signIn(s, meta, member, body.keep ?? false);
}

/** POST /api/user/checkIn, tab "register": needs the SMS code sent with template user_register. */
export async function memberRegister(
  s: Services,
  meta: ClientMeta,
  body: RegisterBody,
): Promise<MemberSession> {
  await s.limiter.enforce(REGISTER_PER_IP, meta.ip);
  const tenant = await memberTenant(s, meta.host);
  const scope = tenantMembersContext(s.database.db, tenant.id, 'member-register');
  if (await findMemberBy(scope, 'username', body.username)) {
    throw AppError.conflict('auth.usernameTaken', {}, { field: 'username' });
  }
  if (await findMemberBy(scope, 'mobile', body.mobile)) {
    throw AppError.conflict('member.mobileTaken', {}, { field: 'mobile' });
  }
  await s.codes.consume('sms', body.mobile, 'user_register', body.code);
  const member = await createMember(scope, {
    username: body.username,
    password: body.password,
    mobile: body.mobile,
    ...(body.email ? { email: body.email } : {}),
  });
  return signIn(s, meta, member, false);
}

/** PUT /api/user/refresh. */
export async function refreshMember(s: Services, token: string) {
  const result = await s.database.db.transaction((tx) =>
    s.sessions.rotate(tx, token, 'member', (id) => activeMemberActor(tx, id)),
  );
  if (!result.ok)
    throw AppError.unauthorized(result.reason === 'reused' ? 'auth.refreshReused' : 'auth.refreshInvalid');
  return {
    token: result.session.accessToken,
    refresh_token: result.session.refreshToken,
    expires_in: result.session.expiresIn,
  };
}

/** Changes the password and ends every sign-in of the member (in the caller's transaction). */
export async function changeMemberPassword(
  s: Services,
  ctx: MemberContext,
  oldPassword: string,
  newPassword: string,
): Promise<void> {
  const current = await currentMember(ctx);
  if (!(await verifyPassword(oldPassword, current.passwordHash))) {
    throw AppError.badRequest('member.oldPasswordWrong', {}, { field: 'oldPassword' });
  }
  await updateMember(ctx, current.id, { passwordHash: await hashPassword(newPassword) });
  await s.sessions.revokeAllFor(ctx.tx, 'member', current.id);
}

const channelOf = (type: 'mobile' | 'email') => (type === 'mobile' ? 'sms' : 'email');

/**
 * POST /api/account/verification: the member proves they still hold their current mobile or
 * e-mail (a code sent with event user_mobile_verify / user_email_verify) and gets a short-lived
 * token that allows changing that binding.
 */
export async function verifyAccount(
  s: Services,
  ctx: MemberContext,
  type: 'mobile' | 'email',
  code: string,
): Promise<string> {
  const current = await currentMember(ctx);
  const target = type === 'mobile' ? current.mobile : current.email;
  if (!target) throw AppError.badRequest('member.notBound', {}, { field: 'type' });
  await s.codes.consume(
    channelOf(type),
    target,
    type === 'mobile' ? 'user_mobile_verify' : 'user_email_verify',
    code,
  );
  return s.tokens.signPurpose('account-verification', current.id, { type }, VERIFICATION_TTL_SECONDS);
}

/** POST /api/account/changeBind: a new mobile or e-mail, after verifyAccount and a code sent to the new one. */
export async function changeBind(
  s: Services,
  ctx: MemberContext,
  input: { type: 'mobile' | 'email'; value: string; code: string; verificationToken: string },
): Promise<MemberRow> {
  const memberId = ctx.actor.id;
  // A code to either bound address proves the member (issue 27: a member with only a mobile can
  // add an e-mail, proving itself by the mobile).
  const proof = await s.tokens.verifyPurpose(input.verificationToken, 'account-verification', memberId);
  if (!proof)
    throw AppError.badRequest('member.verificationExpired', {}, { field: 'account_verification_token' });
  // A binding is unique across the tenant's members, so this one look-up is tenant-wide.
  const owner = await findMemberBy(ctx, input.type, input.value);
  if (owner && owner.id !== memberId) {
    throw AppError.conflict(
      input.type === 'mobile' ? 'member.mobileTaken' : 'member.emailTaken',
      {},
      { field: input.type },
    );
  }
  await s.codes.consume(
    channelOf(input.type),
    input.value,
    input.type === 'mobile' ? 'user_change_mobile' : 'user_change_email',
    input.code,
  );
  return updateMember(
    ctx,
    memberId,
    input.type === 'mobile' ? { mobile: input.value } : { email: input.value },
  );
}

/**
 * POST /api/account/retrievePassword: a new password for the member whose mobile or e-mail got
 * the code (event user_retrieve_pwd). An unknown account answers like a wrong code, so the call
 * does not reveal who is registered.
 */
export async function retrievePassword(
  s: Services,
  meta: ClientMeta,
  input: { type: 'mobile' | 'email'; account: string; code: string; password: string },
): Promise<void> {
  const tenant = await memberTenant(s, meta.host);
  const db = s.database.db;
  const member = await findMemberBy(
    tenantMembersContext(db, tenant.id, 'member-retrieve-password'),
    input.type,
    input.account,
  );
  if (!member) throw AppError.badRequest('verify.codeInvalid', {}, { field: 'captcha' });
  await s.codes.consume(channelOf(input.type), input.account, 'user_retrieve_pwd', input.code);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    await updateMember(tenantMembersContext(tx, tenant.id, 'member-retrieve-password'), member.id, {
      passwordHash,
    });
    await s.sessions.revokeAllFor(tx, 'member', member.id);
  });
}
