/**
 * Extension points (decision 0027): a module that needs figures another module owns (a merchant's
 * balance, the uses of an uploaded file, what to do when an Alipay purchase is paid) declares a
 * point; the owning module provides an implementation in its descriptor; the app collects them
 * when it composes the descriptors. Nothing registers itself as a side effect of an import or of
 * registering routes, and every app (each test's too) has its own set.
 */
export interface ExtensionPoint<T> {
  readonly key: string;
  /** An implementation of this point, named after what provides it (one per name). */
  provide(name: string, impl: T): Extension;
}

/** One implementation of one point, as a descriptor lists it. */
export interface Extension {
  readonly point: string;
  readonly name: string;
  readonly impl: unknown;
}

/** Declares a point; its key must be unique in the app (`<module>.<what>`). */
export function extensionPoint<T>(key: string): ExtensionPoint<T> {
  return { key, provide: (name, impl) => ({ point: key, name, impl }) };
}

/** The implementations an app's descriptors provide, by point. */
export class Extensions {
  readonly #byPoint = new Map<string, Map<string, unknown>>();

  constructor(extensions: readonly Extension[] = []) {
    for (const e of extensions) {
      const named = this.#byPoint.get(e.point) ?? new Map<string, unknown>();
      if (named.has(e.name)) throw new Error(`extension ${e.point}/${e.name} is provided twice`);
      named.set(e.name, e.impl);
      this.#byPoint.set(e.point, named);
    }
  }

  /** Every implementation of a point, in the order the descriptors were composed. */
  all<T>(point: ExtensionPoint<T>): T[] {
    return [...(this.#byPoint.get(point.key)?.values() ?? [])] as T[];
  }

  /**
   * The one implementation a point cannot do without (a limit, a permission check): never skipped
   * silently, since an app without the module that provides it would lift the limit.
   */
  required<T>(point: ExtensionPoint<T>): T {
    const [impl] = this.all(point);
    if (impl === undefined) throw new Error(`no module provides ${point.key}`);
    return impl;
  }

  /** Every implementation of a point with the name it was provided under (its module's, by convention). */
  named<T>(point: ExtensionPoint<T>): Array<[name: string, impl: T]> {
    return [...(this.#byPoint.get(point.key)?.entries() ?? [])] as Array<[string, T]>;
  }

  /** The implementation of a point with this name, if one was provided. */
  one<T>(point: ExtensionPoint<T>, name: string): T | undefined {
    return this.#byPoint.get(point.key)?.get(name) as T | undefined;
  }
}
