/**
 * Writes the golden reference PNGs (issue 8, decision 0019): each fixture design's SVG drawn by
 * Chromium with the editor's fonts. Run once after changing a fixture or the renderer on purpose:
 *   npm run golden:references   (CHROMIUM_PATH defaults to /usr/bin/chromium)
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GOLDEN_FIXTURES, GOLDEN_SPEC, goldenAssets } from './fixtures.ts';
import { renderInChromium } from './golden-render.ts';
import { surfaceSvg } from '../../src/modules/designs/index.ts';

const assets = await goldenAssets();
const items = Object.entries(GOLDEN_FIXTURES).map(([name, doc]) => ({
  name,
  svg: surfaceSvg(doc, GOLDEN_SPEC, assets),
  width: GOLDEN_SPEC.width,
  height: GOLDEN_SPEC.height,
}));
const pngs = await renderInChromium(items);
const dir = import.meta.dirname;
for (const [name, png] of pngs) {
  await writeFile(join(dir, `${name}.png`), png);
  console.log(`wrote ${name}.png`);
}
