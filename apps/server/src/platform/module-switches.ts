import type { ModuleDescriptor } from './module.ts';

/** Why a switch was refused: the key of a bilingual message, and what it names. */
export interface SwitchRefusal {
  refused: 'module.unknown' | 'module.notSwitchable' | 'module.neededBy';
  params: Record<string, string>;
}

/** The modules a tenant has switched off, after a switch: what to store. */
export interface SwitchPlan {
  disabled: string[];
}

/** What the switches need of a module's descriptor. */
type Switchable = Pick<ModuleDescriptor<unknown>, 'name' | 'dependsOn' | 'switchable' | 'menus' | 'store'>;

/** A switchable module as the module store lists it for a tenant (decision 0048). */
export interface StoreEntry {
  name: string;
  title: string;
  description: string;
  version: string;
  dependsOn: string[];
  /** Modules that are on for the tenant and need this one. */
  neededBy: string[];
  enabled: boolean;
}

/**
 * Which modules each tenant has switched off (spec "module store", decision 0027). A switchable
 * module that is off for a tenant answers 404 to that tenant's users and its menus disappear for
 * them; nothing is deleted, and switching it on again restores everything.
 *
 * The store is the tenancy module's (`load`); this keeps a short-lived copy per tenant so that a
 * request costs no extra statement, and drops it when this process switches a module.
 */
export class ModuleSwitches {
  readonly #modules: ReadonlyMap<string, Switchable>;
  readonly #menuModule: ReadonlyMap<string, string>;
  readonly #cache = new Map<string, { disabled: ReadonlySet<string>; until: number }>();

  constructor(
    modules: readonly Switchable[],
    private readonly load: (tenantId: string) => Promise<readonly string[]>,
    /** The tenants that have a module switched off (read fresh: sweeps ask once per tick). */
    private readonly loadTenantsWithout: (name: string) => Promise<readonly string[]> = () =>
      Promise.resolve([]),
    private readonly ttlMs = 2_000,
  ) {
    this.#modules = new Map(modules.map((m) => [m.name, m]));
    this.#menuModule = new Map(
      modules
        .filter((m) => m.switchable)
        .flatMap((m) => m.menus.map((entry) => [entry.name, m.name] as const)),
    );
  }

  /** Whether a module can be switched off at all. */
  isSwitchable(name: string): boolean {
    return this.#modules.get(name)?.switchable === true;
  }

  /** The switchable modules a tenant has switched off (the platform, with no tenant, has all). */
  async disabledFor(tenantId: string | null): Promise<ReadonlySet<string>> {
    if (tenantId === null) return new Set();
    const now = Date.now();
    const cached = this.#cache.get(tenantId);
    if (cached && cached.until > now) return cached.disabled;
    const disabled = new Set((await this.load(tenantId)).filter((name) => this.isSwitchable(name)));
    this.#cache.set(tenantId, { disabled, until: now + this.ttlMs });
    return disabled;
  }

  async isEnabled(tenantId: string | null, name: string): Promise<boolean> {
    return !(await this.disabledFor(tenantId)).has(name);
  }

  /** The tenants that have switched a module off (none for a core or unknown module). */
  async tenantsWithout(name: string): Promise<readonly string[]> {
    if (!this.isSwitchable(name)) return [];
    return this.loadTenantsWithout(name);
  }

  /** The menu entries (pages and buttons) of the modules a tenant has switched off. */
  async hiddenMenus(tenantId: string | null): Promise<ReadonlySet<string>> {
    const disabled = await this.disabledFor(tenantId);
    if (disabled.size === 0) return disabled;
    return new Set([...this.#menuModule].filter(([, module]) => disabled.has(module)).map(([menu]) => menu));
  }

  /**
   * The module store's list for a tenant whose switched-off modules are `disabled`: every
   * switchable module, as its descriptor declares it, in composition order.
   */
  catalogue(disabled: Iterable<string>): StoreEntry[] {
    const off = new Set(disabled);
    const all = [...this.#modules.values()];
    return all
      .filter((m) => m.switchable)
      .map((m) => ({
        name: m.name,
        title: m.store?.title ?? `moduleStore.${m.name}.title`,
        description: m.store?.description ?? `moduleStore.${m.name}.description`,
        version: m.store?.version ?? '1.0.0',
        dependsOn: [...m.dependsOn],
        neededBy: all
          .filter((d) => d.name !== m.name && !off.has(d.name) && d.dependsOn.includes(m.name))
          .map((d) => d.name),
        enabled: !off.has(m.name),
      }));
  }

  /**
   * Forgets the copy of a tenant's switches: after this process stored a change, and in every
   * process when the database announces one (decision 0074).
   */
  invalidate(tenantId: string): void {
    this.#cache.delete(tenantId);
  }

  /** Forgets every tenant's copy (the change notices were restarted). */
  invalidateAll(): void {
    this.#cache.clear();
  }

  /**
   * What switching `name` on or off leaves switched off. Switching on also switches on what it
   * needs; switching off is refused while a module that is on needs it.
   */
  plan(current: Iterable<string>, name: string, enabled: boolean): SwitchPlan | SwitchRefusal {
    const module = this.#modules.get(name);
    if (!module) return { refused: 'module.unknown', params: { name } };
    if (!module.switchable) return { refused: 'module.notSwitchable', params: { name } };
    const disabled = new Set(current);
    if (enabled) {
      const needed = [name];
      while (needed.length) {
        const next = needed.pop()!;
        if (!disabled.delete(next)) continue;
        needed.push(...(this.#modules.get(next)?.dependsOn ?? []));
      }
      return { disabled: [...disabled].sort() };
    }
    const dependant = [...this.#modules.values()].find(
      (m) => m.name !== name && !disabled.has(m.name) && m.dependsOn.includes(name),
    );
    if (dependant) return { refused: 'module.neededBy', params: { name, by: dependant.name } };
    disabled.add(name);
    return { disabled: [...disabled].sort() };
  }
}
