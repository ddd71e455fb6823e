/**
 * Bounds of a design document. They keep a document (stored as jsonb, rendered by librsvg) finite:
 * a hostile document cannot ask the renderer for a billion layers, a 10-level-deep recursion or a
 * 10 MB string. None of them is a business rule from the spec except `blurDpi`.
 */
export const DESIGN_LIMITS = {
  /** Coordinates and sizes are print px; the largest print file the catalogue allows is smaller. */
  maxCoordinate: 100_000,
  maxLayersPerSurface: 200,
  maxSurfaces: 20,
  /** Groups inside groups: the top level is depth 1. */
  maxGroupDepth: 5,
  maxTextLength: 2_000,
  maxNameLength: 100,
  maxPolygonPoints: 500,
  maxFontSize: 5_000,
  /** Natural pixel size of an image (the upload pipeline refuses more than 100 MP anyway). */
  maxImagePx: 100_000,
  /** spec §5 / issue 8: below 100 DPI an image prints blurry (red), whatever the surface minimum. */
  blurDpi: 100,
} as const;
