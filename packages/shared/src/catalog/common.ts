import { z } from 'zod';
import { jsonInteger } from '../schema-utils.ts';
import { LIMITS } from '../limits.ts';
import { RECORD_STATUSES } from '../access/schemas.ts';
import { MAX_PRICE_MINOR } from '../pricing/engine.ts';

/** Bounds of the catalogue's own inputs (none of these numbers is in spec §5 or §9). */
export const CATALOG_LIMITS = {
  categoryDepth: 5,
  attributeValues: 100,
  colorsPerProduct: 50,
  sizesPerProduct: 50,
  surfacesPerProduct: 12,
  galleryImages: 10,
  priceTiers: 500,
  factoryAddresses: 20,
  sizeTemplateColumns: 20,
  sizeTemplateRows: 50,
  /** Template (mockup) image side in pixels. */
  templatePx: 10_000,
  /** Print file side in pixels. */
  printPx: 30_000,
  dpi: { min: 72, max: 1200 },
  /** The default minimum resolution: apparel (issue 8 gives 150 for apparel, 300 for paper). */
  defaultMinDpi: 150,
  /** How far a print area's aspect ratio may differ from its print file's, as a fraction. */
  aspectTolerance: 0.01,
} as const;

export const catalogStatus = z.enum(RECORD_STATUSES);
export const catalogSort = z.coerce.number().int().min(-100_000).max(100_000);
/** Money in minor units (fen/cents), at most MAX_PRICE_MINOR. */
export const minorAmount = jsonInteger(0, MAX_PRICE_MINOR);
export const optionalText = (max: number) => z.string().trim().max(max).default('');
export const requiredText = (max: number) => z.string().trim().min(1).max(max);

/**
 * A required text whose blank value gets its own message rule (spec §5: "Template name cannot be
 * empty."): a missing or blank value fails the rule, never a generic type error.
 */
export const nonEmptyText = (max: number, rule: string) =>
  z
    .string()
    .trim()
    .max(max)
    .default('')
    .pipe(z.string().refine((v) => v.length > 0, { params: { rule } }));

/**
 * An image of the catalogue: the id of an attachment the upload pipeline made
 * (`POST /admin/ajax/upload`, topic `image`). The server copies the attachment's storage keys and
 * size, and holds a reference so the attachment cannot be deleted while the catalogue uses it.
 */
export const imageIdSchema = z.uuid();

/** An image in a reply: its attachment id (send it back to keep it), signed URLs and size. */
export const imageRefSchema = z.object({
  id: z.string(),
  url: z.string(),
  thumb_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ImageRef = z.infer<typeof imageRefSchema>;

/** `#rrggbb`, stored lower-case. */
export const hexColorSchema = z
  .string()
  .trim()
  .regex(new RegExp(`^#[0-9A-Fa-f]{${LIMITS.text.hexColor - 1}}$`))
  .transform((v) => v.toLowerCase());

/** A select option of reference data (`?select=true` lists). */
export const catalogOptionSchema = z.object({ value: z.string(), label: z.string() });

/**
 * The message rules of catalogue validation: a failed rule `r` reads `validation.r` in the server's
 * and the web's messages. (Pricing's tier rules are in pricing `TierIssue`.)
 */
export const CATALOG_RULES = [
  'templateNameEmpty',
  'catalogDuplicate',
  'sizeChartColumn',
  'printAreaOutside',
  'safeAreaOutside',
  'printAspect',
  'bleedTooLarge',
  'minDpiAbovePrint',
  'mockupColor',
  'mockupMissing',
  'mockupSize',
  'skuVariant',
  'productGallery',
  'tierDuplicate',
  'tierAboveList',
  'tierRises',
  'tierSubjectMissing',
] as const;
export type CatalogRule = (typeof CATALOG_RULES)[number];
