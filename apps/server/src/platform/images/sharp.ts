import { createRequire } from 'node:module';
import type SharpModule from 'sharp';

type Sharp = typeof SharpModule;
let loaded: Sharp | undefined;
const settings: Array<(sharp: Sharp) => void> = [];

function load(): Sharp {
  if (!loaded) {
    loaded = createRequire(import.meta.url)('sharp') as Sharp;
    for (const apply of settings) apply(loaded);
  }
  return loaded;
}

/**
 * Process-wide libvips settings (the renderer's, decision 0020): applied when sharp loads, or at
 * once when it has loaded already.
 */
export function configureSharp(apply: (sharp: Sharp) => void): void {
  settings.push(apply);
  if (loaded) apply(loaded);
}

/**
 * sharp, loaded on its first use (decision 0087): libvips and its bindings are not needed until a
 * request makes an image. Called and read exactly like the package's default export; server code
 * imports it from here.
 */
export const sharp: Sharp = new Proxy((() => undefined) as unknown as Sharp, {
  apply: (_target, _this, args: unknown[]) => Reflect.apply(load(), undefined, args) as unknown,
  get: (_target, key) => Reflect.get(load(), key) as unknown,
});
