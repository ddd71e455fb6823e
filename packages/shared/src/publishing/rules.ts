/**
 * Every publishing rule of spec §5, as pure functions used by the publish form and the server
 * alike (issue 23). A rule returns issues; an issue names the field, the rule and its numbers, and
 * `describeIssue` (./messages.ts) words it in both languages. Where the spec gives two readings,
 * the reading is a per-platform setting (`PublishRuleSettings`); the defaults are recorded in
 * docs/decisions/0045.
 *
 * Boundaries (decision 0045): "over N px" and "above N px" mean at least N; "under N MB" means at
 * most N MB; "3–10 images" includes both ends.
 */

export const PUBLISH_PLATFORMS = ['tiktok', 'temu'] as const;
export type PublishPlatform = (typeof PUBLISH_PLATFORMS)[number];

/** spec §3/§9: delivery promises, in working days. */
export const DELIVERY_DAYS = [1, 2, 9] as const;
export type DeliveryDays = (typeof DELIVERY_DAYS)[number];

/** Warehouse types; 9-working-day delivery only from "other" (spec §5). */
export const WAREHOUSE_TYPES = ['self', 'third_party', 'other'] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number];

export const SALES_MODES = ['single_site', 'multi_site'] as const;
export type SalesMode = (typeof SALES_MODES)[number];

export const IMAGE_FORMATS = ['jpg', 'png', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

const MB = 1024 * 1024;

/** The numbers of spec §5 and §9, once. */
export const PUBLISH_LIMITS = {
  titleMax: 250,
  /** spec §5: volume and weight at most one decimal; declared price two. */
  measureDecimals: 1,
  priceDecimals: 2,
  compositionTotal: 100,
  sizeTables: 2,
  outerPackage: { min: 1, max: 6 },
  themeMin: 1,
  thumbnail: 80,
  /** "At least 10 sites in one case" (decision 0045: a multi-site listing). */
  multiSiteMin: 10,
  /** With 5 or more operated sites each warehouse covers at least 5; with fewer, all of them. */
  warehouseSiteThreshold: 5,
  /** Ratios compare with this tolerance (1340×1785 is 3:4 within 0.1%). */
  ratioTolerance: 0.01,
  maxBytes2: 2 * MB,
  maxBytes3: 3 * MB,
} as const;

/** An image as the rules see it. */
export interface RuleImage {
  width: number;
  height: number;
  bytes: number;
  format: ImageFormat;
}

/** A rule of one kind of image (count, ratio, pixel range, size, formats). */
export interface ImageRule {
  min: number;
  max: number;
  /** Allowed width ÷ height, inclusive (with tolerance). */
  ratio?: { min: number; max: number; label: string };
  minWidth?: number;
  minHeight?: number;
  maxWidth?: number;
  maxHeight?: number;
  /** Exact size (thumbnail). */
  exact?: { width: number; height: number };
  maxBytes?: number;
  formats?: readonly ImageFormat[];
}

/** The readings of the rules that the spec gives twice; one setting per platform. */
export interface PublishRuleSettings {
  /** Product photos: `hd` 3–10, 3:4, ≥1340×1785, ≤2 MB, jpg/png; `standard` the same at ≥900 px, ≤3 MB. */
  productPhotos: 'hd' | 'standard';
  /** SKC carousel: `fixed` 3–10, 3:4, ≥900 px, ≤3 MB; `range` 1–11, 3:4 to 1:1, 900–2200 px, ≤3 MB. */
  skcCarousel: 'fixed' | 'range';
  /** Square image: `range` 900×900 to 2200×2200, ≤3 MB; `over800` 1:1, at least 800 px. */
  squareImage: 'range' | 'over800';
  /** Whether a multi-site listing needs at least 10 sites. */
  multiSiteMinimum: boolean;
  /** Whether the two size tables are required (apparel on the semi-managed marketplace). */
  sizeTablesRequired: boolean;
  /** Whether composition ratios are asked. */
  compositionRequired: boolean;
}

/** decision 0045: the defaults per platform. */
export const DEFAULT_RULE_SETTINGS: Readonly<Record<PublishPlatform, PublishRuleSettings>> = {
  temu: {
    productPhotos: 'hd',
    skcCarousel: 'fixed',
    squareImage: 'range',
    multiSiteMinimum: true,
    sizeTablesRequired: true,
    compositionRequired: true,
  },
  tiktok: {
    productPhotos: 'standard',
    skcCarousel: 'range',
    squareImage: 'over800',
    multiSiteMinimum: false,
    sizeTablesRequired: false,
    compositionRequired: false,
  },
};

const R34 = { min: 3 / 4, max: 3 / 4, label: '3:4' };
const JPG_PNG: readonly ImageFormat[] = ['jpg', 'png'];

/** The image rules under a setting (spec §5 Publishing). */
export function imageRules(settings: PublishRuleSettings): Record<ImageKind, ImageRule> {
  return {
    product_photos:
      settings.productPhotos === 'hd'
        ? { min: 3, max: 10, ratio: R34, minWidth: 1340, minHeight: 1785, maxBytes: 2 * MB, formats: JPG_PNG }
        : { min: 3, max: 10, ratio: R34, minWidth: 900, minHeight: 900, maxBytes: 3 * MB, formats: JPG_PNG },
    skc_carousel:
      settings.skcCarousel === 'fixed'
        ? { min: 3, max: 10, ratio: R34, minWidth: 900, minHeight: 900, maxBytes: 3 * MB }
        : {
            min: 1,
            max: 11,
            ratio: { min: 3 / 4, max: 1, label: '3:4–1:1' },
            minWidth: 900,
            minHeight: 900,
            maxWidth: 2200,
            maxHeight: 2200,
            maxBytes: 3 * MB,
          },
    main: {
      min: 1,
      max: 11,
      minWidth: 900,
      minHeight: 900,
      maxWidth: 2200,
      maxHeight: 2200,
      maxBytes: 3 * MB,
    },
    square:
      settings.squareImage === 'range'
        ? {
            min: 1,
            max: 1,
            ratio: { min: 1, max: 1, label: '1:1' },
            minWidth: 900,
            minHeight: 900,
            maxWidth: 2200,
            maxHeight: 2200,
            maxBytes: 3 * MB,
          }
        : { min: 1, max: 1, ratio: { min: 1, max: 1, label: '1:1' }, minWidth: 800, minHeight: 800 },
    thumbnail: { min: 1, max: 1, exact: { width: 80, height: 80 } },
    outer_package: { min: 1, max: 6 },
    theme: { min: 1, max: 20 },
    detail: { min: 0, max: 20, maxBytes: 3 * MB },
  };
}

export const IMAGE_KINDS = [
  'product_photos',
  'skc_carousel',
  'main',
  'square',
  'thumbnail',
  'outer_package',
  'theme',
  'detail',
] as const;
export type ImageKind = (typeof IMAGE_KINDS)[number];

/** One broken rule: the field it is on, the rule, and the numbers its message needs. */
export interface RuleIssue {
  field: string;
  rule: RuleCode;
  params?: Record<string, string | number>;
  severity: 'error' | 'warning';
}

export const RULE_CODES = [
  'required',
  'decimals',
  'positive',
  'compositionTotal',
  'sizeTableCount',
  'sizeTableMismatch',
  'imageCount',
  'imageRatio',
  'imageMinSize',
  'imageMaxSize',
  'imageExactSize',
  'imageBytes',
  'imageFormat',
  'warehouseRequired',
  'siteRequired',
  'multiSiteMinimum',
  'warehouseSitesMin',
  'warehouseSitesAll',
  'deliveryWarehouse',
  'titlePunctuation',
  'riskWord',
  'variationRequired',
  'amountFormat',
] as const;
export type RuleCode = (typeof RULE_CODES)[number];

const err = (field: string, rule: RuleCode, params?: RuleIssue['params']): RuleIssue => ({
  field,
  rule,
  severity: 'error',
  ...(params ? { params } : {}),
});

/** Whether a number has at most `places` decimals (12.30 has one). */
export function hasAtMostDecimals(value: number, places: number): boolean {
  if (!Number.isFinite(value)) return false;
  const scaled = value * 10 ** places;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
}

/** Whether a typed amount ("12.5", "12.50") has at most `places` decimals. */
export function textHasAtMostDecimals(text: string, places: number): boolean {
  return new RegExp(`^\\d+(\\.\\d{0,${places}})?$`).test(text.trim());
}

/** spec §5: volume and weight at most one decimal, and filled in. */
export function checkMeasure(field: string, value: number | null | undefined): RuleIssue[] {
  if (value === null || value === undefined) return [err(field, 'required')];
  if (!(value > 0)) return [err(field, 'positive')];
  if (!hasAtMostDecimals(value, PUBLISH_LIMITS.measureDecimals))
    return [err(field, 'decimals', { places: PUBLISH_LIMITS.measureDecimals })];
  return [];
}

/** spec §5: a declared price as typed, two decimals at most, above zero ("Amounts must be correct"). */
export function checkPriceText(field: string, text: string): RuleIssue[] {
  if (!text.trim()) return [err(field, 'required')];
  if (!/^-?\d+(\.\d+)?$/.test(text.trim())) return [err(field, 'amountFormat')];
  if (Number(text) <= 0) return [err(field, 'positive')];
  if (!textHasAtMostDecimals(text, PUBLISH_LIMITS.priceDecimals))
    return [err(field, 'decimals', { places: PUBLISH_LIMITS.priceDecimals })];
  return [];
}

/** spec §5: composition ratios sum to 100%. */
export function checkComposition(parts: ReadonlyArray<{ material: string; ratio: number }>): RuleIssue[] {
  if (!parts.length) return [err('composition', 'required')];
  const issues: RuleIssue[] = [];
  parts.forEach((p, i) => {
    if (!p.material.trim()) issues.push(err(`composition.${i}.material`, 'required'));
    if (!(p.ratio > 0)) issues.push(err(`composition.${i}.ratio`, 'positive'));
  });
  const total = parts.reduce((s, p) => s + p.ratio, 0);
  if (Math.abs(total - PUBLISH_LIMITS.compositionTotal) > 1e-6)
    issues.push(err('composition', 'compositionTotal', { total: Math.round(total * 100) / 100 }));
  return issues;
}

export interface SizeTableRow {
  size: string;
  length: number;
  width: number;
  height: number;
  net_weight: number;
}
export interface SizeTable {
  name: string;
  rows: SizeTableRow[];
}
export interface PackageInfo {
  length: number | null;
  width: number | null;
  height: number | null;
  weight: number | null;
}

const MEASURES = ['length', 'width', 'height', 'net_weight'] as const;

/**
 * spec §5: two size tables selected; every row value above zero; each row's length, width, height
 * and net weight match the packaging info (net weight against the package weight).
 */
export function checkSizeTables(tables: readonly SizeTable[], pack: PackageInfo): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (tables.length !== PUBLISH_LIMITS.sizeTables)
    issues.push(err('size_tables', 'sizeTableCount', { count: PUBLISH_LIMITS.sizeTables }));
  tables.forEach((table, t) => {
    table.rows.forEach((row, r) => {
      for (const key of MEASURES) {
        const field = `size_tables.${t}.rows.${r}.${key}`;
        if (!(row[key] > 0)) {
          issues.push(err(field, 'positive'));
          continue;
        }
        const expected = key === 'net_weight' ? pack.weight : pack[key];
        if (expected !== null && Math.abs(row[key] - expected) > 1e-6)
          issues.push(err(field, 'sizeTableMismatch', { expected }));
      }
    });
  });
  return issues;
}

const ratioOk = (img: RuleImage, ratio: NonNullable<ImageRule['ratio']>) => {
  const r = img.width / img.height;
  return (
    r >= ratio.min * (1 - PUBLISH_LIMITS.ratioTolerance) &&
    r <= ratio.max * (1 + PUBLISH_LIMITS.ratioTolerance)
  );
};

/** spec §5: a kind of image against its rule (count, then each image). */
export function checkImages(field: string, images: readonly RuleImage[], rule: ImageRule): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (images.length < rule.min || images.length > rule.max)
    issues.push(err(field, 'imageCount', { min: rule.min, max: rule.max, count: images.length }));
  images.forEach((img, i) => {
    const at = `${field}.${i}`;
    if (rule.formats && !rule.formats.includes(img.format))
      issues.push(err(at, 'imageFormat', { formats: rule.formats.join('/') }));
    if (rule.exact && (img.width !== rule.exact.width || img.height !== rule.exact.height))
      issues.push(err(at, 'imageExactSize', { width: rule.exact.width, height: rule.exact.height }));
    if (rule.ratio && !ratioOk(img, rule.ratio))
      issues.push(err(at, 'imageRatio', { ratio: rule.ratio.label }));
    if ((rule.minWidth && img.width < rule.minWidth) || (rule.minHeight && img.height < rule.minHeight))
      issues.push(err(at, 'imageMinSize', { width: rule.minWidth ?? 0, height: rule.minHeight ?? 0 }));
    if ((rule.maxWidth && img.width > rule.maxWidth) || (rule.maxHeight && img.height > rule.maxHeight))
      issues.push(err(at, 'imageMaxSize', { width: rule.maxWidth ?? 0, height: rule.maxHeight ?? 0 }));
    if (rule.maxBytes && img.bytes > rule.maxBytes)
      issues.push(err(at, 'imageBytes', { mb: Math.round(rule.maxBytes / MB) }));
  });
  return issues;
}

export interface WarehouseRoute {
  warehouse_id: string;
  warehouse_type: WarehouseType;
  site_ids: string[];
}

/**
 * spec §5 sites: a warehouse and at least one site; a multi-site listing at least 10 sites (when
 * the platform's setting says so); with 5 or more operated sites each warehouse covers at least
 * 5, with fewer each covers all of them.
 */
export function checkSites(
  input: { site_ids: readonly string[]; routes: readonly WarehouseRoute[]; sales_mode: SalesMode },
  settings: Pick<PublishRuleSettings, 'multiSiteMinimum'>,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  const sites = new Set(input.site_ids);
  if (!input.routes.length) issues.push(err('warehouse_routes', 'warehouseRequired'));
  if (!sites.size) issues.push(err('site_ids', 'siteRequired'));
  if (
    settings.multiSiteMinimum &&
    input.sales_mode === 'multi_site' &&
    sites.size < PUBLISH_LIMITS.multiSiteMin
  )
    issues.push(err('site_ids', 'multiSiteMinimum', { min: PUBLISH_LIMITS.multiSiteMin, count: sites.size }));
  if (!sites.size) return issues;
  const threshold = PUBLISH_LIMITS.warehouseSiteThreshold;
  input.routes.forEach((route, i) => {
    const covered = new Set(route.site_ids.filter((s) => sites.has(s)));
    if (sites.size >= threshold) {
      if (covered.size < threshold)
        issues.push(err(`warehouse_routes.${i}.site_ids`, 'warehouseSitesMin', { min: threshold }));
    } else if (covered.size !== sites.size)
      issues.push(err(`warehouse_routes.${i}.site_ids`, 'warehouseSitesAll', { count: sites.size }));
  });
  return issues;
}

/** spec §5: items with 9-working-day delivery support only warehouses of type "other". */
export function checkDelivery(
  days: number | null | undefined,
  routes: readonly WarehouseRoute[],
): RuleIssue[] {
  if (days === null || days === undefined) return [err('delivery_days', 'required')];
  if (!(DELIVERY_DAYS as readonly number[]).includes(days)) return [err('delivery_days', 'required')];
  if (days !== 9) return [];
  return routes.flatMap((r, i) =>
    r.warehouse_type === 'other' ? [] : [err(`warehouse_routes.${i}.warehouse_type`, 'deliveryWarehouse')],
  );
}

/** spec §5: select a country and a province. */
export function checkOrigin(
  country: string | null | undefined,
  province: string | null | undefined,
): RuleIssue[] {
  const issues: RuleIssue[] = [];
  if (!country?.trim()) issues.push(err('origin_country', 'required'));
  if (!province?.trim()) issues.push(err('origin_province', 'required'));
  return issues;
}

const PUNCTUATION = /[\p{P}\p{S}]/u;

/** spec §5: a title is filled in, with no punctuation before or after. */
export function checkTitle(field: string, title: string | null | undefined): RuleIssue[] {
  const text = title ?? '';
  if (!text.trim()) return [err(field, 'required')];
  const first = [...text][0] ?? '';
  const last = [...text].at(-1) ?? '';
  if (PUNCTUATION.test(first) || PUNCTUATION.test(last) || /\s/.test(first) || /\s/.test(last))
    return [err(field, 'titlePunctuation')];
  return [];
}

/** The risk words a text contains (case-insensitive), each once. */
export function findRiskWords(text: string, words: ReadonlyArray<{ word: string; level: string }>) {
  const lower = text.toLowerCase();
  return words.filter((w) => w.word.trim() && lower.includes(w.word.trim().toLowerCase()));
}

/** Titles against the shop's risk words: a hit is an error (decision 0046). */
export function checkRiskWords(
  titles: Record<string, string>,
  words: ReadonlyArray<{ word: string; level: string }>,
): RuleIssue[] {
  return Object.entries(titles).flatMap(([field, text]) =>
    findRiskWords(text, words).map((w) => err(field, 'riskWord', { word: w.word, level: w.level })),
  );
}
