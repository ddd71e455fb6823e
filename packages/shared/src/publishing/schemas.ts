import { z } from 'zod';
import { CURRENCIES } from '../i18n.ts';
import { PUBLISH_STATUSES } from './status.ts';
import {
  DELIVERY_DAYS,
  IMAGE_FORMATS,
  PUBLISH_LIMITS,
  PUBLISH_PLATFORMS,
  SALES_MODES,
  WAREHOUSE_TYPES,
} from './rules.ts';

/*
 * Listings and listing templates (issue 23; spec §3 Publish listing). A draft may be saved with
 * broken rules (the form shows them inline); preflight and publishing refuse them.
 */

const text = (max: number) => z.string().max(max);
const id = z.string().min(1).max(64);
const measure = z.number().min(0).max(1_000_000).nullable();
const minor = z.number().int().min(0).max(1_000_000_000);

export const listingImageSchema = z.object({
  source: z.enum(['mockup', 'upload']),
  /** mockup: `{color_id}:{surface_key}`; upload: the attachment's id. */
  ref: z.string().min(1).max(120),
  width: z.number().int().min(0).max(100_000),
  height: z.number().int().min(0).max(100_000),
  bytes: z.number().int().min(0).max(1_000_000_000),
  format: z.enum(IMAGE_FORMATS),
});
export type ListingImageInput = z.infer<typeof listingImageSchema>;

const images = z.array(listingImageSchema).max(30);

export const listingImagesSchema = z.object({
  product_photos: images.default([]),
  skc_carousel: images.default([]),
  main: images.default([]),
  square: images.default([]),
  thumbnail: images.default([]),
  outer_package: images.default([]),
  theme: images.default([]),
  detail: images.default([]),
});

export const warehouseRouteSchema = z.object({
  warehouse_id: id,
  warehouse_type: z.enum(WAREHOUSE_TYPES),
  site_ids: z.array(id).max(60),
});

export const sizeTableSchema = z.object({
  name: text(60),
  rows: z
    .array(
      z.object({
        size: text(30),
        length: z.number().min(0).max(100_000),
        width: z.number().min(0).max(100_000),
        height: z.number().min(0).max(100_000),
        net_weight: z.number().min(0).max(1_000_000),
      }),
    )
    .max(30),
});

/** Every field of a listing (spec §3 Publish listing), as the form edits it. */
export const listingFieldsSchema = z.object({
  title_zh: text(PUBLISH_LIMITS.titleMax).default(''),
  title_en: text(PUBLISH_LIMITS.titleMax).default(''),
  description: text(5000).default(''),
  category_id: text(60).default(''),
  attributes: z
    .array(z.object({ id: text(60), name: text(100), value: text(200) }))
    .max(50)
    .default([]),
  site_ids: z.array(id).max(60).default([]),
  sales_mode: z.enum(SALES_MODES).default('single_site'),
  /** Declared price in minor units (spec §9: declared price in USD by default). */
  declared_price: minor.nullable().default(null),
  declared_currency: z.enum(CURRENCIES).default('USD'),
  retail_price: minor.nullable().default(null),
  retail_currency: z.enum(CURRENCIES).default('USD'),
  original_price: minor.nullable().default(null),
  site_prices: z
    .array(z.object({ site_id: id, price: minor }))
    .max(60)
    .default([]),
  origin_country: text(60).default(''),
  origin_province: text(60).default(''),
  images: listingImagesSchema.default({
    product_photos: [],
    skc_carousel: [],
    main: [],
    square: [],
    thumbnail: [],
    outer_package: [],
    theme: [],
    detail: [],
  }),
  model_info: text(500).default(''),
  is_sensitive: z.boolean().default(false),
  sensitive_type: text(60).default(''),
  capacity: measure.default(null),
  /** cm³, g, cm: at most one decimal (spec §5). */
  volume: measure.default(null),
  weight: measure.default(null),
  length: measure.default(null),
  width: measure.default(null),
  height: measure.default(null),
  package_shape: text(60).default(''),
  package_type: text(60).default(''),
  delivery_days: z
    .union(
      DELIVERY_DAYS.map((d) => z.literal(d)) as unknown as [
        z.ZodLiteral<1>,
        z.ZodLiteral<2>,
        z.ZodLiteral<9>,
      ],
    )
    .nullable()
    .default(null),
  freight_template_id: text(60).default(''),
  warehouse_routes: z.array(warehouseRouteSchema).max(20).default([]),
  sku_prefix: z
    .string()
    .max(30)
    .regex(/^[A-Za-z0-9_-]*$/)
    .default(''),
  skc_number: text(60).default(''),
  stock: z.number().int().min(0).max(1_000_000).default(100),
  composition: z
    .array(z.object({ material: text(60), ratio: z.number().min(0).max(100) }))
    .max(20)
    .default([]),
  size_tables: z.array(sizeTableSchema).max(5).default([]),
});
export type ListingFields = z.output<typeof listingFieldsSchema>;
export type ListingFieldsInput = z.input<typeof listingFieldsSchema>;

export const PUBLISH_AUDIT_STATUSES = ['none', 'pending', 'approved', 'rejected'] as const;

export const listingSchema = z.object({
  id: z.string(),
  finished_id: z.string(),
  finished_code: z.string(),
  finished_name: z.string(),
  shop_id: z.string(),
  shop_name: z.string(),
  platform: z.enum(PUBLISH_PLATFORMS),
  template_id: z.string().nullable(),
  status: z.enum(PUBLISH_STATUSES),
  edited_since_publish: z.boolean(),
  actions: z.array(z.enum(['edit', 'publish', 'republish', 'unpublish'])),
  fields: listingFieldsSchema,
  external_product_id: z.string().nullable(),
  external_skc_id: z.string().nullable(),
  external_skus: z.array(z.object({ seller_sku: z.string(), sku_id: z.string() })),
  fail_reason: z.string().nullable(),
  publish_started_at: z.string().nullable(),
  published_at: z.string().nullable(),
  failed_at: z.string().nullable(),
  audit_status: z.enum(PUBLISH_AUDIT_STATUSES),
  audited_at: z.string().nullable(),
  job_id: z.string().nullable(),
  /** Signed URLs (thumbnails) of the uploads the images name, by attachment id. */
  upload_urls: z.record(z.string(), z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Listing = z.infer<typeof listingSchema>;

export const listingCreateSchema = z.object({
  finished_id: z.uuid(),
  shop_id: z.uuid(),
  template_id: z.uuid().nullable().optional(),
  fields: listingFieldsSchema.optional(),
});
export const listingUpdateSchema = z.object({
  shop_id: z.uuid().optional(),
  /** The template the fields were filled from (spec §3 Publish listing: template). */
  template_id: z.uuid().nullable().optional(),
  fields: listingFieldsSchema.optional(),
});

export const publishTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  platform: z.enum(PUBLISH_PLATFORMS),
  fields: listingFieldsSchema,
  created_at: z.string(),
});
/** spec §5: "Template name cannot be empty". */
export const publishTemplateCreateSchema = z.object({
  name: z.string().trim().min(1, 'publishing.templateNameEmpty').max(60),
  platform: z.enum(PUBLISH_PLATFORMS),
  fields: listingFieldsSchema,
});
export const publishTemplateUpdateSchema = z.object({
  name: z.string().trim().min(1, 'publishing.templateNameEmpty').max(60).optional(),
  fields: listingFieldsSchema.optional(),
});

export const PUBLISH_BATCH_MAX = 100;

export const listingIdsBodySchema = z.object({
  listing_ids: z.array(z.uuid()).min(1).max(PUBLISH_BATCH_MAX),
});
export const publishJobReplySchema = z.object({ job_id: z.string(), count: z.number().int() });

export const templateApplyBodySchema = z.object({
  finished_ids: z.array(z.uuid()).min(1).max(PUBLISH_BATCH_MAX),
  shop_id: z.uuid(),
});
export const templateApplyReplySchema = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  listing_ids: z.array(z.string()),
});

/** One finding of the preflight (print or listing side), worded in the caller's language. */
export const preflightFindingSchema = z.object({
  side: z.enum(['print', 'listing', 'marketplace']),
  severity: z.enum(['error', 'warning']),
  code: z.string(),
  field: z.string().nullable(),
  message: z.string(),
});
export const preflightReportSchema = z.object({
  listing_id: z.string(),
  ok: z.boolean(),
  errors: z.array(preflightFindingSchema),
  warnings: z.array(preflightFindingSchema),
});
export const preflightReplySchema = z.object({ reports: z.array(preflightReportSchema) });
export type PreflightReport = z.infer<typeof preflightReportSchema>;

/** The per-listing result of a publish or unpublish job. */
export const publishJobResultSchema = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(z.object({ listing_id: z.string(), ok: z.boolean(), message: z.string().nullable() })),
});
export type PublishJobResult = z.infer<typeof publishJobResultSchema>;

export const PUBLISH_JOBS = { publish: 'publishing.publish', unpublish: 'publishing.unpublish' } as const;
