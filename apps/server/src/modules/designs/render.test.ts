import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeMockup, garmentLuminance, maskCoverage, renderMockup, type MockupSurface } from './render.ts';

/**
 * Mockup compositing with a surface mask (decision 0020), pixel by pixel: the design shows only
 * where the mask is white (and opaque); everywhere else the template's pixels stay exactly as they
 * were. In memory, no storage.
 */

const SURFACE: MockupSurface = {
  template: { width: 200, height: 200 },
  print_area: { x: 50, y: 40, width: 100, height: 120 },
  blend: 'multiply',
};

/** A template with a different value at every pixel, so "untouched" cannot pass by chance. */
async function gradientTemplate(): Promise<Buffer> {
  const raw = Buffer.alloc(200 * 200 * 3);
  for (let y = 0; y < 200; y += 1)
    for (let x = 0; x < 200; x += 1) {
      const i = (y * 200 + x) * 3;
      raw[i] = 120 + (x % 100);
      raw[i + 1] = 100 + (y % 120);
      raw[i + 2] = 90 + ((x + y) % 150);
    }
  return sharp(raw, { raw: { width: 200, height: 200, channels: 3 } })
    .png()
    .toBuffer();
}

/** A print file of the print area's proportions, solid opaque blue. */
const bluePrint = () =>
  sharp({ create: { width: 500, height: 600, channels: 4, background: { r: 0, g: 0, b: 255, alpha: 1 } } })
    .png()
    .toBuffer();

/**
 * A mask over the whole template: black left of x = 100, white right of it, and the white part
 * transparent below y = 120.
 */
async function halfMask(): Promise<Buffer> {
  const raw = Buffer.alloc(200 * 200 * 4);
  for (let y = 0; y < 200; y += 1)
    for (let x = 0; x < 200; x += 1) {
      const i = (y * 200 + x) * 4;
      const value = x < 100 ? 0 : 255;
      raw.fill(value, i, i + 3);
      raw[i + 3] = x >= 100 && y >= 120 ? 0 : 255;
    }
  return sharp(raw, { raw: { width: 200, height: 200, channels: 4 } })
    .png()
    .toBuffer();
}

async function rgbOf(png: Buffer) {
  const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  return data;
}

describe('mockups with a surface mask', () => {
  it('leaves every masked-out pixel of the template untouched and prints where the mask is white', async () => {
    const template = await gradientTemplate();
    const original = await rgbOf(template);
    const out = await composeMockup(await bluePrint(), SURFACE, template, '#ffffff', await halfMask());
    expect([out.width, out.height]).toEqual([200, 200]);
    const at = (x: number, y: number) =>
      Array.from(out.data.subarray((y * 200 + x) * out.channels, (y * 200 + x) * out.channels + 3));
    const was = (x: number, y: number) =>
      Array.from(original.subarray((y * 200 + x) * 3, (y * 200 + x) * 3 + 3));
    let untouched = 0;
    let printed = 0;
    for (let y = 40; y < 160; y += 1)
      for (let x = 50; x < 150; x += 1) {
        const isMaskedOut = x < 100 || y >= 120;
        if (isMaskedOut) {
          expect(at(x, y), `${x},${y}`).toEqual(was(x, y));
          untouched += 1;
        } else {
          // The blue print shows, shaded by the fabric: blue clearly above red and green.
          const [r, g, b] = at(x, y);
          expect(b! - Math.max(r!, g!), `${x},${y}`).toBeGreaterThan(60);
          expect(at(x, y), `${x},${y}`).not.toEqual(was(x, y));
          printed += 1;
        }
      }
    expect(untouched).toBe(50 * 120 + 50 * 40);
    expect(printed).toBe(50 * 80);
    // Outside the print area nothing changes either.
    for (const [x, y] of [
      [0, 0],
      [49, 100],
      [150, 100],
      [120, 160],
      [199, 199],
    ] as const)
      expect(at(x, y)).toEqual(was(x, y));
  });

  it('prints the whole print area without a mask (so the mask is what kept those pixels)', async () => {
    const template = await gradientTemplate();
    const out = await composeMockup(await bluePrint(), SURFACE, template, '#ffffff');
    const i = (60 * 200 + 60) * out.channels;
    expect(out.data[i + 2]! - Math.max(out.data[i]!, out.data[i + 1]!)).toBeGreaterThan(60);
  });

  it('lets a grey mask through in part, and scales a mask drawn at another size to the template', async () => {
    const grey = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#808080' } })
      .png()
      .toBuffer();
    const area = { left: 50, top: 40, width: 100, height: 120 };
    const coverage = await maskCoverage(grey, { width: 200, height: 200 }, area);
    expect(coverage).toHaveLength(100 * 120);
    expect(Math.abs(coverage[0]! - 128)).toBeLessThanOrEqual(1);
    const white = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#ffffff' } })
      .png()
      .toBuffer();
    const out = await composeMockup(await bluePrint(), SURFACE, white, '#ffffff', grey);
    const i = (100 * 200 + 100) * out.channels;
    // Half the print shows, like a print at 50 % alpha: red and green half way down, blue kept light.
    expect(Math.abs(out.data[i]! - 127)).toBeLessThanOrEqual(2);
    expect(out.data[i + 1]).toBe(out.data[i]);
    expect(out.data[i + 2]).toBeGreaterThan(180);
  });

  it('encodes the masked mockup and a thumbnail as WebP', async () => {
    const out = await renderMockup(
      await bluePrint(),
      SURFACE,
      await gradientTemplate(),
      '#fff',
      await halfMask(),
    );
    expect((await sharp(out.mockup).metadata()).format).toBe('webp');
    expect((await sharp(out.thumb).metadata()).width).toBe(200);
  });
});

/** A garment of one colour with a fold: a band 30 % darker and a highlight band 40 % of the way to white. */
async function garment(hex: [number, number, number]): Promise<Buffer> {
  const raw = Buffer.alloc(200 * 200 * 3);
  for (let y = 0; y < 200; y += 1)
    for (let x = 0; x < 200; x += 1) {
      const i = (y * 200 + x) * 3;
      for (let c = 0; c < 3; c += 1) {
        const v = hex[c]!;
        raw[i + c] =
          x >= 60 && x < 70 ? Math.round(v * 0.7) : x >= 130 && x < 140 ? Math.round(v + (255 - v) * 0.4) : v;
      }
    }
  return sharp(raw, { raw: { width: 200, height: 200, channels: 3 } })
    .png()
    .toBuffer();
}

/** A print of the whole area: a light-grey (#d0d0d0) mark, as a white or pale design would be. */
const palePrint = () =>
  sharp({
    create: { width: 500, height: 600, channels: 4, background: { r: 208, g: 208, b: 208, alpha: 1 } },
  })
    .png()
    .toBuffer();

/** Luminance contrast (WCAG) between two pixels of raw RGBA. */
function contrast(a: ArrayLike<number>, b: ArrayLike<number>): number {
  const lin = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const lum = (p: ArrayLike<number>) => 0.2126 * lin(p[0]!) + 0.7152 * lin(p[1]!) + 0.0722 * lin(p[2]!);
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('mockups on garments of every colour (issue 26)', () => {
  const px = (img: { data: Buffer; channels: number }, x: number, y: number) =>
    Array.from(img.data.subarray((y * 200 + x) * img.channels, (y * 200 + x) * img.channels + 3));

  it('shows a pale design on a black garment with strong contrast, and keeps the fold and highlight', async () => {
    const black = await garment([20, 20, 22]);
    const out = await composeMockup(await palePrint(), SURFACE, black, '#141416');
    const blank = await sharp(black).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const fabric = { data: blank.data, channels: 4 };
    // In the print area (flat part) the design reads: contrast against the bare garment ≥ 7:1.
    expect(contrast(px(out, 100, 100), px(fabric, 100, 100))).toBeGreaterThan(7);
    // The fold darkens the print and the highlight lightens it (the shading map shows through).
    expect(px(out, 65, 100)[0]!).toBeLessThan(px(out, 100, 100)[0]! - 30);
    expect(px(out, 135, 100)[0]!).toBeGreaterThan(px(out, 100, 100)[0]!);
    // Outside the print area the garment is untouched.
    expect(px(out, 10, 10)).toEqual(px(fabric, 10, 10));
  });

  it('prints the same colours on black and on white flat fabric, as a plain multiply could not', async () => {
    const onBlack = await composeMockup(await palePrint(), SURFACE, await garment([20, 20, 22]), '#000');
    const onWhite = await composeMockup(await palePrint(), SURFACE, await garment([245, 245, 245]), '#fff');
    for (let c = 0; c < 3; c += 1)
      expect(Math.abs(px(onBlack, 100, 100)[c]! - px(onWhite, 100, 100)[c]!)).toBeLessThanOrEqual(2);
  });

  it('takes the garment colour as the median of the print area, unmoved by folds', async () => {
    const { data } = await sharp(await garment([100, 100, 100]))
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(garmentLuminance(data, 200, { left: 50, top: 40, width: 100, height: 120 })).toBeCloseTo(
      100 / 255,
      2,
    );
  });
});
