import { randomUUID } from 'node:crypto';
import { and, count, eq, like, ne, sql } from 'drizzle-orm';
import { CATALOG_LIMITS, catalogOperations } from '@pod/shared';

import { catalogCategories, catalogProducts, catalogSpus } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import { missingRef } from './issues.ts';

type CategoryRow = typeof catalogCategories.$inferSelect;

/** The tenant of a catalogue write: suppliers (and their merchants) own catalogue rows. */
export function tenantOf(ctx: ServiceContext): string {
  if (!ctx.scope.tenantId) throw AppError.forbidden();
  return ctx.scope.tenantId;
}

/** `%` patterns need their wildcards escaped; positions hold only uuids and '/'. */
const under = (position: string) => `${position}%`;

async function findCategory(ctx: ServiceContext, id: string): Promise<CategoryRow> {
  const [row] = await ctx.tx
    .select()
    .from(catalogCategories)
    .where(and(eq(catalogCategories.id, id), eq(catalogCategories.tenantId, tenantOf(ctx))));
  if (!row) missingRef('parent_id');
  return row;
}

/** How deep the subtree under a category goes, counted from the category (0: no children). */
async function subtreeDepth(ctx: ServiceContext, row: CategoryRow): Promise<number> {
  const [r] = await ctx.tx
    .select({ max: sql<number>`coalesce(max(${catalogCategories.level}), 0)::int` })
    .from(catalogCategories)
    .where(
      and(
        eq(catalogCategories.tenantId, row.tenantId),
        like(catalogCategories.position, under(row.position)),
      ),
    );
  return Math.max(0, (r?.max ?? row.level) - row.level);
}

const toItem = (r: Record<string, unknown>) => {
  const c = r as CategoryRow;
  return {
    id: c.id,
    category_name: c.categoryName,
    en_name: c.enName,
    parent_id: c.parentId,
    position: c.position,
    level: c.level,
    sort: c.sort,
    status: c.status,
    created_at: c.createdAt.toISOString(),
    updated_at: c.updatedAt.toISOString(),
  };
};

/**
 * The category tree (spec §3 SPU category), one per tenant, shared by SPUs and products. The
 * server keeps each category's position (its path of ids) so subtrees are one prefix match.
 */
export const spuCategoryResource: CrudDefinition<typeof catalogOperations.spuCategory> = {
  operations: catalogOperations.spuCategory,
  table: catalogCategories,
  owner: { level: 'tenant', tenant: catalogCategories.tenantId },
  columns: { id: catalogCategories.id, sort: catalogCategories.sort },
  toItem,
  async toInsert(ctx, input) {
    tenantOf(ctx);
    const id = randomUUID();
    const parent = input.parent_id ? await findCategory(ctx, input.parent_id) : null;
    const level = (parent?.level ?? 0) + 1;
    if (level > CATALOG_LIMITS.categoryDepth)
      throw new AppError(
        400,
        'catalog.categoryTooDeep',
        { max: CATALOG_LIMITS.categoryDepth },
        { field: 'parent_id' },
      );
    return {
      id,
      parentId: parent?.id ?? null,
      categoryName: input.category_name,
      enName: input.en_name,
      position: `${parent?.position ?? ''}${id}/`,
      level,
      sort: input.sort,
      status: input.status,
    };
  },
  async toUpdate(ctx, input, existing) {
    const self = existing as CategoryRow;
    const values: Partial<CategoryRow> = {
      ...(input.category_name !== undefined ? { categoryName: input.category_name } : {}),
      ...(input.en_name !== undefined ? { enName: input.en_name } : {}),
      ...(input.sort !== undefined ? { sort: input.sort } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
    };
    if (input.parent_id === undefined || input.parent_id === self.parentId) return values;
    const parent = input.parent_id ? await findCategory(ctx, input.parent_id) : null;
    // Never under itself or one of its own descendants.
    if (parent && parent.position.startsWith(self.position))
      throw new AppError(400, 'catalog.categoryCycle', {}, { field: 'parent_id' });
    const level = (parent?.level ?? 0) + 1;
    if (level + (await subtreeDepth(ctx, self)) > CATALOG_LIMITS.categoryDepth)
      throw new AppError(
        400,
        'catalog.categoryTooDeep',
        { max: CATALOG_LIMITS.categoryDepth },
        { field: 'parent_id' },
      );
    const position = `${parent?.position ?? ''}${self.id}/`;
    // The subtree moves with it: every descendant's position and level follow.
    await ctx.tx
      .update(catalogCategories)
      .set({
        position: sql`${position} || substr(${catalogCategories.position}, ${self.position.length + 1})`,
        level: sql`${catalogCategories.level} + ${level - self.level}`,
      })
      .where(
        and(
          eq(catalogCategories.tenantId, self.tenantId),
          like(catalogCategories.position, under(self.position)),
          ne(catalogCategories.id, self.id),
        ),
      );
    return { ...values, parentId: parent?.id ?? null, position, level };
  },
  // A category in use would leave children, SPUs or products pointing nowhere.
  async beforeDelete(ctx, row) {
    const id = String(row.id);
    const [children] = await ctx.tx
      .select({ n: count() })
      .from(catalogCategories)
      .where(eq(catalogCategories.parentId, id));
    const [spus] = await ctx.tx
      .select({ n: count() })
      .from(catalogSpus)
      .where(eq(catalogSpus.inventoryCategoryId, id));
    const [products] = await ctx.tx
      .select({ n: count() })
      .from(catalogProducts)
      .where(eq(catalogProducts.categoryId, id));
    if ((children?.n ?? 0) + (spus?.n ?? 0) + (products?.n ?? 0) > 0)
      throw AppError.conflict('catalog.categoryInUse');
  },
  filters: {
    status: { column: catalogCategories.status, op: 'eq' },
    parent_id: { column: catalogCategories.parentId, op: 'eq' },
  },
  quickSearch: [catalogCategories.categoryName, catalogCategories.enName],
  orderable: { sort: catalogCategories.sort, category_name: catalogCategories.categoryName },
  defaultOrder: [
    [catalogCategories.level, 'asc'],
    [catalogCategories.sort, 'desc'],
  ],
  selectLabel: catalogCategories.categoryName,
  recyclable: true,
};
