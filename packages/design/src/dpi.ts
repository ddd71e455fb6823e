import { DESIGN_LIMITS } from './limits.ts';
import type { Layer } from './schema.ts';

export type DpiLevel = 'green' | 'amber' | 'red';

interface Size {
  width: number;
  height: number;
}

/**
 * Effective resolution of an image printed at a size (issue 8): min(image px width ÷ printed
 * width in inches, image px height ÷ printed height in inches). `printed` is in print px of a
 * file at `printDpi`.
 */
export function effectiveDpi(imagePx: Size, printed: Size, printDpi: number): number {
  const inchesW = printed.width / printDpi;
  const inchesH = printed.height / printDpi;
  // Rounded to 1e-6 so float noise never turns an exact 150 DPI into 149.99999 (amber).
  return Math.round(Math.min(imagePx.width / inchesW, imagePx.height / inchesH) * 1e6) / 1e6;
}

/** The fitted size of an image kept in proportion inside a cell (SVG `xMidYMid meet`). */
export function fitInside(image: Size, cell: Size): Size {
  const s = Math.min(cell.width / image.width, cell.height / image.height);
  return { width: image.width * s, height: image.height * s };
}

/**
 * The effective DPI of a raster layer after scaling and cropping, or null for vector layers
 * (text, shapes, SVG, groups, text watermarks), which print sharp at any size. Tiling and image
 * watermarks count one tile / one mark.
 */
export function layerDpi(layer: Layer, printDpi: number): number | null {
  switch (layer.type) {
    case 'image': {
      const px = layer.crop ?? { width: layer.natural_width, height: layer.natural_height };
      return effectiveDpi(px, layer, printDpi);
    }
    case 'tiling':
      return effectiveDpi(
        { width: layer.natural_width, height: layer.natural_height },
        { width: layer.tile_width, height: layer.tile_height },
        printDpi,
      );
    case 'watermark': {
      if (layer.content.kind !== 'image') return null;
      const px = { width: layer.content.natural_width, height: layer.content.natural_height };
      return effectiveDpi(
        px,
        fitInside(px, { width: layer.mark_width, height: layer.mark_height }),
        printDpi,
      );
    }
    case 'text':
    case 'rectangle':
    case 'ellipse':
    case 'triangle':
    case 'polygon':
    case 'svg':
    case 'group':
      return null;
  }
}

/**
 * Green at or above the surface minimum; below it the spec §5 blur warning applies, amber down to
 * 100 DPI and red below (both need the merchant's confirmation to save; see validate.ts).
 */
export function dpiLevel(dpi: number, minDpi: number): DpiLevel {
  if (dpi >= minDpi) return 'green';
  return dpi >= DESIGN_LIMITS.blurDpi ? 'amber' : 'red';
}
