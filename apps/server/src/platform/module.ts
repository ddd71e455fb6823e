import type { ADMIN_TIERS } from '@pod/shared';
import type { Extension } from './extensions.ts';
import type { ZodApp } from './http/types.ts';
import type { OwnershipLevel } from './ownership.ts';

/** One entry of the menu catalogue (spec §3 Menu): a directory, a page, or a button permission. */
export interface MenuEntry {
  name: string;
  type: 'menu_dir' | 'menu' | 'button';
  /** An i18n key; the web shows its translation (or the text itself for menus admins add). */
  title: string;
  /** The `name` of the parent entry (it may belong to another module, e.g. a shared directory). */
  parent?: string;
  icon?: string;
  path?: string;
  component?: string;
  /** The permission a menu item needs to be listed (e.g. `role:list`); buttons use `name`. */
  permission?: string;
  keepalive?: boolean;
  /** Tiers whose users may be granted this entry. */
  tiers: readonly AdminTier[];
  /** Larger shows earlier (spec §5). */
  sort: number;
}

type AdminTier = (typeof ADMIN_TIERS)[number];
/** Every admin tier, and the tiers that hold tenants' business (factories excluded). */
export const ALL_TIERS: readonly AdminTier[] = ['platform', 'supplier', 'factory', 'merchant'];
export const TENANT_TIERS: readonly AdminTier[] = ['platform', 'supplier', 'merchant'];

/** The button permissions `<resource>:<action>` of a page, largest sort first. */
export function buttons(
  resource: string,
  parent: string,
  tiers: readonly AdminTier[],
  actions: readonly string[] = ['add', 'edit', 'del', 'sortable'],
): MenuEntry[] {
  return actions.map((action, i) => ({
    name: `${resource}:${action}`,
    type: 'button',
    title: `menu.button.${action}`,
    parent,
    tiers,
    sort: 100 - i,
  }));
}

/** A resource a module exposes, with whose its rows are (decision 0026). */
export interface ResourceOwnership {
  /** The resource's name, as its permissions and the recycle bin use it (e.g. `role`). */
  name: string;
  owner: OwnershipLevel;
}

/**
 * What a module is, in one place (decision 0027): its routes and jobs, the extensions it provides
 * other modules, its menus and button permissions, its tables, the ownership of what it exposes,
 * and whether a tenant may switch it off (and what it needs). `app.ts` composes the descriptors;
 * nothing registers itself as a side effect of being imported.
 *
 * `D` is what the app hands every module (the server's `AppServices`); the platform does not know it.
 */
export interface ModuleDescriptor<D> {
  /** The module's folder name under `modules/`. */
  name: string;
  /** Modules this one needs: composing fails when one is missing or comes later. */
  dependsOn: readonly string[];
  /**
   * Switchable modules whose public functions this one calls but can do without for a tenant that
   * has switched them off (e.g. designs offer the materials library when it is there). Composed
   * before this one, like `dependsOn`, but they do not keep the module store from switching them
   * off (decision 0038).
   */
  uses?: readonly string[];
  /**
   * Whether a supplier may switch the module off for its tenant (spec "module store"). Core
   * modules (identity, access, tenancy, the admin tools) cannot be.
   */
  switchable: boolean;
  /**
   * How the module store shows a switchable module (decision 0048): i18n keys of its title and
   * description, and its version. Defaults: `moduleStore.<name>.title`, `.description`, 1.0.0.
   */
  store?: { title?: string; description?: string; version?: string };
  /** The module's own tables (drizzle), by export name: no other module reads or writes them. */
  tables: Readonly<Record<string, unknown>>;
  /** The ownership of every resource the module exposes. */
  resources: readonly ResourceOwnership[];
  /** The module's part of the menu catalogue. */
  menus: readonly MenuEntry[];
  /** Implementations of other modules' extension points. */
  provides?: readonly Extension[];
  /** Declares the module's background jobs and recurring tasks (before the queue starts). */
  jobs?(deps: D): void;
  /** Registers the module's HTTP routes. */
  routes?(app: ZodApp, deps: D): void | Promise<void>;
}

/**
 * Checks that descriptors can be composed in this order: unique names, every dependency present
 * and composed before its dependant, no core module needing a switchable one, every menu name
 * unique and every menu parent declared. Throws with the first problem.
 */
export function checkComposition<D>(modules: readonly ModuleDescriptor<D>[]): void {
  const seen = new Set<string>();
  const menuNames = new Set<string>();
  const byName = new Map(modules.map((m) => [m.name, m]));
  for (const m of modules) {
    if (seen.has(m.name)) throw new Error(`module ${m.name} is composed twice`);
    for (const dep of [...m.dependsOn, ...(m.uses ?? [])]) {
      if (!seen.has(dep)) throw new Error(`module ${m.name} needs ${dep}, which is not composed before it`);
    }
    // A module that cannot be switched off cannot need one that can: it would keep it on forever.
    for (const dep of m.dependsOn)
      if (!m.switchable && byName.get(dep)?.switchable)
        throw new Error(
          `module ${m.name} cannot be switched off but needs ${dep}, which can: declare it in uses`,
        );
    for (const used of m.uses ?? [])
      if (!byName.get(used)?.switchable)
        throw new Error(`module ${m.name} uses ${used}, which is not switchable`);
    for (const entry of m.menus) {
      if (menuNames.has(entry.name)) throw new Error(`menu ${entry.name} is declared twice (${m.name})`);
      menuNames.add(entry.name);
    }
    seen.add(m.name);
  }
  for (const m of modules)
    for (const entry of m.menus)
      if (entry.parent && !menuNames.has(entry.parent))
        throw new Error(`menu ${entry.name} (${m.name}) has no parent ${entry.parent}`);
}
