import {
  basePriceFor,
  publicTiers,
  surfaceGeometry,
  tiersVisibleTo,
  wholesaleRanges,
  type Buyer,
  type CatalogProduct,
  type Currency,
  type Language,
  type PriceList,
  type Product,
  type StorefrontProduct,
} from '@pod/shared';
import type { z } from 'zod';
import type { catalogProductListItemSchema, storefrontProductListItemSchema } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import type {
  catalogCategories,
  catalogColors,
  catalogSizes,
  StoredPriceTier,
  StoredSurface,
} from './schema.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { imageRef, imageRefOrNull } from './images.ts';
import {
  categoriesOfTenant,
  colorsByIds,
  dictionaryEntriesByValues,
  factoriesByIds,
  merchantLevelsByIds,
  merchantsByIds,
  sizesByIds,
  sizeTemplatesByIds,
  spusByIds,
} from './lookups.repo.ts';
import type { ProductRow } from './product.service.ts';
import { chartNames, toSizeChart } from './reference.resources.ts';

type CategoryRow = typeof catalogCategories.$inferSelect;
type ColorRow = typeof catalogColors.$inferSelect;
type SizeRow = typeof catalogSizes.$inferSelect;

/** What product replies show beyond the row: names of everything it points at. */
export interface ProductRefs {
  categories: Map<string, CategoryRow>;
  colors: Map<string, ColorRow>;
  sizes: Map<string, SizeRow>;
  levels: Map<string, string>;
  merchants: Map<string, string>;
  factories: Map<string, string>;
  spus: Map<string, string>;
  charts: Map<string, ReturnType<typeof toSizeChart>>;
}

/**
 * Loads the references of a batch of products in a few queries (never one per product), all at
 * once and each prepared (decision 0076). `known.categories`: the tenant's categories when the
 * caller already read them (a listing or a visibility check), so they are not read twice.
 */
export async function loadRefs(
  tx: Executor,
  tenantId: string,
  rows: ProductRow[],
  known: { categories?: CategoryRow[] } = {},
): Promise<ProductRefs> {
  const tiers = rows.flatMap((r) => r.priceTiers);
  const [categories, colors, sizes, levels, merchants, factories, spus, templates] = await Promise.all([
    known.categories ?? categoriesOfTenant(tx, tenantId),
    colorsByIds(
      tx,
      tenantId,
      rows.flatMap((r) => r.colorIds),
    ),
    sizesByIds(
      tx,
      tenantId,
      rows.flatMap((r) => r.sizeIds),
    ),
    merchantLevelsByIds(
      tx,
      tenantId,
      tiers.map((t) => t.level_id),
    ),
    merchantsByIds(
      tx,
      tenantId,
      tiers.map((t) => t.merchant_id),
    ),
    factoriesByIds(
      tx,
      tenantId,
      rows.map((r) => r.factoryId),
    ),
    spusByIds(
      tx,
      tenantId,
      rows.map((r) => r.spuId),
    ),
    sizeTemplatesByIds(
      tx,
      tenantId,
      rows.map((r) => r.sizeTemplateId),
    ),
  ]);
  const sizeById = new Map(sizes.map((s) => [s.id, s]));
  const names = templates.length
    ? await chartNames(tx, tenantId, templates, sizeById)
    : new Map<string, Parameters<typeof toSizeChart>[1]>();
  return {
    categories: new Map(categories.map((c) => [c.id, c])),
    colors: new Map(colors.map((c) => [c.id, c])),
    sizes: sizeById,
    levels: new Map(levels.map((l) => [l.id, l.name])),
    merchants: new Map(merchants.map((m) => [m.id, m.name])),
    factories: new Map(factories.map((f) => [f.id, f.name])),
    spus: new Map(spus.map((s) => [s.id, s.code])),
    charts: new Map(templates.map((t) => [t.id, toSizeChart(t, names.get(t.id))])),
  };
}

/**
 * The references a list item shows (toStorefrontListItem, toCatalogListItem): category names,
 * from the categories the listing already read, and the colours: ONE statement. The other maps
 * are empty: a list item shows no sizes, tiers, factory, SPU or size chart.
 */
export async function listRefs(
  tx: Executor,
  tenantId: string,
  rows: ProductRow[],
  categories: CategoryRow[],
): Promise<ProductRefs> {
  const colors = await colorsByIds(
    tx,
    tenantId,
    rows.flatMap((r) => r.colorIds),
  );
  return {
    categories: new Map(categories.map((c) => [c.id, c])),
    colors: new Map(colors.map((c) => [c.id, c])),
    sizes: new Map(),
    levels: new Map(),
    merchants: new Map(),
    factories: new Map(),
    spus: new Map(),
    charts: new Map(),
  };
}

/** The pricing engine's input for a product, with the tiers the viewer may see. */
export function priceListOf(row: ProductRow, tiers: readonly StoredPriceTier[] = row.priceTiers): PriceList {
  return {
    currency: row.currency as Currency,
    base_price: row.basePrice,
    design_price: row.designPrice,
    surfaces: row.surfaces.map((s) => ({ id: s.id, key: s.key, name: s.name, print_price: s.print_price })),
    tiers: tiers.map((t) => ({ ...t })),
  };
}

const colorsOf = (row: ProductRow, refs: ProductRefs, files: FileUrls) =>
  row.colorIds.flatMap((id) => {
    const c = refs.colors.get(id);
    return c
      ? [{ id: c.id, name: c.name, en_name: c.enName, hex: c.hex, swatch: imageRefOrNull(files, c.swatch) }]
      : [];
  });
const sizesOf = (row: ProductRow, refs: ProductRefs) =>
  row.sizeIds.flatMap((id) => {
    const s = refs.sizes.get(id);
    return s ? [{ id: s.id, name: s.name, en_name: s.enName }] : [];
  });

/** The first gallery image, else the first colour's mockup of the first surface. */
function coverOf(row: ProductRow, files: FileUrls) {
  const first = row.gallery[0];
  if (first) return imageRef(files, first);
  const surface = row.surfaces[0];
  const mockup = surface?.mockups.find((m) => m.color_id === row.colorIds[0]) ?? surface?.mockups[0];
  return mockup ? imageRef(files, mockup.image) : null;
}

/**
 * Each colour's own picture (issue 26): the colour's mockup image of the product's first surface
 * that has one (surfaces in their shown order), so choosing a colour on the storefront shows that
 * colour. Colours without a mockup are left out (the page keeps the gallery for them).
 */
function colorPictures(row: ProductRow, files: FileUrls) {
  const surfaces = [...row.surfaces].sort((a, b) => b.sort - a.sort);
  return row.colorIds.flatMap((colorId) => {
    const mockup = surfaces.map((s) => s.mockups.find((m) => m.color_id === colorId)).find((m) => m);
    return mockup ? [{ color_id: colorId, image: imageRef(files, mockup.image) }] : [];
  });
}

function surfaceOf(row: ProductRow, s: StoredSurface, files: FileUrls) {
  return {
    id: s.id,
    key: s.key,
    name: s.name,
    en_name: s.en_name,
    kind: s.kind,
    blend: s.blend ?? 'multiply',
    sort: s.sort,
    template: s.template,
    print_area: s.print_area,
    safe_area: s.safe_area,
    bleed: s.bleed,
    print_file: s.print_file,
    min_dpi: s.min_dpi,
    print_price: s.print_price,
    effective_print_price: s.print_price ?? row.designPrice,
    mockups: s.mockups.map((m) => ({ color_id: m.color_id, image: imageRef(files, m.image) })),
    mask: imageRefOrNull(files, s.mask),
    ...surfaceGeometry(s),
  };
}

const tierOf = (t: StoredPriceTier, refs: ProductRefs) => ({
  ...t,
  level_name: (t.level_id && refs.levels.get(t.level_id)) ?? '',
  merchant_name: (t.merchant_id && refs.merchants.get(t.merchant_id)) ?? '',
});

const categoryName = (row: ProductRow, refs: ProductRefs) =>
  refs.categories.get(row.categoryId)?.categoryName ?? '';
const categoryEnName = (row: ProductRow, refs: ProductRefs) =>
  refs.categories.get(row.categoryId)?.enName ?? '';

function core(row: ProductRow, refs: ProductRefs, files: FileUrls) {
  return {
    id: row.id,
    category_id: row.categoryId,
    category_name: categoryName(row, refs),
    category_en_name: categoryEnName(row, refs),
    product_type: row.productType,
    name: row.name,
    en_name: row.enName,
    style_code: row.styleCode,
    material: row.material,
    process: row.process,
    weight: row.weight,
    introduction: row.introduction,
    season: row.season,
    wash_care: row.washCare,
    base_price: row.basePrice,
    design_price: row.designPrice,
    currency: row.currency as Currency,
    image_requirements: row.imageRequirements,
    gallery: row.gallery.map((g) => imageRef(files, g)),
    cover: coverOf(row, files),
    colors: colorsOf(row, refs, files),
    sizes: sizesOf(row, refs),
    skus: row.skus.map((s) => ({ ...s })),
    surfaces: [...row.surfaces].sort((a, b) => b.sort - a.sort).map((s) => surfaceOf(row, s, files)),
  };
}

/** A product as its supplier manages it. */
export function toProduct(row: ProductRow, refs: ProductRefs, files: FileUrls): Product {
  return {
    ...core(row, refs, files),
    merchant_id: row.merchantId,
    spu_id: row.spuId,
    spu_code: (row.spuId && refs.spus.get(row.spuId)) ?? '',
    factory_id: row.factoryId,
    factory_name: (row.factoryId && refs.factories.get(row.factoryId)) ?? '',
    expire_at: row.expireAt?.toISOString() ?? null,
    status: row.status,
    sort: row.sort,
    size_template_id: row.sizeTemplateId,
    color_ids: row.colorIds,
    size_ids: row.sizeIds,
    price_tiers: row.priceTiers.map((t) => tierOf(t, refs)),
    factory_addresses: row.factoryAddresses.map((a) => ({ ...a })),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A row of the merchant's catalogue list. */
export function toCatalogListItem(
  row: ProductRow,
  refs: ProductRefs,
  files: FileUrls,
  merchantId: string,
): z.infer<typeof catalogProductListItemSchema> {
  return {
    id: row.id,
    name: row.name,
    en_name: row.enName,
    style_code: row.styleCode,
    product_type: row.productType,
    category_id: row.categoryId,
    category_name: categoryName(row, refs),
    category_en_name: categoryEnName(row, refs),
    cover: coverOf(row, files),
    colors: colorsOf(row, refs, files),
    size_count: row.sizeIds.length,
    surfaces: row.surfaces.map((s) => ({
      id: s.id,
      key: s.key,
      name: s.name,
      en_name: s.en_name,
      kind: s.kind,
    })),
    base_price: row.basePrice,
    design_price: row.designPrice,
    currency: row.currency as Currency,
    is_own: row.merchantId === merchantId,
  };
}

/** A product as a merchant sees it before designing: public tiers, its own exclusive ones. */
export function toCatalogProduct(
  row: ProductRow,
  refs: ProductRefs,
  files: FileUrls,
  buyer: Buyer,
): CatalogProduct {
  const visible = buyer.merchant_id
    ? tiersVisibleTo(row.priceTiers, buyer.merchant_id)
    : publicTiers(row.priceTiers);
  const list = priceListOf(row, visible);
  return {
    ...core(row, refs, files),
    expire_at: row.expireAt?.toISOString() ?? null,
    is_own: row.merchantId !== null && row.merchantId === buyer.merchant_id,
    size_chart: (row.sizeTemplateId && refs.charts.get(row.sizeTemplateId)) || null,
    price_tiers: visible.map((t) => tierOf(t, refs)),
    factory_addresses: row.factoryAddresses.map((a) => ({ ...a })),
    price_list: { ...list, surfaces: [...list.surfaces], tiers: [...list.tiers] },
    buyer,
  };
}

const ANONYMOUS: Buyer = { merchant_id: null, level_id: null };

/** The lowest public price of one unit with one designed face (storefront "from" price). */
export function priceFrom(row: ProductRow): number {
  const best = Math.min(
    row.basePrice,
    ...publicTiers(row.priceTiers)
      .filter((t) => t.kind === 'wholesale')
      .map((t) => t.price),
  );
  const face = Math.min(...row.surfaces.map((s) => s.print_price ?? row.designPrice));
  return best + (Number.isFinite(face) ? face : 0);
}

export function toStorefrontListItem(
  row: ProductRow,
  refs: ProductRefs,
  files: FileUrls,
): z.infer<typeof storefrontProductListItemSchema> {
  return {
    id: row.id,
    name: row.name,
    en_name: row.enName,
    style_code: row.styleCode,
    category_id: row.categoryId,
    category_name: categoryName(row, refs),
    category_en_name: categoryEnName(row, refs),
    cover: coverOf(row, files),
    colors: colorsOf(row, refs, files),
    color_pictures: colorPictures(row, files),
    base_price: row.basePrice,
    design_price: row.designPrice,
    price_from: priceFrom(row),
    currency: row.currency as Currency,
  };
}

/** The product fields whose values come from the dictionary, each with its dictionary type. */
export const DICTIONARY_FIELDS = {
  product_type: 'product_type',
  material: 'material',
  process: 'process',
  season: 'season',
  wash_care: 'wash_care',
} as const;
type DictionaryField = keyof typeof DICTIONARY_FIELDS;
export type DictionaryLabels = Record<DictionaryField, string>;
type DictionaryEntry = { type: string; value: string; label: string; enLabel: string };

const dictionaryValues = (row: ProductRow): Record<DictionaryField, string> => ({
  product_type: row.productType,
  material: row.material,
  process: row.process,
  season: row.season,
  wash_care: row.washCare,
});

/** The values the dictionary is asked about for a product (see `dictionaryLabelsOf`). */
export const dictionaryValuesOf = (row: ProductRow): string[] => Object.values(dictionaryValues(row));

/**
 * Each dictionary-backed field of a product as a reader of `language` sees it (issue 26): the
 * label of the entry of the field's type with the field's value in that language, else the label
 * in the other language, else the value itself (free text the dictionary does not know).
 */
export function dictionaryLabelsOf(
  row: ProductRow,
  entries: readonly DictionaryEntry[],
  language: Language,
): DictionaryLabels {
  const values = dictionaryValues(row);
  const out = {} as DictionaryLabels;
  for (const field of Object.keys(DICTIONARY_FIELDS) as DictionaryField[])
    out[field] = labelIn(entries, field, values[field], language);
  return out;
}

/** One field's value as a reader of `language` sees it (the rule of `dictionaryLabelsOf`). */
function labelIn(
  entries: readonly DictionaryEntry[],
  field: DictionaryField,
  value: string,
  language: Language,
): string {
  const entry = entries.find((e) => e.type === DICTIONARY_FIELDS[field] && e.value === value);
  const [first, second] = language === 'en' ? [entry?.enLabel, entry?.label] : [entry?.label, entry?.enLabel];
  return first || second || value;
}

/**
 * One dictionary-backed value of a tenant's product as a reader of `language` sees it (decision
 * 0081): for copies that leave the catalogue, such as an order's customs material.
 */
export async function dictionaryLabel(
  tx: Executor,
  tenantId: string,
  field: DictionaryField,
  value: string,
  language: Language,
): Promise<string> {
  return labelIn(await dictionaryEntriesByValues(tx, tenantId, [value]), field, value, language);
}

/** The public product page: no costs, no exclusive prices, no factory addresses. */
export function toStorefrontProduct(
  row: ProductRow,
  refs: ProductRefs,
  files: FileUrls,
  labels: DictionaryLabels,
): StorefrontProduct {
  const base = core(row, refs, files);
  const path: Array<{ id: string; category_name: string; en_name: string }> = [];
  const category = refs.categories.get(row.categoryId);
  for (const id of (category?.position ?? '').split('/').filter(Boolean)) {
    const c = refs.categories.get(id);
    if (c) path.push({ id: c.id, category_name: c.categoryName, en_name: c.enName });
  }
  const list = priceListOf(row, publicTiers(row.priceTiers));
  // The price table: list price from one piece, then each wholesale range, as an anonymous buyer.
  const thresholds = [
    1,
    ...wholesaleRanges(list.tiers)
      .map((r) => r.min_qty)
      .filter((q) => q > 1),
  ];
  const rows = thresholds.map((minQty, i) => {
    const { base: unitBase } = basePriceFor(list, ANONYMOUS, minQty);
    return {
      min_qty: minQty,
      max_qty: thresholds[i + 1] ? thresholds[i + 1]! - 1 : null,
      base: unitBase,
      unit_one_face: unitBase + row.designPrice,
    };
  });
  return {
    id: base.id,
    name: base.name,
    en_name: base.en_name,
    style_code: base.style_code,
    product_type: base.product_type,
    category_id: base.category_id,
    category_name: base.category_name,
    category_en_name: base.category_en_name,
    category_path: path,
    material: base.material,
    process: base.process,
    weight: base.weight,
    introduction: base.introduction,
    season: base.season,
    wash_care: base.wash_care,
    dictionary_labels: labels,
    image_requirements: base.image_requirements,
    gallery: base.gallery,
    cover: base.cover,
    colors: base.colors,
    color_pictures: colorPictures(row, files),
    sizes: base.sizes,
    skus: row.skus.map((s) => ({
      id: s.id,
      color_id: s.color_id,
      size_id: s.size_id,
      stock_state: s.stock_state,
    })),
    size_chart: (row.sizeTemplateId && refs.charts.get(row.sizeTemplateId)) || null,
    surfaces: base.surfaces.map((s) => ({
      id: s.id,
      key: s.key,
      name: s.name,
      en_name: s.en_name,
      effective_print_price: s.effective_print_price,
      print_size_mm: s.print_size_mm,
      preview: s.mockups.find((m) => m.color_id === row.colorIds[0])?.image ?? s.mockups[0]?.image ?? null,
    })),
    base_price: row.basePrice,
    design_price: row.designPrice,
    currency: row.currency as Currency,
    price_table: rows,
    level_prices: row.priceTiers
      .filter((t) => t.kind === 'level' && t.level_id)
      .map((t) => ({
        level_id: t.level_id!,
        level_name: refs.levels.get(t.level_id!) ?? '',
        min_qty: t.min_qty,
        price: t.price,
      })),
  };
}
