import { and, eq, inArray } from 'drizzle-orm';
import type { roleCreateSchema } from '@pod/shared';
import { type Role, accessOperations } from '@pod/shared';
import type { z } from 'zod';
import { departments, roleDepartments, roleMenus, roles } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedBy } from '../../platform/ownership.ts';
import { DEPARTMENT_OWNER, ROLE_OWNER } from './owners.ts';
import { grantsFor } from './access.service.ts';

type RoleRow = typeof roles.$inferSelect;
type RoleInput = Partial<z.infer<typeof roleCreateSchema>>;

/** Nobody grants what they do not hold: a role's menus must be within the creator's own grants. */
async function checkGrantable(ctx: ServiceContext, input: RoleInput): Promise<void> {
  if (input.menu_ids?.length) {
    const grants = await grantsFor(ctx.tx, ctx.actor);
    if (input.menu_ids.some((id) => !grants.menuIds.has(id))) throw AppError.forbidden('access.cannotGrant');
  }
  if (input.department_ids?.length) {
    const found = await ctx.tx
      .select({ id: departments.id })
      .from(departments)
      .where(and(inArray(departments.id, input.department_ids), ...ownedBy(DEPARTMENT_OWNER, ctx.scope)));
    if (found.length !== new Set(input.department_ids).size) throw AppError.notFound('crud.notFound');
  }
}

async function linksOf(ctx: ServiceContext, roleId: string) {
  const [menuRows, deptRows] = await Promise.all([
    ctx.tx.select({ id: roleMenus.menuId }).from(roleMenus).where(eq(roleMenus.roleId, roleId)),
    ctx.tx
      .select({ id: roleDepartments.departmentId })
      .from(roleDepartments)
      .where(eq(roleDepartments.roleId, roleId)),
  ]);
  return { menuIds: menuRows.map((r) => r.id), departmentIds: deptRows.map((r) => r.id) };
}

/** Roles of the caller's tenant and tier, with their menus and custom departments. */
export const roleResource: CrudDefinition<typeof accessOperations.role> = {
  operations: accessOperations.role,
  table: roles,
  owner: ROLE_OWNER,
  columns: { id: roles.id, sort: roles.sort },
  // Links come from enrich() on single reads; lists leave them empty to stay one query.
  toItem: (r): Role => {
    const row = r as RoleRow & { menuIds?: string[]; departmentIds?: string[] };
    return {
      id: row.id,
      tier: row.tier,
      name: row.name,
      code: row.code,
      data_scope: row.dataScope,
      status: row.status,
      sort: row.sort,
      remark: row.remark,
      menu_ids: row.menuIds ?? [],
      department_ids: row.departmentIds ?? [],
      created_at: row.createdAt.toISOString(),
    };
  },
  async toInsert(ctx, input) {
    await checkGrantable(ctx, input);
    return {
      tier: ctx.scope.tier,
      name: input.name,
      code: input.code,
      dataScope: input.data_scope,
      status: input.status,
      sort: input.sort,
      remark: input.remark,
      createdBy: ctx.actor.id,
    };
  },
  async toUpdate(ctx, input) {
    await checkGrantable(ctx, input);
    return {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.code !== undefined ? { code: input.code } : {}),
      ...(input.data_scope !== undefined ? { dataScope: input.data_scope } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      ...(input.remark !== undefined ? { remark: input.remark } : {}),
    };
  },
  async afterWrite(ctx, row, input) {
    const roleId = String(row.id);
    const i = input as RoleInput;
    if (i.menu_ids !== undefined) {
      await ctx.tx.delete(roleMenus).where(eq(roleMenus.roleId, roleId));
      if (i.menu_ids.length)
        await ctx.tx.insert(roleMenus).values([...new Set(i.menu_ids)].map((menuId) => ({ roleId, menuId })));
    }
    if (i.department_ids !== undefined) {
      await ctx.tx.delete(roleDepartments).where(eq(roleDepartments.roleId, roleId));
      if (i.department_ids.length) {
        await ctx.tx
          .insert(roleDepartments)
          .values([...new Set(i.department_ids)].map((departmentId) => ({ roleId, departmentId })));
      }
    }
  },
  async enrich(ctx, row) {
    return { ...row, ...(await linksOf(ctx, String(row.id))) };
  },
  extraScope: (ctx) => [eq(roles.tier, ctx.actor.tier)],
  filters: {
    status: { column: roles.status, op: 'eq' },
    name: { column: roles.name, op: 'like' },
  },
  quickSearch: [roles.name, roles.code],
  orderable: { sort: roles.sort, name: roles.name, created_at: roles.createdAt },
  defaultOrder: [[roles.sort, 'desc']],
  selectLabel: roles.name,
};

export { linksOf as roleLinks };
