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
  for (const entry of catalogue) {
    if (ids.has(entry.name)) continue;
    const [row] = await tx
      .insert(menus)
      .values({
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
      })
      .onConflictDoNothing({ target: menus.name })
      .returning({ id: menus.id });
    if (row) ids.set(entry.name, row.id);
    if (row && entry.parent && ids.has(entry.parent)) parented.add(entry.name);
  }
  // Parents created in this run after their children (not the case today, but cheap to guarantee).
  for (const entry of catalogue) {
    if (parented.has(entry.name)) continue;
    const parentId = entry.parent ? ids.get(entry.parent) : undefined;
    const id = ids.get(entry.name);
    if (parentId && id)
      await tx
        .update(menus)
        .set({ parentId })
        .where(sql`${menus.id} = ${id} AND ${menus.parentId} IS NULL`);
  }
}

export async function menuIdByName(tx: Executor, name: string): Promise<string | undefined> {
  const [row] = await tx.select({ id: menus.id }).from(menus).where(eq(menus.name, name));
  return row?.id;
}
