import { mkdtempSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { surfaceSvg } from '../../src/modules/designs/index.ts';
import { rasterise } from '../../src/modules/designs/render.ts';
import { prepareFonts } from '../../src/platform/fonts/fonts.ts';
import { GOLDEN_FIXTURES, GOLDEN_SPEC, goldenAssets, type GoldenName } from './fixtures.ts';

/**
 * Golden images (issue 8, decision 0020): the server's render of each fixture design against the
 * committed Chromium reference (scripts/golden-references.ts). Both are flattened on white and
 * compared per pixel; the thresholds and why are in the decision.
 */
const GOLDEN_THRESHOLDS = {
  /** A pixel "differs" when a channel is off by more than this many levels (of 255). */
  pixelLevels: 32,
  /** At most this share of pixels may differ (anti-aliasing along edges and glyphs). */
  differingShare: 0.01,
  /** Mean absolute difference over all channels, in levels. */
  meanLevels: 2,
};

async function flatten(png: Buffer) {
  return sharp(png)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
}

async function compare(a: Buffer, b: Buffer) {
  const [x, y] = await Promise.all([flatten(a), flatten(b)]);
  expect([x.info.width, x.info.height]).toEqual([y.info.width, y.info.height]);
  let differing = 0;
  let sum = 0;
  const pixels = x.info.width * x.info.height;
  for (let p = 0; p < pixels; p += 1) {
    let worst = 0;
    for (let c = 0; c < 3; c += 1) {
      const d = Math.abs(x.data[p * 3 + c]! - y.data[p * 3 + c]!);
      sum += d;
      worst = Math.max(worst, d);
    }
    if (worst > GOLDEN_THRESHOLDS.pixelLevels) differing += 1;
  }
  return { differingShare: differing / pixels, meanLevels: sum / (pixels * 3) };
}

describe('golden images: the server render matches the browser', () => {
  let assets: Awaited<ReturnType<typeof goldenAssets>>;
  beforeAll(async () => {
    prepareFonts(process.env.POD_FONT_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pod-golden-')));
    assets = await goldenAssets();
  });

  it.each(Object.keys(GOLDEN_FIXTURES) as GoldenName[])('%s', async (name) => {
    const svg = surfaceSvg(GOLDEN_FIXTURES[name], GOLDEN_SPEC, assets);
    const server = await rasterise(svg, GOLDEN_SPEC.width, GOLDEN_SPEC.height).png().toBuffer();
    const reference = await readFile(join(import.meta.dirname, `${name}.png`));
    const result = await compare(server, reference);
    console.log(
      `golden ${name}: ${(result.differingShare * 100).toFixed(2)}% differ, mean ${result.meanLevels.toFixed(2)}`,
    );
    expect(result.differingShare).toBeLessThan(GOLDEN_THRESHOLDS.differingShare);
    expect(result.meanLevels).toBeLessThan(GOLDEN_THRESHOLDS.meanLevels);
  });
});
