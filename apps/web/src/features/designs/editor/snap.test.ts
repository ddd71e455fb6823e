import { describe, expect, it } from 'vitest';
import { snapBox, snapTargets } from './snap.ts';

const AREA = { width: 1000, height: 1200 };

describe('snapping a moved layer', () => {
  it('snaps the centre to the print area centre lines and shows both guides across the area', () => {
    const targets = snapTargets(AREA, []);
    // A 200×100 box whose centre (503, 596) is 3 and 4 px off the centre (500, 600).
    const out = snapBox({ x: 403, y: 546, width: 200, height: 100 }, targets, 8);
    expect(out.dx).toBeCloseTo(-3, 9);
    expect(out.dy).toBeCloseTo(4, 9);
    expect(out.guides).toEqual([
      { axis: 'x', at: 500, from: 0, to: 1200 },
      { axis: 'y', at: 600, from: 0, to: 1000 },
    ]);
  });

  it('snaps edges to the print area edges', () => {
    const out = snapBox({ x: 5, y: 1095, width: 100, height: 100 }, snapTargets(AREA, []), 8);
    expect([out.dx, out.dy]).toEqual([-5, 5]);
    expect(out.guides.map((g) => [g.axis, g.at])).toEqual([
      ['x', 0],
      ['y', 1200],
    ]);
  });

  it("snaps to another layer's edges and centre, with a guide joining the two boxes", () => {
    const other = { x: 600, y: 100, width: 200, height: 100 };
    // Left edge 2 px right of the other's right edge (800), far from every vertical area line.
    const out = snapBox({ x: 802, y: 700, width: 150, height: 50 }, snapTargets(AREA, [other]), 8);
    expect(out.dx).toBe(-2);
    expect(out.dy).toBe(0);
    expect(out.guides).toEqual([{ axis: 'x', at: 800, from: 100, to: 750 }]);
    // Its middle on the other's middle (150).
    const mid = snapBox({ x: 100, y: 120, width: 50, height: 56 }, snapTargets(AREA, [other]), 8);
    expect(mid.dy).toBe(2);
    expect(mid.guides).toContainEqual({ axis: 'y', at: 150, from: 100, to: 800 });
  });

  it('takes the nearest of several lines in reach', () => {
    const others = [
      { x: 300, y: 0, width: 10, height: 10 },
      { x: 296, y: 0, width: 10, height: 10 },
    ];
    // Left edge at 297: 1 from 296, 3 from 300 → 296.
    expect(snapBox({ x: 297, y: 500, width: 40, height: 40 }, snapTargets(AREA, others), 8).dx).toBe(-1);
  });

  it('leaves an axis with nothing in reach alone, and shows no guide for it', () => {
    const out = snapBox({ x: 137, y: 333, width: 40, height: 40 }, snapTargets(AREA, []), 8);
    expect(out).toEqual({ dx: 0, dy: 0, guides: [] });
    // The reach is exclusive: exactly 8 px away does not snap.
    expect(snapBox({ x: 8, y: 333, width: 40, height: 40 }, snapTargets(AREA, []), 8).dx).toBe(0);
  });
});
