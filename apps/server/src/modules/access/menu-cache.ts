import type { AdminTier } from './schema.ts';
import type { Executor } from '../../db/client.ts';
import * as repo from './access.repo.ts';

/**
 * The enabled menus of a tier, read on every authorised request (permission checks), change only
 * when an administrator edits menus. They are kept per database handle for a few seconds:
 * edits made through this process clear the cache at once, other API processes see them within
 * TTL_MS (decision 0024, "auth on the money path"). Transactions read the table directly.
 */
const TTL_MS = 5_000;
let generation = 0;
const cache = new WeakMap<
  object,
  { generation: number; byTier: Map<AdminTier, { rows: Promise<repo.MenuRow[]>; until: number }> }
>();

/**
 * The tier's menus. When the entry has expired, the first request reads them again and every
 * concurrent request shares that one read (no burst of identical queries under load).
 */
export function tierMenus(tx: Executor, tier: AdminTier): Promise<repo.MenuRow[]> {
  let entry = cache.get(tx);
  if (entry?.generation !== generation) {
    entry = { generation, byTier: new Map() };
    cache.set(tx, entry);
  }
  const hit = entry.byTier.get(tier);
  if (hit && hit.until > Date.now()) return hit.rows;
  const byTier = entry.byTier;
  const rows = repo.menusForTier(tx, tier);
  const fresh = { rows, until: Date.now() + TTL_MS };
  byTier.set(tier, fresh);
  // A failed read is not kept: the next request tries again.
  rows.catch(() => {
    if (byTier.get(tier) === fresh) byTier.delete(tier);
  });
  return rows;
}

/**
 * The paths of the enabled menus of every tier (the session's `menu_paths`), kept like the tiers'
 * menus: the same generation and TTL, so an edit clears both (decision 0084).
 */
const pathsCache = new WeakMap<object, { generation: number; rows: Promise<string[]>; until: number }>();
export function catalogueMenuPathsCached(tx: Executor): Promise<string[]> {
  const hit = pathsCache.get(tx);
  if (hit && hit.generation === generation && hit.until > Date.now()) return hit.rows;
  const fresh = { generation, rows: repo.catalogueMenuPaths(tx), until: Date.now() + TTL_MS };
  pathsCache.set(tx, fresh);
  fresh.rows.catch(() => {
    if (pathsCache.get(tx) === fresh) pathsCache.delete(tx);
  });
  return fresh.rows;
}

/** Menus changed (catalogue applied, an administrator's edit, a test reset): read them again. */
export function invalidateMenus(): void {
  generation += 1;
}
