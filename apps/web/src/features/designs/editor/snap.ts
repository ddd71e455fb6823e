import type { Rect } from '@pod/design';

/**
 * Alignment guides and snapping (issue 8): a moved layer's box snaps, edge or centre, to the print
 * area's edges and centre lines and to the other layers' edges and centres within a few screen
 * pixels. Pure, in print px, so it is tested without Fabric; fabric-mapping.ts feeds it boxes.
 */

/** A line something can snap to: `at` on its axis, drawn from `from` to `to` along the other axis. */
export interface SnapLine {
  at: number;
  from: number;
  to: number;
}

export interface SnapTargets {
  /** Vertical lines (x positions). */
  x: SnapLine[];
  /** Horizontal lines (y positions). */
  y: SnapLine[];
}

/** A guide to draw: a vertical (`x`) or horizontal (`y`) segment, print px. */
export interface SnapGuide {
  axis: 'x' | 'y';
  at: number;
  from: number;
  to: number;
}

export interface SnapResult {
  dx: number;
  dy: number;
  guides: SnapGuide[];
}

/** Left, centre and right (or top, middle, bottom) of a box on one axis. */
function linesOf(r: Rect, axis: 'x' | 'y'): number[] {
  const start = axis === 'x' ? r.x : r.y;
  const size = axis === 'x' ? r.width : r.height;
  return [start, start + size / 2, start + size];
}

/** What a box offers to snap to: its edges and centre lines, spanning the box. */
function targetsOfRect(r: Rect): SnapTargets {
  return {
    x: linesOf(r, 'x').map((at) => ({ at, from: r.y, to: r.y + r.height })),
    y: linesOf(r, 'y').map((at) => ({ at, from: r.x, to: r.x + r.width })),
  };
}

/** The print area's edges and centre lines, and every other layer's edges and centres. */
export function snapTargets(
  printArea: { width: number; height: number },
  others: readonly Rect[],
): SnapTargets {
  const all = [{ x: 0, y: 0, width: printArea.width, height: printArea.height }, ...others].map(
    targetsOfRect,
  );
  return { x: all.flatMap((t) => t.x), y: all.flatMap((t) => t.y) };
}

/** The nearest offset within `reach` that puts one of `lines` on a target; 0 when none is that near. */
function nearest(lines: number[], targets: readonly SnapLine[], reach: number): number {
  let best = 0;
  let bestDistance = reach;
  for (const line of lines)
    for (const t of targets) {
      const d = t.at - line;
      if (Math.abs(d) < bestDistance) {
        best = d;
        bestDistance = Math.abs(d);
      }
    }
  return best;
}

/** Guides where the moved box's lines now sit on targets, each long enough to join both. */
function guidesOn(axis: 'x' | 'y', moved: Rect, targets: readonly SnapLine[]): SnapGuide[] {
  const lines = linesOf(moved, axis);
  const span = axis === 'x' ? [moved.y, moved.y + moved.height] : [moved.x, moved.x + moved.width];
  const byLine = new Map<number, SnapGuide>();
  for (const t of targets) {
    if (!lines.some((line) => Math.abs(line - t.at) < 1e-6)) continue;
    const key = Math.round(t.at * 1e6) / 1e6;
    const guide = byLine.get(key) ?? { axis, at: t.at, from: span[0]!, to: span[1]! };
    guide.from = Math.min(guide.from, t.from);
    guide.to = Math.max(guide.to, t.to);
    byLine.set(key, guide);
  }
  return [...byLine.values()];
}

/**
 * Snaps a moving box: on each axis independently, the smallest move (under `reach` print px) that
 * puts its left, centre or right (top, middle, bottom) on a target line. Returns the move and a
 * guide for every line the moved box now sits on; an axis with nothing in reach does not move.
 */
export function snapBox(moving: Rect, targets: SnapTargets, reach: number): SnapResult {
  const dx = nearest(linesOf(moving, 'x'), targets.x, reach);
  const dy = nearest(linesOf(moving, 'y'), targets.y, reach);
  const moved = { ...moving, x: moving.x + dx, y: moving.y + dy };
  return {
    dx,
    dy,
    guides: [...guidesOn('x', moved, targets.x), ...guidesOn('y', moved, targets.y)],
  };
}
