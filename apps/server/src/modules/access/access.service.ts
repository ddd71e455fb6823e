import type { MenuNode } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { scopeOf, type Actor, type AdminActor, type DataScope } from '../../platform/context.ts';
import { findAdminUserById } from './admin-user.repo.ts';
import * as repo from './access.repo.ts';
import { tierMenus as cachedTierMenus } from './menu-cache.ts';

/**
 * What an admin may do: every permission of their tier, or the named ones their roles grant.
 * Read-only: a primary account's grants are shared between requests.
 */
export interface Grants {
  readonly all: boolean;
  readonly permissions: ReadonlySet<string>;
  readonly menuIds: ReadonlySet<string>;
  readonly menus: readonly repo.MenuRow[];
}

/** A primary account's grants depend only on its tier's menus: worked out once per menu list. */
const primaryGrants = new WeakMap<repo.MenuRow[], Grants>();

/**
 * Primary accounts (the platform's, a supplier's, a merchant's owner) hold every permission of
 * their tier; everyone else holds what their enabled roles grant (decision 0011).
 */
export async function grantsFor(tx: Executor, actor: AdminActor): Promise<Grants> {
  const tierMenus = await cachedTierMenus(tx, actor.tier);
  if (actor.isPrimary) {
    let grants = primaryGrants.get(tierMenus);
    if (!grants) {
      grants = grantsOf(tierMenus, new Set(tierMenus.map((m) => m.id)), true);
      primaryGrants.set(tierMenus, grants);
    }
    return grants;
  }
  const roleRows = await repo.enabledRolesOf(tx, actor.id, scopeOf(actor));
  const menuIds = await repo.menuIdsOfRoles(
    tx,
    roleRows.filter((r) => r.tier === actor.tier).map((r) => r.id),
  );
  return grantsOf(tierMenus, menuIds, false);
}

function grantsOf(tierMenus: repo.MenuRow[], menuIds: Set<string>, all: boolean): Grants {
  const granted = tierMenus.filter((m) => menuIds.has(m.id));
  const permissions = new Set<string>();
  for (const m of granted) {
    if (m.type === 'button') permissions.add(m.name);
    else if (m.permission) permissions.add(m.permission);
  }
  return { all, permissions, menuIds, menus: granted };
}

/**
 * Whether the actor holds a permission. Even a primary account holds only the permissions of its
 * tier's menus; members hold none of the admin permissions.
 */
export async function hasPermission(tx: Executor, actor: Actor, permission: string): Promise<boolean> {
  if (actor.kind !== 'admin') return false;
  return (await grantsFor(tx, actor)).permissions.has(permission);
}

/**
 * The menu tree the actor may see (login reply `menus`): directories and items, larger sort
 * first, each item carrying the names of its permitted buttons. Empty directories are left out,
 * and so are the `hidden` entries (those of modules the tenant has switched off).
 */
export async function menuTreeFor(
  tx: Executor,
  actor: AdminActor,
  hidden: ReadonlySet<string> = new Set(),
): Promise<MenuNode[]> {
  // Menus of modules the actor's tenant has switched off are not shown (decision 0038).
  const menus = (await grantsFor(tx, actor)).menus.filter((m) => !hidden.has(m.name));
  const byParent = new Map<string | null, repo.MenuRow[]>();
  for (const m of menus) byParent.set(m.parentId, [...(byParent.get(m.parentId) ?? []), m]);
  const build = (parentId: string | null): MenuNode[] =>
    (byParent.get(parentId) ?? [])
      .filter((m) => m.type !== 'button')
      .map((m) => ({
        id: m.id,
        type: m.type,
        title: m.title,
        name: m.name,
        path: m.path,
        component: m.component,
        icon: m.icon,
        keepalive: m.keepalive,
        permission: m.permission,
        url: m.url,
        is_external: m.isExternal,
        link_target: m.linkTarget,
        buttons: (byParent.get(m.id) ?? []).filter((b) => b.type === 'button').map((b) => b.name),
        children: build(m.id),
      }))
      .filter((node) => node.type !== 'menu_dir' || node.children.length > 0);
  return build(null);
}

/**
 * The rows of the tenant the actor may see (spec §6). Primary accounts see all; otherwise the
 * most permissive of their roles' scopes wins, and department scopes add up.
 */
export async function dataScopeFor(tx: Executor, actor: AdminActor): Promise<DataScope> {
  if (actor.isPrimary) return { kind: 'all' };
  const roleRows = (await repo.enabledRolesOf(tx, actor.id, scopeOf(actor))).filter(
    (r) => r.tier === actor.tier,
  );
  if (roleRows.some((r) => r.dataScope === 'all')) return { kind: 'all' };
  const user = await findAdminUserById(tx, actor.id);
  const departmentIds = new Set<string>();
  for (const role of roleRows) {
    if (role.dataScope === 'custom') {
      for (const id of await repo.departmentIdsOfRoles(tx, [role.id])) departmentIds.add(id);
    } else if (role.dataScope === 'dept' && user?.departmentId) {
      departmentIds.add(user.departmentId);
    } else if (role.dataScope === 'dept_and_below' && user?.departmentId) {
      for (const id of await repo.departmentSubtree(tx, scopeOf(actor), user.departmentId))
        departmentIds.add(id);
    }
  }
  // Everyone sees the rows they created themselves.
  return { kind: 'limited', userId: actor.id, departmentIds: [...departmentIds], includeOwn: true };
}
