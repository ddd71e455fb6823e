import { describe, expect, it } from 'vitest';
import { layerSchema } from '@pod/design';
import {
  clickPolygon,
  closePolygon,
  EMPTY_DRAFT,
  polygonFromPoints,
  undoPolygonPoint,
  type PolygonDraft,
} from './polygon-draw.ts';

const clicks = (points: Array<[number, number]>, reach = 5): PolygonDraft =>
  points.reduce((d, [x, y]) => clickPolygon(d, { x, y }, reach), EMPTY_DRAFT);

describe('drawing a polygon point by point', () => {
  it('adds a vertex per click and closes on a click on the first vertex', () => {
    const draft = clicks([
      [100, 100],
      [300, 120],
      [250, 400],
    ]);
    expect(draft.points).toHaveLength(3);
    expect(draft.isClosed).toBe(false);
    const closed = clickPolygon(draft, { x: 103, y: 98 }, 5);
    expect(closed.isClosed).toBe(true);
    expect(closed.points).toHaveLength(3);
    // Once closed, further clicks change nothing.
    expect(clickPolygon(closed, { x: 0, y: 0 }, 5)).toBe(closed);
  });

  it('ignores the second click of a double-click, and closes on double-click or Enter only with three vertices', () => {
    let draft = clicks([
      [100, 100],
      [300, 120],
      [300, 121],
    ]);
    expect(draft.points).toHaveLength(2);
    expect(closePolygon(draft).isClosed).toBe(false);
    // The first vertex does not close a polygon of two.
    expect(clickPolygon(draft, { x: 100, y: 100 }, 5).isClosed).toBe(false);
    draft = clickPolygon(draft, { x: 200, y: 300 }, 5);
    expect(closePolygon(draft).isClosed).toBe(true);
  });

  it('takes the last vertex back', () => {
    const draft = undoPolygonPoint(
      clicks([
        [0, 0],
        [10, 0],
      ]),
    );
    expect(draft.points).toEqual([{ x: 0, y: 0 }]);
    expect(undoPolygonPoint(undoPolygonPoint(draft)).points).toEqual([]);
  });

  it('makes a layer box round the vertices with the vertices as fractions of it', () => {
    const shape = polygonFromPoints([
      { x: 100, y: 200 },
      { x: 500, y: 200 },
      { x: 400, y: 600 },
      { x: 150, y: 400 },
    ]);
    expect(shape).toEqual({
      x: 100,
      y: 200,
      width: 400,
      height: 400,
      points: [
        { x: 0, y: 0 },
        { x: 1, y: 0 },
        { x: 0.75, y: 1 },
        { x: 0.125, y: 0.5 },
      ],
    });
    expect(() => layerSchema.parse({ id: 'p', type: 'polygon', ...shape })).not.toThrow();
  });

  it('refuses vertices that enclose no area', () => {
    expect(
      polygonFromPoints([
        { x: 0, y: 0 },
        { x: 100, y: 100 },
        { x: 200, y: 200 },
      ]),
    ).toBeNull();
    expect(
      polygonFromPoints([
        { x: 0, y: 5 },
        { x: 100, y: 5 },
        { x: 50, y: 5.5 },
      ]),
    ).toBeNull();
    expect(polygonFromPoints([{ x: 0, y: 0 }])).toBeNull();
  });
});
