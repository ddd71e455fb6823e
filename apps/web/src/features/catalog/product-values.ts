import {
  productIssues,
  type CatalogIssue,
  type Currency,
  type MockupBlend,
  type PriceTierKind,
  type Product,
  type ProductInput,
  type ProductStatus,
  type StockState,
  type SurfaceKind,
} from '@pod/shared';
import { minorToYuan, yuanToMinor } from '../tenancy/money.ts';
import { defaultGeometry, type Rect } from './surface-geometry.ts';

/*
 * The product form's values and the request body they make (productCreateSchema of @pod/shared).
 * The form edits money in yuan and the expiry as a local date-time; the body carries minor units
 * and an ISO time, exactly what the server validates with the same shared rules.
 */

export interface SurfaceValues {
  id?: string;
  key: string;
  name: string;
  en_name: string;
  kind: SurfaceKind;
  blend: MockupBlend;
  sort: number;
  template: { width: number; height: number };
  print_area: Rect;
  safe_area: Rect;
  bleed: number;
  print_file: { width: number; height: number; dpi: number };
  min_dpi: number;
  /** Yuan; null uses the product's design-side price. */
  print_price: number | null;
  mockups: Array<{ color_id: string; image: string }>;
  mask: string | null;
}

export interface TierValues {
  id?: string;
  kind: PriceTierKind;
  min_qty: number;
  /** Yuan. */
  price: number;
  level_id: string | null;
  merchant_id: string | null;
}

export interface SkuValues {
  color_id: string;
  size_id: string;
  sku_code: string;
  stock_state: StockState;
}

export interface FactoryAddressValues {
  id?: string;
  name: string;
  country: string;
  province: string;
  address: string;
  post_code: string;
  phone: string;
}

export interface ProductValues {
  category_id: string | null;
  spu_id: string | null;
  product_type: string;
  name: string;
  en_name: string;
  style_code: string;
  material: string;
  process: string;
  weight: number;
  factory_id: string | null;
  introduction: string;
  season: string;
  wash_care: string;
  /** Yuan. */
  base_price: number;
  /** Yuan. */
  design_price: number;
  currency: Currency;
  /** `YYYY-MM-DDTHH:mm` local, or blank. */
  expire_at: string;
  image_requirements: string;
  status: ProductStatus;
  sort: number;
  size_template_id: string | null;
  gallery: string[];
  color_ids: string[];
  size_ids: string[];
  skus: SkuValues[];
  surfaces: SurfaceValues[];
  price_tiers: TierValues[];
  factory_addresses: FactoryAddressValues[];
}

/** An ISO time as the `datetime-local` input shows it (local time, minutes); blank for none. */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** A `datetime-local` value as an ISO time (UTC); null when blank or not a date. */
export function fromLocalInput(local: string | null | undefined): string | null {
  if (!local) return null;
  const date = new Date(local);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Stable surface keys the form offers: front, back, then side_3, side_4… */
export function nextSurfaceKey(existing: readonly { key: string }[]): string {
  const used = new Set(existing.map((s) => s.key));
  for (const key of ['front', 'back', 'sleeve_left', 'sleeve_right']) if (!used.has(key)) return key;
  let n = existing.length + 1;
  while (used.has(`side_${n}`)) n += 1;
  return `side_${n}`;
}

/** A new surface on a template (default 1000 × 1000 px until a mockup gives the real size). */
export function newSurface(
  existing: readonly { key: string }[],
  template = { width: 1000, height: 1000 },
): SurfaceValues {
  const key = nextSurfaceKey(existing);
  return {
    key,
    name: '',
    en_name: '',
    kind: 'flat',
    blend: 'multiply',
    sort: 0,
    ...defaultGeometry(template),
    bleed: 0,
    min_dpi: 150,
    print_price: null,
    mockups: [],
    mask: null,
  };
}

/** The form's values of a product as the server sent it. */
export function productToValues(row: Product): ProductValues {
  return {
    category_id: row.category_id,
    spu_id: row.spu_id,
    product_type: row.product_type,
    name: row.name,
    en_name: row.en_name,
    style_code: row.style_code,
    material: row.material,
    process: row.process,
    weight: row.weight,
    factory_id: row.factory_id,
    introduction: row.introduction,
    season: row.season,
    wash_care: row.wash_care,
    base_price: minorToYuan(row.base_price),
    design_price: minorToYuan(row.design_price),
    currency: row.currency,
    expire_at: toLocalInput(row.expire_at),
    image_requirements: row.image_requirements,
    status: row.status,
    sort: row.sort,
    size_template_id: row.size_template_id,
    gallery: row.gallery.map((g) => g.id),
    color_ids: row.color_ids,
    size_ids: row.size_ids,
    skus: row.skus.map((s) => ({
      color_id: s.color_id,
      size_id: s.size_id,
      sku_code: s.sku_code,
      stock_state: s.stock_state,
    })),
    surfaces: row.surfaces.map((s) => ({
      id: s.id,
      key: s.key,
      name: s.name,
      en_name: s.en_name,
      kind: s.kind,
      blend: s.blend,
      sort: s.sort,
      template: s.template,
      print_area: s.print_area,
      safe_area: s.safe_area,
      bleed: s.bleed,
      print_file: s.print_file,
      min_dpi: s.min_dpi,
      print_price: s.print_price === null ? null : minorToYuan(s.print_price),
      mockups: s.mockups.map((m) => ({ color_id: m.color_id, image: m.image.id })),
      mask: s.mask?.id ?? null,
    })),
    price_tiers: row.price_tiers.map((t) => ({
      id: t.id,
      kind: t.kind,
      min_qty: t.min_qty,
      price: minorToYuan(t.price),
      level_id: t.level_id,
      merchant_id: t.merchant_id,
    })),
    factory_addresses: row.factory_addresses.map((a) => ({ ...a })),
  };
}

const nullable = (value: number | null | undefined) =>
  value === null || value === undefined || Number.isNaN(value) ? null : yuanToMinor(value);

/**
 * The request body of the form's values (productCreateSchema): minor units, an ISO expiry, and
 * the SKUs of the chosen colours and sizes only.
 */
export function valuesToBody(values: Partial<ProductValues>): ProductInput {
  const colors = new Set(values.color_ids ?? []);
  const sizes = new Set(values.size_ids ?? []);
  return {
    category_id: values.category_id ?? '',
    spu_id: values.spu_id ?? null,
    product_type: values.product_type ?? '',
    name: values.name ?? '',
    en_name: values.en_name ?? '',
    style_code: values.style_code ?? '',
    material: values.material ?? '',
    process: values.process ?? '',
    weight: values.weight ?? 0,
    factory_id: values.factory_id ?? null,
    introduction: values.introduction ?? '',
    season: values.season ?? '',
    wash_care: values.wash_care ?? '',
    base_price: yuanToMinor(values.base_price),
    design_price: yuanToMinor(values.design_price),
    currency: values.currency ?? 'CNY',
    expire_at: fromLocalInput(values.expire_at),
    image_requirements: values.image_requirements ?? '',
    status: values.status ?? 'off_sale',
    sort: values.sort ?? 0,
    size_template_id: values.size_template_id ?? null,
    gallery: values.gallery ?? [],
    color_ids: values.color_ids ?? [],
    size_ids: values.size_ids ?? [],
    skus: (values.skus ?? []).filter((s) => colors.has(s.color_id) && sizes.has(s.size_id)),
    surfaces: (values.surfaces ?? []).map((s) => ({
      ...(s.id ? { id: s.id } : {}),
      key: s.key,
      name: s.name,
      en_name: s.en_name ?? '',
      kind: s.kind,
      blend: s.blend,
      sort: s.sort ?? 0,
      template: s.template,
      print_area: s.print_area,
      safe_area: s.safe_area,
      bleed: s.bleed ?? 0,
      print_file: s.print_file,
      min_dpi: s.min_dpi,
      print_price: nullable(s.print_price),
      // A mockup is kept only for a colour the product still has (the others would be refused).
      mockups: (s.mockups ?? []).filter((m) => m.image && colors.has(m.color_id)),
      mask: s.mask ?? null,
    })),
    price_tiers: (values.price_tiers ?? []).map((t) => ({
      ...(t.id ? { id: t.id } : {}),
      kind: t.kind,
      min_qty: t.min_qty ?? 1,
      price: yuanToMinor(t.price),
      level_id: t.kind === 'level' ? (t.level_id ?? null) : null,
      merchant_id: t.kind === 'exclusive' ? (t.merchant_id ?? null) : null,
    })),
    factory_addresses: (values.factory_addresses ?? []).map((a) => ({
      ...(a.id ? { id: a.id } : {}),
      name: a.name ?? '',
      country: a.country ?? 'CN',
      province: a.province ?? '',
      address: a.address ?? '',
      post_code: a.post_code ?? '',
      phone: a.phone ?? '',
    })),
  };
}

/**
 * The shared cross-field rules (productIssues: surfaces' geometry, mockups, SKUs, price tiers, the
 * gallery of a product on sale) on the form's current values, as the server will check them.
 */
export function formIssues(values: Partial<ProductValues>): CatalogIssue[] {
  const body = valuesToBody(values);
  // Half-typed geometry (a cleared number) is the field's own error, not a cross-field one.
  const isComplete = body.surfaces.every((s) =>
    [s.template, s.print_area, s.safe_area, s.print_file].every((part) =>
      Object.values(part).every((n) => typeof n === 'number' && Number.isFinite(n) && n >= 0),
    ),
  );
  return isComplete ? productIssues(body) : [];
}
