import { z } from 'zod';

/**
 * Version 1 of the design document, FROZEN: old documents are read with this schema and migrated
 * (migrations.ts). Never change it; add a version instead.
 *
 * v1 was the editor's first draft and followed Fabric.js's own object JSON:
 * - `color` (not `color_id`), and `surfaces` was an array of `{ code, layers }`;
 * - a layer's box was `left`/`top` (its top-left corner, which is also the rotation origin, as
 *   with Fabric's `originX: 'left', originY: 'top'`) and an unscaled `width`/`height` times
 *   `scale_x`/`scale_y` (a negative scale mirrors); `angle` in degrees;
 * - `hidden` instead of `visible`; filters an array of `{ type, value }` where brightness,
 *   contrast and saturation were Fabric offsets in -1…1 (0 = unchanged) and blur was print px;
 * - text: `fill`, `text_align`, `char_spacing` in 1/1000 em, `font_weight` normal/bold,
 *   `font_style`, and `curve`, the arc in degrees (-360…360);
 * - images pointed at `src`: `material:<uuid>` or `upload:<uuid>`, with no crop;
 * - shape type `rect` with `rx`; polygon points in the layer's unscaled pixels;
 * - group children positioned in the group's unscaled space (the group's scale applied to them);
 * - no watermark or tiling layers.
 */
export const DESIGN_DOCUMENT_V1 = 1;

const num = z.number();
const color = z.string().regex(/^#[0-9a-fA-F]{6}$/);

const filterV1 = z.strictObject({
  type: z.enum(['brightness', 'contrast', 'saturation', 'grayscale', 'sepia', 'blur', 'invert']),
  value: num,
});

const commonV1 = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  name: z.string().max(100).optional(),
  left: num,
  top: num,
  width: num.positive(),
  height: num.positive(),
  scale_x: num.refine((v) => v !== 0, 'scale cannot be 0').default(1),
  scale_y: num.refine((v) => v !== 0, 'scale cannot be 0').default(1),
  angle: num.default(0),
  opacity: num.min(0).max(1).default(1),
  filters: z.array(filterV1).default([]),
  hidden: z.boolean().default(false),
  locked: z.boolean().default(false),
};

const shapeV1 = {
  fill: color.nullable().default('#000000'),
  stroke: color.nullable().default(null),
  stroke_width: num.min(0).default(0),
};

export const textLayerV1Schema = z.strictObject({
  ...commonV1,
  type: z.literal('text'),
  text: z.string().min(1),
  font_family: z.string(),
  font_size: num.positive(),
  font_weight: z.enum(['normal', 'bold']).default('normal'),
  font_style: z.enum(['normal', 'italic']).default('normal'),
  fill: color,
  text_align: z.enum(['left', 'center', 'right']).default('left'),
  char_spacing: num.default(0),
  line_height: num.positive().default(1.16),
  curve: num.min(-360).max(360).default(0),
});

export const imageLayerV1Schema = z.strictObject({
  ...commonV1,
  type: z.literal('image'),
  src: z.string().regex(/^(material|upload):[0-9a-fA-F-]{36}$/, 'expected material:<id> or upload:<id>'),
  natural_width: z.number().int().positive(),
  natural_height: z.number().int().positive(),
});

export const svgLayerV1Schema = z.strictObject({
  ...commonV1,
  type: z.literal('svg'),
  src: z.string().regex(/^upload:[0-9a-fA-F-]{36}$/, 'expected upload:<id>'),
});

export const rectLayerV1Schema = z.strictObject({
  ...commonV1,
  type: z.literal('rect'),
  ...shapeV1,
  rx: num.min(0).default(0),
});

export const ellipseLayerV1Schema = z.strictObject({ ...commonV1, type: z.literal('ellipse'), ...shapeV1 });
export const triangleLayerV1Schema = z.strictObject({ ...commonV1, type: z.literal('triangle'), ...shapeV1 });
export const polygonLayerV1Schema = z.strictObject({
  ...commonV1,
  type: z.literal('polygon'),
  ...shapeV1,
  points: z.array(z.strictObject({ x: num, y: num })).min(3),
});

const groupShapeV1 = { ...commonV1, type: z.literal('group') };
type GroupV1Base = z.output<z.ZodObject<typeof groupShapeV1>>;
type GroupV1BaseInput = z.input<z.ZodObject<typeof groupShapeV1>>;
export interface GroupLayerV1 extends GroupV1Base {
  children: LayerV1[];
}
interface GroupLayerV1Input extends GroupV1BaseInput {
  children: LayerV1Input[];
}

const leafV1 = [
  textLayerV1Schema,
  imageLayerV1Schema,
  svgLayerV1Schema,
  rectLayerV1Schema,
  ellipseLayerV1Schema,
  triangleLayerV1Schema,
  polygonLayerV1Schema,
] as const;
export type LayerV1 = z.output<(typeof leafV1)[number]> | GroupLayerV1;
type LayerV1Input = z.input<(typeof leafV1)[number]> | GroupLayerV1Input;

export const groupLayerV1Schema = z.strictObject({
  ...groupShapeV1,
  get children() {
    return z.array(layerV1Schema).min(1);
  },
});

export const layerV1Schema: z.ZodType<LayerV1, LayerV1Input> = z.discriminatedUnion('type', [
  ...leafV1,
  groupLayerV1Schema,
]);

export const designDocumentV1Schema = z.strictObject({
  version: z.literal(DESIGN_DOCUMENT_V1),
  product_id: z.uuid(),
  color: z.uuid(),
  surfaces: z.array(
    z.strictObject({
      code: z.string().regex(/^[a-z][a-z0-9_]{0,29}$/),
      layers: z.array(layerV1Schema),
    }),
  ),
});
export type DesignDocumentV1 = z.infer<typeof designDocumentV1Schema>;
