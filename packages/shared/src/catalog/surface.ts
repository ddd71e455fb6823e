import { z } from 'zod';
import { KEY_PATTERN } from '../patterns.ts';
import {
  CATALOG_LIMITS,
  catalogSort,
  imageIdSchema,
  imageRefSchema,
  minorAmount,
  optionalText,
  requiredText,
} from './common.ts';

/**
 * A design surface of a product (front, back, sleeve, mug wrap…): what the design editor and the
 * renderer (issue 8) need. Coordinates have two systems:
 *
 * - **template px**: pixels of the mockup template image (`template.width` × `template.height`),
 *   the same for every colour's mockup of the surface. `print_area` and `safe_area` are in these.
 * - **print px**: pixels of the print file (`print_file.width` × `print_file.height` at
 *   `print_file.dpi`). The print area maps onto the whole print file, so one template pixel is
 *   `print_file.width / print_area.width` print pixels (`scale`). Print area and print file have
 *   the same aspect ratio (within 1%).
 *
 * `bleed` is in print px on each edge of the print file: artwork runs to the print file's edge,
 * the trim line is `bleed` inside it. `safe_area` (inside the print area) is where text and key
 * artwork should stay. `min_dpi` is the resolution below which the editor warns that an image
 * will print blurry (spec §5); it is at most the print file's own DPI.
 */

export const SURFACE_KINDS = ['flat', 'wrap'] as const;
export type SurfaceKind = (typeof SURFACE_KINDS)[number];
/** How the renderer lays a design over a mockup: multiply keeps fabric folds, normal suits hard goods. */
export const MOCKUP_BLENDS = ['multiply', 'normal'] as const;
export type MockupBlend = (typeof MOCKUP_BLENDS)[number];

const templatePx = z.coerce.number().int().min(0).max(CATALOG_LIMITS.templatePx);
const templateSide = z.coerce.number().int().min(1).max(CATALOG_LIMITS.templatePx);
const printSide = z.coerce.number().int().min(1).max(CATALOG_LIMITS.printPx);
const dpi = z.coerce.number().int().min(CATALOG_LIMITS.dpi.min).max(CATALOG_LIMITS.dpi.max);

/** A rectangle in template pixels. */
export const surfaceRectSchema = z.object({
  x: templatePx,
  y: templatePx,
  width: templateSide,
  height: templateSide,
});
export type SurfaceRect = z.infer<typeof surfaceRectSchema>;

export const surfaceInputSchema = z.object({
  /** Kept on edit so designs that point at the surface keep pointing at it. */
  id: z.uuid().optional(),
  /** Stable per product: `front`, `back`, `sleeve_left`, `wrap`… */
  key: z.string().trim().regex(KEY_PATTERN),
  name: requiredText(30),
  en_name: optionalText(50),
  /** `wrap`: the print wraps round a cylinder (mugs, bottles); mockups bend it. */
  kind: z.enum(SURFACE_KINDS).default('flat'),
  blend: z.enum(MOCKUP_BLENDS).default('multiply'),
  sort: catalogSort.default(0),
  template: z.object({ width: templateSide, height: templateSide }),
  print_area: surfaceRectSchema,
  safe_area: surfaceRectSchema,
  bleed: z.coerce.number().int().min(0).max(2000).default(0),
  print_file: z.object({ width: printSide, height: printSide, dpi }),
  min_dpi: dpi.default(CATALOG_LIMITS.defaultMinDpi),
  /** Print price of this face per unit; null uses the product's design-side price. */
  print_price: minorAmount.nullable().default(null),
  /** One mockup template image per product colour, all `template` sized. */
  mockups: z
    .array(z.object({ color_id: z.uuid(), image: imageIdSchema }))
    .max(CATALOG_LIMITS.colorsPerProduct)
    .default([]),
  /** Optional alpha mask of the printable shape over the template (white prints, black not). */
  mask: imageIdSchema.nullable().default(null),
});
export type SurfaceInput = z.infer<typeof surfaceInputSchema>;

export const surfaceSchema = z.object({
  id: z.string(),
  key: z.string(),
  name: z.string(),
  en_name: z.string(),
  kind: z.enum(SURFACE_KINDS),
  blend: z.enum(MOCKUP_BLENDS),
  sort: z.number().int(),
  template: z.object({ width: z.number().int(), height: z.number().int() }),
  print_area: surfaceRectSchema,
  safe_area: surfaceRectSchema,
  bleed: z.number().int(),
  print_file: z.object({ width: z.number().int(), height: z.number().int(), dpi: z.number().int() }),
  min_dpi: z.number().int(),
  print_price: z.number().int().nullable(),
  /** The print price actually charged per face: print_price, else the design-side price. */
  effective_print_price: z.number().int(),
  mockups: z.array(z.object({ color_id: z.string(), image: imageRefSchema })),
  mask: imageRefSchema.nullable(),
  /** Print px per template px. */
  scale: z.number(),
  /** The printed size in millimetres (print file px ÷ DPI × 25.4), one decimal. */
  print_size_mm: z.object({ width: z.number(), height: z.number() }),
});
export type Surface = z.infer<typeof surfaceSchema>;

type Geometry = Pick<
  SurfaceInput,
  'template' | 'print_area' | 'safe_area' | 'print_file' | 'bleed' | 'min_dpi'
>;

/** Derived numbers of a surface: template→print scale and the printed size in mm. */
export function surfaceGeometry(s: Pick<Geometry, 'print_area' | 'print_file'>) {
  const mm = (px: number) => Math.round((px / s.print_file.dpi) * 254) / 10;
  return {
    scale: s.print_file.width / s.print_area.width,
    print_size_mm: { width: mm(s.print_file.width), height: mm(s.print_file.height) },
  };
}

const inside = (inner: SurfaceRect, outer: SurfaceRect) =>
  inner.x >= outer.x &&
  inner.y >= outer.y &&
  inner.x + inner.width <= outer.x + outer.width &&
  inner.y + inner.height <= outer.y + outer.height;

export interface CatalogIssue {
  path: Array<string | number>;
  rule: string;
}

/**
 * The geometry rules of one surface: print area inside the template, safe area inside the
 * print area, print area and print file of one aspect ratio, bleed smaller than half the print
 * file, minimum resolution not above the print DPI, one mockup per colour.
 */
export function surfaceIssues(s: Geometry & Pick<SurfaceInput, 'mockups'>): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  const template = { x: 0, y: 0, width: s.template.width, height: s.template.height };
  if (!inside(s.print_area, template)) issues.push({ path: ['print_area'], rule: 'printAreaOutside' });
  if (!inside(s.safe_area, s.print_area)) issues.push({ path: ['safe_area'], rule: 'safeAreaOutside' });
  const areaRatio = s.print_area.width / s.print_area.height;
  const fileRatio = s.print_file.width / s.print_file.height;
  if (Math.abs(areaRatio - fileRatio) / fileRatio > CATALOG_LIMITS.aspectTolerance)
    issues.push({ path: ['print_file'], rule: 'printAspect' });
  if (s.bleed * 2 >= Math.min(s.print_file.width, s.print_file.height))
    issues.push({ path: ['bleed'], rule: 'bleedTooLarge' });
  if (s.min_dpi > s.print_file.dpi) issues.push({ path: ['min_dpi'], rule: 'minDpiAbovePrint' });
  const colours = new Set<string>();
  s.mockups.forEach((m, i) => {
    if (colours.has(m.color_id)) issues.push({ path: ['mockups', i, 'color_id'], rule: 'catalogDuplicate' });
    colours.add(m.color_id);
  });
  return issues;
}
