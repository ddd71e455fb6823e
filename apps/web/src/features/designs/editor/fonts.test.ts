import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DESIGN_FONTS } from '@pod/shared';

/**
 * The editor and the server take their fonts from ONE registry (DESIGN_FONTS): the editor imports
 * each family's fontsource stylesheet for each registered weight, and nothing else (issue 26).
 */
describe('editor fonts', () => {
  const source = readFileSync(new URL('./fonts.ts', import.meta.url), 'utf8');
  const imported = [...source.matchAll(/^import '(@fontsource\/[^/]+)\/(\d+)\.css';$/gm)].map(
    (m) => `${m[1]}/${m[2]}`,
  );

  it('loads exactly the registered packages and weights', () => {
    const registered = DESIGN_FONTS.flatMap((f) => f.weights.map((w) => `${f.package}/${w}`));
    expect([...imported].sort()).toEqual([...registered].sort());
  });

  it('offers a real choice: at least ten Latin families and a CJK one, all open-licence', () => {
    expect(DESIGN_FONTS.filter((f) => f.script === 'latin').length).toBeGreaterThanOrEqual(10);
    expect(DESIGN_FONTS.some((f) => f.script === 'cjk')).toBe(true);
    for (const f of DESIGN_FONTS) expect(['OFL-1.1', 'Apache-2.0']).toContain(f.licence);
  });
});
