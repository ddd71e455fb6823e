import type { Layer } from '@pod/design';

/**
 * Canvas geometry baked into layers (decision 0018: sizes are final, there is no scale). Kept free
 * of Fabric so the editor's state and tests do not load it; fabric-mapping.ts reads the geometry.
 */

/** Where an object is on the scene (print px), whatever group (selection) it is in. */
export interface SceneGeometry {
  cx: number;
  cy: number;
  /** Its layer box's size now (Fabric width × total scale). */
  width: number;
  height: number;
  angle: number;
  flipX: boolean;
  flipY: boolean;
}

export function normaliseAngle(angle: number): number {
  let a = angle % 360;
  if (a > 180) a -= 360;
  if (a < -180) a += 360;
  return Math.abs(a) < 1e-9 ? 0 : a;
}

/** Scales a layer's own sizes (font, strokes, children) by `sx`, `sy` about its box's top-left. */
export function scaleLayer(layer: Layer, sx: number, sy: number): Layer {
  const k = Math.sqrt(sx * sy);
  const base = {
    ...layer,
    width: layer.width * sx,
    height: layer.height * sy,
    filters: { ...layer.filters, blur: layer.filters.blur * k },
  };
  switch (base.type) {
    case 'text':
      return { ...base, font_size: base.font_size * k };
    case 'rectangle':
      return { ...base, stroke_width: base.stroke_width * k, corner_radius: base.corner_radius * k };
    case 'ellipse':
    case 'triangle':
    case 'polygon':
      return { ...base, stroke_width: base.stroke_width * k };
    case 'group':
      return {
        ...base,
        children: base.children.map((c) => ({ ...scaleLayer(c, sx, sy), x: c.x * sx, y: c.y * sy })),
      };
    default:
      return base;
  }
}

/** The layer as the canvas now shows it: the object's geometry baked into the layer. */
export function geometryPatch(layer: Layer, g: SceneGeometry): Layer {
  const sx = g.width / layer.width;
  const sy = g.height / layer.height;
  const scaled = Math.abs(sx - 1) > 1e-9 || Math.abs(sy - 1) > 1e-9 ? scaleLayer(layer, sx, sy) : layer;
  const next = {
    ...scaled,
    x: g.cx - scaled.width / 2,
    y: g.cy - scaled.height / 2,
    rotation: g.angle,
    flip_x: g.flipX,
    flip_y: g.flipY,
  };
  const same =
    Math.abs(next.x - layer.x) < 1e-6 &&
    Math.abs(next.y - layer.y) < 1e-6 &&
    scaled === layer &&
    next.rotation === layer.rotation &&
    next.flip_x === layer.flip_x &&
    next.flip_y === layer.flip_y;
  return same ? layer : next;
}
