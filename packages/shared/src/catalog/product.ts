import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { PHONE_PATTERN, POST_CODE_PATTERN } from '../patterns.ts';
import { CURRENCIES } from '../i18n.ts';
import { patchOf, jsonInteger } from '../schema-utils.ts';
import { MAX_QUOTE_QUANTITY, PRICE_TIER_KINDS, priceTierIssues } from '../pricing/engine.ts';
import {
  CATALOG_LIMITS,
  catalogSort,
  imageIdSchema,
  imageRefSchema,
  minorAmount,
  optionalText,
  requiredText,
} from './common.ts';
import {
  SURFACE_KINDS,
  surfaceInputSchema,
  surfaceIssues,
  surfaceSchema,
  type CatalogIssue,
} from './surface.ts';

/**
 * Products: what merchants design on (spec §3 Product). A product has colour × size variants
 * (SKUs with a stock state), design surfaces (./surface.ts), price tiers (level, wholesale,
 * exclusive; priced by packages/shared pricing) and a factory address table.
 */

export const PRODUCT_STATUSES = ['on_sale', 'off_sale'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];
export const STOCK_STATES = ['in_stock', 'low_stock', 'out_of_stock'] as const;
export type StockState = (typeof STOCK_STATES)[number];

const uniqueIds = (max: number, min = 0) =>
  z
    .array(z.uuid())
    .min(min)
    .max(max)
    .refine((v) => new Set(v).size === v.length, { params: { rule: 'catalogDuplicate' } });

export const skuInputSchema = z.object({
  color_id: z.uuid(),
  size_id: z.uuid(),
  /** Blank: generated from the style code and the variant's place. */
  sku_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{0,40}$/)
    .default(''),
  stock_state: z.enum(STOCK_STATES).default('in_stock'),
});

export const priceTierInputSchema = z.object({
  id: z.uuid().optional(),
  kind: z.enum(PRICE_TIER_KINDS),
  /** The tier applies from this many pieces up (1 for level and exclusive prices in general). */
  min_qty: jsonInteger(1, MAX_QUOTE_QUANTITY).default(1),
  /** Base price per unit under this tier, replacing the product's base price (print is extra). */
  price: minorAmount,
  /** The merchant level, for `level` tiers. */
  level_id: z.uuid().nullable().default(null),
  /** The merchant, for `exclusive` tiers. */
  merchant_id: z.uuid().nullable().default(null),
});
export type PriceTierInput = z.infer<typeof priceTierInputSchema>;

/** A row of the product's factory address table (spec §3). */
export const factoryAddressInputSchema = z.object({
  id: z.uuid().optional(),
  name: requiredText(100),
  country: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/)
    .default('CN'),
  province: optionalText(50),
  address: requiredText(200),
  post_code: z.string().trim().regex(POST_CODE_PATTERN).default(''),
  phone: z.string().trim().regex(PHONE_PATTERN),
});

const productFields = z.object({
  category_id: z.uuid(),
  /** The inventory SPU the product is made from, if any. */
  spu_id: z.uuid().nullable().default(null),
  product_type: optionalText(50),
  name: requiredText(100),
  en_name: optionalText(200),
  /** Unique per tenant; blank generates one (P000042). */
  style_code: z
    .string()
    .trim()
    .regex(new RegExp(`^[A-Za-z0-9_-]{0,${LIMITS.text.styleCode}}$`))
    .default(''),
  material: optionalText(100),
  process: optionalText(100),
  /** Grams per piece. */
  weight: z.coerce.number().int().min(0).max(1_000_000).default(0),
  factory_id: z.uuid().nullable().default(null),
  introduction: optionalText(5000),
  season: optionalText(30),
  wash_care: optionalText(500),
  /** Base list price of one blank unit, minor units. */
  base_price: minorAmount,
  /** Design-side price: print price per designed face, unless a surface sets its own. */
  design_price: minorAmount.default(0),
  currency: z.enum(CURRENCIES).default('CNY'),
  /** After this moment the product is neither listed nor orderable. */
  expire_at: z.iso.datetime({ offset: true }).nullable().default(null),
  /** What print files must be like, shown to merchants (e.g. "PNG, transparent, 300 DPI"). */
  image_requirements: optionalText(500),
  status: z.enum(PRODUCT_STATUSES).default('off_sale'),
  sort: catalogSort.default(0),
  /** The size chart shown on the detail page. */
  size_template_id: z.uuid().nullable().default(null),
  gallery: z.array(imageIdSchema).max(CATALOG_LIMITS.galleryImages).default([]),
  color_ids: uniqueIds(CATALOG_LIMITS.colorsPerProduct, 1),
  size_ids: uniqueIds(CATALOG_LIMITS.sizesPerProduct, 1),
  /** Stock states of variants; variants not listed are in stock. The SKUs are colour × size. */
  skus: z
    .array(skuInputSchema)
    .max(CATALOG_LIMITS.colorsPerProduct * CATALOG_LIMITS.sizesPerProduct)
    .default([]),
  surfaces: z.array(surfaceInputSchema).min(1).max(CATALOG_LIMITS.surfacesPerProduct),
  price_tiers: z.array(priceTierInputSchema).max(CATALOG_LIMITS.priceTiers).default([]),
  factory_addresses: z.array(factoryAddressInputSchema).max(CATALOG_LIMITS.factoryAddresses).default([]),
});
export type ProductInput = z.infer<typeof productFields>;

/**
 * The cross-field rules of a whole product, for the create schema and for the server after it
 * merges a PATCH: surfaces' geometry and unique keys; mockups, SKUs only of the product's colours
 * and sizes; valid price tiers. A product on sale also needs a gallery image and a mockup of
 * every colour on every surface.
 */
export function productIssues(
  p: Pick<
    ProductInput,
    'color_ids' | 'size_ids' | 'skus' | 'surfaces' | 'price_tiers' | 'base_price' | 'status' | 'gallery'
  >,
): CatalogIssue[] {
  const issues: CatalogIssue[] = [];
  const colours = new Set(p.color_ids);
  const sizes = new Set(p.size_ids);
  const keys = new Set<string>();
  p.surfaces.forEach((s, i) => {
    if (keys.has(s.key)) issues.push({ path: ['surfaces', i, 'key'], rule: 'catalogDuplicate' });
    keys.add(s.key);
    for (const issue of surfaceIssues(s))
      issues.push({ path: ['surfaces', i, ...issue.path], rule: issue.rule });
    s.mockups.forEach((m, j) => {
      if (!colours.has(m.color_id))
        issues.push({ path: ['surfaces', i, 'mockups', j, 'color_id'], rule: 'mockupColor' });
    });
    if (p.status === 'on_sale' && p.color_ids.some((c) => !s.mockups.some((m) => m.color_id === c)))
      issues.push({ path: ['surfaces', i, 'mockups'], rule: 'mockupMissing' });
  });
  const variants = new Set<string>();
  p.skus.forEach((sku, i) => {
    if (!colours.has(sku.color_id) || !sizes.has(sku.size_id))
      issues.push({ path: ['skus', i], rule: 'skuVariant' });
    const key = `${sku.color_id}|${sku.size_id}`;
    if (variants.has(key)) issues.push({ path: ['skus', i], rule: 'catalogDuplicate' });
    variants.add(key);
  });
  for (const issue of priceTierIssues(p.price_tiers, p.base_price))
    issues.push({ path: ['price_tiers', issue.index, issue.field], rule: issue.rule });
  if (p.status === 'on_sale' && p.gallery.length === 0)
    issues.push({ path: ['gallery'], rule: 'productGallery' });
  return issues;
}

export const productCreateSchema = productFields.superRefine((value, ctx) => {
  for (const issue of productIssues(value))
    ctx.addIssue({ code: 'custom', path: issue.path, params: { rule: issue.rule } });
});
/** The server checks the merged product with productIssues(). */
export const productUpdateSchema = patchOf(productFields);

export const sizeChartSchema = z.object({
  id: z.string(),
  template_name: z.string(),
  columns: z.array(z.object({ id: z.string(), name: z.string(), en_name: z.string(), unit: z.string() })),
  rows: z.array(
    z.object({
      size_id: z.string(),
      size_name: z.string(),
      values: z.record(z.string(), z.number().nullable()),
    }),
  ),
});

// ---- Replies ------------------------------------------------------------------------------------
export const productColorSchema = z.object({
  id: z.string(),
  name: z.string(),
  en_name: z.string(),
  hex: z.string(),
  swatch: imageRefSchema.nullable(),
});
export const productSizeSchema = z.object({ id: z.string(), name: z.string(), en_name: z.string() });
export const skuSchema = z.object({
  id: z.string(),
  color_id: z.string(),
  size_id: z.string(),
  sku_code: z.string(),
  stock_state: z.enum(STOCK_STATES),
});
export type Sku = z.infer<typeof skuSchema>;
export const priceTierSchema = z.object({
  id: z.string(),
  kind: z.enum(PRICE_TIER_KINDS),
  min_qty: z.number().int(),
  price: z.number().int(),
  level_id: z.string().nullable(),
  /** The level's name, for level tiers. */
  level_name: z.string(),
  merchant_id: z.string().nullable(),
  /** The merchant's name, for exclusive tiers (only the supplier sees other merchants). */
  merchant_name: z.string(),
});
export type PriceTierItem = z.infer<typeof priceTierSchema>;
export const factoryAddressSchema = factoryAddressInputSchema.extend({ id: z.string() });

/** The engine's input for one product (pricing `PriceList`), so the web can quote locally. */
export const priceListSchema = z.object({
  currency: z.enum(CURRENCIES),
  base_price: z.number().int(),
  design_price: z.number().int(),
  surfaces: z.array(
    z.object({ id: z.string(), key: z.string(), name: z.string(), print_price: z.number().int().nullable() }),
  ),
  tiers: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(PRICE_TIER_KINDS),
      min_qty: z.number().int(),
      price: z.number().int(),
      level_id: z.string().nullable(),
      merchant_id: z.string().nullable(),
    }),
  ),
});

const productCore = {
  id: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  /** The category's English name, '' when none (issue 26). */
  category_en_name: z.string(),
  product_type: z.string(),
  name: z.string(),
  en_name: z.string(),
  style_code: z.string(),
  material: z.string(),
  process: z.string(),
  weight: z.number().int(),
  introduction: z.string(),
  season: z.string(),
  wash_care: z.string(),
  base_price: z.number().int(),
  design_price: z.number().int(),
  currency: z.enum(CURRENCIES),
  image_requirements: z.string(),
  gallery: z.array(imageRefSchema),
  /** The first gallery image, else the first colour's first mockup. */
  cover: imageRefSchema.nullable(),
  colors: z.array(productColorSchema),
  sizes: z.array(productSizeSchema),
  skus: z.array(skuSchema),
  surfaces: z.array(surfaceSchema),
};

/** A product as its supplier manages it (back office): everything, every tier. */
export const productSchema = z.object({
  ...productCore,
  /** Set when a merchant made the product as its own template (counted by its level). */
  merchant_id: z.string().nullable(),
  spu_id: z.string().nullable(),
  spu_code: z.string(),
  factory_id: z.string().nullable(),
  factory_name: z.string(),
  expire_at: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  sort: z.number().int(),
  size_template_id: z.string().nullable(),
  color_ids: z.array(z.string()),
  size_ids: z.array(z.string()),
  price_tiers: z.array(priceTierSchema),
  factory_addresses: z.array(factoryAddressSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof productSchema>;

// ---- Merchant's catalogue (choosing what to design) --------------------------------------------
export const catalogProductListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  /** A category and everything below it. */
  category_id: z.uuid().optional(),
  /** Name, English name or style code contains this. */
  keyword: z.string().trim().max(LIMITS.text.search).optional(),
  /** `own`: only the merchant's own product templates. */
  scope: z.enum(['all', 'own']).default('all'),
});
export const catalogProductListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  en_name: z.string(),
  style_code: z.string(),
  product_type: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  /** The category's English name, '' when none (issue 26). */
  category_en_name: z.string(),
  cover: imageRefSchema.nullable(),
  colors: z.array(productColorSchema),
  size_count: z.number().int(),
  surfaces: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      name: z.string(),
      en_name: z.string().optional(),
      kind: z.enum(SURFACE_KINDS).optional(),
    }),
  ),
  base_price: z.number().int(),
  design_price: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** The merchant's own product template. */
  is_own: z.boolean(),
});
/** A product as a merchant sees it: public tiers and its own exclusive ones, and its price list. */
export const catalogProductSchema = z.object({
  ...productCore,
  expire_at: z.string().nullable(),
  is_own: z.boolean(),
  size_chart: sizeChartSchema.nullable(),
  price_tiers: z.array(priceTierSchema),
  factory_addresses: z.array(factoryAddressSchema),
  /** Feed to pricing `quote(price_list, buyer, …)` for the same numbers the server charges. */
  price_list: priceListSchema,
  /** The caller as a buyer (merchant and its level in force). */
  buyer: z.object({ merchant_id: z.string().nullable(), level_id: z.string().nullable() }),
});
export type CatalogProduct = z.infer<typeof catalogProductSchema>;

// ---- Quotes ---------------------------------------------------------------------------------------
export const quoteRequestSchema = z.object({
  product_id: z.uuid(),
  quantity: jsonInteger(1, MAX_QUOTE_QUANTITY),
  /** The designed faces, by surface id or key. */
  surfaces: z.array(z.string().trim().min(1).max(40)).max(CATALOG_LIMITS.surfacesPerProduct).default([]),
});
export const priceBreakdownSchema = z.object({
  currency: z.enum(CURRENCIES),
  quantity: z.number().int(),
  list_base: z.number().int(),
  base: z.number().int(),
  tier: z
    .object({
      id: z.string(),
      kind: z.enum(PRICE_TIER_KINDS),
      min_qty: z.number().int(),
      price: z.number().int(),
    })
    .nullable(),
  faces: z.array(
    z.object({ surface_id: z.string(), key: z.string(), name: z.string(), print_price: z.number().int() }),
  ),
  print: z.number().int(),
  list_unit: z.number().int(),
  unit: z.number().int(),
  subtotal: z.number().int(),
  savings: z.number().int(),
});
export type PriceBreakdownReply = z.infer<typeof priceBreakdownSchema>;

// ---- Storefront (public) --------------------------------------------------------------------------
export const storefrontCategorySchema = z.object({
  id: z.string(),
  category_name: z.string(),
  en_name: z.string(),
  parent_id: z.string().nullable(),
  level: z.number().int(),
  sort: z.number().int(),
  /** Products on sale in this category and below it. */
  product_count: z.number().int(),
});
export const STOREFRONT_SORTS = ['default', 'newest', 'price_asc', 'price_desc'] as const;
export const storefrontProductListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(60).default(20),
  /** A category and everything below it. */
  category_id: z.uuid().optional(),
  /** Name, English name or style code contains this. */
  keyword: z.string().trim().max(LIMITS.text.search).optional(),
  sort: z.enum(STOREFRONT_SORTS).default('default'),
});
export const storefrontProductListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  en_name: z.string(),
  style_code: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  /** The category's English name, '' when none (issue 26). */
  category_en_name: z.string(),
  cover: imageRefSchema.nullable(),
  colors: z.array(productColorSchema),
  /** Each colour's own picture: its mockup on the product's first surface (issue 26). */
  color_pictures: z.array(z.object({ color_id: z.string(), image: imageRefSchema })),
  base_price: z.number().int(),
  design_price: z.number().int(),
  /** The lowest public unit price with one designed face (best wholesale base + design price). */
  price_from: z.number().int(),
  currency: z.enum(CURRENCIES),
});
export const storefrontPriceRowSchema = z.object({
  min_qty: z.number().int(),
  max_qty: z.number().int().nullable(),
  /** Base price per unit in this quantity range. */
  base: z.number().int(),
  /** Unit price with one designed face at the design-side price. */
  unit_one_face: z.number().int(),
});
export const storefrontProductSchema = z.object({
  id: z.string(),
  name: z.string(),
  en_name: z.string(),
  style_code: z.string(),
  product_type: z.string(),
  category_id: z.string(),
  category_name: z.string(),
  category_en_name: z.string(),
  /** Root first, for the breadcrumb. */
  category_path: z.array(z.object({ id: z.string(), category_name: z.string(), en_name: z.string() })),
  material: z.string(),
  process: z.string(),
  weight: z.number().int(),
  introduction: z.string(),
  season: z.string(),
  wash_care: z.string(),
  /**
   * The dictionary-backed fields as the shopper reads them (issue 26): each field's value shown by
   * the dictionary's label for it (the entry of the field's type with that value) in the request's
   * language (Accept-Language), else the label in the other language, else the value itself.
   */
  dictionary_labels: z.object({
    product_type: z.string(),
    material: z.string(),
    process: z.string(),
    season: z.string(),
    wash_care: z.string(),
  }),
  image_requirements: z.string(),
  gallery: z.array(imageRefSchema),
  cover: imageRefSchema.nullable(),
  colors: z.array(productColorSchema),
  /** Each colour's own picture: its mockup on the product's first surface (issue 26). */
  color_pictures: z.array(z.object({ color_id: z.string(), image: imageRefSchema })),
  sizes: z.array(productSizeSchema),
  skus: z.array(skuSchema.omit({ sku_code: true })),
  size_chart: sizeChartSchema.nullable(),
  /** Design surfaces with a preview (the first colour's mockup) and the print price per face. */
  surfaces: z.array(
    z.object({
      id: z.string(),
      key: z.string(),
      name: z.string(),
      en_name: z.string(),
      effective_print_price: z.number().int(),
      print_size_mm: z.object({ width: z.number(), height: z.number() }),
      preview: imageRefSchema.nullable(),
    }),
  ),
  base_price: z.number().int(),
  design_price: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** Wholesale ranges (list price first, from 1 piece). */
  price_table: z.array(storefrontPriceRowSchema),
  /** Level prices by merchant level (exclusive prices are never public). */
  level_prices: z.array(
    z.object({
      level_id: z.string(),
      level_name: z.string(),
      min_qty: z.number().int(),
      price: z.number().int(),
    }),
  ),
});
export type StorefrontProduct = z.infer<typeof storefrontProductSchema>;
