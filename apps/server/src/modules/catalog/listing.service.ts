import { and, asc, desc, eq, gt, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { catalogCategories } from './schema.ts';
import { catalogProducts } from './schema.ts';
import { containsPattern } from '../../platform/crud/crud-query.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { AppError } from '../../platform/http/errors.ts';
import { categoriesOfTenant } from './lookups.repo.ts';
import type { ProductRow } from './product.service.ts';

type CategoryRow = typeof catalogCategories.$inferSelect;

/**
 * The categories shown to merchants and visitors: enabled, with every ancestor enabled too
 * (disabling a category hides its whole subtree).
 */
export function visibleCategories(all: CategoryRow[]): CategoryRow[] {
  const byId = new Map(all.map((c) => [c.id, c]));
  return all.filter((c) =>
    c.position
      .split('/')
      .filter(Boolean)
      .every((id) => byId.get(id)?.status === 'enabled'),
  );
}

/** The ids of a category and everything below it, among the given (visible) categories. */
export function subtreeIds(categories: CategoryRow[], categoryId: string): string[] {
  const root = categories.find((c) => c.id === categoryId);
  return root ? categories.filter((c) => c.position.startsWith(root.position)).map((c) => c.id) : [];
}

/** A supplier product anyone of the tenant may see: on sale, not expired, in a shown category. */
function listedConditions(tenantId: string, categoryIds: string[]): SQL[] {
  return [
    eq(catalogProducts.tenantId, tenantId),
    isNull(catalogProducts.merchantId),
    eq(catalogProducts.status, 'on_sale'),
    or(isNull(catalogProducts.expireAt), gt(catalogProducts.expireAt, sql`now()`))!,
    categoryIds.length ? inArray(catalogProducts.categoryId, categoryIds) : sql`false`,
  ];
}

export interface ListingQuery {
  page: number;
  limit: number;
  category_id?: string | undefined;
  keyword?: string | undefined;
}

function keywordCondition(keyword: string | undefined): SQL | undefined {
  if (!keyword) return undefined;
  const term = containsPattern(keyword);
  return or(
    ilike(catalogProducts.name, term),
    ilike(catalogProducts.enName, term),
    ilike(catalogProducts.styleCode, term),
  );
}

/** Who looks: a visitor of the storefront, or a merchant (who also sees its own templates). */
export type Viewer = { kind: 'public' } | { kind: 'merchant'; merchantId: string; ownOnly: boolean };

/** The products a viewer may see in a tenant, as a base condition (before filters). */
async function viewerConditions(
  tx: Executor,
  tenantId: string,
  viewer: Viewer,
  categoryId?: string,
): Promise<SQL | undefined> {
  const all = await categoriesOfTenant(tx, tenantId);
  const categories = visibleCategories(all);
  const shown = categoryId ? subtreeIds(categories, categoryId) : categories.map((c) => c.id);
  const listed = and(...listedConditions(tenantId, shown));
  if (viewer.kind === 'public') return listed;
  // A merchant's own templates show whatever their category's state.
  const own = and(
    eq(catalogProducts.tenantId, tenantId),
    eq(catalogProducts.merchantId, viewer.merchantId),
    ...(categoryId
      ? [inArray(catalogProducts.categoryId, [categoryId, ...subtreeIds(all, categoryId)])]
      : []),
  );
  return viewer.ownOnly ? own : or(listed, own);
}

export const STOREFRONT_ORDER: Record<string, SQL[]> = {
  default: [desc(catalogProducts.sort), desc(catalogProducts.createdAt)],
  newest: [desc(catalogProducts.createdAt)],
  price_asc: [asc(catalogProducts.basePrice)],
  price_desc: [desc(catalogProducts.basePrice)],
};

/** One page of the products a viewer may see, with category (subtree) and keyword filters. */
export async function listProducts(
  tx: Executor,
  tenantId: string,
  viewer: Viewer,
  query: ListingQuery,
  order: SQL[] = STOREFRONT_ORDER.default!,
): Promise<{ rows: ProductRow[]; total: number }> {
  const base = await viewerConditions(tx, tenantId, viewer, query.category_id);
  const where = and(base, keywordCondition(query.keyword));
  return pagedRows(tx, catalogProducts, where, [...order, asc(catalogProducts.id)], query.page, query.limit);
}

/** One product a viewer may see, else 404 (another tenant's, unlisted, expired, not its own). */
export async function findVisibleProduct(
  tx: Executor,
  tenantId: string,
  viewer: Viewer,
  id: string,
): Promise<ProductRow> {
  const base = await viewerConditions(tx, tenantId, viewer);
  const [row] = await tx
    .select()
    .from(catalogProducts)
    .where(and(eq(catalogProducts.id, id), base))
    .limit(1);
  if (!row) throw AppError.notFound('catalog.productNotFound');
  return row;
}

/** The visible category tree of a tenant with how many listed products each subtree holds. */
export async function categoryTree(tx: Executor, tenantId: string) {
  const categories = visibleCategories(await categoriesOfTenant(tx, tenantId));
  const counts = await tx
    .select({ categoryId: catalogProducts.categoryId, n: sql<number>`count(*)::int` })
    .from(catalogProducts)
    .where(
      and(
        ...listedConditions(
          tenantId,
          categories.map((c) => c.id),
        ),
      ),
    )
    .groupBy(catalogProducts.categoryId);
  const own = new Map(counts.map((c) => [c.categoryId, c.n]));
  return categories
    .map((c) => ({
      id: c.id,
      category_name: c.categoryName,
      parent_id: c.parentId,
      level: c.level,
      sort: c.sort,
      product_count: categories
        .filter((d) => d.position.startsWith(c.position))
        .reduce((sum, d) => sum + (own.get(d.id) ?? 0), 0),
    }))
    .sort((a, b) => a.level - b.level || b.sort - a.sort || a.category_name.localeCompare(b.category_name));
}

/** The products among `ids` a viewer may see (the others are left out, as findVisibleProduct 404s). */
export async function findVisibleProducts(
  tx: Executor,
  tenantId: string,
  viewer: Viewer,
  ids: readonly string[],
): Promise<ProductRow[]> {
  if (!ids.length) return [];
  const base = await viewerConditions(tx, tenantId, viewer);
  return tx
    .select()
    .from(catalogProducts)
    .where(and(inArray(catalogProducts.id, [...new Set(ids)]), base));
}
