import { and, count, eq, inArray, sql } from 'drizzle-orm';

import { materialOperations } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { materialCategories, materials } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import { inLibrary, libraryOf, type Library } from './material.service.ts';

type CategoryRow = typeof materialCategories.$inferSelect;

/** Ids of a category and everything below it. */
async function subtree(tx: Executor, id: string): Promise<string[]> {
  const rows = await tx.execute<{ id: string }>(sql`
    WITH RECURSIVE t(id) AS (
      SELECT ${id}::uuid
      UNION SELECT c.id FROM ${materialCategories} c JOIN t ON c.parent_id = t.id
    ) SELECT id FROM t`);
  return rows.rows.map((r) => r.id);
}

/** Adds how many materials each category holds directly. */
async function withMaterialCounts(ctx: ServiceContext, rows: Array<Record<string, unknown>>) {
  const ids = rows.map((r) => String(r.id));
  if (!ids.length) return rows;
  const counts = await ctx.tx
    .select({ id: materials.categoryId, n: count() })
    .from(materials)
    .where(inArray(materials.categoryId, ids))
    .groupBy(materials.categoryId);
  const byId = new Map(counts.map((c) => [c.id, c.n]));
  return rows.map((r) => ({ ...r, materialCount: byId.get(String(r.id)) ?? 0 }));
}

/** The parent must be a category of the same library, and never the category itself or one below it. */
async function checkParent(
  ctx: ServiceContext,
  library: Library,
  parentId: string | null | undefined,
  selfId?: string,
) {
  if (!parentId) return;
  const [parent] = await ctx.tx
    .select({ id: materialCategories.id })
    .from(materialCategories)
    .where(and(eq(materialCategories.id, parentId), inLibrary(materialCategories, library)));
  if (!parent) throw AppError.notFound('material.categoryNotFound');
  if (selfId && (await subtree(ctx.tx, selfId)).includes(parentId))
    throw AppError.badRequest('material.categoryCycle', {}, { field: 'parent_id' });
}

/**
 * Material categories: a tree per library (spec §3, §4). Adding a sub-category under a category
 * that holds materials moves them into the new sub-category, so materials always sit in leaves.
 * Deleting a category deletes its sub-tree, and their materials fall back to Uncategorised (the
 * null category, which cannot be deleted because it is not a row). The web asks first.
 */
export const materialCategoryResource: CrudDefinition<typeof materialOperations.materialCategory> = {
  operations: materialOperations.materialCategory,
  table: materialCategories,
  // A library is its organisation's: a merchant's own, or the supplier's official one.
  owner: {
    level: 'organisation',
    tenant: materialCategories.tenantId,
    merchant: materialCategories.merchantId,
  },
  columns: {
    id: materialCategories.id,
    sort: materialCategories.sort,
    createdBy: materialCategories.createdBy,
  },
  toItem: (r) => {
    const row = r as CategoryRow & { materialCount?: number };
    return {
      id: row.id,
      parent_id: row.parentId,
      name: row.name,
      sort: row.sort,
      material_count: row.materialCount ?? 0,
      created_at: row.createdAt.toISOString(),
    };
  },
  async toInsert(ctx, input) {
    await checkParent(ctx, libraryOf(ctx), input.parent_id);
    return { parentId: input.parent_id, name: input.name, sort: input.sort };
  },
  async toUpdate(ctx, input, existing) {
    await checkParent(ctx, libraryOf(ctx), input.parent_id, String(existing.id));
    return {
      ...(input.parent_id !== undefined ? { parentId: input.parent_id } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
    };
  },
  // spec §4: the parent's materials move into its new sub-category (also when a category is moved under it).
  async afterWrite(ctx, row, input) {
    const parentId = (input as { parent_id?: string | null }).parent_id;
    if (!parentId) return;
    await ctx.tx
      .update(materials)
      .set({ categoryId: String(row.id) })
      .where(eq(materials.categoryId, parentId));
  },
  enrichMany: withMaterialCounts,
  enrich: async (ctx, row) => (await withMaterialCounts(ctx, [row]))[0]!,
  filters: {
    parent_id: { column: materialCategories.parentId, op: 'eq' },
  },
  quickSearch: [materialCategories.name],
  orderable: { sort: materialCategories.sort, name: materialCategories.name },
  defaultOrder: [[materialCategories.sort, 'desc']],
  selectLabel: materialCategories.name,
};
