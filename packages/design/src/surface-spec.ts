import type { Rect } from './geometry.ts';

/**
 * What validation and rendering need of one design surface, in print-file pixels. The catalogue
 * (packages/shared catalog/surface.ts, decision 0016) keeps template-px rectangles;
 * `surfaceSpecFromCatalog` converts.
 */
export interface SurfaceSpec {
  /** The surface's catalogue key, the document's surface code. */
  code: string;
  /** The print file (= the whole print area), px. */
  width: number;
  height: number;
  /** The print file's resolution. */
  dpi: number;
  /** Where text and key artwork should stay, print px. */
  safe_area: Rect;
  /** Print px on each edge between the file's edge and the trim line. */
  bleed: number;
  /** Below this an image is amber (spec §5 blur warning threshold, e.g. 150 apparel, 300 paper). */
  min_dpi: number;
}

/** The fields of a catalogue surface (reply shape) that a spec is made from. */
export interface CatalogSurfaceGeometry {
  key: string;
  print_area: Rect;
  safe_area: Rect;
  bleed: number;
  print_file: { width: number; height: number; dpi: number };
  min_dpi: number;
}

/** A catalogue surface as a SurfaceSpec: its safe area moved from template px to print px. */
export function surfaceSpecFromCatalog(s: CatalogSurfaceGeometry): SurfaceSpec {
  const sx = s.print_file.width / s.print_area.width;
  const sy = s.print_file.height / s.print_area.height;
  return {
    code: s.key,
    width: s.print_file.width,
    height: s.print_file.height,
    dpi: s.print_file.dpi,
    safe_area: {
      x: (s.safe_area.x - s.print_area.x) * sx,
      y: (s.safe_area.y - s.print_area.y) * sy,
      width: s.safe_area.width * sx,
      height: s.safe_area.height * sy,
    },
    bleed: s.bleed,
    min_dpi: s.min_dpi,
  };
}

/** The whole print file as a rectangle. */
export function printRect(spec: Pick<SurfaceSpec, 'width' | 'height'>): Rect {
  return { x: 0, y: 0, width: spec.width, height: spec.height };
}

/** The trim rectangle: the print file less the bleed. */
export function trimRect(spec: Pick<SurfaceSpec, 'width' | 'height' | 'bleed'>): Rect {
  return {
    x: spec.bleed,
    y: spec.bleed,
    width: spec.width - 2 * spec.bleed,
    height: spec.height - 2 * spec.bleed,
  };
}
