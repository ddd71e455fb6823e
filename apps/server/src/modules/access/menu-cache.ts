import type { AdminTier } from '../../db/schema/index.ts';
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
  { generation: number; byTier: Map<AdminTier, { rows: repo.MenuRow[]; until: number }> }
>();

export async function tierMenus(tx: Executor, tier: AdminTier): Promise<repo.MenuRow[]> {
  let entry = cache.get(tx);
  if (entry?.generation !== generation) {
    entry = { generation, byTier: new Map() };
    cache.set(tx, entry);
  }
  const hit = entry.byTier.get(tier);
  if (hit && hit.until > Date.now()) return hit.rows;
  const rows = await repo.menusForTier(tx, tier);
  entry.byTier.set(tier, { rows, until: Date.now() + TTL_MS });
  return rows;
}

/** Menus changed (catalogue applied, an administrator's edit, a test reset): read them again. */
export function invalidateMenus(): void {
  generation += 1;
}
