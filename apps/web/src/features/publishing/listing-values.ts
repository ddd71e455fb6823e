import {
  checkPriceText,
  DEFAULT_RULE_SETTINGS,
  fillWithMockups,
  IMAGE_KINDS,
  listingFieldsSchema,
  MOCKUP_RENDITIONS,
  reusableListingFields,
  validateListing,
  type ImageKind,
  type ListingFields,
  type ListingImageInput,
  type PublishPlatform,
  type RuleIssue,
} from '@pod/shared';

/*
 * The publish form's values and the listing's fields (spec §3 Publish listing), both ways, and
 * where each rule issue shows inline (issue 23). Prices are typed as text (the "two decimals" rule
 * reads what was typed) and stored in minor units.
 */

export type Images = ListingFields['images'];

export interface FormValues {
  finished_id: string;
  shop_id: string;
  title_zh: string;
  title_en: string;
  description: string;
  category_id: string;
  attributes: Array<{ id: string; name: string; value: string }>;
  price_text: string;
  declared_currency: ListingFields['declared_currency'];
  retail_text: string;
  retail_currency: ListingFields['retail_currency'];
  original_text: string;
  site_prices: Array<{ site_id: string; price_text: string }>;
  origin_country: string;
  origin_province: string;
  images: Images;
  model_info: string;
  is_sensitive: boolean;
  sensitive_type: string;
  capacity: number | null;
  volume: number | null;
  weight: number | null;
  length: number | null;
  width: number | null;
  height: number | null;
  package_shape: string;
  package_type: string;
  delivery_days: 1 | 2 | 9 | null;
  freight_template_id: string;
  warehouse_routes: ListingFields['warehouse_routes'];
  site_ids: string[];
  sales_mode: ListingFields['sales_mode'];
  sku_prefix: string;
  skc_number: string;
  stock: number | null;
  composition: Array<{ material: string; ratio: number | null }>;
  size_tables: Array<{
    name: string;
    rows: Array<{
      size: string;
      length: number | null;
      width: number | null;
      height: number | null;
      net_weight: number | null;
    }>;
  }>;
}

const money = (minor: number | null) => (minor === null ? '' : (minor / 100).toFixed(2));
const toMinor = (text: string) => Math.round(Number(text) * 100);
const priceOf = (text: string | undefined) =>
  text && checkPriceText('price', text).length === 0 ? toMinor(text) : null;

export const emptyImages = (): Images =>
  Object.fromEntries(IMAGE_KINDS.map((k) => [k, []])) as unknown as Images;

/** The form's values of a listing's (or a template's) fields. */
export function valuesOf(fields: ListingFields | null, ids: { finished_id?: string; shop_id?: string } = {}) {
  const f = fields ?? listingFieldsSchema.parse({});
  const values: Partial<FormValues> = {
    ...ids,
    title_zh: f.title_zh,
    title_en: f.title_en,
    description: f.description,
    category_id: f.category_id,
    attributes: f.attributes,
    price_text: money(f.declared_price),
    declared_currency: f.declared_currency,
    retail_text: money(f.retail_price),
    retail_currency: f.retail_currency,
    original_text: money(f.original_price),
    site_prices: f.site_prices.map((p) => ({ site_id: p.site_id, price_text: money(p.price) })),
    origin_country: f.origin_country,
    origin_province: f.origin_province,
    images: { ...emptyImages(), ...f.images },
    model_info: f.model_info,
    is_sensitive: f.is_sensitive,
    sensitive_type: f.sensitive_type,
    capacity: f.capacity,
    volume: f.volume,
    weight: f.weight,
    length: f.length,
    width: f.width,
    height: f.height,
    package_shape: f.package_shape,
    package_type: f.package_type,
    delivery_days: f.delivery_days,
    freight_template_id: f.freight_template_id,
    warehouse_routes: f.warehouse_routes,
    site_ids: f.site_ids,
    sales_mode: f.sales_mode,
    sku_prefix: f.sku_prefix,
    skc_number: f.skc_number,
    stock: f.stock,
    composition: f.composition,
    size_tables: f.size_tables,
  };
  return values;
}

const num = (v: number | null | undefined) => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/**
 * The listing's fields of the form's values (what is saved, and what the rules read). Every field
 * is filled; what the schema would refuse (an empty warehouse id) is left for the server to name.
 */
export function fieldsOf(v: Partial<FormValues>): ListingFields {
  return {
    title_zh: v.title_zh ?? '',
    title_en: v.title_en ?? '',
    description: v.description ?? '',
    category_id: v.category_id ?? '',
    attributes: (v.attributes ?? []).filter(Boolean).map((a) => ({
      id: a.id ?? '',
      name: a.name ?? '',
      value: a.value ?? '',
    })),
    declared_price: priceOf(v.price_text),
    declared_currency: v.declared_currency ?? 'USD',
    retail_price: priceOf(v.retail_text),
    retail_currency: v.retail_currency ?? 'USD',
    original_price: priceOf(v.original_text),
    site_prices: (v.site_prices ?? [])
      .filter(Boolean)
      .map((p) => ({ site_id: p.site_id ?? '', price: priceOf(p.price_text) ?? 0 })),
    origin_country: v.origin_country ?? '',
    origin_province: v.origin_province ?? '',
    images: { ...emptyImages(), ...(v.images ?? {}) },
    model_info: v.model_info ?? '',
    is_sensitive: v.is_sensitive ?? false,
    sensitive_type: v.is_sensitive ? (v.sensitive_type ?? '') : '',
    capacity: num(v.capacity),
    volume: num(v.volume),
    weight: num(v.weight),
    length: num(v.length),
    width: num(v.width),
    height: num(v.height),
    package_shape: v.package_shape ?? '',
    package_type: v.package_type ?? '',
    delivery_days: v.delivery_days ?? null,
    freight_template_id: v.freight_template_id ?? '',
    warehouse_routes: (v.warehouse_routes ?? []).filter(Boolean).map((r) => ({
      warehouse_id: r.warehouse_id ?? '',
      warehouse_type: r.warehouse_type ?? 'self',
      site_ids: r.site_ids ?? [],
    })),
    site_ids: v.site_ids ?? [],
    sales_mode: v.sales_mode ?? 'single_site',
    sku_prefix: v.sku_prefix ?? '',
    skc_number: v.skc_number ?? '',
    stock: num(v.stock) ?? 0,
    composition: (v.composition ?? [])
      .filter(Boolean)
      .map((c) => ({ material: c.material ?? '', ratio: num(c.ratio) ?? 0 })),
    size_tables: (v.size_tables ?? []).filter(Boolean).map((table) => ({
      name: table.name ?? '',
      rows: (table.rows ?? []).filter(Boolean).map((r) => ({
        size: r.size ?? '',
        length: num(r.length) ?? 0,
        width: num(r.width) ?? 0,
        height: num(r.height) ?? 0,
        net_weight: num(r.net_weight) ?? 0,
      })),
    })),
  };
}

/**
 * Every rule of spec §5 on the form's values, as the server's preflight runs them (the shared
 * `validateListing` under the platform's readings), plus the typed prices' two decimals and the
 * category the marketplace needs.
 */
export function formIssues(
  v: Partial<FormValues>,
  platform: PublishPlatform,
  variations: number,
): RuleIssue[] {
  // Not parsed: a half-filled row (an empty warehouse id) must not stop the rules from running.
  const fields = fieldsOf(v);
  const issues = validateListing({ ...fields, variations }, DEFAULT_RULE_SETTINGS[platform]).filter(
    (i) => i.field !== 'declared_price' && !/^site_prices\.\d+\.price$/.test(i.field),
  );
  issues.push(...checkPriceText('declared_price', v.price_text ?? ''));
  if (v.retail_text?.trim()) issues.push(...checkPriceText('retail_price', v.retail_text));
  if (v.original_text?.trim()) issues.push(...checkPriceText('original_price', v.original_text));
  (v.site_prices ?? []).forEach((p, i) =>
    issues.push(...checkPriceText(`site_prices.${i}.price`, p?.price_text ?? '')),
  );
  if (!fields.category_id.trim()) issues.push({ field: 'category_id', rule: 'required', severity: 'error' });
  // Rows added and left empty: what the server's schema would refuse, named where it is.
  const required = (field: string): RuleIssue => ({ field, rule: 'required', severity: 'error' });
  fields.warehouse_routes.forEach((r, i) => {
    if (!r.warehouse_id.trim()) issues.push(required(`warehouse_routes.${i}.warehouse_id`));
  });
  fields.site_prices.forEach((p, i) => {
    if (!p.site_id) issues.push(required(`site_prices.${i}.site_id`));
  });
  fields.attributes.forEach((a, i) => {
    if (!a.id.trim()) issues.push(required(`attributes.${i}.id`));
  });
  return issues;
}

/**
 * The form field an issue shows under (its name path), or null when it has none and goes to the
 * list above the buttons. Image issues show under their kind, list-wide ones under their list.
 */
export function formPathOf(field: string): Array<string | number> | null {
  const parts = field.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const [head] = parts;
  switch (head) {
    case 'declared_price':
      return ['price_text'];
    case 'retail_price':
      return ['retail_text'];
    case 'original_price':
      return ['original_text'];
    case 'site_prices':
      return parts.length === 3 && parts[2] === 'price' ? ['site_prices', parts[1]!, 'price_text'] : parts;
    case 'images':
      return ['images', parts[1]!];
    case 'warehouse_routes':
    case 'composition':
    case 'size_tables':
    case 'attributes':
      return parts;
    case 'variations':
      return null;
    default:
      return typeof head === 'string' && head in EMPTY_VALUES ? [head] : null;
  }
}

/** The keys of the form's top-level values (which paths a scalar issue may name). */
const EMPTY_VALUES: Record<string, true> = Object.fromEntries(
  Object.keys(valuesOf(null)).map((k) => [k, true]),
);

/** A mockup the finished product has rendered: `{color_id}:{surface_key}` with its picture. */
export interface Mockup {
  ref: string;
  url: string;
  label: string;
}

/** A mockup image of a kind, at the size it is rendered at when it is published. */
export function mockupImage(kind: ImageKind, ref: string): ListingImageInput {
  const size = MOCKUP_RENDITIONS[kind];
  return { source: 'mockup', ref, width: size.width, height: size.height, bytes: 0, format: size.format };
}

/** Fills every kind of image that is still empty with the finished product's mockups (decision 0068). */
export const withMockups = (images: Images, mockups: readonly Mockup[], platform: PublishPlatform): Images =>
  fillWithMockups(
    { ...emptyImages(), ...images },
    mockups.map((m) => m.ref),
    platform,
  );

/** A template keeps what fits another finished product (decision 0068): no titles, mockups or SKC number. */
export const templateFieldsOf = (v: Partial<FormValues>): ListingFields => ({
  ...reusableListingFields(fieldsOf(v)),
  title_zh: '',
  title_en: '',
});
