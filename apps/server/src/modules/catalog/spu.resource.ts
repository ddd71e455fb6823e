import { eq } from 'drizzle-orm';
import type { spuCreateSchema } from '@pod/shared';
import { type Currency, catalogOperations } from '@pod/shared';
import type { z } from 'zod';
import { catalogImageRefs, catalogSpus, type StoredImage } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import type { Row } from '../../platform/crud/crud-definition.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { tenantOf } from './category.resource.ts';
import { formatCode, nextNumber } from './codes.repo.ts';
import { imageRefOrNull, resolveImages, syncImageRefs } from './images.ts';
import { missingRef } from './issues.ts';
import { categoriesByIds, colorsByIds, factoriesByIds, sizeTemplatesByIds } from './lookups.repo.ts';

type SpuRow = typeof catalogSpus.$inferSelect;
type Input = Partial<z.infer<typeof spuCreateSchema>>;

const RENAMES: Record<string, keyof SpuRow> = {
  article_number: 'articleNumber',
  style_number: 'styleNumber',
  inventory_category_id: 'inventoryCategoryId',
  main_material: 'mainMaterial',
  factory_id: 'factoryId',
  color_ids: 'colorIds',
  material_size: 'materialSize',
  fabric_weight: 'fabricWeight',
  size_template_id: 'sizeTemplateId',
  cost_price: 'costPrice',
};

/** The referenced rows must be the tenant's: category, factory, colours, size template. */
async function checkReferences(ctx: ServiceContext, input: Input): Promise<void> {
  const tenantId = tenantOf(ctx);
  if (
    input.inventory_category_id &&
    !(await categoriesByIds(ctx.tx, tenantId, [input.inventory_category_id])).length
  )
    missingRef('inventory_category_id');
  if (input.factory_id && !(await factoriesByIds(ctx.tx, tenantId, [input.factory_id])).length)
    missingRef('factory_id');
  if (
    input.size_template_id &&
    !(await sizeTemplatesByIds(ctx.tx, tenantId, [input.size_template_id])).length
  )
    missingRef('size_template_id');
  if (
    input.color_ids?.length &&
    (await colorsByIds(ctx.tx, tenantId, input.color_ids)).length !== input.color_ids.length
  )
    missingRef('color_ids');
}

async function toValues(ctx: ServiceContext, input: Input): Promise<Row> {
  await checkReferences(ctx, input);
  const { image, ...rest } = input;
  const values: Row = Object.fromEntries(
    Object.entries(rest)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [RENAMES[k] ?? k, v]),
  );
  if (image !== undefined)
    values.image = image
      ? ((await resolveImages(ctx.tx, { tenantId: tenantOf(ctx), merchantId: null }, [image])).get(image) ??
        null)
      : null;
  return values;
}

interface SpuNames {
  category: Map<string, string>;
  categoryEn: Map<string, string>;
  factory: Map<string, string>;
  sizeTemplate: Map<string, string>;
  colors: Map<string, { id: string; name: string; hex: string }>;
}
const NAMES = Symbol('spu names');

async function namesFor(ctx: ServiceContext, rows: SpuRow[]): Promise<SpuNames> {
  const tenantId = tenantOf(ctx);
  const [categories, factories, templates, colors] = await Promise.all([
    categoriesByIds(
      ctx.tx,
      tenantId,
      rows.map((r) => r.inventoryCategoryId),
    ),
    factoriesByIds(
      ctx.tx,
      tenantId,
      rows.map((r) => r.factoryId),
    ),
    sizeTemplatesByIds(
      ctx.tx,
      tenantId,
      rows.map((r) => r.sizeTemplateId),
    ),
    colorsByIds(
      ctx.tx,
      tenantId,
      rows.flatMap((r) => r.colorIds),
    ),
  ]);
  // One names object per batch; toItem picks each row's entries from the maps.
  return {
    category: new Map(categories.map((c) => [c.id, c.categoryName])),
    categoryEn: new Map(categories.map((c) => [c.id, c.enName])),
    factory: new Map(factories.map((f) => [f.id, f.name])),
    sizeTemplate: new Map(templates.map((t) => [t.id, t.templateName])),
    colors: new Map(colors.map((c) => [c.id, { id: c.id, name: c.name, hex: c.hex }])),
  };
}

const nameIn = (names: Map<string, string> | undefined, id: string | null) => (id && names?.get(id)) ?? '';

/** SPUs of the supplier's inventory (spec §3 SPU); codes are generated, unique per tenant. */
export function spuResource(files: FileUrls): CrudDefinition<typeof catalogOperations.spu> {
  return {
    operations: catalogOperations.spu,
    table: catalogSpus,
    owner: { level: 'tenant', tenant: catalogSpus.tenantId },
    columns: { id: catalogSpus.id, createdBy: catalogSpus.createdBy },
    toItem: (r) => {
      const s = r as SpuRow & { [NAMES]?: SpuNames };
      const names = s[NAMES];
      return {
        id: s.id,
        code: s.code,
        article_number: s.articleNumber,
        name: s.name,
        style_number: s.styleNumber,
        status: s.status,
        inventory_category_id: s.inventoryCategoryId,
        inventory_category_name: nameIn(names?.category, s.inventoryCategoryId),
        inventory_category_en_name: nameIn(names?.categoryEn, s.inventoryCategoryId),
        type: s.type,
        main_material: s.mainMaterial,
        factory_id: s.factoryId,
        factory_name: nameIn(names?.factory, s.factoryId),
        color_ids: s.colorIds,
        colors: s.colorIds.flatMap((id) => {
          const c = names?.colors.get(id);
          return c ? [c] : [];
        }),
        material_size: s.materialSize,
        composition: s.composition,
        season: s.season,
        unit: s.unit,
        fabric_weight: s.fabricWeight,
        size_template_id: s.sizeTemplateId,
        size_template_name: nameIn(names?.sizeTemplate, s.sizeTemplateId),
        gender: s.gender,
        brand: s.brand,
        cost_price: s.costPrice,
        currency: s.currency as Currency,
        image: imageRefOrNull(files, s.image),
        created_at: s.createdAt.toISOString(),
        updated_at: s.updatedAt.toISOString(),
      };
    },
    async toInsert(ctx, input) {
      const values = await toValues(ctx, input);
      // spec §3: the code is generated; the counter row makes it unique under concurrent creates.
      return { ...values, code: formatCode('SPU', await nextNumber(ctx.tx, tenantOf(ctx), 'spu')) };
    },
    toUpdate: (ctx, input) => toValues(ctx, input),
    afterWrite: (ctx, row) =>
      syncImageRefs(ctx.tx, tenantOf(ctx), String(row.id), [row.image as StoredImage | null]),
    async enrichMany(ctx, rows) {
      const names = await namesFor(ctx, rows as SpuRow[]);
      return rows.map((r) => ({ ...r, [NAMES]: names }));
    },
    async enrich(ctx, row) {
      return { ...row, [NAMES]: await namesFor(ctx, [row as SpuRow]) };
    },
    async beforeDelete(ctx, row) {
      await ctx.tx.delete(catalogImageRefs).where(eq(catalogImageRefs.ownerId, String(row.id)));
    },
    filters: {
      status: { column: catalogSpus.status, op: 'eq' },
      inventory_category_id: { column: catalogSpus.inventoryCategoryId, op: 'eq' },
      factory_id: { column: catalogSpus.factoryId, op: 'eq' },
      gender: { column: catalogSpus.gender, op: 'eq' },
      code: { column: catalogSpus.code, op: 'like' },
      article_number: { column: catalogSpus.articleNumber, op: 'like' },
    },
    quickSearch: [catalogSpus.code, catalogSpus.name, catalogSpus.articleNumber, catalogSpus.styleNumber],
    orderable: {
      code: catalogSpus.code,
      name: catalogSpus.name,
      cost_price: catalogSpus.costPrice,
      created_at: catalogSpus.createdAt,
    },
    defaultOrder: [[catalogSpus.createdAt, 'desc']],
    selectLabel: catalogSpus.name,
    recyclable: true,
  };
}
