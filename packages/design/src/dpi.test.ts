import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dpiLevel, effectiveDpi, layerDpi } from './dpi.ts';
import { layerSchema } from './schema.ts';
import { image, MATERIAL_ID, rect, text } from './test-fixtures.ts';

const parse = (input: unknown) => layerSchema.parse(input);

describe('effective DPI', () => {
  it('is image px over printed inches, the smaller of the two axes', () => {
    // 3000×2000 px printed 10 in × 5 in (at 300 DPI print px) → 300 and 400 → 300.
    expect(effectiveDpi({ width: 3000, height: 2000 }, { width: 3000, height: 1500 }, 300)).toBe(300);
    expect(effectiveDpi({ width: 3000, height: 2000 }, { width: 1500, height: 3000 }, 300)).toBeCloseTo(
      200,
      9,
    );
  });

  it('counts the cropped pixels of an image, not the whole image', () => {
    // 1000×800 px shown 1000×800 print px at 200 DPI → 200 DPI; cropped to its half → 100 DPI.
    expect(layerDpi(parse(image('i')), 200)).toBe(200);
    expect(layerDpi(parse(image('i', { crop: { x: 0, y: 0, width: 500, height: 400 } })), 200)).toBe(100);
  });

  it('counts one tile of a tiling layer and one mark of an image watermark', () => {
    const tiling = parse({
      id: 't',
      type: 'tiling',
      x: 0,
      y: 0,
      width: 2400,
      height: 3000,
      source: { kind: 'material', id: MATERIAL_ID },
      natural_width: 300,
      natural_height: 300,
      tile_width: 400,
      tile_height: 400,
    });
    expect(layerDpi(tiling, 200)).toBe(150);
    const watermark = parse({
      id: 'w',
      type: 'watermark',
      x: 0,
      y: 0,
      width: 2400,
      height: 3000,
      content: {
        kind: 'image',
        source: { kind: 'material', id: MATERIAL_ID },
        natural_width: 200,
        natural_height: 100,
      },
      // The mark keeps its proportions inside the cell: 400×200 print px.
      mark_width: 400,
      mark_height: 400,
    });
    expect(layerDpi(watermark, 300)).toBe(150);
  });

  it('exempts vector layers', () => {
    expect(layerDpi(parse(text('t')), 200)).toBeNull();
    expect(layerDpi(parse(rect('r')), 200)).toBeNull();
    expect(
      layerDpi(
        parse({
          id: 'g',
          type: 'group',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          children: [image('i', { width: 99_999 })],
        }),
        200,
      ),
    ).toBeNull();
  });

  it('falls monotonically as an image is scaled up (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 20_000 }),
        fc.integer({ min: 1, max: 20_000 }),
        fc.double({ min: 0.01, max: 50, noNaN: true }),
        fc.double({ min: 1, max: 4, noNaN: true }),
        fc.integer({ min: 72, max: 1200 }),
        (w, h, scale, factor, dpi) => {
          const small = effectiveDpi({ width: w, height: h }, { width: w * scale, height: h * scale }, dpi);
          const big = effectiveDpi(
            { width: w, height: h },
            { width: w * scale * factor, height: h * scale * factor },
            dpi,
          );
          expect(big).toBeLessThanOrEqual(small);
          // Uniform scaling divides the DPI by the factor.
          expect(big).toBeCloseTo(small / factor, 3);
        },
      ),
    );
  });

  it('never rises when an image is cropped at the same printed size (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 5_000 }),
        fc.integer({ min: 2, max: 5_000 }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        (w, h, keep) => {
          const whole = parse(image('i', { natural_width: w, natural_height: h, width: 500, height: 500 }));
          const cropped = parse(
            image('i', {
              natural_width: w,
              natural_height: h,
              width: 500,
              height: 500,
              crop: { x: 0, y: 0, width: w * keep, height: h * keep },
            }),
          );
          expect(layerDpi(cropped, 300)!).toBeLessThanOrEqual(layerDpi(whole, 300)!);
        },
      ),
    );
  });
});

describe('DPI level', () => {
  it.each([
    [150, 150, 'green'],
    [400, 150, 'green'],
    [149.9, 150, 'amber'],
    [100, 150, 'amber'],
    [99.9, 150, 'red'],
    [299, 300, 'amber'],
    [100, 300, 'amber'],
    [50, 300, 'red'],
  ] as const)('%d DPI against a minimum of %d is %s', (dpi, min, level) => {
    expect(dpiLevel(dpi, min)).toBe(level);
  });

  it('is ordered: more DPI is never a worse level (property)', () => {
    const rank = { red: 0, amber: 1, green: 2 };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.double({ min: 0, max: 2000, noNaN: true }),
        fc.integer({ min: 72, max: 600 }),
        (a, b, min) => {
          const [lo, hi] = a <= b ? [a, b] : [b, a];
          expect(rank[dpiLevel(hi, min)]).toBeGreaterThanOrEqual(rank[dpiLevel(lo, min)]);
        },
      ),
    );
  });
});
