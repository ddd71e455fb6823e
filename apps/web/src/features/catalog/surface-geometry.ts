import { CATALOG_LIMITS, type SurfaceRect } from '@pod/shared';

/*
 * The print-area editor's geometry (decision 0016: template pixels of the mockup template image).
 * Pure and in whole pixels, so a drag gives the numbers the server checks with surfaceIssues().
 */

export type Rect = SurfaceRect;
/** Which edge or corner of a rectangle a drag pulls. */
export type Handle = 'n' | 's' | 'e' | 'w' | 'ne' | 'nw' | 'se' | 'sw';
export const HANDLES: readonly Handle[] = ['nw', 'n', 'ne', 'e', 'se', 's', 'sw', 'w'];

/** The smallest side a dragged rectangle keeps, in template px. */
export const MIN_SIDE = 4;

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

/** A rectangle made to fit inside `bounds`: no larger than it, then moved inside it. */
export function containRect(rect: Rect, bounds: Rect): Rect {
  const width = clamp(Math.round(rect.width), 1, bounds.width);
  const height = clamp(Math.round(rect.height), 1, bounds.height);
  return {
    x: clamp(Math.round(rect.x), bounds.x, bounds.x + bounds.width - width),
    y: clamp(Math.round(rect.y), bounds.y, bounds.y + bounds.height - height),
    width,
    height,
  };
}

/** A rectangle moved by (dx, dy), staying inside `bounds`. */
export function moveRect(rect: Rect, dx: number, dy: number, bounds: Rect): Rect {
  return containRect({ ...rect, x: rect.x + dx, y: rect.y + dy }, bounds);
}

/**
 * A rectangle with one edge or corner pulled by (dx, dy): the opposite edges stay put, the
 * rectangle keeps at least MIN_SIDE and stays inside `bounds`.
 */
export function resizeRect(rect: Rect, handle: Handle, dx: number, dy: number, bounds: Rect): Rect {
  let left = rect.x;
  let top = rect.y;
  let right = rect.x + rect.width;
  let bottom = rect.y + rect.height;
  const min = Math.min(MIN_SIDE, bounds.width, bounds.height);
  if (handle.includes('w')) left = clamp(left + dx, bounds.x, right - min);
  if (handle.includes('e')) right = clamp(right + dx, left + min, bounds.x + bounds.width);
  if (handle.includes('n')) top = clamp(top + dy, bounds.y, bottom - min);
  if (handle.includes('s')) bottom = clamp(bottom + dy, top + min, bounds.y + bounds.height);
  return {
    x: Math.round(left),
    y: Math.round(top),
    width: Math.round(right) - Math.round(left),
    height: Math.round(bottom) - Math.round(top),
  };
}

/** The template as a rectangle at the origin. */
export function templateRect(template: { width: number; height: number }): Rect {
  return { x: 0, y: 0, width: template.width, height: template.height };
}

/**
 * The print file in the print area's proportions (decision 0016: they share one aspect ratio), its
 * width kept: the height follows the area.
 */
export function proportionalPrintFile<T extends { width: number; height: number }>(
  printFile: T,
  area: Pick<Rect, 'width' | 'height'>,
): T {
  const height = Math.round((printFile.width * area.height) / area.width);
  return { ...printFile, height: clamp(height, 1, CATALOG_LIMITS.printPx) };
}

/** The print file's size for an area printed at a resolution: `print px = area px × scale`. */
export function printFileFor(area: Pick<Rect, 'width' | 'height'>, scale: number, dpi: number) {
  return {
    width: clamp(Math.round(area.width * scale), 1, CATALOG_LIMITS.printPx),
    height: clamp(Math.round(area.height * scale), 1, CATALOG_LIMITS.printPx),
    dpi,
  };
}

/**
 * A new surface's starting geometry on a template: a print area of half the width and 60 % of the
 * height, centred, a safe area 5 % inside it, and a 300 DPI print file ten times the area.
 */
export function defaultGeometry(template: { width: number; height: number }) {
  const printArea = containRect(
    {
      x: template.width * 0.25,
      y: template.height * 0.2,
      width: template.width * 0.5,
      height: template.height * 0.6,
    },
    templateRect(template),
  );
  const insetX = Math.round(printArea.width * 0.05);
  const insetY = Math.round(printArea.height * 0.05);
  return {
    template,
    print_area: printArea,
    safe_area: {
      x: printArea.x + insetX,
      y: printArea.y + insetY,
      width: printArea.width - 2 * insetX,
      height: printArea.height - 2 * insetY,
    },
    print_file: printFileFor(printArea, 10, 300),
  };
}

/**
 * The areas after the print area moved or was resized: the safe area keeps its place relative to
 * the print area when it moves, and is pulled inside it when it shrinks.
 */
export function withPrintArea(previous: { print_area: Rect; safe_area: Rect }, next: Rect) {
  const dx = next.x - previous.print_area.x;
  const dy = next.y - previous.print_area.y;
  const isMove = next.width === previous.print_area.width && next.height === previous.print_area.height;
  const safe = isMove
    ? { ...previous.safe_area, x: previous.safe_area.x + dx, y: previous.safe_area.y + dy }
    : previous.safe_area;
  return { print_area: next, safe_area: containRect(safe, next) };
}
