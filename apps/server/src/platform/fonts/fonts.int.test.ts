import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { DESIGN_DEFAULT_FONT, DESIGN_FONTS } from '@pod/shared';
import { bundledFontFiles, prepareFonts } from './fonts.ts';

/**
 * The server renders with exactly the registry's fonts (DESIGN_FONTS, issue 26): every family and
 * weight has its files from the package the editor loads, and sharp/librsvg draws each family in
 * its own shapes (not the Noto Sans SC fallback). The fonts are prepared before any file of the
 * process renders text (`test/setup-fonts.ts`); the call below is the same idempotent one.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'pod-fonts-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const requireFrom = createRequire(import.meta.url);

async function inked(family: string, text: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="120"><rect width="640" height="120" fill="#fff"/><text x="10" y="85" font-family="${family}" font-size="64" fill="#000">${text}</text></svg>`;
  return sharp(Buffer.from(svg)).greyscale().raw().toBuffer();
}

/** The share of pixels that differ by more than a quarter of the range. */
function differing(a: Buffer, b: Buffer): number {
  let n = 0;
  for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i]! - b[i]!) > 64) n += 1;
  return n / a.length;
}

describe('bundled fonts', () => {
  it('has files for every registered family and weight, from packages whose licence is the registered one', () => {
    const files = bundledFontFiles();
    for (const font of DESIGN_FONTS) {
      const pkg = JSON.parse(
        readFileSync(join(dirname(requireFrom.resolve(font.package)), 'package.json'), 'utf8'),
      ) as { license: string };
      expect(pkg.license, font.package).toBe(font.licence);
      for (const weight of font.weights)
        expect(
          files.some((f) => f.family === font.family && f.weight === weight),
          `${font.family} ${weight}`,
        ).toBe(true);
    }
  });

  it('renders each family in its own letterforms, not the fallback', async () => {
    prepareFonts(dataDir);
    const latin = 'Hamburgefonstiv';
    const cjk = '你好世界欢迎';
    // Each family is drawn unlike every other: a family fontconfig could not find by its name
    // would be drawn as the fallback, i.e. like one of the others.
    const groups = [
      {
        text: latin,
        fonts: DESIGN_FONTS.filter((f) => f.script === 'latin' || f.family === DESIGN_DEFAULT_FONT),
      },
      { text: cjk, fonts: DESIGN_FONTS.filter((f) => f.script === 'cjk') },
    ];
    for (const { text, fonts } of groups) {
      const drawn = await Promise.all(fonts.map((f) => inked(f.family, text)));
      for (let i = 0; i < fonts.length; i += 1)
        for (let j = i + 1; j < fonts.length; j += 1)
          expect(
            differing(drawn[i]!, drawn[j]!),
            `${fonts[i]!.family} vs ${fonts[j]!.family}`,
          ).toBeGreaterThan(0.01);
    }
  });
});
