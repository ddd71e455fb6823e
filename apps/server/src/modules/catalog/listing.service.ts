import { and, asc, desc, eq, getTableColumns, gt, ilike, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { catalogCategories } from './schema.ts';
import { catalogProducts } from './schema.ts';
import { containsPattern } from '../../platform/crud/crud-query.ts';
import { preparedQuery } from '../../db/prepared.ts';
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

export interface ListingQuery {
  page: number;
  limit: number;
  category_id?: string | undefined;
  keyword?: string | undefined;
}

/** Who looks: a visitor of the storefront, or a merchant (who also sees its own templates). */
export type Viewer = { kind: 'public' } | { kind: 'merchant'; merchantId: string; ownOnly: boolean };

const ph = (name: string) => sql.placeholder(name);

/**
 * The products a viewer may see in a tenant, as a base condition (before filters), with every
 * value a placeholder: `tenant`, `shown` (the visible categories, or the asked subtree of them),
 * `merchant` and `own_categories` (a merchant's own templates, whatever their category's state).
 * Its shape is the viewer's kind and whether a category was asked for.
 */
function viewerCondition(viewer: Viewer, byCategory: boolean): SQL {
  const listed = and(
    eq(catalogProducts.tenantId, ph('tenant')),
    isNull(catalogProducts.merchantId),
    eq(catalogProducts.status, 'on_sale'),
    or(isNull(catalogProducts.expireAt), gt(catalogProducts.expireAt, sql`now()`)),
    sql`${catalogProducts.categoryId} = ANY(${ph('shown')}::uuid[])`,
  )!;
  if (viewer.kind === 'public') return listed;
  const own = and(
    eq(catalogProducts.tenantId, ph('tenant')),
    eq(catalogProducts.merchantId, ph('merchant')),
    byCategory ? sql`${catalogProducts.categoryId} = ANY(${ph('own_categories')}::uuid[])` : undefined,
  )!;
  return viewer.ownOnly ? own : or(listed, own)!;
}

/** The values of viewerCondition's placeholders, from the tenant's categories (read once). */
function viewerValues(
  all: CategoryRow[],
  tenantId: string,
  viewer: Viewer,
  categoryId: string | undefined,
): Record<string, unknown> {
  const categories = visibleCategories(all);
  const shown = categoryId ? subtreeIds(categories, categoryId) : categories.map((c) => c.id);
  if (viewer.kind === 'public') return { tenant: tenantId, shown };
  const ownCategories = categoryId ? [categoryId, ...subtreeIds(all, categoryId)] : [];
  return {
    tenant: tenantId,
    merchant: viewer.merchantId,
    ...(viewer.ownOnly ? {} : { shown }),
    ...(categoryId ? { own_categories: ownCategories } : {}),
  };
}

const shapeOf = (viewer: Viewer, byCategory: boolean) =>
  `${viewer.kind === 'public' ? 'public' : viewer.ownOnly ? 'own' : 'merchant'}${byCategory ? '_cat' : ''}`;

export const STOREFRONT_ORDER: Record<string, SQL[]> = {
  default: [desc(catalogProducts.sort), desc(catalogProducts.createdAt)],
  newest: [desc(catalogProducts.createdAt)],
  price_asc: [asc(catalogProducts.basePrice)],
  price_desc: [desc(catalogProducts.basePrice)],
};

/** A page of products with the tenant's categories the page was chosen by (for the replies' names). */
export interface ProductPage {
  rows: ProductRow[];
  total: number;
  /** Every category of the tenant (read once per request; reuse it, do not read it again). */
  categories: CategoryRow[];
}

/**
 * One page of the products a viewer may see, with category (subtree) and keyword filters: two
 * statements (the tenant's categories, then the page with its total as a window count), both
 * prepared and built once per shape (decision 0076). A page past the end counts on its own.
 */
export async function listProducts(
  tx: Executor,
  tenantId: string,
  viewer: Viewer,
  query: ListingQuery,
  sort: keyof typeof STOREFRONT_ORDER = 'default',
): Promise<ProductPage> {
  const all = await categoriesOfTenant(tx, tenantId);
  const order = STOREFRONT_ORDER[sort] ?? STOREFRONT_ORDER.default!;
  const byCategory = !!query.category_id;
  const keyword = query.keyword ? containsPattern(query.keyword) : undefined;
  const shape = `${shapeOf(viewer, byCategory)}${keyword ? '_kw' : ''}_${String(sort)}`;
  const values = {
    ...viewerValues(all, tenantId, viewer, query.category_id),
    ...(keyword ? { keyword } : {}),
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  };
  // The page's and the count's condition, built only when a shape is first prepared.
  const listed = () =>
    and(
      viewerCondition(viewer, byCategory),
      keyword
        ? or(
            ilike(catalogProducts.name, ph('keyword')),
            ilike(catalogProducts.enName, ph('keyword')),
            ilike(catalogProducts.styleCode, ph('keyword')),
          )
        : undefined,
    );
  const found = await preparedQuery(tx, `catalog_products_page_${shape}`, (t) =>
    t
      .select({ ...getTableColumns(catalogProducts), listTotal: sql<number>`(count(*) OVER ())::int` })
      .from(catalogProducts)
      .where(listed())
      .orderBy(...order, asc(catalogProducts.id))
      .limit(ph('limit'))
      .offset(ph('offset')),
  ).execute(values);
  if (found.length) {
    const total = Number(found[0]!.listTotal);
    return { rows: found.map(({ listTotal: _, ...row }) => row), total, categories: all };
  }
  if (query.page === 1) return { rows: [], total: 0, categories: all };
  // A page past the end has no row to carry the total: only then is it counted on its own.
  const [counted] = await preparedQuery(tx, `catalog_products_count_${shape}`, (t) =>
    t
      .select({ n: sql<number>`count(*)::int` })
      .from(catalogProducts)
      .where(listed()),
  ).execute(values);
  return { rows: [], total: Number(counted?.n ?? 0), categories: all };
}

/**
 * One product a viewer may see, else 404 (another tenant's, unlisted, expired, not its own), with
 * the tenant's categories it was checked against (reuse them for its reply).
 */
export async function findVisibleProductWithCategories(
  tx: Executor,
  tenantId: string,
  viewer: Viewer,
  id: string,
): Promise<{ row: ProductRow; categories: CategoryRow[] }> {
  const all = await categoriesOfTenant(tx, tenantId);
  const [row] = await preparedQuery(tx, `catalog_product_visible_${shapeOf(viewer, false)}`, (t) =>
    t
      .select()
      .from(catalogProducts)
      .where(and(eq(catalogProducts.id, ph('id')), viewerCondition(viewer, false)))
      .limit(1),
  ).execute({ ...viewerValues(all, tenantId, viewer, undefined), id });
  if (!row) throw AppError.notFound('catalog.productNotFound');
  return { row, categories: all };
}

/** One product a viewer may see, else 404 (another tenant's, unlisted, expired, not its own). */
export async function findVisibleProduct(
  tx: Executor,
  tenantId: string,
  viewer: Viewer,
  id: string,
): Promise<ProductRow> {
  return (await findVisibleProductWithCategories(tx, tenantId, viewer, id)).row;
}

/** The visible category tree of a tenant with how many listed products each subtree holds. */
export async function categoryTree(tx: Executor, tenantId: string) {
  const all = await categoriesOfTenant(tx, tenantId);
  const categories = visibleCategories(all);
  const public_: Viewer = { kind: 'public' };
  const counts = await preparedQuery(tx, 'catalog_category_counts', (t) =>
    t
      .select({ categoryId: catalogProducts.categoryId, n: sql<number>`count(*)::int` })
      .from(catalogProducts)
      .where(viewerCondition(public_, false))
      .groupBy(catalogProducts.categoryId),
  ).execute(viewerValues(all, tenantId, public_, undefined));
  const own = new Map(counts.map((c) => [c.categoryId, c.n]));
  return categories
    .map((c) => ({
      id: c.id,
      category_name: c.categoryName,
      en_name: c.enName,
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
  const all = await categoriesOfTenant(tx, tenantId);
  return preparedQuery(tx, `catalog_products_visible_${shapeOf(viewer, false)}`, (t) =>
    t
      .select()
      .from(catalogProducts)
      .where(and(sql`${catalogProducts.id} = ANY(${ph('ids')}::uuid[])`, viewerCondition(viewer, false))),
  ).execute({ ...viewerValues(all, tenantId, viewer, undefined), ids: [...new Set(ids)] });
}
