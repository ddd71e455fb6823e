/**
 * Plane geometry in print px: affine matrices (SVG order `a b c d e f`), layer boxes turned about
 * their centre, and the overlap test used by validation. Pure and allocation-light.
 */

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What positions a layer: its unrotated box, turned `rotation` degrees and flipped about its centre. */
export interface LayerBox extends Rect {
  rotation: number;
  flip_x: boolean;
  flip_y: boolean;
}

/** `[a, b, c, d, e, f]`: x' = a·x + c·y + e, y' = b·x + d·y + f (as SVG's `matrix()`). */
export type Matrix = readonly [number, number, number, number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** `m` after `n`: applying the result equals applying `n`, then `m`. */
export function multiply(m: Matrix, n: Matrix): Matrix {
  return [
    m[0] * n[0] + m[2] * n[1],
    m[1] * n[0] + m[3] * n[1],
    m[0] * n[2] + m[2] * n[3],
    m[1] * n[2] + m[3] * n[3],
    m[0] * n[4] + m[2] * n[5] + m[4],
    m[1] * n[4] + m[3] * n[5] + m[5],
  ];
}

/** The inverse of an affine matrix (a layer's matrix always has one: rotation, flips and translation). */
export function invert(m: Matrix): Matrix {
  const det = m[0] * m[3] - m[1] * m[2];
  if (Math.abs(det) < 1e-12) throw new RangeError('matrix has no inverse');
  const a = m[3] / det;
  const b = -m[1] / det;
  const c = -m[2] / det;
  const d = m[0] / det;
  return [a, b, c, d, -(a * m[4] + c * m[5]), -(b * m[4] + d * m[5])];
}

export function applyMatrix(m: Matrix, p: Point): Point {
  return { x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] };
}

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Rotate a vector clockwise on screen (y grows downwards) by `deg` degrees. */
export function rotateVector(p: Point, deg: number): Point {
  const r = toRad(deg);
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  return { x: p.x * cos - p.y * sin, y: p.x * sin + p.y * cos };
}

/**
 * The matrix taking a layer's local space (0,0 at its box's top-left, unrotated) to its parent's
 * space: translate to the centre, rotate, flip, translate back by half the size. The renderer
 * emits exactly this as the layer's `transform`.
 */
export function layerMatrix(box: LayerBox): Matrix {
  const r = toRad(box.rotation);
  const cos = Math.cos(r);
  const sin = Math.sin(r);
  const fx = box.flip_x ? -1 : 1;
  const fy = box.flip_y ? -1 : 1;
  const a = cos * fx;
  const b = sin * fx;
  const c = -sin * fy;
  const d = cos * fy;
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const hw = box.width / 2;
  const hh = box.height / 2;
  return [a, b, c, d, cx - a * hw - c * hh, cy - b * hw - d * hh];
}

/** The four corners of a local rectangle mapped through `m`. */
export function rectCorners(m: Matrix, r: Rect): Point[] {
  return [
    applyMatrix(m, { x: r.x, y: r.y }),
    applyMatrix(m, { x: r.x + r.width, y: r.y }),
    applyMatrix(m, { x: r.x + r.width, y: r.y + r.height }),
    applyMatrix(m, { x: r.x, y: r.y + r.height }),
  ];
}

/** The axis-aligned rectangle round some points. */
export function boundingRect(points: readonly Point[]): Rect {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

const EPSILON = 1e-6;

function project(points: readonly Point[], axis: Point): [number, number] {
  let min = Infinity;
  let max = -Infinity;
  for (const p of points) {
    const v = p.x * axis.x + p.y * axis.y;
    min = Math.min(min, v);
    max = Math.max(max, v);
  }
  return [min, max];
}

/**
 * Whether a convex polygon (a turned box's corners) and a rectangle share any area (separating
 * axis theorem). Touching along an edge or a corner is not overlap: nothing of it would print.
 */
export function convexOverlapsRect(polygon: readonly Point[], rect: Rect): boolean {
  const rectPoints = [
    { x: rect.x, y: rect.y },
    { x: rect.x + rect.width, y: rect.y },
    { x: rect.x + rect.width, y: rect.y + rect.height },
    { x: rect.x, y: rect.y + rect.height },
  ];
  const axes: Point[] = [
    { x: 1, y: 0 },
    { x: 0, y: 1 },
  ];
  for (let i = 0; i < polygon.length; i++) {
    const p = polygon[i]!;
    const q = polygon[(i + 1) % polygon.length]!;
    const edge = { x: q.x - p.x, y: q.y - p.y };
    const len = Math.hypot(edge.x, edge.y);
    if (len > EPSILON) axes.push({ x: -edge.y / len, y: edge.x / len });
  }
  for (const axis of axes) {
    const [a0, a1] = project(polygon, axis);
    const [b0, b1] = project(rectPoints, axis);
    if (Math.min(a1, b1) - Math.max(a0, b0) <= EPSILON) return false;
  }
  return true;
}

/** Whether every point lies inside the rectangle (edges included). */
export function pointsInsideRect(points: readonly Point[], rect: Rect): boolean {
  return points.every(
    (p) =>
      p.x >= rect.x - EPSILON &&
      p.y >= rect.y - EPSILON &&
      p.x <= rect.x + rect.width + EPSILON &&
      p.y <= rect.y + rect.height + EPSILON,
  );
}
