import { z } from 'zod';
import { RECORD_STATUSES } from '../access/schemas.ts';
import { patchOf, jsonInteger } from '../schema-utils.ts';
import { batchFileResultSchema } from '../uploads/schemas.ts';

export const MATERIAL_VISIBILITIES = ['private', 'tenant', 'public'] as const;
export const MATERIAL_TYPES = ['pattern', 'illustration', 'photo', 'text', 'other'] as const;

// ---- Categories (spec §3 Material category; §4 category rules) ---------------------------------
export const materialCategoryCreateSchema = z.object({
  parent_id: z.uuid().nullable().default(null),
  name: z.string().trim().min(1).max(50),
  sort: z.coerce.number().int().min(-100000).max(100000).default(0),
});
export const materialCategoryUpdateSchema = patchOf(materialCategoryCreateSchema);
export const materialCategorySchema = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  name: z.string(),
  sort: z.number(),
  material_count: z.number(),
  created_at: z.string(),
});
export type MaterialCategory = z.infer<typeof materialCategorySchema>;

// ---- Materials (spec §3 Material; §6 sharing) ---------------------------------------------------
const merchantList = z.array(z.uuid()).max(500);
const materialFields = z.object({
  name: z.string().trim().min(1).max(100),
  category_id: z.uuid().nullable().default(null),
  specs: z.string().trim().max(200).default(''),
  type: z.enum(MATERIAL_TYPES).default('other'),
  visibility: z.enum(MATERIAL_VISIBILITIES).default('private'),
  blacklist: merchantList.default([]),
  whitelist: merchantList.default([]),
  /** Per use, in minor units (fen). */
  price: jsonInteger(0, 100_000_000).default(0),
  status: z.enum(RECORD_STATUSES).default('enabled'),
});
/** A material made from an image already uploaded (topic `material`). */
export const materialCreateSchema = materialFields.extend({ attachment_id: z.uuid() });
export const materialUpdateSchema = patchOf(materialFields);

export const materialSchema = z.object({
  id: z.string(),
  number: z.string(),
  name: z.string(),
  image_url: z.string(),
  thumb_url: z.string().nullable(),
  attachment_id: z.string(),
  category_id: z.string().nullable(),
  specs: z.string(),
  size: z.string(),
  width: z.number(),
  height: z.number(),
  dpi: z.number().nullable(),
  file_size: z.number(),
  format: z.string(),
  type: z.enum(MATERIAL_TYPES),
  visibility: z.enum(MATERIAL_VISIBILITIES),
  blacklist: z.array(z.string()),
  whitelist: z.array(z.string()),
  is_official: z.boolean(),
  is_authorised: z.boolean(),
  price: z.number(),
  sales_count: z.number(),
  sales_amount: z.number(),
  order_pieces: z.number(),
  merchant_id: z.string().nullable(),
  status: z.enum(RECORD_STATUSES),
  created_at: z.string(),
});
export type Material = z.infer<typeof materialSchema>;

/** A material as a merchant's library shows it: whether it is theirs and whether designs may use it. */
export const libraryMaterialSchema = materialSchema
  .pick({
    id: true,
    number: true,
    name: true,
    image_url: true,
    thumb_url: true,
    category_id: true,
    specs: true,
    size: true,
    width: true,
    height: true,
    dpi: true,
    format: true,
    type: true,
    is_official: true,
    price: true,
  })
  .extend({ source: z.enum(['mine', 'official', 'shared']), is_usable: z.boolean() });
export type LibraryMaterial = z.infer<typeof libraryMaterialSchema>;

export const libraryQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  quickSearch: z.string().trim().max(100).optional(),
  source: z.enum(['mine', 'official', 'shared']).optional(),
  type: z.enum(MATERIAL_TYPES).optional(),
  usable: z.enum(['true', 'false']).optional(),
});

export const materialUploadQuerySchema = z.object({
  category_id: z.uuid().optional(),
  type: z.enum(MATERIAL_TYPES).default('other'),
  visibility: z.enum(MATERIAL_VISIBILITIES).default('private'),
});

/** Batch upload (spec §5: up to 50 files, 20 MB each): per file, the material made or why not. */
export const materialUploadReplySchema = z.object({
  results: z.array(batchFileResultSchema.extend({ material: materialSchema.nullable() })),
  accepted: z.number(),
  refused: z.number(),
});

export const materialAuthoriseSchema = z.object({ is_authorised: z.boolean() });
