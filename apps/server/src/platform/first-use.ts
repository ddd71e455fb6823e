import { createRequire } from 'node:module';

const requireFrom = createRequire(import.meta.url);

/**
 * A package loaded the first time it is needed rather than when the server starts: large
 * CommonJS packages that only some requests use (PDFs, zips, barcodes, images) would otherwise
 * add their loading to every start (decisions 0075, 0087). Returns the loader; each call after
 * the first returns the same module.
 */
export function onFirstUse<T>(id: string): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= requireFrom(id) as T);
}
