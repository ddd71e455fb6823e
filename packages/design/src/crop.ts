import { applyMatrix, invert, layerMatrix, type LayerBox, type Rect } from './geometry.ts';
import type { ImageLayer } from './schema.ts';

/**
 * Cropping an image layer (issue 8: the editor's crop tool). A crop is a rectangle of the image's
 * natural pixels (`ImageLayer.crop`); the layer box shows exactly that part. Cropping keeps the
 * image where it is on the surface, at the same scale: the box shrinks or grows round the part
 * kept, with the layer's turn and flips unchanged (decision 0021). The effective DPI then follows
 * from the crop's pixels over the box's printed size (dpi.ts).
 */

/** A crop rectangle in natural px. */
export type CropRect = Rect;

/** The smallest crop, natural px a side. */
export const MIN_CROP_PX = 1;

/** A box given in a layer's own space (0,0 = its box's top-left), as a box of its parent with the same turn and flips. */
function boxFromLocal(layer: LayerBox, local: Rect): Rect {
  const centre = applyMatrix(layerMatrix(layer), {
    x: local.x + local.width / 2,
    y: local.y + local.height / 2,
  });
  return {
    x: centre.x - local.width / 2,
    y: centre.y - local.height / 2,
    width: local.width,
    height: local.height,
  };
}

/**
 * The crop as whole natural pixels, inside the image and at least MIN_CROP_PX a side. A crop
 * reaching past an edge is cut at that edge.
 */
export function clampCrop(crop: CropRect, natural: { width: number; height: number }): CropRect {
  const clampAxis = (start: number, size: number, max: number) => {
    const from = Math.min(Math.max(0, Math.round(start)), max - MIN_CROP_PX);
    const to = Math.max(from + MIN_CROP_PX, Math.min(max, Math.round(start + size)));
    return [from, to - from] as const;
  };
  const [x, width] = clampAxis(crop.x, crop.width, natural.width);
  const [y, height] = clampAxis(crop.y, crop.height, natural.height);
  return { x, y, width, height };
}

/** Whether a crop keeps the whole image (then the layer stores no crop). */
export function isWholeImage(crop: CropRect, natural: { width: number; height: number }): boolean {
  return crop.x === 0 && crop.y === 0 && crop.width === natural.width && crop.height === natural.height;
}

/**
 * The layer showing its whole image at the scale it shows its crop: the box the uncropped image
 * covers, same turn and flips. The part shown before stays exactly where it was.
 */
export function uncroppedImageLayer(layer: ImageLayer): ImageLayer {
  const c = layer.crop;
  if (!c) return layer;
  const kx = layer.width / c.width;
  const ky = layer.height / c.height;
  const box = boxFromLocal(layer, {
    x: -c.x * kx,
    y: -c.y * ky,
    width: layer.natural_width * kx,
    height: layer.natural_height * ky,
  });
  return { ...layer, ...box, crop: null };
}

/**
 * The layer cropped to `crop` (natural px, clamped inside the image), keeping the image where the
 * layer shows it and at its scale. Works from a cropped layer too: the crop is always of the whole
 * image, not of the current crop.
 */
export function cropImageLayer(layer: ImageLayer, crop: CropRect): ImageLayer {
  const full = uncroppedImageLayer(layer);
  const natural = { width: full.natural_width, height: full.natural_height };
  const c = clampCrop(crop, natural);
  const kx = full.width / natural.width;
  const ky = full.height / natural.height;
  const box = boxFromLocal(full, { x: c.x * kx, y: c.y * ky, width: c.width * kx, height: c.height * ky });
  return { ...full, ...box, crop: isWholeImage(c, natural) ? null : c };
}

/**
 * The crop (natural px, clamped) that a frame covers of a layer's whole image. The frame is a box
 * of the layer's parent space given by its centre and size, turned like the layer (the editor's
 * crop frame).
 */
export function cropUnderFrame(
  layer: ImageLayer,
  frame: { cx: number; cy: number; width: number; height: number },
): CropRect {
  const full = uncroppedImageLayer(layer);
  // The layer matrix only turns, flips and moves: sizes are the same in its own space.
  const centre = applyMatrix(invert(layerMatrix(full)), { x: frame.cx, y: frame.cy });
  const kx = full.natural_width / full.width;
  const ky = full.natural_height / full.height;
  return clampCrop(
    {
      x: (centre.x - frame.width / 2) * kx,
      y: (centre.y - frame.height / 2) * ky,
      width: frame.width * kx,
      height: frame.height * ky,
    },
    { width: full.natural_width, height: full.natural_height },
  );
}
