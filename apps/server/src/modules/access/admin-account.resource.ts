import { and, eq, inArray } from 'drizzle-orm';
import type { adminAccountCreateSchema } from '@pod/shared';
import { accessOperations } from '@pod/shared';
import type { z } from 'zod';
import { adminUserFactories, adminUserRoles, adminUsers, departments, roleMenus, roles } from './schema.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { AppServices } from '../../services.ts';
import { ownedBy } from '../../platform/ownership.ts';
import { DEPARTMENT_OWNER, ROLE_OWNER, STAFF_OWNER } from './owners.ts';
import type { Extensions } from '../../platform/extensions.ts';
import { factoriesActingFor } from './factory-grants.ts';
import { assertStaffSlot } from './staff-quota.ts';
import { grantsFor } from './access.service.ts';

type UserRow = typeof adminUsers.$inferSelect;

type Input = Partial<z.infer<typeof adminAccountCreateSchema>> & { is_locked?: boolean };

/** Roles must be of the tenant and tier, and grant nothing the caller does not hold. */
async function checkAssignable(extensions: Extensions, ctx: ServiceContext, input: Input): Promise<void> {
  if (input.department_id) {
    const [dept] = await ctx.tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(eq(departments.id, input.department_id), ...ownedBy(DEPARTMENT_OWNER, ctx.scope)));
    if (!dept) throw AppError.notFound('crud.notFound');
  }
  // Factory permissions (spec §6) are granted only on factories the granter may act for itself:
  // a merchant account has none, so any factory id is not found.
  if (input.factory_ids?.length) {
    const found = await factoriesActingFor(extensions, ctx.tx, ctx.scope, input.factory_ids);
    if (found.length !== new Set(input.factory_ids).size) throw AppError.notFound('crud.notFound');
  }
  if (!input.role_ids?.length) return;
  const found = await ctx.tx
    .select({ id: roles.id })
    .from(roles)
    .where(
      and(
        inArray(roles.id, input.role_ids),
        ...ownedBy(ROLE_OWNER, ctx.scope),
        eq(roles.tier, ctx.actor.tier),
      ),
    );
  if (found.length !== new Set(input.role_ids).size) throw AppError.notFound('crud.notFound');
  const grants = await grantsFor(ctx.tx, ctx.actor);
  if (grants.all) return;
  const menuRows = await ctx.tx
    .select({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(inArray(roleMenus.roleId, input.role_ids));
  if (menuRows.some((m) => !grants.menuIds.has(m.id))) throw AppError.forbidden('access.cannotGrant');
}

/** Primary accounts are managed by their owners (personal centre) and the platform, not by staff. */
function refuseProtected(ctx: ServiceContext, row: UserRow): void {
  if (row.isPrimary) throw AppError.forbidden('access.primaryProtected');
  if (row.id === ctx.actor.id) throw AppError.forbidden('access.notYourself');
}

/** Staff accounts of the caller's tier (and merchant); the caller's own tenant only. */
export function adminAccountResource(
  services: Pick<AppServices, 'sessions' | 'extensions'>,
): CrudDefinition<typeof accessOperations.admin> {
  return {
    operations: accessOperations.admin,
    table: adminUsers,
    // Staff belong to their organisation: the supplier's, a merchant's or a factory's own.
    owner: STAFF_OWNER,
    columns: {
      id: adminUsers.id,
      createdBy: adminUsers.createdBy,
      departmentId: adminUsers.departmentId,
    },
    toItem: (r) => {
      const u = r as UserRow & { roleIds?: string[]; factoryIds?: string[] };
      return {
        id: u.id,
        username: u.username,
        nickname: u.nickname,
        mobile: u.mobile,
        email: u.email,
        tier: u.tier,
        is_primary: u.isPrimary,
        status: u.status,
        is_locked: u.isLocked,
        department_id: u.departmentId,
        role_ids: u.roleIds ?? [],
        factory_ids: u.factoryIds ?? [],
        last_login_time: u.lastLoginAt?.toISOString() ?? null,
        last_login_ip: u.lastLoginIp,
        created_at: u.createdAt.toISOString(),
      };
    },
    async toInsert(ctx, input) {
      await checkAssignable(services.extensions, ctx, input);
      // spec §6: the level limits how many sub-accounts there may be.
      await assertStaffSlot(services.extensions, ctx.tx, ctx.actor);
      return {
        tier: ctx.scope.tier,
        username: input.username,
        passwordHash: await hashPassword(input.password),
        nickname: input.nickname || input.username,
        mobile: input.mobile,
        email: input.email,
        departmentId: input.department_id,
        status: input.status,
        isPrimary: false,
        factoryId: null,
      };
    },
    async toUpdate(ctx, input, existing) {
      refuseProtected(ctx, existing as UserRow);
      await checkAssignable(services.extensions, ctx, input);
      // A new password set by an administrator ends the user's sign-ins.
      if (input.password) await services.sessions.revokeAllFor(ctx.tx, 'admin', String(existing.id));
      return {
        ...(input.nickname !== undefined ? { nickname: input.nickname } : {}),
        ...(input.mobile !== undefined ? { mobile: input.mobile } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(input.department_id !== undefined ? { departmentId: input.department_id } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.is_locked !== undefined ? { isLocked: input.is_locked } : {}),
        ...(input.password ? { passwordHash: await hashPassword(input.password) } : {}),
      };
    },
    async afterWrite(ctx, row, input) {
      const userId = String(row.id);
      const i = input as Input;
      if (i.factory_ids !== undefined) {
        await ctx.tx.delete(adminUserFactories).where(eq(adminUserFactories.userId, userId));
        if (i.factory_ids.length) {
          await ctx.tx
            .insert(adminUserFactories)
            .values([...new Set(i.factory_ids)].map((factoryId) => ({ userId, factoryId })));
        }
      }
      if (i.role_ids !== undefined) {
        await ctx.tx.delete(adminUserRoles).where(eq(adminUserRoles.userId, userId));
        if (i.role_ids.length) {
          await ctx.tx
            .insert(adminUserRoles)
            .values([...new Set(i.role_ids)].map((roleId) => ({ userId, roleId })));
        }
      }
    },
    async enrichMany(ctx, rows) {
      const ids = rows.map((r) => String(r.id));
      if (ids.length === 0) return rows;
      const links = await ctx.tx
        .select({ userId: adminUserRoles.userId, roleId: adminUserRoles.roleId })
        .from(adminUserRoles)
        .where(inArray(adminUserRoles.userId, ids));
      const factoryLinks = await ctx.tx
        .select({ userId: adminUserFactories.userId, factoryId: adminUserFactories.factoryId })
        .from(adminUserFactories)
        .where(inArray(adminUserFactories.userId, ids));
      return rows.map((r) => ({
        ...r,
        roleIds: links.filter((l) => l.userId === r.id).map((l) => l.roleId),
        factoryIds: factoryLinks.filter((l) => l.userId === r.id).map((l) => l.factoryId),
      }));
    },
    async enrich(ctx, row) {
      const [enriched] = await this.enrichMany!(ctx, [row]);
      return enriched ?? row;
    },
    beforeDelete(ctx, row) {
      refuseProtected(ctx, row as UserRow);
      return Promise.resolve();
    },
    extraScope: (ctx) => [eq(adminUsers.tier, ctx.actor.tier)],
    filters: {
      status: { column: adminUsers.status, op: 'eq' },
      department_id: { column: adminUsers.departmentId, op: 'eq' },
      username: { column: adminUsers.username, op: 'like' },
    },
    quickSearch: [adminUsers.username, adminUsers.nickname, adminUsers.mobile],
    orderable: {
      username: adminUsers.username,
      created_at: adminUsers.createdAt,
      last_login_time: adminUsers.lastLoginAt,
    },
    defaultOrder: [[adminUsers.createdAt, 'desc']],
    selectLabel: adminUsers.username,
    sensitive: [{ key: 'mobile' }, { key: 'email' }, { key: 'passwordHash' }],
  };
}
