import { describe, expect, it } from 'vitest';
import { surfaceIssues } from '@pod/shared';
import {
  containRect,
  defaultGeometry,
  moveRect,
  printFileFor,
  proportionalPrintFile,
  resizeRect,
  withPrintArea,
} from './surface-geometry.ts';

const bounds = { x: 0, y: 0, width: 1000, height: 800 };

describe('print-area editor geometry', () => {
  it('moves a rectangle and keeps it inside the template', () => {
    const rect = { x: 100, y: 100, width: 200, height: 100 };
    expect(moveRect(rect, 50.4, -20.6, bounds)).toEqual({ x: 150, y: 79, width: 200, height: 100 });
    expect(moveRect(rect, 5000, 5000, bounds)).toEqual({ x: 800, y: 700, width: 200, height: 100 });
    expect(moveRect(rect, -500, -500, bounds)).toEqual({ x: 0, y: 0, width: 200, height: 100 });
  });

  it('resizes by an edge or corner, keeping the opposite edges and a minimum size', () => {
    const rect = { x: 100, y: 100, width: 200, height: 100 };
    expect(resizeRect(rect, 'se', 30, 40, bounds)).toEqual({ x: 100, y: 100, width: 230, height: 140 });
    expect(resizeRect(rect, 'nw', -30, -40, bounds)).toEqual({ x: 70, y: 60, width: 230, height: 140 });
    expect(resizeRect(rect, 'e', -1000, 0, bounds)).toEqual({ x: 100, y: 100, width: 4, height: 100 });
    expect(resizeRect(rect, 'n', 0, -1000, bounds)).toEqual({ x: 100, y: 0, width: 200, height: 200 });
    expect(resizeRect(rect, 'w', 0, 99, bounds)).toEqual(rect);
  });

  it('fits a rectangle inside another, shrinking it when it is larger', () => {
    expect(containRect({ x: -10, y: 5, width: 2000, height: 50 }, bounds)).toEqual({
      x: 0,
      y: 5,
      width: 1000,
      height: 50,
    });
  });

  it('carries the safe area along when the print area moves, and pulls it in when it shrinks', () => {
    const areas = {
      print_area: { x: 100, y: 100, width: 400, height: 400 },
      safe_area: { x: 120, y: 120, width: 360, height: 360 },
    };
    expect(withPrintArea(areas, { x: 150, y: 90, width: 400, height: 400 }).safe_area).toEqual({
      x: 170,
      y: 110,
      width: 360,
      height: 360,
    });
    expect(withPrintArea(areas, { x: 100, y: 100, width: 200, height: 400 }).safe_area).toEqual({
      x: 100,
      y: 120,
      width: 200,
      height: 360,
    });
  });

  it('keeps the print file in the print area’s proportions', () => {
    expect(proportionalPrintFile({ width: 4000, height: 1, dpi: 300 }, { width: 400, height: 500 })).toEqual({
      width: 4000,
      height: 5000,
      dpi: 300,
    });
    expect(printFileFor({ width: 400, height: 500 }, 10, 300)).toEqual({
      width: 4000,
      height: 5000,
      dpi: 300,
    });
  });

  it('starts a new surface with geometry the shared rules accept', () => {
    for (const template of [
      { width: 1000, height: 1000 },
      { width: 1600, height: 700 },
      { width: 37, height: 91 },
    ]) {
      const geometry = defaultGeometry(template);
      expect(surfaceIssues({ ...geometry, bleed: 0, min_dpi: 150, mockups: [] })).toEqual([]);
    }
  });
});
