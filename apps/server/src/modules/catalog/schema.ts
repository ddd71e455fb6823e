import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { attachments } from '../admin/schema.ts';
import { createdAt, money, updatedAt, rowId } from '../../db/columns.ts';
import { factories } from '../logistics/schema.ts';
import { merchants, RECORD_STATUSES, tenantRef } from '../tenancy/schema.ts';

/*
 * The catalogue (issue 6): SPU inventory reference data, SPUs and products. Every row belongs to a
 * supplier tenant; a product made by a merchant as its own template also carries merchant_id.
 */

/** An image as catalogue rows keep it: the attachment and its (never changing) stored files. */
export interface StoredImage {
  id: string;
  key: string;
  thumb: string | null;
  width: number | null;
  height: number | null;
}

const tenantId = tenantRef;
const status = () => text('status', { enum: RECORD_STATUSES }).notNull().default('enabled');
const sort = () => integer('sort').notNull().default(0);

/** The category tree (spec §3 SPU category), shared by SPUs (inventory category) and products. */
export const catalogCategories = pgTable(
  'catalog_categories',
  {
    id: rowId(),
    tenantId: tenantId(),
    parentId: uuid('parent_id'),
    categoryName: text('category_name').notNull(),
    /** The English name (issue 26), '' when none: readers in English fall back to the Chinese one. */
    enName: text('en_name').notNull().default(''),
    /** Ids from the root down to this category, each followed by '/': subtree = prefix match. */
    position: text('position').notNull(),
    level: integer('level').notNull().default(1),
    sort: sort(),
    status: status(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'catalog_categories_parent_id_fk',
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
    }),
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('catalog_categories_tenant_idx').on(t.tenantId, t.position),
    index('catalog_categories_parent_idx').on(t.parentId),
  ],
);

export const catalogAttributes = pgTable(
  'catalog_attributes',
  {
    id: rowId(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    values: text('values').array().notNull().default([]),
    sort: sort(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.tenantId] }), index('catalog_attributes_tenant_idx').on(t.tenantId)],
);

export const catalogColors = pgTable(
  'catalog_colors',
  {
    id: rowId(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    enName: text('en_name').notNull().default(''),
    /** `#rrggbb`, lower-case. */
    hex: text('hex').notNull(),
    swatch: jsonb('swatch').$type<StoredImage | null>(),
    sort: sort(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.tenantId] }), index('catalog_colors_tenant_idx').on(t.tenantId)],
);

export const catalogSizes = pgTable(
  'catalog_sizes',
  {
    id: rowId(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    enName: text('en_name').notNull().default(''),
    sort: sort(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.tenantId] }), index('catalog_sizes_tenant_idx').on(t.tenantId)],
);

export const catalogSizeAttributes = pgTable(
  'catalog_size_attributes',
  {
    id: rowId(),
    tenantId: tenantId(),
    name: text('name').notNull(),
    enName: text('en_name').notNull().default(''),
    unit: text('unit').notNull().default('cm'),
    sort: sort(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('catalog_size_attributes_tenant_idx').on(t.tenantId),
  ],
);

/** A size chart: columns are size attributes, rows are sizes with a measurement per column. */
export const catalogSizeTemplates = pgTable(
  'catalog_size_templates',
  {
    id: rowId(),
    tenantId: tenantId(),
    templateName: text('template_name').notNull(),
    sizeAttributeIds: uuid('size_attribute_ids').array().notNull().default([]),
    rows: jsonb('rows')
      .$type<Array<{ size_id: string; values: Record<string, number | null> }>>()
      .notNull()
      .default([]),
    remark: text('remark').notNull().default(''),
    sort: sort(),
    status: status(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('catalog_size_templates_tenant_idx').on(t.tenantId),
  ],
);

export const catalogDictionary = pgTable(
  'catalog_dictionary',
  {
    id: rowId(),
    tenantId: tenantId(),
    type: text('type').notNull(),
    /** The (Chinese) label; `en_label` is its English twin, empty when there is none. */
    label: text('label').notNull(),
    enLabel: text('en_label').notNull().default(''),
    value: text('value').notNull(),
    sort: sort(),
    status: status(),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('catalog_dictionary_tenant_type_value_uq').on(t.tenantId, t.type, t.value),
  ],
);

/** Per-tenant counters for generated codes (SPU codes, product style codes). */
export const catalogSequences = pgTable(
  'catalog_sequences',
  {
    tenantId: tenantId(),
    name: text('name').notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.name] })],
);

/** An SPU of the supplier's inventory (spec §3 SPU). */
export const catalogSpus = pgTable(
  'catalog_spus',
  {
    id: rowId(),
    tenantId: tenantId(),
    /** Generated, unique per tenant. */
    code: text('code').notNull(),
    articleNumber: text('article_number').notNull(),
    name: text('name').notNull(),
    styleNumber: text('style_number').notNull(),
    status: status(),
    inventoryCategoryId: uuid('inventory_category_id').notNull(),
    type: text('type').notNull().default(''),
    mainMaterial: text('main_material').notNull(),
    factoryId: uuid('factory_id').references(() => factories.id),
    colorIds: uuid('color_ids').array().notNull().default([]),
    materialSize: text('material_size').notNull().default(''),
    composition: text('composition').notNull().default(''),
    season: text('season').notNull().default(''),
    unit: text('unit').notNull(),
    /** Grams per square metre. */
    fabricWeight: integer('fabric_weight'),
    sizeTemplateId: uuid('size_template_id'),
    gender: text('gender', { enum: ['unisex', 'male', 'female', 'kids'] })
      .notNull()
      .default('unisex'),
    brand: text('brand').notNull().default(''),
    costPrice: money('cost_price').notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    image: jsonb('image').$type<StoredImage | null>(),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'catalog_spus_inventory_category_id_fk',
      columns: [t.tenantId, t.inventoryCategoryId],
      foreignColumns: [catalogCategories.tenantId, catalogCategories.id],
    }),
    foreignKey({
      name: 'catalog_spus_size_template_id_fk',
      columns: [t.tenantId, t.sizeTemplateId],
      foreignColumns: [catalogSizeTemplates.tenantId, catalogSizeTemplates.id],
    }),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('catalog_spus_tenant_code_uq').on(t.tenantId, t.code),
    index('catalog_spus_category_idx').on(t.inventoryCategoryId),
  ],
);

export interface StoredSurface {
  id: string;
  key: string;
  name: string;
  en_name: string;
  kind: 'flat' | 'wrap';
  /** Absent on rows written before it existed: multiply. */
  blend?: 'multiply' | 'normal';
  sort: number;
  template: { width: number; height: number };
  print_area: { x: number; y: number; width: number; height: number };
  safe_area: { x: number; y: number; width: number; height: number };
  bleed: number;
  print_file: { width: number; height: number; dpi: number };
  min_dpi: number;
  print_price: number | null;
  mockups: Array<{ color_id: string; image: StoredImage }>;
  mask: StoredImage | null;
}
export interface StoredSku {
  id: string;
  color_id: string;
  size_id: string;
  sku_code: string;
  stock_state: 'in_stock' | 'low_stock' | 'out_of_stock';
}
export interface StoredPriceTier {
  id: string;
  kind: 'level' | 'wholesale' | 'exclusive';
  min_qty: number;
  price: number;
  level_id: string | null;
  merchant_id: string | null;
}
export interface StoredFactoryAddress {
  id: string;
  name: string;
  country: string;
  province: string;
  address: string;
  post_code: string;
  phone: string;
}

/**
 * A product merchants design on (spec §3 Product). Its variants, surfaces, tiers and addresses
 * are owned values kept in the row, so a product is read, written and recycled as one piece.
 */
export const catalogProducts = pgTable(
  'catalog_products',
  {
    id: rowId(),
    tenantId: tenantId(),
    /** Set for a merchant's own product template; null for the supplier's catalogue. */
    merchantId: uuid('merchant_id').references(() => merchants.id),
    categoryId: uuid('category_id').notNull(),
    spuId: uuid('spu_id'),
    productType: text('product_type').notNull().default(''),
    name: text('name').notNull(),
    enName: text('en_name').notNull().default(''),
    styleCode: text('style_code').notNull(),
    material: text('material').notNull().default(''),
    process: text('process').notNull().default(''),
    /** Grams per piece. */
    weight: integer('weight').notNull().default(0),
    factoryId: uuid('factory_id').references(() => factories.id),
    introduction: text('introduction').notNull().default(''),
    season: text('season').notNull().default(''),
    washCare: text('wash_care').notNull().default(''),
    basePrice: money('base_price').notNull(),
    designPrice: money('design_price').notNull().default(0),
    currency: text('currency').notNull().default('CNY'),
    expireAt: timestamp('expire_at', { withTimezone: true }),
    imageRequirements: text('image_requirements').notNull().default(''),
    status: text('status', { enum: ['on_sale', 'off_sale'] })
      .notNull()
      .default('off_sale'),
    sort: sort(),
    sizeTemplateId: uuid('size_template_id'),
    gallery: jsonb('gallery').$type<StoredImage[]>().notNull().default([]),
    colorIds: uuid('color_ids').array().notNull().default([]),
    sizeIds: uuid('size_ids').array().notNull().default([]),
    skus: jsonb('skus').$type<StoredSku[]>().notNull().default([]),
    surfaces: jsonb('surfaces').$type<StoredSurface[]>().notNull().default([]),
    priceTiers: jsonb('price_tiers').$type<StoredPriceTier[]>().notNull().default([]),
    factoryAddresses: jsonb('factory_addresses').$type<StoredFactoryAddress[]>().notNull().default([]),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'catalog_products_category_id_fk',
      columns: [t.tenantId, t.categoryId],
      foreignColumns: [catalogCategories.tenantId, catalogCategories.id],
    }),
    foreignKey({
      name: 'catalog_products_spu_id_fk',
      columns: [t.tenantId, t.spuId],
      foreignColumns: [catalogSpus.tenantId, catalogSpus.id],
    }),
    foreignKey({
      name: 'catalog_products_size_template_id_fk',
      columns: [t.tenantId, t.sizeTemplateId],
      foreignColumns: [catalogSizeTemplates.tenantId, catalogSizeTemplates.id],
    }),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('catalog_products_tenant_style_uq').on(t.tenantId, t.styleCode),
    index('catalog_products_listing_idx').on(t.tenantId, t.status, t.categoryId),
    index('catalog_products_merchant_idx')
      .on(t.merchantId)
      .where(sql`${t.merchantId} is not null`),
  ],
);

/**
 * The attachments the catalogue uses, by the row that uses them: the foreign key keeps an upload
 * from being deleted while a product, colour or SPU still shows it (409, as for materials).
 */
export const catalogImageRefs = pgTable(
  'catalog_image_refs',
  {
    tenantId: tenantId(),
    ownerId: uuid('owner_id').notNull(),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.ownerId, t.attachmentId] }),
    index('catalog_image_refs_attachment_idx').on(t.attachmentId),
  ],
);
