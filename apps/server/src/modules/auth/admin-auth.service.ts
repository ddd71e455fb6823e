import { accountLocked, failureSubject } from '../../platform/auth/login-lock.ts';
import type {
  AdminLoginBody,
  AdminLoginReply,
  AdminRegisterBody,
  AdminRetrievePasswordBody,
  AdminSession,
  Language,
} from '@pod/shared';
import type { Db } from '../../db/client.ts';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { RateLimitRule } from '../../platform/rate-limit.ts';
import type { IssuedSession } from '../../platform/auth/sessions.ts';
import type { ClientMeta } from '../../platform/http/client-meta.ts';
import type { AppServices } from '../../services.ts';
import {
  activeAdminActor,
  adminActor,
  canSignIn,
  createAdminUser,
  findAdminUserById,
  findAdminUserByUsername,
  avatarUrl,
  catalogueMenuPathsCached,
  menuTreeFor,
  recordAdminLogin,
  updateAdminUser,
  type AdminUserRow,
} from '../access/index.ts';
import { siteInfoForHost } from '../site/index.ts';
import {
  assertMerchantSlot,
  captchaPolicy,
  createMerchant,
  findMerchant,
  findMerchantByNumber,
  tenantForRequest,
} from '../tenancy/index.ts';

export const LOGIN_PER_IP: RateLimitRule = { name: 'login:ip', limit: 30, windowSeconds: 600 };
/** Five wrong passwords lock the account for a quarter of an hour. */
export const LOGIN_FAILURES_PER_ACCOUNT: RateLimitRule = { name: 'login:fail', limit: 5, windowSeconds: 900 };
const REGISTER_PER_IP: RateLimitRule = { name: 'register:ip', limit: 10, windowSeconds: 3600 };
/** Forgot-password codes asked for from one address (the code service also limits each recipient). */
const RETRIEVE_PER_IP: RateLimitRule = { name: 'retrieve:ip', limit: 10, windowSeconds: 3600 };

type Services = Pick<
  AppServices,
  'database' | 'config' | 'sessions' | 'captcha' | 'codes' | 'limiter' | 'files' | 'modules'
>;

async function sessionFor(
  db: Db,
  user: AdminUserRow,
  meta: ClientMeta,
  s: Pick<AppServices, 'config' | 'files' | 'modules'>,
): Promise<AdminSession> {
  const { config: site, files } = s;
  const merchant =
    user.merchantId && user.tenantId ? await findMerchant(db, user.tenantId, user.merchantId) : undefined;
  return {
    user: {
      id: user.id,
      name: user.nickname || user.username,
      username: user.username,
      nickname: user.nickname,
      avatar: avatarUrl(files, user.avatar),
      // The sign-in before the current one (issue 27), not the one happening now.
      last_login_time: user.previousLoginAt?.toISOString() ?? null,
      tier: user.tier,
      is_primary: user.isPrimary,
      merchant: merchant ? { id: merchant.id, name: merchant.name, number: merchant.number } : null,
    },
    info: await siteInfoForHost(db, meta.host, site),
    settings: { product_tag_type: 'default' },
    // Exactly the menu tree the user may see, each item with its permitted buttons.
    menus: await menuTreeFor(db, adminActor(user), await s.modules.hiddenMenus(user.tenantId)),
    menu_paths: await catalogueMenuPathsCached(db),
  };
}

const withTokens = (session: AdminSession, issued: IssuedSession): AdminLoginReply => ({
  ...session,
  access_token: issued.accessToken,
  token_type: 'Bearer',
  expires_in: issued.expiresIn,
  refresh_token: issued.refreshToken,
});

/**
 * Admin sign-in (spec §5: account, password and captcha). Limits: per IP, and per account after
 * five wrong passwords. A disabled or locked user is refused.
 */
export async function loginAdmin(
  s: Services,
  meta: ClientMeta,
  body: AdminLoginBody,
): Promise<AdminLoginReply> {
  const db = s.database.db;
  await s.limiter.enforce({ ...LOGIN_PER_IP, limit: s.config.limitsPerIp.login }, meta.ip);
  if ((await captchaPolicy(db, meta.host, s.config.captcha)).enabled) {
    await s.captcha.consumePassed(body.captchaId, body.captchaInfo);
  }

  const account = failureSubject(body.username.toLowerCase(), meta.ip);
  const failures = await s.limiter.peek(LOGIN_FAILURES_PER_ACCOUNT, account);
  if (!failures.allowed) throw accountLocked(failures.retryAfterSeconds);

  const user = await findAdminUserByUsername(db, body.username);
  const ok = await verifyPassword(body.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !ok) {
    await s.limiter.hit(LOGIN_FAILURES_PER_ACCOUNT, account);
    throw AppError.badRequest('auth.badCredentials');
  }
  if (user.isLocked) throw AppError.badRequest('auth.userLocked');
  if (!canSignIn(user)) throw AppError.badRequest('auth.userDisabled');
  await s.limiter.clear(LOGIN_FAILURES_PER_ACCOUNT, account);

  const issued = await db.transaction(async (tx) => {
    await recordAdminLogin(tx, user.id, meta.ip);
    return s.sessions.issue(tx, adminActor(user), {
      keep: body.keep ?? false,
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
  });
  const fresh = (await findAdminUserById(db, user.id)) ?? user;
  return withTokens(await sessionFor(db, fresh, meta, s), issued);
}

/**
 * Merchant self-registration (spec §5: username, password, merchant number, phone): a new
 * merchant with its primary account, in the tenant of the request's host. Signs the user in.
 */
export async function registerMerchant(
  s: Services,
  meta: ClientMeta,
  body: AdminRegisterBody,
): Promise<AdminLoginReply> {
  const db = s.database.db;
  await s.limiter.enforce(REGISTER_PER_IP, meta.ip);
  const tenant = await tenantForRequest(db, meta.host);
  if (!tenant) throw AppError.badRequest('auth.registerUnavailable');
  if (await findAdminUserByUsername(db, body.username)) {
    throw AppError.conflict('auth.usernameTaken', {}, { field: 'username' });
  }
  if (await findMerchantByNumber(db, tenant.id, body.merchant_number)) {
    throw AppError.conflict('auth.merchantNumberTaken', {}, { field: 'merchant_number' });
  }
  await s.codes.consume('sms', body.mobile, 'register', body.code);

  const { user, issued } = await db.transaction(async (tx) => {
    // spec §6: the supplier's level caps its merchants, self-registered ones included.
    await assertMerchantSlot(tx, tenant.id);
    const merchant = await createMerchant(
      { tenantId: tenant.id, tx },
      { name: body.username, number: body.merchant_number },
    );
    const created = await createAdminUser(tx, {
      tier: 'merchant',
      tenantId: tenant.id,
      merchantId: merchant.id,
      isPrimary: true,
      username: body.username,
      password: body.password,
      mobile: body.mobile,
    });
    await recordAdminLogin(tx, created.id, meta.ip);
    const session = await s.sessions.issue(tx, adminActor(created), {
      ip: meta.ip,
      userAgent: meta.userAgent,
    });
    return { user: created, issued: session };
  });
  return withTokens(await sessionFor(db, user, meta, s), issued);
}

/** GET /api/v1/auth/index: the session of the signed-in admin. */
export async function currentAdminSession(
  s: Services,
  meta: ClientMeta,
  userId: string,
): Promise<AdminSession> {
  const user = await findAdminUserById(s.database.db, userId);
  if (!user) throw AppError.unauthorized();
  return sessionFor(s.database.db, user, meta, s);
}

/** PUT /api/v1/auth/refresh: a rotated pair, or 401 (and a revoked family on reuse). */
export async function refreshAdmin(s: Services, token: string) {
  const result = await s.database.db.transaction((tx) =>
    s.sessions.rotate(tx, token, 'admin', (id) => activeAdminActor(tx, id)),
  );
  if (!result.ok)
    throw AppError.unauthorized(result.reason === 'reused' ? 'auth.refreshReused' : 'auth.refreshInvalid');
  return {
    access_token: result.session.accessToken,
    token_type: 'Bearer' as const,
    expires_in: result.session.expiresIn,
    refresh_token: result.session.refreshToken,
  };
}

/** Where an admin's forgot-password code goes: the account's own bound mobile or e-mail, if any. */
function retrieveTarget(user: AdminUserRow | undefined, type: 'mobile' | 'email'): string {
  if (!user || !canSignIn(user)) return '';
  return type === 'mobile' ? user.mobile : user.email;
}

/**
 * POST /api/v1/auth/retrievePassword/code (issue 27, admin "forgot password"): a code to the
 * account's bound mobile (SMS) or e-mail, through the outbox. Unknown accounts, and accounts
 * without that binding, get the same answer and no message (no account enumeration).
 */
export async function sendAdminRetrieveCode(
  s: Services,
  meta: ClientMeta,
  lang: Language,
  body: { username: string; type: 'mobile' | 'email' },
): Promise<void> {
  await s.limiter.enforce(RETRIEVE_PER_IP, meta.ip);
  const user = await findAdminUserByUsername(s.database.db, body.username);
  const target = retrieveTarget(user, body.type);
  if (!target) return;
  await s.codes.send(lang, body.type === 'mobile' ? 'sms' : 'email', target, 'retrieve_password', meta.ip);
}

/**
 * POST /api/v1/auth/retrievePassword: the code sent to the account's binding sets a new password
 * and ends every sign-in of the account. A wrong code, or an account the code could not have
 * reached, is the same "wrong code" answer.
 */
export async function retrieveAdminPassword(s: Services, body: AdminRetrievePasswordBody): Promise<void> {
  const db = s.database.db;
  const user = await findAdminUserByUsername(db, body.username);
  const target = retrieveTarget(user, body.type);
  if (!user || !target) throw AppError.badRequest('verify.codeInvalid', {}, { field: 'code' });
  await s.codes.consume(body.type === 'mobile' ? 'sms' : 'email', target, 'retrieve_password', body.code);
  const passwordHash = await hashPassword(body.password);
  await db.transaction(async (tx) => {
    await updateAdminUser(tx, user.id, { passwordHash });
    await s.sessions.revokeAllFor(tx, 'admin', user.id);
  });
}
