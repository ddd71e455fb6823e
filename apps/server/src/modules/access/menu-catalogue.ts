import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { menus } from './schema.ts';
import type { MenuEntry } from '../../platform/module.ts';
import { invalidateMenus } from './menu-cache.ts';

/**
 * Inserts missing catalogue menus and links parents; existing rows keep administrators' edits.
 * The catalogue is every module's menus, composed by the app from the descriptors (decision 0027);
 * administrators may add more through the menu resource.
 */
export async function ensureSystemMenus(tx: Executor, catalogue: readonly MenuEntry[]): Promise<void> {
  invalidateMenus();
  const names = catalogue.map((m) => m.name);
  const existing = await tx
    .select({ id: menus.id, name: menus.name, parentId: menus.parentId })
    .from(menus)
    .where(inArray(menus.name, names));
  const ids = new Map(existing.map((m) => [m.name, m.id]));
  // Rows that already have a parent need no update: on a usual start, no statement runs below.
  const parented = new Set(existing.filter((m) => m.parentId !== null).map((m) => m.name));
  // Missing entries in one statement (a first start inserts the whole catalogue; so does every
  // test's reset); those whose parent is new too are linked by the one UPDATE below.
  const missing = catalogue.filter((entry) => !ids.has(entry.name));
  if (missing.length) {
    const inserted = await tx
      .insert(menus)
      .values(
        missing.map((entry) => ({
          type: entry.type,
          title: entry.title,
          name: entry.name,
          permission: entry.permission ?? '',
          icon: entry.icon ?? '',
          path: entry.path ?? '',
          component: entry.component ?? '',
          keepalive: entry.keepalive ?? false,
          tiers: [...entry.tiers],
          sort: entry.sort,
          parentId: entry.parent ? (ids.get(entry.parent) ?? null) : null,
        })),
      )
      .onConflictDoNothing({ target: menus.name })
      .returning({ id: menus.id, name: menus.name, parentId: menus.parentId });
    for (const row of inserted) {
      ids.set(row.name, row.id);
      if (row.parentId !== null) parented.add(row.name);
    }
  }
  const links = catalogue.flatMap((entry) => {
    if (parented.has(entry.name) || !entry.parent) return [];
    const parentId = ids.get(entry.parent);
    const id = ids.get(entry.name);
    return parentId && id ? [sql`(${id}::uuid, ${parentId}::uuid)`] : [];
  });
  if (links.length)
    await tx.execute(
      sql`UPDATE ${menus} SET parent_id = link.parent_id FROM (VALUES ${sql.join(links, sql`, `)}) AS link (id, parent_id)
          WHERE ${menus.id} = link.id AND ${menus.parentId} IS NULL`,
    );
}

export async function menuIdByName(tx: Executor, name: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.name, name));
  return row?.id;
}
