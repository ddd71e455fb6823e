import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMatrix,
  convexOverlapsRect,
  layerMatrix,
  multiply,
  rectCorners,
  type LayerBox,
} from './geometry.ts';

const box = (over: Partial<LayerBox> = {}): LayerBox => ({
  x: 100,
  y: 50,
  width: 200,
  height: 100,
  rotation: 0,
  flip_x: false,
  flip_y: false,
  ...over,
});

describe('layer matrix', () => {
  it('places the unrotated box at x, y', () => {
    const corners = rectCorners(layerMatrix(box()), { x: 0, y: 0, width: 200, height: 100 });
    expect(corners).toEqual([
      { x: 100, y: 50 },
      { x: 300, y: 50 },
      { x: 300, y: 150 },
      { x: 100, y: 150 },
    ]);
  });

  it('turns clockwise about the centre', () => {
    const m = layerMatrix(box({ rotation: 90 }));
    const topLeft = applyMatrix(m, { x: 0, y: 0 });
    // Centre (200,100); the top-left corner (-100,-50 from the centre) goes to (+50,-100).
    expect(topLeft.x).toBeCloseTo(250, 9);
    expect(topLeft.y).toBeCloseTo(0, 9);
  });

  it('mirrors about the centre when flipped', () => {
    const m = layerMatrix(box({ flip_x: true }));
    expect(applyMatrix(m, { x: 0, y: 0 })).toEqual({ x: 300, y: 50 });
  });

  it('keeps the centre fixed whatever the rotation and flips (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -360, max: 360, noNaN: true }),
        fc.boolean(),
        fc.boolean(),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        fc.double({ min: 1, max: 5000, noNaN: true }),
        (rotation, flip_x, flip_y, width, height) => {
          const b = box({ rotation, flip_x, flip_y, width, height });
          const c = applyMatrix(layerMatrix(b), { x: width / 2, y: height / 2 });
          expect(c.x).toBeCloseTo(b.x + width / 2, 6);
          expect(c.y).toBeCloseTo(b.y + height / 2, 6);
        },
      ),
    );
  });

  it('composes parent after child', () => {
    const parent = layerMatrix(box({ x: 1000, y: 0, rotation: 0 }));
    const child = layerMatrix(box({ x: 10, y: 20 }));
    expect(applyMatrix(multiply(parent, child), { x: 0, y: 0 })).toEqual({ x: 1010, y: 20 });
  });
});

describe('overlap with the print area', () => {
  const area = { x: 0, y: 0, width: 1000, height: 1000 };
  const quad = (b: LayerBox) => rectCorners(layerMatrix(b), { x: 0, y: 0, width: b.width, height: b.height });

  it('sees a box inside, crossing, or entirely outside', () => {
    expect(convexOverlapsRect(quad(box()), area)).toBe(true);
    expect(convexOverlapsRect(quad(box({ x: 950 })), area)).toBe(true);
    expect(convexOverlapsRect(quad(box({ x: 1200 })), area)).toBe(false);
    expect(convexOverlapsRect(quad(box({ y: -500 })), area)).toBe(false);
  });

  it('treats touching an edge as outside: nothing would print', () => {
    expect(convexOverlapsRect(quad(box({ x: 1000 })), area)).toBe(false);
  });

  it('accounts for rotation where the bounding box would mislead', () => {
    // A 45°-turned square beyond the corner: its bounding box overlaps the area, the square does not.
    const s = box({ x: 1000, y: 1000, width: 100, height: 100, rotation: 45 });
    const corners = quad(s);
    expect(Math.min(...corners.map((p) => p.x))).toBeLessThan(1000);
    expect(Math.min(...corners.map((p) => p.y))).toBeLessThan(1000);
    expect(convexOverlapsRect(corners, area)).toBe(false);
    // A long thin bar across the right edge leaves the area when turned upright beyond it.
    expect(convexOverlapsRect(quad(box({ x: 900, y: 495, width: 400, height: 10, rotation: 0 })), area)).toBe(
      true,
    );
    expect(
      convexOverlapsRect(quad(box({ x: 900, y: 495, width: 400, height: 10, rotation: 90 })), area),
    ).toBe(false);
  });

  it('agrees with sampling: any corner or centre inside means overlap (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -2000, max: 2000, noNaN: true }),
        fc.double({ min: -2000, max: 2000, noNaN: true }),
        fc.double({ min: 1, max: 800, noNaN: true }),
        fc.double({ min: 1, max: 800, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (x, y, width, height, rotation) => {
          const b = box({ x, y, width, height, rotation });
          const points = [...quad(b), { x: x + width / 2, y: y + height / 2 }];
          const strictlyInside = points.some((p) => p.x > 1 && p.y > 1 && p.x < 999 && p.y < 999);
          if (strictlyInside) expect(convexOverlapsRect(quad(b), area)).toBe(true);
          const farAway = points.every((p) => p.x > 1001) || points.every((p) => p.y < -1);
          if (farAway) expect(convexOverlapsRect(quad(b), area)).toBe(false);
        },
      ),
    );
  });
});
