import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { SIZE_UNITS } from '@pod/shared';
import { RECORD_STATUSES, sizeTemplateIssues, catalogOperations } from '@pod/shared';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import {
  catalogAttributes,
  catalogColors,
  catalogDictionary,
  catalogImageRefs,
  catalogProducts,
  catalogSizeAttributes,
  catalogSizes,
  catalogSizeTemplates,
  catalogSpus,
} from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import type { Row } from '../../platform/crud/crud-definition.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { tenantOf } from './category.resource.ts';
import { imageRefOrNull, resolveImages, syncImageRefs } from './images.ts';
import { refuse, missingRef } from './issues.ts';
import { sizeAttributesByIds, sizesByIds } from './lookups.repo.ts';

const statusFilter = (column: PgColumn) => ({
  column,
  op: 'eq' as const,
  schema: z.enum(RECORD_STATUSES),
});
const iso = (d: Date) => d.toISOString();

/** Copies the defined fields of an input onto row keys (`en_name` → `enName`…). */
function defined(input: Record<string, unknown>, renames: Record<string, string> = {}): Row {
  return Object.fromEntries(
    Object.entries(input)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [renames[k] ?? k, v]),
  );
}

async function isUsed(tx: Executor, checks: SQL[]): Promise<boolean> {
  for (const check of checks) {
    const [row] = (await tx.execute(sql`SELECT EXISTS (${check}) AS used`)).rows as Array<{ used: boolean }>;
    if (row?.used) return true;
  }
  return false;
}

// ---- Attributes ----------------------------------------------------------------------------------
type AttributeRow = typeof catalogAttributes.$inferSelect;
export const spuAttributeResource: CrudDefinition<typeof catalogOperations.spuAttribute> = {
  operations: catalogOperations.spuAttribute,
  table: catalogAttributes,
  owner: { level: 'tenant', tenant: catalogAttributes.tenantId },
  columns: { id: catalogAttributes.id, sort: catalogAttributes.sort },
  toItem: (r) => {
    const a = r as AttributeRow;
    return {
      id: a.id,
      name: a.name,
      values: a.values,
      sort: a.sort,
      status: a.status,
      created_at: iso(a.createdAt),
    };
  },
  toInsert(ctx, input) {
    tenantOf(ctx);
    return defined(input);
  },
  toUpdate: (_ctx, input) => defined(input),
  filters: { status: statusFilter(catalogAttributes.status) },
  quickSearch: [catalogAttributes.name],
  orderable: { sort: catalogAttributes.sort, name: catalogAttributes.name },
  defaultOrder: [[catalogAttributes.sort, 'desc']],
  selectLabel: catalogAttributes.name,
  recyclable: true,
};

// ---- Colours -------------------------------------------------------------------------------------
type ColorRow = typeof catalogColors.$inferSelect;
export function spuColorResource(files: FileUrls): CrudDefinition<typeof catalogOperations.spuColor> {
  const swatchOf = async (ctx: ServiceContext, id: string | null) =>
    id
      ? ((await resolveImages(ctx.tx, { tenantId: tenantOf(ctx), merchantId: null }, [id])).get(id) ?? null)
      : null;
  return {
    operations: catalogOperations.spuColor,
    table: catalogColors,
    owner: { level: 'tenant', tenant: catalogColors.tenantId },
    columns: { id: catalogColors.id, sort: catalogColors.sort },
    toItem: (r) => {
      const c = r as ColorRow;
      return {
        id: c.id,
        name: c.name,
        en_name: c.enName,
        hex: c.hex,
        swatch: imageRefOrNull(files, c.swatch),
        sort: c.sort,
        status: c.status,
        created_at: iso(c.createdAt),
      };
    },
    async toInsert(ctx, input) {
      tenantOf(ctx);
      const { swatch, ...rest } = input;
      return { ...defined(rest, { en_name: 'enName' }), swatch: await swatchOf(ctx, swatch) };
    },
    async toUpdate(ctx, input) {
      const { swatch, ...rest } = input;
      return {
        ...defined(rest, { en_name: 'enName' }),
        ...(swatch !== undefined ? { swatch: await swatchOf(ctx, swatch) } : {}),
      };
    },
    afterWrite: (ctx, row) =>
      syncImageRefs(ctx.tx, tenantOf(ctx), String(row.id), [(row as ColorRow).swatch]),
    async beforeDelete(ctx, row) {
      const id = String(row.id);
      if (
        await isUsed(ctx.tx, [
          sql`SELECT 1 FROM ${catalogProducts} WHERE ${id}::uuid = ANY(${catalogProducts.colorIds})`,
          sql`SELECT 1 FROM ${catalogSpus} WHERE ${id}::uuid = ANY(${catalogSpus.colorIds})`,
        ])
      )
        throw AppError.conflict('catalog.colorInUse');
      await ctx.tx.delete(catalogImageRefs).where(eq(catalogImageRefs.ownerId, id));
    },
    filters: { status: statusFilter(catalogColors.status) },
    quickSearch: [catalogColors.name, catalogColors.enName, catalogColors.hex],
    orderable: { sort: catalogColors.sort, name: catalogColors.name },
    defaultOrder: [[catalogColors.sort, 'desc']],
    selectLabel: catalogColors.name,
    recyclable: true,
  };
}

// ---- Sizes ---------------------------------------------------------------------------------------
type SizeRow = typeof catalogSizes.$inferSelect;
export const spuSizeResource: CrudDefinition<typeof catalogOperations.spuSize> = {
  operations: catalogOperations.spuSize,
  table: catalogSizes,
  owner: { level: 'tenant', tenant: catalogSizes.tenantId },
  columns: { id: catalogSizes.id, sort: catalogSizes.sort },
  toItem: (r) => {
    const s = r as SizeRow;
    return {
      id: s.id,
      name: s.name,
      en_name: s.enName,
      sort: s.sort,
      status: s.status,
      created_at: iso(s.createdAt),
    };
  },
  toInsert(ctx, input) {
    tenantOf(ctx);
    return defined(input, { en_name: 'enName' });
  },
  toUpdate: (_ctx, input) => defined(input, { en_name: 'enName' }),
  async beforeDelete(ctx, row) {
    const id = String(row.id);
    if (
      await isUsed(ctx.tx, [
        sql`SELECT 1 FROM ${catalogProducts} WHERE ${id}::uuid = ANY(${catalogProducts.sizeIds})`,
        sql`SELECT 1 FROM ${catalogSizeTemplates} WHERE ${catalogSizeTemplates.rows} @> ${JSON.stringify([{ size_id: id }])}::jsonb`,
      ])
    )
      throw AppError.conflict('catalog.sizeInUse');
  },
  filters: { status: statusFilter(catalogSizes.status) },
  quickSearch: [catalogSizes.name, catalogSizes.enName],
  orderable: { sort: catalogSizes.sort, name: catalogSizes.name },
  defaultOrder: [[catalogSizes.sort, 'desc']],
  selectLabel: catalogSizes.name,
  recyclable: true,
};

// ---- Size attributes -----------------------------------------------------------------------------
type SizeAttributeRow = typeof catalogSizeAttributes.$inferSelect;
export const spuSizeAttributeResource: CrudDefinition<typeof catalogOperations.spuSizeAttribute> = {
  operations: catalogOperations.spuSizeAttribute,
  table: catalogSizeAttributes,
  owner: { level: 'tenant', tenant: catalogSizeAttributes.tenantId },
  columns: { id: catalogSizeAttributes.id, sort: catalogSizeAttributes.sort },
  toItem: (r) => {
    const s = r as SizeAttributeRow;
    return {
      id: s.id,
      name: s.name,
      en_name: s.enName,
      unit: s.unit as (typeof SIZE_UNITS)[number],
      sort: s.sort,
      status: s.status,
      created_at: iso(s.createdAt),
    };
  },
  toInsert(ctx, input) {
    tenantOf(ctx);
    return defined(input, { en_name: 'enName' });
  },
  toUpdate: (_ctx, input) => defined(input, { en_name: 'enName' }),
  async beforeDelete(ctx, row) {
    const id = String(row.id);
    if (
      await isUsed(ctx.tx, [
        sql`SELECT 1 FROM ${catalogSizeTemplates} WHERE ${id}::uuid = ANY(${catalogSizeTemplates.sizeAttributeIds})`,
      ])
    )
      throw AppError.conflict('catalog.sizeAttributeInUse');
  },
  filters: { status: statusFilter(catalogSizeAttributes.status) },
  quickSearch: [catalogSizeAttributes.name, catalogSizeAttributes.enName],
  orderable: { sort: catalogSizeAttributes.sort, name: catalogSizeAttributes.name },
  defaultOrder: [[catalogSizeAttributes.sort, 'desc']],
  selectLabel: catalogSizeAttributes.name,
  recyclable: true,
};

// ---- Size templates ------------------------------------------------------------------------------
type SizeTemplateRow = typeof catalogSizeTemplates.$inferSelect;
type ChartNames = {
  columns: Array<{ id: string; name: string; en_name: string; unit: string }>;
  sizeNames: Map<string, string>;
};

/** The names a size chart shows: its columns (size attributes) and its rows' sizes. */
export async function chartNames(
  tx: Executor,
  tenantId: string,
  rows: SizeTemplateRow[],
  knownSizes: ReadonlyMap<string, { id: string; name: string }> = new Map(),
): Promise<Map<string, ChartNames>> {
  // Sizes the caller already read are not read again (decision 0076); both look-ups at once.
  const sizeIds = rows.flatMap((r) => r.rows.map((x) => x.size_id));
  const [attributes, read] = await Promise.all([
    sizeAttributesByIds(
      tx,
      tenantId,
      rows.flatMap((r) => r.sizeAttributeIds),
    ),
    sizesByIds(
      tx,
      tenantId,
      sizeIds.filter((id) => !knownSizes.has(id)),
    ),
  ]);
  const sizes = [...read, ...sizeIds.flatMap((id) => (knownSizes.has(id) ? [knownSizes.get(id)!] : []))];
  const attributeById = new Map(attributes.map((a) => [a.id, a]));
  const sizeNames = new Map(sizes.map((s) => [s.id, s.name]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        columns: r.sizeAttributeIds.flatMap((id) => {
          const a = attributeById.get(id);
          return a ? [{ id: a.id, name: a.name, en_name: a.enName, unit: a.unit }] : [];
        }),
        sizeNames,
      },
    ]),
  );
}

/** A size chart as replies show it. */
export function toSizeChart(t: SizeTemplateRow, names: ChartNames | undefined) {
  return {
    id: t.id,
    template_name: t.templateName,
    columns: names?.columns ?? [],
    rows: t.rows.map((r) => ({
      size_id: r.size_id,
      size_name: names?.sizeNames.get(r.size_id) ?? '',
      values: r.values,
    })),
  };
}

async function checkChart(ctx: ServiceContext, attributeIds: string[], sizeIds: string[]): Promise<void> {
  const tenantId = tenantOf(ctx);
  if ((await sizeAttributesByIds(ctx.tx, tenantId, attributeIds)).length !== new Set(attributeIds).size)
    missingRef('size_attribute_ids');
  if ((await sizesByIds(ctx.tx, tenantId, sizeIds)).length !== new Set(sizeIds).size) missingRef('rows');
}

const NAMES = Symbol('chart names');
export const spuSizeTemplateResource: CrudDefinition<typeof catalogOperations.spuSizeTemplate> = {
  operations: catalogOperations.spuSizeTemplate,
  table: catalogSizeTemplates,
  owner: { level: 'tenant', tenant: catalogSizeTemplates.tenantId },
  columns: { id: catalogSizeTemplates.id, sort: catalogSizeTemplates.sort },
  toItem: (r) => {
    const t = r as SizeTemplateRow;
    const chart = toSizeChart(t, (r as { [NAMES]?: ChartNames })[NAMES]);
    return {
      ...chart,
      size_attribute_ids: t.sizeAttributeIds,
      remark: t.remark,
      sort: t.sort,
      status: t.status,
      created_at: iso(t.createdAt),
    };
  },
  async toInsert(ctx, input) {
    await checkChart(
      ctx,
      input.size_attribute_ids,
      input.rows.map((r) => r.size_id),
    );
    return {
      templateName: input.template_name,
      sizeAttributeIds: input.size_attribute_ids,
      rows: input.rows,
      remark: input.remark,
      sort: input.sort,
      status: input.status,
    };
  },
  async toUpdate(ctx, input, existing) {
    const current = existing as SizeTemplateRow;
    const merged = {
      size_attribute_ids: input.size_attribute_ids ?? current.sizeAttributeIds,
      rows: input.rows ?? current.rows,
    };
    // The chart as a whole must still hold together (a PATCH may change only its columns).
    refuse(sizeTemplateIssues(merged));
    await checkChart(
      ctx,
      merged.size_attribute_ids,
      merged.rows.map((r) => r.size_id),
    );
    return {
      ...defined({ remark: input.remark, sort: input.sort, status: input.status }),
      ...(input.template_name !== undefined ? { templateName: input.template_name } : {}),
      sizeAttributeIds: merged.size_attribute_ids,
      rows: merged.rows,
    };
  },
  async enrichMany(ctx, rows) {
    const names = await chartNames(ctx.tx, tenantOf(ctx), rows as SizeTemplateRow[]);
    return rows.map((r) => ({ ...r, [NAMES]: names.get(String(r.id)) }));
  },
  async enrich(ctx, row) {
    const names = await chartNames(ctx.tx, tenantOf(ctx), [row as SizeTemplateRow]);
    return { ...row, [NAMES]: names.get(String(row.id)) };
  },
  async beforeDelete(ctx, row) {
    const id = String(row.id);
    if (
      await isUsed(ctx.tx, [
        sql`SELECT 1 FROM ${catalogProducts} WHERE ${catalogProducts.sizeTemplateId} = ${id}`,
        sql`SELECT 1 FROM ${catalogSpus} WHERE ${catalogSpus.sizeTemplateId} = ${id}`,
      ])
    )
      throw AppError.conflict('catalog.sizeTemplateInUse');
  },
  filters: { status: statusFilter(catalogSizeTemplates.status) },
  quickSearch: [catalogSizeTemplates.templateName],
  orderable: { sort: catalogSizeTemplates.sort, template_name: catalogSizeTemplates.templateName },
  defaultOrder: [[catalogSizeTemplates.sort, 'desc']],
  selectLabel: catalogSizeTemplates.templateName,
  recyclable: true,
};

// ---- Dictionary ----------------------------------------------------------------------------------
type DictionaryRow = typeof catalogDictionary.$inferSelect;

async function checkDictionaryValue(ctx: ServiceContext, type: string, value: string, selfId?: string) {
  const [dupe] = await ctx.tx
    .select({ n: count() })
    .from(catalogDictionary)
    .where(
      and(
        eq(catalogDictionary.tenantId, tenantOf(ctx)),
        eq(catalogDictionary.type, type),
        eq(catalogDictionary.value, value),
        ...(selfId ? [ne(catalogDictionary.id, selfId)] : []),
      ),
    );
  if ((dupe?.n ?? 0) > 0) throw AppError.conflict('catalog.dictionaryTaken', {}, { field: 'value' });
}

export const spuDictionaryResource: CrudDefinition<typeof catalogOperations.spuDictionary> = {
  operations: catalogOperations.spuDictionary,
  table: catalogDictionary,
  owner: { level: 'tenant', tenant: catalogDictionary.tenantId },
  columns: { id: catalogDictionary.id, sort: catalogDictionary.sort },
  toItem: (r) => {
    const d = r as DictionaryRow;
    return {
      id: d.id,
      type: d.type,
      label: d.label,
      en_label: d.enLabel,
      value: d.value,
      sort: d.sort,
      status: d.status,
      remark: d.remark,
      created_at: iso(d.createdAt),
    };
  },
  async toInsert(ctx, input) {
    await checkDictionaryValue(ctx, input.type, input.value);
    return defined(input, { en_label: 'enLabel' });
  },
  async toUpdate(ctx, input, existing) {
    const d = existing as DictionaryRow;
    if (input.type !== undefined || input.value !== undefined)
      await checkDictionaryValue(ctx, input.type ?? d.type, input.value ?? d.value, d.id);
    return defined(input, { en_label: 'enLabel' });
  },
  filters: {
    type: { column: catalogDictionary.type, op: 'eq' },
    status: statusFilter(catalogDictionary.status),
  },
  quickSearch: [catalogDictionary.label, catalogDictionary.enLabel, catalogDictionary.value],
  orderable: { sort: catalogDictionary.sort, type: catalogDictionary.type, value: catalogDictionary.value },
  defaultOrder: [
    [catalogDictionary.type, 'asc'],
    [catalogDictionary.sort, 'desc'],
  ],
  selectLabel: catalogDictionary.label,
  recyclable: true,
};
