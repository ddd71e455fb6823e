import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { composeMockup, maskCoverage, renderMockup, type MockupSurface } from './render.ts';

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
          // Multiplied by pure blue: red and green go to 0, blue keeps the fabric's value.
          const [r, g, b] = at(x, y);
          expect([r, g], `${x},${y}`).toEqual([0, 0]);
          expect(Math.abs(b! - was(x, y)[2]!)).toBeLessThanOrEqual(1);
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
    expect([out.data[i], out.data[i + 1]]).toEqual([0, 0]);
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
