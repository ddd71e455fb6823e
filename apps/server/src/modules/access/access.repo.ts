import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Scope } from '../../platform/context.ts';
import { ownedBy } from '../../platform/ownership.ts';
import { DEPARTMENT_OWNER, ROLE_OWNER, STAFF_OWNER } from './owners.ts';
import {
  adminUserFactories,
  adminUserRoles,
  adminUsers,
  departments,
  menus,
  roleDepartments,
  roleMenus,
  roles,
  type AdminTier,
} from './schema.ts';

export type MenuRow = typeof menus.$inferSelect;
export type RoleRow = typeof roles.$inferSelect;

/** Enabled menus (all types) open to a tier, larger sort first. */
/** A real promise (not the ORM's lazy query), so a cached copy runs the query once. */
export async function menusForTier(tx: Executor, tier: AdminTier): Promise<MenuRow[]> {
  return tx
    .select()
    .from(menus)
    .where(and(eq(menus.status, 'enabled'), sql`${tier} = ANY(${menus.tiers})`))
    .orderBy(desc(menus.sort), asc(menus.title));
}

/** The enabled roles of a user within its own organisation. */
export function enabledRolesOf(tx: Executor, userId: string, scope: Scope): Promise<RoleRow[]> {
  return tx
    .select({ role: roles })
    .from(adminUserRoles)
    .innerJoin(roles, eq(roles.id, adminUserRoles.roleId))
    .where(and(eq(adminUserRoles.userId, userId), eq(roles.status, 'enabled'), ...ownedBy(ROLE_OWNER, scope)))
    .then((rows) => rows.map((r) => r.role));
}

export async function menuIdsOfRoles(tx: Executor, roleIds: string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await tx
    .select({ id: roleMenus.menuId })
    .from(roleMenus)
    .where(inArray(roleMenus.roleId, roleIds));
  return new Set(rows.map((r) => r.id));
}

export async function departmentIdsOfRoles(tx: Executor, roleIds: string[]): Promise<string[]> {
  if (roleIds.length === 0) return [];
  const rows = await tx
    .select({ id: roleDepartments.departmentId })
    .from(roleDepartments)
    .where(inArray(roleDepartments.roleId, roleIds));
  return rows.map((r) => r.id);
}

/** A department and every department below it, within the organisation. */
export async function departmentSubtree(tx: Executor, scope: Scope, rootId: string): Promise<string[]> {
  const all = await tx
    .select({ id: departments.id, parentId: departments.parentId })
    .from(departments)
    .where(and(...ownedBy(DEPARTMENT_OWNER, scope)));
  const children = new Map<string, string[]>();
  for (const d of all) if (d.parentId) children.set(d.parentId, [...(children.get(d.parentId) ?? []), d.id]);
  const out: string[] = [];
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    if (out.includes(id)) continue;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** Counts for the dashboard, within the caller's organisation. */
export async function countAccess(tx: Executor, scope: Scope, tier: AdminTier) {
  const [staff] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(adminUsers)
    .where(and(...ownedBy(STAFF_OWNER, scope), eq(adminUsers.tier, tier)));
  const [roleCount] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(roles)
    .where(and(...ownedBy(ROLE_OWNER, scope), eq(roles.tier, tier)));
  const [deptCount] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(departments)
    .where(and(...ownedBy(DEPARTMENT_OWNER, scope)));
  return { staff: staff?.n ?? 0, roles: roleCount?.n ?? 0, departments: deptCount?.n ?? 0 };
}

/** The factories a user was given in particular (spec §6 factory permissions). */
export async function factoryIdsOf(tx: Executor, userId: string): Promise<string[]> {
  const rows = await tx
    .select({ id: adminUserFactories.factoryId })
    .from(adminUserFactories)
    .where(eq(adminUserFactories.userId, userId));
  return rows.map((r) => r.id);
}

/** The addresses of every enabled menu page of the catalogue, any tier (the session's `menu_paths`). */
export async function catalogueMenuPaths(tx: Executor): Promise<string[]> {
  const rows = await tx
    .selectDistinct({ path: menus.path })
    .from(menus)
    .where(and(eq(menus.type, 'menu'), eq(menus.status, 'enabled'), sql`${menus.path} <> ''`))
    .orderBy(asc(menus.path));
  return rows.map((r) => r.path);
}
