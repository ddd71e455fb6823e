import { z } from 'zod';
import { KEY_PATTERN } from '../patterns.ts';
import { patchOf } from '../schema-utils.ts';
import {
  CATALOG_LIMITS,
  catalogSort,
  catalogStatus,
  hexColorSchema,
  imageIdSchema,
  imageRefSchema,
  nonEmptyText,
  optionalText,
  requiredText,
} from './common.ts';

/*
 * SPU inventory reference data (spec §2 "SPU inventory (categories, attributes, colour, size, size
 * attribute, size template, dictionary)"), each a CRUD resource of the supplier's back office.
 */

// ---- Categories (spec §3 SPU category: id, categoryName, CategoryParent, position, sort) --------
const categoryFields = z.object({
  category_name: requiredText(50),
  /** The English name (issue 26); readers in English fall back to category_name without it. */
  en_name: optionalText(50),
  parent_id: z.uuid().nullable().default(null),
  sort: catalogSort.default(0),
  /** Disabled categories and their products are hidden from the storefront. */
  status: catalogStatus.default('enabled'),
});
export const spuCategoryCreateSchema = categoryFields;
export const spuCategoryUpdateSchema = patchOf(categoryFields);
export const spuCategorySchema = z.object({
  id: z.string(),
  category_name: z.string(),
  en_name: z.string(),
  parent_id: z.string().nullable(),
  /**
   * Where the category sits in the tree, kept by the server: the ids from the root down to it,
   * each followed by `/` (e.g. `<root>/<child>/`). A subtree is every position with that prefix.
   */
  position: z.string(),
  /** Depth, 1 for a root (at most CATALOG_LIMITS.categoryDepth). */
  level: z.number().int(),
  sort: z.number().int(),
  status: catalogStatus,
  created_at: z.string(),
  updated_at: z.string(),
});
export type SpuCategory = z.infer<typeof spuCategorySchema>;

// ---- Attributes (e.g. collar: round, V-neck) ---------------------------------------------------
const attributeFields = z.object({
  name: requiredText(50),
  values: z
    .array(requiredText(50))
    .max(CATALOG_LIMITS.attributeValues)
    .default([])
    .refine((v) => new Set(v).size === v.length, { params: { rule: 'catalogDuplicate' } }),
  sort: catalogSort.default(0),
  status: catalogStatus.default('enabled'),
});
export const spuAttributeCreateSchema = attributeFields;
export const spuAttributeUpdateSchema = patchOf(attributeFields);
export const spuAttributeSchema = z.object({
  id: z.string(),
  name: z.string(),
  values: z.array(z.string()),
  sort: z.number().int(),
  status: catalogStatus,
  created_at: z.string(),
});
export type SpuAttribute = z.infer<typeof spuAttributeSchema>;

// ---- Colours (name + hex + swatch) -------------------------------------------------------------
const colorFields = z.object({
  name: requiredText(30),
  en_name: optionalText(50),
  hex: hexColorSchema,
  /** An optional swatch image (fabric texture, heather); the hex is shown when there is none. */
  swatch: imageIdSchema.nullable().default(null),
  sort: catalogSort.default(0),
  status: catalogStatus.default('enabled'),
});
export const spuColorCreateSchema = colorFields;
export const spuColorUpdateSchema = patchOf(colorFields);
export const spuColorSchema = z.object({
  id: z.string(),
  name: z.string(),
  en_name: z.string(),
  hex: z.string(),
  swatch: imageRefSchema.nullable(),
  sort: z.number().int(),
  status: catalogStatus,
  created_at: z.string(),
});
export type SpuColor = z.infer<typeof spuColorSchema>;

// ---- Sizes ---------------------------------------------------------------------------------------
const sizeFields = z.object({
  name: requiredText(30),
  en_name: optionalText(50),
  sort: catalogSort.default(0),
  status: catalogStatus.default('enabled'),
});
export const spuSizeCreateSchema = sizeFields;
export const spuSizeUpdateSchema = patchOf(sizeFields);
export const spuSizeSchema = z.object({
  id: z.string(),
  name: z.string(),
  en_name: z.string(),
  sort: z.number().int(),
  status: catalogStatus,
  created_at: z.string(),
});
export type SpuSize = z.infer<typeof spuSizeSchema>;

// ---- Size attributes (the measured dimensions of a size chart: chest width, body length…) ------
export const SIZE_UNITS = ['cm', 'inch', 'mm', 'g', 'oz', 'ml'] as const;
const sizeAttributeFields = z.object({
  name: requiredText(30),
  en_name: optionalText(50),
  unit: z.enum(SIZE_UNITS).default('cm'),
  sort: catalogSort.default(0),
  status: catalogStatus.default('enabled'),
});
export const spuSizeAttributeCreateSchema = sizeAttributeFields;
export const spuSizeAttributeUpdateSchema = patchOf(sizeAttributeFields);
export const spuSizeAttributeSchema = z.object({
  id: z.string(),
  name: z.string(),
  en_name: z.string(),
  unit: z.enum(SIZE_UNITS),
  sort: z.number().int(),
  status: catalogStatus,
  created_at: z.string(),
});
export type SpuSizeAttribute = z.infer<typeof spuSizeAttributeSchema>;

// ---- Size templates (a size chart: measurements per size) -------------------------------------
const measurement = z.coerce.number().min(0).max(100_000).multipleOf(0.1).nullable();
export const spuSizeTemplateRowSchema = z.object({
  size_id: z.uuid(),
  /** Measurement per size attribute id; null or absent is an empty cell. */
  values: z.record(z.uuid(), measurement).default({}),
});
const sizeTemplateFields = z.object({
  /** spec §5: "Template name cannot be empty." */
  template_name: nonEmptyText(50, 'templateNameEmpty'),
  /** The chart's columns, in order. */
  size_attribute_ids: z.array(z.uuid()).min(1).max(CATALOG_LIMITS.sizeTemplateColumns),
  /** The chart's rows, one per size, in order. */
  rows: z.array(spuSizeTemplateRowSchema).min(1).max(CATALOG_LIMITS.sizeTemplateRows),
  remark: optionalText(200),
  sort: catalogSort.default(0),
  status: catalogStatus.default('enabled'),
});

/** Rows name each size once; cells only use the chart's own columns. */
export function sizeTemplateIssues(t: {
  size_attribute_ids?: string[] | undefined;
  rows?: Array<{ size_id: string; values: Record<string, number | null> }> | undefined;
}): Array<{ path: Array<string | number>; rule: string }> {
  const issues: Array<{ path: Array<string | number>; rule: string }> = [];
  const columns = new Set(t.size_attribute_ids ?? []);
  if (t.size_attribute_ids && columns.size !== t.size_attribute_ids.length)
    issues.push({ path: ['size_attribute_ids'], rule: 'catalogDuplicate' });
  const sizes = new Set<string>();
  (t.rows ?? []).forEach((row, i) => {
    if (sizes.has(row.size_id)) issues.push({ path: ['rows', i, 'size_id'], rule: 'catalogDuplicate' });
    sizes.add(row.size_id);
    if (t.size_attribute_ids)
      for (const key of Object.keys(row.values))
        if (!columns.has(key)) issues.push({ path: ['rows', i, 'values'], rule: 'sizeChartColumn' });
  });
  return issues;
}

const withSizeTemplateChecks = <T extends z.ZodType<Parameters<typeof sizeTemplateIssues>[0]>>(schema: T) =>
  schema.superRefine((value, ctx) => {
    for (const issue of sizeTemplateIssues(value))
      ctx.addIssue({ code: 'custom', path: issue.path, params: { rule: issue.rule } });
  });
export const spuSizeTemplateCreateSchema = withSizeTemplateChecks(sizeTemplateFields);
export const spuSizeTemplateUpdateSchema = withSizeTemplateChecks(patchOf(sizeTemplateFields));
export const spuSizeTemplateSchema = z.object({
  id: z.string(),
  template_name: z.string(),
  /** The columns with their names and units, in order (deleted attributes are left out). */
  columns: z.array(z.object({ id: z.string(), name: z.string(), en_name: z.string(), unit: z.string() })),
  size_attribute_ids: z.array(z.string()),
  rows: z.array(
    z.object({
      size_id: z.string(),
      size_name: z.string(),
      values: z.record(z.string(), z.number().nullable()),
    }),
  ),
  remark: z.string(),
  sort: z.number().int(),
  status: catalogStatus,
  created_at: z.string(),
});
export type SpuSizeTemplate = z.infer<typeof spuSizeTemplateSchema>;

// ---- Dictionary (value lists of the SPU and product forms) ------------------------------------
/** The dictionary types the SPU and product forms offer as suggestions; suppliers may add others. */
export const DICTIONARY_TYPES = [
  'spu_type',
  'season',
  'unit',
  'brand',
  'material',
  'composition',
  'product_type',
  'process',
  'wash_care',
] as const;
const dictionaryFields = z.object({
  type: z.string().trim().regex(KEY_PATTERN),
  /** The label in Chinese (zh-cn); `en_label` is the English one (empty: the Chinese label shows). */
  label: requiredText(50),
  en_label: optionalText(50),
  value: requiredText(50),
  sort: catalogSort.default(0),
  status: catalogStatus.default('enabled'),
  remark: optionalText(200),
});
export const spuDictionaryCreateSchema = dictionaryFields;
export const spuDictionaryUpdateSchema = patchOf(dictionaryFields);
export const spuDictionarySchema = dictionaryFields.extend({
  id: z.string(),
  sort: z.number().int(),
  created_at: z.string(),
});
export type SpuDictionary = z.infer<typeof spuDictionarySchema>;
