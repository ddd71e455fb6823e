import { DESIGN_LIMITS, type Point } from '@pod/design';

/**
 * Drawing a polygon point by point (issue 8). Clicks add vertices; a click on the first vertex, a
 * double-click or Enter closes it (at least three vertices); Escape cancels. Pure, in print px:
 * fabric-mapping.ts feeds it clicks, the page turns the result into a polygon layer, whose points
 * are fractions of its box (decision 0018), so the drawing resizes exactly.
 */

export interface PolygonDraft {
  points: Point[];
  isClosed: boolean;
}

export const EMPTY_DRAFT: PolygonDraft = { points: [], isClosed: false };

/** The least vertices a polygon has. */
export const MIN_POLYGON_POINTS = 3;

const near = (a: Point, b: Point, reach: number) => Math.hypot(a.x - b.x, a.y - b.y) <= reach;

/**
 * A click at `p`: on the first vertex (within `reach`) with three or more vertices, it closes the
 * polygon; on the last vertex it is the second click of a double-click and adds nothing; otherwise
 * it adds a vertex (up to the schema's limit).
 */
export function clickPolygon(draft: PolygonDraft, p: Point, reach: number): PolygonDraft {
  if (draft.isClosed) return draft;
  const { points } = draft;
  const first = points[0];
  const last = points[points.length - 1];
  if (first && points.length >= MIN_POLYGON_POINTS && near(p, first, reach)) return closePolygon(draft);
  if (last && near(p, last, reach)) return draft;
  if (points.length >= DESIGN_LIMITS.maxPolygonPoints) return draft;
  return { points: [...points, { x: p.x, y: p.y }], isClosed: false };
}

/** Double-click or Enter: closes the polygon when it has enough vertices. */
export function closePolygon(draft: PolygonDraft): PolygonDraft {
  return draft.points.length >= MIN_POLYGON_POINTS ? { ...draft, isClosed: true } : draft;
}

/** Backspace: takes the last vertex back. */
export function undoPolygonPoint(draft: PolygonDraft): PolygonDraft {
  return draft.isClosed ? draft : { points: draft.points.slice(0, -1), isClosed: false };
}

/**
 * The polygon layer's box and points for vertices in print px: the box round them, each vertex as
 * a fraction of it. Null when the vertices enclose no area (all on one line, or a box under 1 px).
 */
export function polygonFromPoints(
  points: readonly Point[],
): { x: number; y: number; width: number; height: number; points: Point[] } | null {
  if (points.length < MIN_POLYGON_POINTS) return null;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  const width = Math.max(...xs) - x;
  const height = Math.max(...ys) - y;
  if (width < 1 || height < 1) return null;
  // Twice the signed area (shoelace): zero when every vertex is on one line.
  let area = 0;
  points.forEach((p, i) => {
    const q = points[(i + 1) % points.length]!;
    area += p.x * q.y - q.x * p.y;
  });
  if (Math.abs(area) < 1) return null;
  const unit = (v: number) => Math.min(1, Math.max(0, v));
  return {
    x,
    y,
    width,
    height,
    points: points.map((p) => ({ x: unit((p.x - x) / width), y: unit((p.y - y) / height) })),
  };
}
