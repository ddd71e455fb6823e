/** What the cache needs of the database's change notices (CacheNotices). */
export interface CatalogueNotices {
  /** Whether every change is being heard: nothing is kept or answered otherwise. */
  readonly live: boolean;
  /** Resolves once every change committed before the call has been heard. */
  caughtUp(): Promise<void>;
}

interface Entry<V> {
  value: V;
  until: number;
}

/**
 * The public catalogue's replies (storefront categories, product list, product page), kept per
 * process as their handlers built them (issue 25, decision 0086). Every visitor of a supplier's
 * storefront asks the same few pages; a reply is built once (its statements, its look-ups, its
 * mapping) and then given again, until the catalogue changes. Values are never changed once kept.
 *
 * - The catalogue's tables (and the tenants, which decide a host's supplier) announce every change
 *   on `pod_cache` (migration 0046); `clear` runs at the notice, in every process.
 * - Before answering from a copy, the cache waits until every change committed before the request
 *   has been heard (`caughtUp`, one round trip shared by all waiting requests), so a change made
 *   through any process shows on the very next request, as for the sign-in checks (decision 0074).
 * - A reply built while a change arrived is not kept (the epoch moved), so a copy can never outlive
 *   the change it missed. Nothing is kept or answered while the notices are not live.
 * - Entries live for `ttlMs` at most (a safety net, not the invalidation), and the cache holds at
 *   most `maxEntries`: past that it starts again empty rather than growing.
 */
export class PublicReplyCache<V> {
  readonly #entries = new Map<string, Entry<V>>();
  #epoch = 0;

  constructor(
    private readonly notices: CatalogueNotices,
    private readonly ttlMs = 30_000,
    private readonly maxEntries = 2_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /**
   * The kept reply for `key`, or null; with the epoch a reply built now must be stored under
   * (`store`).
   */
  async lookup(key: string): Promise<{ value: V | undefined; epoch: number }> {
    await this.notices.caughtUp();
    const epoch = this.#epoch;
    if (!this.notices.live) return { value: undefined, epoch };
    const entry = this.#entries.get(key);
    if (entry && entry.until > this.now()) return { value: entry.value, epoch };
    if (entry) this.#entries.delete(key);
    return { value: undefined, epoch };
  }

  /** Keeps a reply built since `lookup` gave `epoch`, unless the catalogue changed meanwhile. */
  store(key: string, epoch: number, value: V): void {
    if (epoch !== this.#epoch || !this.notices.live) return;
    if (this.#entries.size >= this.maxEntries) this.#entries.clear();
    this.#entries.set(key, { value, until: this.now() + this.ttlMs });
  }

  /** The reply for `key`: the kept one, else `build`'s (kept for the next request). */
  async through(key: string, build: () => Promise<V>): Promise<V> {
    const { value, epoch } = await this.lookup(key);
    if (value !== undefined) return value;
    const built = await build();
    this.store(key, epoch, built);
    return built;
  }

  /** The catalogue changed (or the notices restarted): drop every copy. */
  clear(): void {
    this.#epoch += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
