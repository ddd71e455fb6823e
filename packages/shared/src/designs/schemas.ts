import { z } from 'zod';
import { CURRENCIES } from '../i18n.ts';
import { patchOf } from '../schema-utils.ts';

/**
 * Finished products and the design API (issue 8, spec §2 `/admin/design`, `/admin/publish/finished/my`,
 * §3 Finished product). The design document itself is `@pod/design` (decision 0018); here it travels
 * as an object the server loads with `loadDesignDocument` (any known version, migrated on load), so
 * its errors name the bad field inside the document (`documents.0.surfaces.front.layers.2.font_size`).
 */

// ---- Fonts (decisions 0019, 0073): the only families a document may name ------------------------
/**
 * THE font registry: every family bundled with the app, from one npm @fontsource package each
 * (never a CDN), with the weights bundled. The editor loads each package's CSS (woff2) for these
 * weights; the server converts the same package's WOFF files of the same weights to TTF and renders
 * with nothing else. A document naming any other family is refused. All are OFL-1.1 or Apache-2.0.
 */
export const DESIGN_FONTS = [
  {
    family: 'Noto Sans SC',
    package: '@fontsource/noto-sans-sc',
    weights: [400, 700],
    script: 'cjk',
    licence: 'OFL-1.1',
  },
  {
    family: 'ZCOOL KuaiLe',
    package: '@fontsource/zcool-kuaile',
    weights: [400],
    script: 'cjk',
    licence: 'OFL-1.1',
  },
  {
    family: 'Roboto',
    package: '@fontsource/roboto',
    weights: [400, 700],
    script: 'latin',
    licence: 'OFL-1.1',
  },
  { family: 'Lato', package: '@fontsource/lato', weights: [400, 700], script: 'latin', licence: 'OFL-1.1' },
  {
    family: 'Montserrat',
    package: '@fontsource/montserrat',
    weights: [400, 700],
    script: 'latin',
    licence: 'OFL-1.1',
  },
  {
    family: 'Oswald',
    package: '@fontsource/oswald',
    weights: [400, 700],
    script: 'latin',
    licence: 'OFL-1.1',
  },
  {
    family: 'Merriweather',
    package: '@fontsource/merriweather',
    weights: [400, 700],
    script: 'latin',
    licence: 'OFL-1.1',
  },
  {
    family: 'Playfair Display',
    package: '@fontsource/playfair-display',
    weights: [400, 700],
    script: 'latin',
    licence: 'OFL-1.1',
  },
  {
    family: 'Bebas Neue',
    package: '@fontsource/bebas-neue',
    weights: [400],
    script: 'latin',
    licence: 'OFL-1.1',
  },
  { family: 'Lobster', package: '@fontsource/lobster', weights: [400], script: 'latin', licence: 'OFL-1.1' },
  {
    family: 'Pacifico',
    package: '@fontsource/pacifico',
    weights: [400],
    script: 'latin',
    licence: 'OFL-1.1',
  },
  {
    family: 'Dancing Script',
    package: '@fontsource/dancing-script',
    weights: [400, 700],
    script: 'latin',
    licence: 'OFL-1.1',
  },
  {
    family: 'Permanent Marker',
    package: '@fontsource/permanent-marker',
    weights: [400],
    script: 'latin',
    licence: 'Apache-2.0',
  },
] as const satisfies ReadonlyArray<{
  family: string;
  package: `@fontsource/${string}`;
  weights: readonly number[];
  script: 'cjk' | 'latin';
  licence: 'OFL-1.1' | 'Apache-2.0';
}>;
export type DesignFontFamily = (typeof DESIGN_FONTS)[number]['family'];
export type DesignFont = (typeof DESIGN_FONTS)[number];
export const DESIGN_FONT_FAMILIES: readonly DesignFontFamily[] = DESIGN_FONTS.map((f) => f.family);
/** Used when nothing else is chosen; it covers Chinese, kana, Latin and punctuation. */
export const DESIGN_DEFAULT_FONT: DesignFontFamily = 'Noto Sans SC';
/** The weights bundled per family (others render as the nearest of these). */
export const DESIGN_FONT_WEIGHTS: Readonly<Record<DesignFontFamily, readonly number[]>> = Object.fromEntries(
  DESIGN_FONTS.map((f) => [f.family, f.weights]),
) as unknown as Record<DesignFontFamily, readonly number[]>;

// ---- Jobs ------------------------------------------------------------------------------------------
/** Background job names (GET /api/v1/jobs/{id} reports progress of each). */
export const DESIGN_JOBS = {
  /** Print files, mockups and thumbnails of one finished product. */
  render: 'designs.render',
  /** One document applied to several products: one finished product per product. */
  batch: 'designs.batch',
} as const;

export const RENDER_STATUSES = ['pending', 'rendering', 'done', 'failed'] as const;
export type RenderStatus = (typeof RENDER_STATUSES)[number];
/** Whether the finished product has been published (exported) to a marketplace shop. */
export const FINISHED_EXPORT_STATUSES = ['not_exported', 'exported'] as const;
export const SIZE_MODES = ['default', 'custom'] as const;

export const DESIGN_API_LIMITS = {
  /** Colours (= documents) of one finished product. */
  colorsPerFinished: 50,
  /** Products of one batch design. */
  batchProducts: 50,
  customSizes: 20,
  nameLength: 100,
  groupNameLength: 50,
  /** Finished products moved or deleted at once. */
  idsPerAction: 100,
} as const;

// ---- Requests ----------------------------------------------------------------------------------------
/**
 * A design document as sent: any known version (`version` is read first); the server validates the
 * rest with `@pod/design` and answers 400 with the path of the bad field.
 */
export const DESIGN_DOCUMENT_PAYLOAD =
  'A design document (any known version; `version` is read first). Its full JSON Schema is the OpenAPI component DesignDocument.';
export const designDocumentPayloadSchema = z
  .looseObject({ version: z.number().int().min(1) })
  .describe(DESIGN_DOCUMENT_PAYLOAD);

export const customSizeSchema = z.object({
  name: z.string().trim().min(1).max(30),
  /** Free text measurements, e.g. "chest 52 cm, length 70 cm". */
  measurements: z.string().trim().max(200).default(''),
});
export type CustomSize = z.infer<typeof customSizeSchema>;

const finishedFields = {
  name: z.string().trim().min(1).max(DESIGN_API_LIMITS.nameLength),
  size_mode: z.enum(SIZE_MODES).default('default'),
  /** With `default`: the product's sizes offered (empty = all of them). */
  size_ids: z.array(z.uuid()).max(50).default([]),
  /** With `custom`: the merchant's own sizes. */
  custom_sizes: z.array(customSizeSchema).max(DESIGN_API_LIMITS.customSizes).default([]),
  group_id: z.uuid().nullable().default(null),
  /** Save although an image will print blurry (red DPI, spec §5): without it such a save is refused. */
  confirmed_blurry: z.boolean().default(false),
};

/** Save a design as a finished product: one document per chosen colour of one product. */
export const finishedProductSaveSchema = z.object({
  product_id: z.uuid(),
  documents: z.array(designDocumentPayloadSchema).min(1).max(DESIGN_API_LIMITS.colorsPerFinished),
  ...finishedFields,
});
export type FinishedProductSave = z.input<typeof finishedProductSaveSchema>;

/** Edit again: the documents are replaced and rendered again; the product stays the same. */
export const finishedProductUpdateSchema = z.object({
  documents: z.array(designDocumentPayloadSchema).min(1).max(DESIGN_API_LIMITS.colorsPerFinished),
  ...finishedFields,
});
export type FinishedProductUpdate = z.input<typeof finishedProductUpdateSchema>;

export const finishedProductCopySchema = z.object({
  /** Default: the original's name with a copy suffix. */
  name: z.string().trim().min(1).max(DESIGN_API_LIMITS.nameLength).optional(),
});

const dateOnly = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected YYYY-MM-DD');

/** Filters of the finished products list (and of its xlsx export). */
export const finishedProductFilterSchema = z.object({
  /** Name or code contains. */
  keyword: z.string().trim().max(100).optional(),
  product_id: z.uuid().optional(),
  /** A group and its secondary groups; `none` = ungrouped. */
  group_id: z.union([z.uuid(), z.literal('none')]).optional(),
  render_status: z.enum(RENDER_STATUSES).optional(),
  export_status: z.enum(FINISHED_EXPORT_STATUSES).optional(),
  /** Created on or after this day (UTC). */
  date_from: dateOnly.optional(),
  /** Created on or before this day (UTC). */
  date_to: dateOnly.optional(),
});
export const finishedProductListQuerySchema = finishedProductFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type FinishedProductListQuery = z.input<typeof finishedProductListQuerySchema>;

export const finishedProductMoveSchema = z.object({
  ids: z.array(z.uuid()).min(1).max(DESIGN_API_LIMITS.idsPerAction),
  /** null = ungrouped. */
  group_id: z.uuid().nullable(),
});

/** Batch design (issue 8): one document fitted to several products, one finished product each. */
export const designBatchSchema = z.object({
  document: designDocumentPayloadSchema,
  targets: z
    .array(
      z.object({
        product_id: z.uuid(),
        /** The colours of that product to design (one document each). */
        color_ids: z.array(z.uuid()).min(1).max(DESIGN_API_LIMITS.colorsPerFinished),
        /** Source surface key → target surface key where they differ (e.g. front → wrap). */
        surface_map: z.record(z.string().max(30), z.string().max(30)).optional(),
      }),
    )
    .min(1)
    .max(DESIGN_API_LIMITS.batchProducts),
  /** Each finished product is named `<name> <product name>`. */
  name: z.string().trim().min(1).max(60),
  group_id: z.uuid().nullable().default(null),
  confirmed_blurry: z.boolean().default(false),
});
export type DesignBatch = z.input<typeof designBatchSchema>;

// ---- Groups (primary and secondary, spec §3) -------------------------------------------------------
export const finishedGroupCreateSchema = z.object({
  name: z.string().trim().min(1).max(DESIGN_API_LIMITS.groupNameLength),
  /** A primary group's id makes this a secondary group; groups are two levels deep. */
  parent_id: z.uuid().nullable().default(null),
  sort: z.coerce.number().int().min(-100_000).max(100_000).default(0),
});
export const finishedGroupUpdateSchema = patchOf(finishedGroupCreateSchema);

const groupNode = {
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  sort: z.number().int(),
  /** Finished products in this group (a primary group's count includes its secondary groups'). */
  product_count: z.number().int(),
};
export const finishedGroupSchema = z.object({
  ...groupNode,
  children: z.array(z.object({ ...groupNode, children: z.array(z.never()) })),
});
export type FinishedGroup = z.infer<typeof finishedGroupSchema>;
/** A group as its create and update reply it (no counts, no children). */
export const finishedGroupReplySchema = z.object({
  id: z.string(),
  name: z.string(),
  parent_id: z.string().nullable(),
  sort: z.number(),
});

// ---- Replies ----------------------------------------------------------------------------------------
/** One rendered surface of one colour. URLs are signed (decision 0009); null until rendered. */
export const finishedSurfaceSchema = z.object({
  color_id: z.string(),
  surface_key: z.string(),
  surface_name: z.string(),
  /** Whether the surface has shown layers (a priced face). */
  designed: z.boolean(),
  print_url: z.string().nullable(),
  mockup_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
  width: z.number().int(),
  height: z.number().int(),
  dpi: z.number().int(),
});
export type FinishedSurface = z.infer<typeof finishedSurfaceSchema>;

export const externalCodeSchema = z.object({
  color_id: z.string(),
  size_id: z.string().nullable(),
  skc: z.string(),
  sku: z.string(),
});

export const finishedProductSchema = z.object({
  id: z.string(),
  /** Unique per tenant. */
  code: z.string(),
  name: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  style_code: z.string(),
  category_id: z.string().nullable(),
  category_name: z.string(),
  group_id: z.string().nullable(),
  /** "Primary / Secondary". */
  group_name: z.string(),
  colors: z.array(z.object({ id: z.string(), name: z.string(), hex: z.string() })),
  size_mode: z.enum(SIZE_MODES),
  size_ids: z.array(z.string()),
  sizes: z.array(z.object({ id: z.string(), name: z.string() })),
  custom_sizes: z.array(customSizeSchema),
  /** Designed surface keys (the priced faces). */
  faces: z.array(z.string()),
  currency: z.enum(CURRENCIES),
  /** One unit (base + print per face) from the pricing engine at save, minor units. */
  unit_price: z.number().int(),
  /** The first colour's first designed surface's mockup thumbnail. */
  thumb_url: z.string().nullable(),
  render_status: z.enum(RENDER_STATUSES),
  /** How many times this finished product was rendered. */
  render_count: z.number().int(),
  render_error: z.string().nullable(),
  render_job_id: z.string().nullable(),
  export_status: z.enum(FINISHED_EXPORT_STATUSES),
  external_spu: z.string(),
  external_codes: z.array(externalCodeSchema),
  order_count: z.number().int(),
  /** The account that designed it. */
  designer: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FinishedProduct = z.infer<typeof finishedProductSchema>;

/** One validation finding of `@pod/design` validateDesign (DPI badge, safe area…), per colour. */
export const designFindingSchema = z.looseObject({
  code: z.string(),
  severity: z.enum(['error', 'confirm', 'warning', 'info']),
  surface: z.string(),
  color_id: z.string(),
  layer_id: z.string().optional(),
  dpi: z.number().optional(),
  level: z.enum(['green', 'amber', 'red']).optional(),
});
export type DesignFindingReply = z.infer<typeof designFindingSchema>;

export const finishedProductDetailSchema = finishedProductSchema.extend({
  /** The saved documents (current version), one per colour: what the editor opens to edit again. */
  documents: z.array(z.record(z.string(), z.unknown())),
  surfaces: z.array(finishedSurfaceSchema),
  /** Signed URLs of the merchant's own uploads the documents use (images, SVGs), for editing again. */
  assets: z
    .array(
      z.object({
        kind: z.literal('attachment'),
        id: z.string(),
        url: z.string(),
        thumb_url: z.string().nullable(),
      }),
    )
    .default([]),
});
export type FinishedProductDetail = z.infer<typeof finishedProductDetailSchema>;

/** Save, edit again and copy: the finished product, its render job and non-blocking findings. */
export const finishedProductSaveReplySchema = z.object({
  finished: finishedProductDetailSchema,
  job_id: z.string().nullable(),
  findings: z.array(designFindingSchema),
});

export const designJobReplySchema = z.object({ job_id: z.string() });

/** The `result` of a `designs.batch` job. */
export const designBatchResultSchema = z.object({
  created: z.array(z.object({ product_id: z.string(), finished_id: z.string(), code: z.string() })),
  /** Why a product failed: `message` in the requester's language, `messages` in both (issue 26). */
  failed: z.array(
    z.object({
      product_id: z.string(),
      message: z.string(),
      messages: z.object({ 'zh-cn': z.string(), en: z.string() }).optional(),
    }),
  ),
  skipped_surfaces: z.array(z.object({ product_id: z.string(), surfaces: z.array(z.string()) })),
});
/** The `result` of a `designs.render` job. */
export const designRenderResultSchema = z.object({
  finished_id: z.string(),
  files: z.number().int(),
});
