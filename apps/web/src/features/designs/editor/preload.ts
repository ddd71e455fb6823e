import { DESIGN_DEFAULT_FONT } from '@pod/shared';

/**
 * What the editor needs before it is usable, started together (issue 26): the canvas code (Fabric
 * and the mapping, the largest chunk) and the default font's faces for Latin and Chinese. The route
 * loads this beside the page's own chunk instead of one after the other; failures are left to the
 * canvas (spec §8 "editor not installed") and to the font loader, which report them.
 */
export function preloadEditor(): Promise<void> {
  const canvas = import('./fabric-mapping.ts').then(
    () => undefined,
    () => undefined,
  );
  // The fonts' stylesheets (fonts.ts) are declared first, then the default faces are fetched; the
  // route does not wait for them (text draws once they arrive, as the editor re-measures).
  void import('./fonts.ts')
    .then(() =>
      Promise.all([
        document.fonts.load(`16px "${DESIGN_DEFAULT_FONT}"`, 'Aa'),
        document.fonts.load(`16px "${DESIGN_DEFAULT_FONT}"`, '设计'),
      ]),
    )
    .catch(() => undefined);
  return canvas;
}
