import type { ListingFields } from './schemas.ts';
import {
  checkComposition,
  DEFAULT_RULE_SETTINGS,
  checkDelivery,
  checkImages,
  checkMeasure,
  checkOrigin,
  checkSites,
  checkSizeTables,
  checkTitle,
  imageRules,
  IMAGE_KINDS,
  type ImageFormat,
  type ImageKind,
  type PublishPlatform,
  type PublishRuleSettings,
  type RuleImage,
  type RuleIssue,
  type SalesMode,
  type SizeTable,
  type WarehouseRoute,
} from './rules.ts';

/** An image of a listing: a rendition of a finished product's mockup, or the merchant's upload. */
export interface ListingImage extends RuleImage {
  source: 'mockup' | 'upload';
  /** mockup: `{color_id}:{surface_key}`; upload: the attachment's id. */
  ref: string;
}

/** The fields of a listing the rules read (spec §3 Publish listing). */
export interface ListingRuleInput {
  title_zh: string;
  title_en: string;
  declared_price: number | null;
  site_prices: ReadonlyArray<{ site_id: string; price: number }>;
  origin_country: string;
  origin_province: string;
  images: Partial<Record<ImageKind, readonly ListingImage[]>>;
  volume: number | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  delivery_days: number | null;
  warehouse_routes: readonly WarehouseRoute[];
  site_ids: readonly string[];
  sales_mode: SalesMode;
  composition: ReadonlyArray<{ material: string; ratio: number }>;
  size_tables: readonly SizeTable[];
  /** Variations (colour × size) the listing will carry. */
  variations: number;
}

/**
 * The size a mockup is rendered at for each kind of image (the sizes the rules need): 3:4 at
 * 1350×1800 (Temu's sizeMode 2) for photos and carousels, 1000×1000 for square and main images,
 * 80×80 for the thumbnail. The form and the server use the same renditions.
 */
export const MOCKUP_RENDITIONS: Readonly<
  Record<ImageKind, { width: number; height: number; format: ImageFormat }>
> = {
  product_photos: { width: 1350, height: 1800, format: 'jpg' },
  skc_carousel: { width: 1350, height: 1800, format: 'jpg' },
  main: { width: 1000, height: 1000, format: 'jpg' },
  square: { width: 1000, height: 1000, format: 'jpg' },
  thumbnail: { width: 80, height: 80, format: 'jpg' },
  outer_package: { width: 1350, height: 1800, format: 'jpg' },
  theme: { width: 1350, height: 1800, format: 'jpg' },
  detail: { width: 1350, height: 1800, format: 'jpg' },
};

/**
 * Every listing rule of spec §5 at once, under a platform's readings (one call for the form's
 * inline errors and the server's preflight).
 */
export function validateListing(input: ListingRuleInput, settings: PublishRuleSettings): RuleIssue[] {
  const issues: RuleIssue[] = [
    ...checkTitle('title_zh', input.title_zh),
    ...checkTitle('title_en', input.title_en),
  ];
  if (input.declared_price === null)
    issues.push({ field: 'declared_price', rule: 'required', severity: 'error' });
  else if (!(input.declared_price > 0))
    issues.push({ field: 'declared_price', rule: 'positive', severity: 'error' });
  input.site_prices.forEach((p, i) => {
    if (!(p.price > 0)) issues.push({ field: `site_prices.${i}.price`, rule: 'positive', severity: 'error' });
  });
  issues.push(...checkOrigin(input.origin_country, input.origin_province));
  for (const key of ['volume', 'weight', 'length', 'width', 'height'] as const)
    issues.push(...checkMeasure(key, input[key]));
  if (input.variations < 1)
    issues.push({ field: 'variations', rule: 'variationRequired', severity: 'error' });
  const rules = imageRules(settings);
  for (const kind of IMAGE_KINDS)
    issues.push(...checkImages(`images.${kind}`, input.images[kind] ?? [], rules[kind]));
  issues.push(
    ...checkSites(
      { site_ids: input.site_ids, routes: input.warehouse_routes, sales_mode: input.sales_mode },
      settings,
    ),
  );
  issues.push(...checkDelivery(input.delivery_days, input.warehouse_routes));
  if (settings.compositionRequired) issues.push(...checkComposition(input.composition));
  if (settings.sizeTablesRequired)
    issues.push(
      ...checkSizeTables(input.size_tables, {
        length: input.length,
        width: input.width,
        height: input.height,
        weight: input.weight,
      }),
    );
  return issues;
}

/** An uploaded file's format as the rules read it, from its suffix. */
export function imageFormatOf(suffix: string): ImageFormat {
  const s = suffix.toLowerCase();
  return s === 'png' ? 'png' : s === 'webp' ? 'webp' : 'jpg';
}

/**
 * Fills each kind of image that is empty with a finished product's mockups (`{color_id}:{surface}`),
 * as many as the platform's rule asks, at the size each is rendered at when published (decision
 * 0068). The form's "fill with mockups" and applying a template do the same.
 */
export function fillWithMockups(
  images: ListingFields['images'],
  mockupRefs: readonly string[],
  platform: PublishPlatform,
): ListingFields['images'] {
  if (!mockupRefs.length) return images;
  const rules = imageRules(DEFAULT_RULE_SETTINGS[platform]);
  const out = { ...images };
  for (const kind of IMAGE_KINDS) {
    if (out[kind]?.length || rules[kind].min < 1) continue;
    const size = MOCKUP_RENDITIONS[kind];
    out[kind] = Array.from({ length: rules[kind].min }, (_, i) => ({
      source: 'mockup' as const,
      ref: mockupRefs[i % mockupRefs.length]!,
      width: size.width,
      height: size.height,
      bytes: 0,
      format: size.format,
    }));
  }
  return out;
}

/**
 * What a listing template keeps (decision 0068): what fits another finished product. Mockup images
 * are one product's (each product's own fill them when the template is applied) and the SKC number
 * is one listing's (Temu finds a product by it: two listings sharing it would share a product).
 */
export function reusableListingFields(fields: ListingFields): ListingFields {
  const images = Object.fromEntries(
    Object.entries(fields.images).map(([kind, list]) => [kind, list.filter((i) => i.source === 'upload')]),
  ) as ListingFields['images'];
  return { ...fields, images, skc_number: '' };
}
