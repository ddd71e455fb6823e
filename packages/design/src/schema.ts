import { z } from 'zod';
import { DESIGN_LIMITS as L } from './limits.ts';

/**
 * The design document, version 2 (CONVENTIONS 7, issue 8). One document holds the design of ONE
 * product in ONE colour (docs/decisions: design documents): per design surface, keyed by the
 * surface's catalogue key (`front`, `back`, `sleeve_left`, `wrap`…), an ordered list of layers,
 * bottom first.
 *
 * Geometry is in the surface's print-file pixels (the print file's top-left is 0,0; its size is
 * the catalogue's `print_file`), so a document does not depend on the editor's zoom. Every layer
 * has a box `x, y, width, height` (the unrotated box's top-left and size); `rotation` (degrees,
 * clockwise) and the flips turn it about the box centre. Sizes are final: there is no separate
 * scale, the editor bakes scaling into `width`/`height` (and into a group's children).
 */
export const DESIGN_DOCUMENT_VERSION = 2;

const coordinate = z.number().min(-L.maxCoordinate).max(L.maxCoordinate);
const length = z.number().positive().max(L.maxCoordinate);
const gap = z.number().min(0).max(L.maxCoordinate);
const naturalPx = z.number().int().min(1).max(L.maxImagePx);
const unit = z.number().min(0).max(1);

// Control characters (other than tab and line breaks) are invalid in XML and mean nothing on print.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL_CHARS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFE\uFFFF]/;

/** `#rrggbb`. Opacity is a layer property, not part of the colour. */
export const colorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'expected a colour like #1a2b3c');

/** A surface's catalogue key (packages/shared catalog/surface.ts `key`). */
export const surfaceCodeSchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,29}$/, 'expected a surface key like front');

/** Layer ids are made by the editor; unique within a document. */
export const layerIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'expected a layer id of letters, digits, _ or -');

export const designTextSchema = z
  .string()
  .min(1)
  .max(L.maxTextLength)
  .refine((s) => !CONTROL_CHARS.test(s), 'control characters are not allowed');

/** An image the design uses: a library material or an uploaded attachment (decision 0014). */
export const assetRefSchema = z.strictObject({
  kind: z.enum(['material', 'attachment']),
  id: z.uuid(),
});
export type AssetRef = z.infer<typeof assetRefSchema>;

/**
 * Filters, each with the meaning of the CSS filter function of the same name (Filter Effects 1),
 * which has an exact SVG equivalent (render-svg.ts) and which the editor can apply with canvas
 * `ctx.filter`. Identity values are the defaults. Applied in this order.
 */
export const filtersSchema = z.strictObject({
  /** Multiplier, 1 = unchanged, 0 = black. */
  brightness: z.number().min(0).max(3).default(1),
  /** Multiplier round mid-grey, 1 = unchanged. */
  contrast: z.number().min(0).max(3).default(1),
  /** Multiplier, 1 = unchanged, 0 = grey. */
  saturation: z.number().min(0).max(3).default(1),
  grayscale: unit.default(0),
  sepia: unit.default(0),
  invert: unit.default(0),
  /** Gaussian standard deviation in print px. */
  blur: z.number().min(0).max(500).default(0),
});
export type DesignFilters = z.infer<typeof filtersSchema>;
export const IDENTITY_FILTERS: DesignFilters = filtersSchema.parse({});

const commonShape = {
  id: layerIdSchema,
  name: z.string().max(L.maxNameLength).default(''),
  x: coordinate,
  y: coordinate,
  width: length,
  height: length,
  rotation: z.number().min(-360).max(360).default(0),
  flip_x: z.boolean().default(false),
  flip_y: z.boolean().default(false),
  opacity: unit.default(1),
  filters: filtersSchema.prefault({}),
  locked: z.boolean().default(false),
  visible: z.boolean().default(true),
};

const fontShape = {
  /** A family bundled with the app (fonts are never fetched from a CDN, issue 8). */
  font_family: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9 _-]{0,63}$/, 'expected a font family name'),
  /** Print px. */
  font_size: z.number().positive().max(L.maxFontSize),
  font_weight: z.number().int().min(100).max(900).multipleOf(100).default(400),
  italic: z.boolean().default(false),
  color: colorSchema,
};

export const textLayerSchema = z.strictObject({
  ...commonShape,
  type: z.literal('text'),
  /** Lines are separated by `\n`. */
  text: designTextSchema,
  ...fontShape,
  align: z.enum(['left', 'center', 'right']).default('left'),
  /** Extra space after every character, in em (Fabric's `charSpacing` ÷ 1000). */
  letter_spacing: z.number().min(-0.5).max(5).default(0),
  /** Line advance as a multiple of the font size. */
  line_height: z.number().min(0.5).max(5).default(1.2),
  /**
   * Arched text: the share of a full circle one line's width bends round, in percent. Positive
   * arches up (the circle's centre below the text), negative curves down, 0 is straight.
   */
  bend: z.number().min(-100).max(100).default(0),
});

const cropSchema = z.strictObject({
  x: z.number().min(0),
  y: z.number().min(0),
  width: z.number().positive(),
  height: z.number().positive(),
});

/** Crop rectangles are in the image's natural pixels and must lie inside it. */
function cropInside(
  layer: { natural_width: number; natural_height: number; crop: z.infer<typeof cropSchema> | null },
  ctx: z.RefinementCtx,
) {
  const c = layer.crop;
  if (!c) return;
  if (c.x + c.width > layer.natural_width + 1e-6)
    ctx.addIssue({ code: 'custom', path: ['crop', 'width'], message: 'crop reaches past the image width' });
  if (c.y + c.height > layer.natural_height + 1e-6)
    ctx.addIssue({ code: 'custom', path: ['crop', 'height'], message: 'crop reaches past the image height' });
}

export const imageLayerSchema = z
  .strictObject({
    ...commonShape,
    type: z.literal('image'),
    source: assetRefSchema,
    /** The source image's own pixel size (material / attachment `width` × `height`). */
    natural_width: naturalPx,
    natural_height: naturalPx,
    /** The part of the image shown, in natural px; null shows all of it. */
    crop: cropSchema.nullable().default(null),
  })
  .superRefine(cropInside);

const shapeStyle = {
  fill: colorSchema.nullable().default('#000000'),
  stroke: colorSchema.nullable().default(null),
  /** Print px, centred on the outline. */
  stroke_width: z.number().min(0).max(1_000).default(0),
};

export const rectangleLayerSchema = z.strictObject({
  ...commonShape,
  type: z.literal('rectangle'),
  ...shapeStyle,
  corner_radius: gap.default(0),
});

export const ellipseLayerSchema = z.strictObject({
  ...commonShape,
  type: z.literal('ellipse'),
  ...shapeStyle,
});

/** An isosceles triangle filling its box, apex at the top centre. */
export const triangleLayerSchema = z.strictObject({
  ...commonShape,
  type: z.literal('triangle'),
  ...shapeStyle,
});

export const polygonLayerSchema = z.strictObject({
  ...commonShape,
  type: z.literal('polygon'),
  ...shapeStyle,
  /** Vertices as fractions of the box (0,0 top-left, 1,1 bottom-right), so resizing is exact. */
  points: z
    .array(z.strictObject({ x: unit, y: unit }))
    .min(3)
    .max(L.maxPolygonPoints),
});

export const svgLayerSchema = z.strictObject({
  ...commonShape,
  type: z.literal('svg'),
  /** An uploaded SVG: the upload pipeline sanitised it (decision 0014). */
  source: z.strictObject({ kind: z.literal('attachment'), id: z.uuid() }),
  /** The SVG's intrinsic size (its width/height or viewBox). */
  natural_width: length,
  natural_height: length,
});

export const watermarkContentSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('text'), text: designTextSchema, ...fontShape }),
  z.strictObject({
    kind: z.literal('image'),
    source: assetRefSchema,
    natural_width: naturalPx,
    natural_height: naturalPx,
  }),
]);

/**
 * A mark (text or image) repeated over the layer's box; the editor makes the box cover the whole
 * surface. Each mark fills a `mark_width` × `mark_height` cell, cells are `spacing` apart, and the
 * whole lattice turns by `angle`. The layer's `opacity` is the watermark's opacity.
 */
export const watermarkLayerSchema = z.strictObject({
  ...commonShape,
  type: z.literal('watermark'),
  content: watermarkContentSchema,
  mark_width: length,
  mark_height: length,
  spacing_x: gap.default(0),
  spacing_y: gap.default(0),
  angle: z.number().min(-180).max(180).default(0),
});

/** An image repeated as a pattern over the layer's box. */
export const tilingLayerSchema = z.strictObject({
  ...commonShape,
  type: z.literal('tiling'),
  source: assetRefSchema,
  natural_width: naturalPx,
  natural_height: naturalPx,
  /** One tile's printed size, print px. */
  tile_width: length,
  tile_height: length,
  spacing_x: gap.default(0),
  spacing_y: gap.default(0),
  /** Where the lattice starts, relative to the box's top-left. */
  offset_x: coordinate.default(0),
  offset_y: coordinate.default(0),
});

const groupShape = { ...commonShape, type: z.literal('group') };
type GroupBase = z.output<z.ZodObject<typeof groupShape>>;
type GroupBaseInput = z.input<z.ZodObject<typeof groupShape>>;

/**
 * A group: children are positioned in the group's own space, whose 0,0 is the group box's
 * top-left; the group's rotation, flips, opacity and filters apply to all of them.
 */
export interface GroupLayer extends GroupBase {
  children: Layer[];
}
export interface GroupLayerInput extends GroupBaseInput {
  children: LayerInput[];
}

const leafLayerSchemas = [
  textLayerSchema,
  imageLayerSchema,
  rectangleLayerSchema,
  ellipseLayerSchema,
  triangleLayerSchema,
  polygonLayerSchema,
  svgLayerSchema,
  watermarkLayerSchema,
  tilingLayerSchema,
] as const;
type LeafLayer = z.output<(typeof leafLayerSchemas)[number]>;
type LeafLayerInput = z.input<(typeof leafLayerSchemas)[number]>;

/** Every layer type; `type` tells them apart. */
export type Layer = LeafLayer | GroupLayer;
export type LayerInput = LeafLayerInput | GroupLayerInput;

export const groupLayerSchema = z.strictObject({
  ...groupShape,
  get children() {
    return z.array(layerSchema).min(1).max(L.maxLayersPerSurface);
  },
});

export const layerSchema: z.ZodType<Layer, LayerInput> = z.discriminatedUnion('type', [
  ...leafLayerSchemas,
  groupLayerSchema,
]);

export type LayerType = Layer['type'];
export type LayerOf<T extends LayerType> = Extract<Layer, { type: T }>;
export type TextLayer = LayerOf<'text'>;
export type ImageLayer = LayerOf<'image'>;
export type RectangleLayer = LayerOf<'rectangle'>;
export type EllipseLayer = LayerOf<'ellipse'>;
export type TriangleLayer = LayerOf<'triangle'>;
export type PolygonLayer = LayerOf<'polygon'>;
export type SvgLayer = LayerOf<'svg'>;
export type WatermarkLayer = LayerOf<'watermark'>;
export type TilingLayer = LayerOf<'tiling'>;
export type ShapeLayer = RectangleLayer | EllipseLayer | TriangleLayer | PolygonLayer;

export const LAYER_TYPES = [
  'text',
  'image',
  'rectangle',
  'ellipse',
  'triangle',
  'polygon',
  'svg',
  'watermark',
  'tiling',
  'group',
] as const satisfies readonly LayerType[];

export const designSurfaceSchema = z.strictObject({
  /** Bottom first: the last layer is drawn on top. */
  layers: z.array(layerSchema).max(L.maxLayersPerSurface),
});
export type DesignSurface = z.infer<typeof designSurfaceSchema>;

/** Limits that span the tree: unique ids, group depth, layers per surface (nested included). */
function documentRules(doc: { surfaces: Record<string, { layers: Layer[] }> }, ctx: z.RefinementCtx) {
  const codes = Object.keys(doc.surfaces);
  if (codes.length > L.maxSurfaces)
    ctx.addIssue({ code: 'custom', path: ['surfaces'], message: `at most ${L.maxSurfaces} surfaces` });
  const seen = new Set<string>();
  for (const code of codes) {
    let count = 0;
    const visit = (layers: Layer[], path: Array<string | number>, depth: number) => {
      layers.forEach((layer, i) => {
        const at = [...path, i];
        count += 1;
        if (seen.has(layer.id))
          ctx.addIssue({ code: 'custom', path: [...at, 'id'], message: 'duplicate layer id' });
        seen.add(layer.id);
        if (layer.type !== 'group') return;
        if (depth >= L.maxGroupDepth)
          ctx.addIssue({
            code: 'custom',
            path: [...at, 'children'],
            message: `groups nest at most ${L.maxGroupDepth} deep`,
          });
        else visit(layer.children, [...at, 'children'], depth + 1);
      });
    };
    visit(doc.surfaces[code]?.layers ?? [], ['surfaces', code, 'layers'], 1);
    if (count > L.maxLayersPerSurface)
      ctx.addIssue({
        code: 'custom',
        path: ['surfaces', code, 'layers'],
        message: `at most ${L.maxLayersPerSurface} layers on a surface, groups included`,
      });
  }
}

export const designDocumentSchema = z
  .strictObject({
    version: z.literal(DESIGN_DOCUMENT_VERSION),
    product_id: z.uuid(),
    /** The product colour this design is for (one document per product and colour). */
    color_id: z.uuid(),
    /** Keyed by the surface's catalogue key; a surface without layers may be absent. */
    surfaces: z.record(surfaceCodeSchema, designSurfaceSchema),
  })
  .superRefine(documentRules);

export type DesignDocument = z.infer<typeof designDocumentSchema>;
export type DesignDocumentInput = z.input<typeof designDocumentSchema>;
