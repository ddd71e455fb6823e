import type { Rect } from './geometry.ts';
import type { DesignFilters } from './schema.ts';
import { el, num } from './xml.ts';

/**
 * The filter set as SVG filter primitives, with the exact matrices the Filter Effects spec gives
 * for the CSS filter functions (so canvas `ctx.filter` in the editor matches). Only primitives
 * librsvg implements: feComponentTransfer, feColorMatrix, feGaussianBlur.
 */

// The spec's saturate() and grayscale() use slightly different luminance weights.
const SATURATE_LUM = [0.213, 0.715, 0.072] as const;
const GRAYSCALE_LUM = [0.2126, 0.7152, 0.0722] as const;

function colorMatrix(rows: number[][]): string {
  const values = rows.map((r) => [...r, 0, 0]).flat();
  values.push(0, 0, 0, 1, 0);
  return el('feColorMatrix', { type: 'matrix', values: values.map(num).join(' ') });
}

function saturate(s: number, lum: readonly [number, number, number] = SATURATE_LUM): number[][] {
  return [
    [lum[0] + (1 - lum[0]) * s, lum[1] - lum[1] * s, lum[2] - lum[2] * s],
    [lum[0] - lum[0] * s, lum[1] + (1 - lum[1]) * s, lum[2] - lum[2] * s],
    [lum[0] - lum[0] * s, lum[1] - lum[1] * s, lum[2] + (1 - lum[2]) * s],
  ];
}

function sepia(a: number): number[][] {
  const k = 1 - a;
  return [
    [0.393 + 0.607 * k, 0.769 - 0.769 * k, 0.189 - 0.189 * k],
    [0.349 - 0.349 * k, 0.686 + 0.314 * k, 0.168 - 0.168 * k],
    [0.272 - 0.272 * k, 0.534 - 0.534 * k, 0.131 + 0.869 * k],
  ];
}

function transfer(func: Record<string, string | number>): string {
  return el('feComponentTransfer', {}, ['R', 'G', 'B'].map((c) => el(`feFunc${c}`, func)).join(''));
}

/** Whether any filter differs from identity. */
export function hasFilters(f: DesignFilters): boolean {
  return (
    f.brightness !== 1 ||
    f.contrast !== 1 ||
    f.saturation !== 1 ||
    f.grayscale > 0 ||
    f.sepia > 0 ||
    f.invert > 0 ||
    f.blur > 0
  );
}

/** A `<filter>` for a layer whose content lies in `bounds` (local px); blur gets room to spread. */
export function filterElement(id: string, f: DesignFilters, bounds: Rect): string {
  const steps: string[] = [];
  if (f.brightness !== 1) steps.push(transfer({ type: 'linear', slope: f.brightness, intercept: 0 }));
  if (f.contrast !== 1)
    steps.push(transfer({ type: 'linear', slope: f.contrast, intercept: 0.5 - 0.5 * f.contrast }));
  if (f.saturation !== 1) steps.push(colorMatrix(saturate(f.saturation)));
  if (f.grayscale > 0) steps.push(colorMatrix(saturate(1 - f.grayscale, GRAYSCALE_LUM)));
  if (f.sepia > 0) steps.push(colorMatrix(sepia(f.sepia)));
  if (f.invert > 0)
    steps.push(transfer({ type: 'table', tableValues: `${num(f.invert)} ${num(1 - f.invert)}` }));
  if (f.blur > 0) steps.push(el('feGaussianBlur', { stdDeviation: f.blur }));
  const margin = f.blur * 3 + 1;
  return el(
    'filter',
    {
      id,
      filterUnits: 'userSpaceOnUse',
      x: bounds.x - margin,
      y: bounds.y - margin,
      width: bounds.width + 2 * margin,
      height: bounds.height + 2 * margin,
      'color-interpolation-filters': 'sRGB',
    },
    steps.join(''),
  );
}
