import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampCrop, cropImageLayer, cropUnderFrame, uncroppedImageLayer } from './crop.ts';
import { layerDpi } from './dpi.ts';
import { applyMatrix, invert, layerMatrix, multiply, rectCorners } from './geometry.ts';
import { layerSchema, type ImageLayer } from './schema.ts';
import { image } from './test-fixtures.ts';

const photo = (over: Parameters<typeof image>[1] = {}) => layerSchema.parse(image('p', over)) as ImageLayer;

/** Where a natural pixel of the image lands on the surface, for a layer showing it. */
function placeOf(layer: ImageLayer, natural: { x: number; y: number }) {
  const c = layer.crop ?? { x: 0, y: 0, width: layer.natural_width, height: layer.natural_height };
  const local = {
    x: ((natural.x - c.x) * layer.width) / c.width,
    y: ((natural.y - c.y) * layer.height) / c.height,
  };
  return applyMatrix(layerMatrix(layer), local);
}

const close = (a: { x: number; y: number }, b: { x: number; y: number }) => {
  expect(a.x).toBeCloseTo(b.x, 6);
  expect(a.y).toBeCloseTo(b.y, 6);
};

describe('matrix inverse', () => {
  it('undoes a layer matrix', () => {
    const m = layerMatrix({
      x: 10,
      y: 20,
      width: 300,
      height: 100,
      rotation: 33,
      flip_x: true,
      flip_y: false,
    });
    const product = multiply(invert(m), m);
    product.forEach((v, i) => expect(v).toBeCloseTo([1, 0, 0, 1, 0, 0][i]!, 9));
  });
});

describe('cropping an image layer', () => {
  it('keeps the part kept where it was, at the same scale, and stores the crop in natural px', () => {
    // 1000×800 px image shown 1000×800 at (200, 200): 1 print px per image px.
    const layer = photo();
    const cropped = cropImageLayer(layer, { x: 100, y: 200, width: 400, height: 300 });
    expect(cropped.crop).toEqual({ x: 100, y: 200, width: 400, height: 300 });
    expect(cropped).toMatchObject({ x: 300, y: 400, width: 400, height: 300 });
    close(placeOf(cropped, { x: 100, y: 200 }), placeOf(layer, { x: 100, y: 200 }));
    close(placeOf(cropped, { x: 500, y: 500 }), placeOf(layer, { x: 500, y: 500 }));
  });

  it('keeps every kept pixel in place for turned, flipped, scaled and already cropped layers', () => {
    fc.assert(
      fc.property(
        fc.record({
          rotation: fc.double({ min: -180, max: 180, noNaN: true }),
          flip_x: fc.boolean(),
          flip_y: fc.boolean(),
          scale: fc.double({ min: 0.2, max: 5, noNaN: true }),
          first: fc.record({
            x: fc.integer({ min: 0, max: 500 }),
            y: fc.integer({ min: 0, max: 400 }),
            w: fc.integer({ min: 10, max: 400 }),
            h: fc.integer({ min: 10, max: 300 }),
          }),
          next: fc.record({
            x: fc.integer({ min: 0, max: 900 }),
            y: fc.integer({ min: 0, max: 700 }),
            w: fc.integer({ min: 1, max: 1000 }),
            h: fc.integer({ min: 1, max: 800 }),
          }),
        }),
        ({ rotation, flip_x, flip_y, scale, first, next }) => {
          const crop = { x: first.x, y: first.y, width: first.w, height: first.h };
          const layer = photo({
            rotation,
            flip_x,
            flip_y,
            width: first.w * scale,
            height: first.h * scale * 1.5,
            crop,
          });
          const recropped = cropImageLayer(layer, { x: next.x, y: next.y, width: next.w, height: next.h });
          const c = recropped.crop ?? { x: 0, y: 0, width: 1000, height: 800 };
          for (const p of [
            { x: c.x, y: c.y },
            { x: c.x + c.width, y: c.y + c.height / 2 },
          ])
            close(placeOf(recropped, p), placeOf(layer, p));
          expect(recropped.rotation).toBe(rotation);
          expect([recropped.flip_x, recropped.flip_y]).toEqual([flip_x, flip_y]);
          expect(() => layerSchema.parse(recropped)).not.toThrow();
        },
      ),
    );
  });

  it('uncrops to the whole image at the same scale, and a whole-image crop stores none', () => {
    const layer = photo({ crop: { x: 100, y: 100, width: 500, height: 400 }, width: 1000, height: 800 });
    const full = uncroppedImageLayer(layer);
    expect(full.crop).toBeNull();
    expect(full).toMatchObject({ x: 0, y: 0, width: 2000, height: 1600 });
    expect(cropImageLayer(layer, { x: 0, y: 0, width: 1000, height: 800 }).crop).toBeNull();
  });

  it('cuts a crop at the image edges and keeps at least one pixel', () => {
    const natural = { width: 1000, height: 800 };
    expect(clampCrop({ x: -50, y: 700, width: 300, height: 300 }, natural)).toEqual({
      x: 0,
      y: 700,
      width: 250,
      height: 100,
    });
    expect(clampCrop({ x: 2000, y: 10.4, width: 0.2, height: 50.3 }, natural)).toEqual({
      x: 999,
      y: 10,
      width: 1,
      height: 51,
    });
  });

  it('reads the crop under a frame drawn over the turned image', () => {
    const layer = photo({ rotation: 90, x: 0, y: 0, width: 1000, height: 800 });
    // Turned 90° about its centre (500, 400): the image's top-left corner is now top-right.
    const [tl] = rectCorners(layerMatrix(layer), { x: 0, y: 0, width: 100, height: 100 });
    close(tl!, { x: 900, y: -100 });
    // A 100×200 frame (in the layer's turned axes) whose centre is 50 px along the image's top edge, 100 px down.
    const centre = applyMatrix(layerMatrix(layer), { x: 50, y: 100 });
    expect(cropUnderFrame(layer, { cx: centre.x, cy: centre.y, width: 100, height: 200 })).toEqual({
      x: 0,
      y: 0,
      width: 100,
      height: 200,
    });
  });

  it('changes the DPI badge only with the scale the crop is shown at', () => {
    // 1000 px shown 1000 print px at 200 DPI print: 200 DPI; cropped in place it stays 200.
    const layer = photo();
    const cropped = cropImageLayer(layer, { x: 0, y: 0, width: 250, height: 200 });
    expect(layerDpi(cropped, 200)).toBe(200);
    // The same crop enlarged back to the old box prints at a quarter of the pixels: 50 DPI.
    expect(layerDpi({ ...cropped, width: 1000, height: 800 }, 200)).toBe(50);
  });
});
