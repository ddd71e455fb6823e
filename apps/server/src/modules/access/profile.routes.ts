import { accessOperations } from '@pod/shared';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import type { AppServices } from '../../services.ts';
import { avatarUrl } from './avatar.ts';
import { findAdminUserById, updateAdminUser, type AdminUserRow } from './admin-user.repo.ts';

export const profileOf = (u: AdminUserRow, files: FileUrls) => ({
  id: u.id,
  username: u.username,
  nickname: u.nickname,
  avatar: avatarUrl(files, u.avatar),
  email: u.email,
  mobile: u.mobile,
  tier: u.tier,
  is_primary: u.isPrimary,
  // "Last login" is the sign-in before the current one (issue 27).
  last_login_time: u.previousLoginAt?.toISOString() ?? null,
  last_login_ip: u.previousLoginIp,
});

/** Personal centre: every admin edits their own profile and password. */
export function profileRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  const me = async (id: string) => {
    const user = await findAdminUserById(db, id);
    if (!user) throw AppError.unauthorized();
    return user;
  };

  route(app, accessOperations.adminProfile, async (request) =>
    ok(profileOf(await me(request.ctx.actor!.id), services.files)),
  );

  route(app, accessOperations.updateAdminProfile, async (request) => {
    // The avatar changes through PUT /api/v1/admin/profile/avatar (an uploaded image).
    const { nickname, email, mobile } = request.body;
    const updated = await updateAdminUser(db, request.ctx.actor!.id, {
      nickname,
      email: email ?? '',
      mobile: mobile ?? '',
    });
    if (!updated) throw AppError.unauthorized();
    return ok(profileOf(updated, services.files), t(request.ctx.lang, 'common.ok'));
  });

  route(app, accessOperations.changeAdminPassword, async (request) => {
    const user = await me(request.ctx.actor!.id);
    if (!(await verifyPassword(request.body.oldPassword, user.passwordHash))) {
      throw AppError.badRequest('member.oldPasswordWrong', {}, { field: 'oldPassword' });
    }
    const passwordHash = await hashPassword(request.body.newPassword);
    await db.transaction(async (tx) => {
      await updateAdminUser(tx, user.id, { passwordHash });
      await services.sessions.revokeAllFor(tx, 'admin', user.id);
    });
    return ok(null, t(request.ctx.lang, 'member.passwordChanged'));
  });
}
