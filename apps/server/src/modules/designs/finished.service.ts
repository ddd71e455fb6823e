import { randomBytes } from 'node:crypto';
import {
  and,
  asc,
  desc,
  eq,
  getTableColumns,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import type {
  Currency,
  FinishedProduct,
  FinishedProductDetail,
  FinishedSurface,
  finishedProductFilterSchema,
  Language,
} from '@pod/shared';
import { catalogName } from '@pod/shared';
import type { DesignDocument } from '@pod/design';
import type { Db, Executor } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { finishedGroups, finishedProducts } from './schema.ts';
import { containsPattern } from '../../platform/crud/crud-query.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { findAdminNames } from '../access/index.ts';
import { loadRefs, productsByIds, type ProductRow } from '../catalog/index.ts';
import { assertDesignSlot } from '../tenancy/index.ts';
import { designedFaces, type CheckedDesign, type MerchantScope } from './design-check.ts';

export type FinishedRow = typeof finishedProducts.$inferSelect;
export type GroupRow = typeof finishedGroups.$inferSelect;

/** A readable code, unique per tenant: F + date + 6 random base-36 characters. */
export function newFinishedCode(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const random = BigInt(`0x${randomBytes(5).toString('hex')}`)
    .toString(36)
    .padStart(6, '0')
    .slice(-6);
  return `F${day}${random.toUpperCase()}`;
}

/** Finished products a merchant made this calendar month (UTC), deleted ones included. */
export async function designsThisMonth(tx: Executor, m: MerchantScope): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(finishedProducts)
    .where(
      and(
        eq(finishedProducts.tenantId, m.tenantId),
        eq(finishedProducts.merchantId, m.merchantId),
        gte(
          finishedProducts.createdAt,
          sql`date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
        ),
      ),
    );
  return row?.n ?? 0;
}

/**
 * One merchant's saves run one at a time (advisory lock), so two parallel saves cannot both take
 * the month's last design slot; the quota is checked under the lock.
 */
export async function lockDesignQuota(tx: Executor, m: MerchantScope, adding = 1): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${m.merchantId}, 8))`);
  const used = await designsThisMonth(tx, m);
  await assertDesignSlot(tx, m, used + adding - 1);
}

export function ownedBy(m: MerchantScope): SQL {
  return and(
    eq(finishedProducts.tenantId, m.tenantId),
    eq(finishedProducts.merchantId, m.merchantId),
    isNull(finishedProducts.deletedAt),
  )!;
}

/** A merchant's finished product, else 404 (another tenant's or merchant's too). */
export async function findFinished(tx: Executor, m: MerchantScope, id: string): Promise<FinishedRow> {
  const [row] = await tx
    .select()
    .from(finishedProducts)
    .where(and(eq(finishedProducts.id, id), ownedBy(m)))
    .limit(1);
  if (!row) throw AppError.notFound('design.notFound');
  return row;
}

export async function findGroup(tx: Executor, m: MerchantScope, id: string): Promise<GroupRow> {
  const [row] = await tx
    .select()
    .from(finishedGroups)
    .where(
      and(
        eq(finishedGroups.id, id),
        eq(finishedGroups.tenantId, m.tenantId),
        eq(finishedGroups.merchantId, m.merchantId),
      ),
    )
    .limit(1);
  if (!row) throw AppError.notFound('design.groupNotFound');
  return row;
}

export interface FinishedInput {
  name: string;
  size_mode: 'default' | 'custom';
  size_ids: string[];
  custom_sizes: Array<{ name: string; measurements: string }>;
  group_id: string | null;
}

/** The columns a checked design sets (create and edit again). */
export function designValues(checked: CheckedDesign, input: FinishedInput) {
  return {
    name: input.name,
    productId: checked.product.id,
    groupId: input.group_id,
    documents: checked.docs as unknown as Array<Record<string, unknown>>,
    colorIds: checked.docs.map((d) => d.color_id),
    sizeMode: input.size_mode,
    sizeIds: input.size_mode === 'default' ? input.size_ids : [],
    customSizes: input.size_mode === 'custom' ? input.custom_sizes : [],
    faces: checked.faces,
    currency: checked.price.currency,
    unitPrice: checked.price.unit,
    renderStatus: 'pending' as const,
    renderError: null,
    renders: [],
  };
}

async function designerName(tx: Executor, userId: string): Promise<string> {
  const row = await findAdminNames(tx, userId);
  return row ? row.nickname || row.username : '';
}

/** Inserts finished products under the merchant's design-quota lock, all or none. */
export async function insertFinished(
  db: Db,
  m: MerchantScope,
  actorId: string,
  items: Array<{ checked: CheckedDesign; input: FinishedInput }>,
): Promise<FinishedRow[]> {
  return db.transaction(async (tx) => {
    await lockDesignQuota(tx, m, items.length);
    const designer = await designerName(tx, actorId);
    const rows: FinishedRow[] = [];
    for (const { checked, input } of items) {
      if (input.group_id) await findGroup(tx, m, input.group_id);
      const [row] = await tx
        .insert(finishedProducts)
        .values({
          tenantId: m.tenantId,
          merchantId: m.merchantId,
          code: newFinishedCode(),
          ...designValues(checked, input),
          createdBy: actorId,
          designer,
        })
        .returning();
      rows.push(row!);
    }
    return rows;
  });
}

// ---- Lists ------------------------------------------------------------------------------------------

type Filters = z.infer<typeof finishedProductFilterSchema>;

/** The list's WHERE: the merchant's rows and the filters (a primary group includes its secondaries). */
export async function filterConditions(tx: Executor, m: MerchantScope, q: Filters): Promise<SQL> {
  const conditions: SQL[] = [ownedBy(m)];
  if (q.keyword) {
    const term = containsPattern(q.keyword);
    conditions.push(or(ilike(finishedProducts.name, term), ilike(finishedProducts.code, term))!);
  }
  if (q.product_id) conditions.push(eq(finishedProducts.productId, q.product_id));
  if (q.group_id === 'none') conditions.push(isNull(finishedProducts.groupId));
  else if (q.group_id) {
    const children = await tx
      .select({ id: finishedGroups.id })
      .from(finishedGroups)
      .where(
        and(
          eq(finishedGroups.tenantId, m.tenantId),
          eq(finishedGroups.merchantId, m.merchantId),
          eq(finishedGroups.parentId, q.group_id),
        ),
      );
    conditions.push(inArray(finishedProducts.groupId, [q.group_id, ...children.map((c) => c.id)]));
  }
  if (q.render_status) conditions.push(eq(finishedProducts.renderStatus, q.render_status));
  if (q.export_status) conditions.push(eq(finishedProducts.exportStatus, q.export_status));
  if (q.date_from) conditions.push(gte(finishedProducts.createdAt, new Date(`${q.date_from}T00:00:00Z`)));
  if (q.date_to) {
    const end = new Date(`${q.date_to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(finishedProducts.createdAt, end));
  }
  return and(...conditions)!;
}

export const LIST_ORDER = [desc(finishedProducts.createdAt), asc(finishedProducts.id)];

/** The merchant's groups (the list's group filter and its group names read them once). */
export function groupsOf(tx: Executor, m: MerchantScope): Promise<GroupRow[]> {
  return preparedQuery(tx, 'designs_groups_of_merchant', (t) =>
    t
      .select()
      .from(finishedGroups)
      .where(
        and(
          eq(finishedGroups.tenantId, sql.placeholder('tenant')),
          eq(finishedGroups.merchantId, sql.placeholder('merchant')),
        ),
      ),
  ).execute({ tenant: m.tenantId, merchant: m.merchantId });
}

/**
 * The list's filters as a prepared statement's part: which filters are present (the shape, in
 * the statement's name), their values, and the WHERE with a placeholder for each value (built only
 * when a shape's statement is first prepared). The same conditions as `filterConditions`; a
 * group's secondaries come from the merchant's groups already read, as one array parameter.
 */
function listFilter(q: Filters, groups: GroupRow[]) {
  const shape: string[] = [];
  const values: Record<string, unknown> = {};
  const ph = (name: string, value: unknown) => {
    shape.push(name);
    values[name] = value;
  };
  if (q.keyword) ph('term', containsPattern(q.keyword));
  if (q.product_id) ph('product', q.product_id);
  if (q.group_id === 'none') shape.push('no_group');
  else if (q.group_id)
    ph('groups', [q.group_id, ...groups.filter((g) => g.parentId === q.group_id).map((g) => g.id)]);
  if (q.render_status) ph('render', q.render_status);
  if (q.export_status) ph('export', q.export_status);
  if (q.date_from) ph('from', new Date(`${q.date_from}T00:00:00Z`).toISOString());
  if (q.date_to) {
    const end = new Date(`${q.date_to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    ph('to', end.toISOString());
  }
  const build = (): SQL => {
    const p = sql.placeholder;
    const has = (name: string) => shape.includes(name);
    return and(
      eq(finishedProducts.tenantId, p('tenant')),
      eq(finishedProducts.merchantId, p('merchant')),
      isNull(finishedProducts.deletedAt),
      has('term')
        ? or(ilike(finishedProducts.name, p('term')), ilike(finishedProducts.code, p('term')))
        : undefined,
      has('product') ? eq(finishedProducts.productId, p('product')) : undefined,
      has('no_group') ? isNull(finishedProducts.groupId) : undefined,
      has('groups') ? sql`${finishedProducts.groupId} = ANY(${p('groups')}::uuid[])` : undefined,
      has('render') ? eq(finishedProducts.renderStatus, p('render')) : undefined,
      has('export') ? eq(finishedProducts.exportStatus, p('export')) : undefined,
      has('from') ? gte(finishedProducts.createdAt, p('from')) : undefined,
      has('to') ? lt(finishedProducts.createdAt, p('to')) : undefined,
    )!;
  };
  return { shape: shape.join(','), values, build };
}

/**
 * One page of the merchant's finished products and the total of the filters' matches, in ONE
 * prepared statement per filter shape (decision 0084, as the order list's in decision 0041): the
 * count is an uncorrelated scalar subquery, the page's ids are found in the list order and only
 * their rows read. A page past the end has no row to carry the total: it is counted on its own.
 */
export async function listFinishedPage(
  tx: Executor,
  m: MerchantScope,
  q: Filters & { page: number; limit: number },
  groups: GroupRow[],
): Promise<{ rows: FinishedRow[]; total: number }> {
  const filter = listFilter(q, groups);
  const scope = { tenant: m.tenantId, merchant: m.merchantId };
  const found = await preparedQuery(tx, `designs_finished_page_${filter.shape}`, (t) => {
    const where = filter.build();
    const pageIds = t
      .select({ id: finishedProducts.id })
      .from(finishedProducts)
      .where(where)
      .orderBy(...LIST_ORDER)
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'));
    return t
      .select({
        ...getTableColumns(finishedProducts),
        listTotal: sql<number>`(SELECT count(*)::int FROM ${finishedProducts} WHERE ${where})`,
      })
      .from(finishedProducts)
      .where(
        and(eq(finishedProducts.tenantId, sql.placeholder('tenant')), inArray(finishedProducts.id, pageIds)),
      )
      .orderBy(...LIST_ORDER);
  }).execute({ ...filter.values, ...scope, limit: q.limit, offset: (q.page - 1) * q.limit });
  if (found.length) {
    const total = found[0]!.listTotal;
    return { rows: found.map(({ listTotal: _total, ...row }) => row), total };
  }
  if (q.page === 1) return { rows: [], total: 0 };
  const [count] = await preparedQuery(tx, `designs_finished_count_${filter.shape}`, (t) =>
    t
      .select({ n: sql<number>`count(*)::int` })
      .from(finishedProducts)
      .where(filter.build()),
  ).execute({ ...filter.values, ...scope });
  return { rows: [], total: count?.n ?? 0 };
}

/** The catalogue rows finished products were made from (whatever their state now). */
export function productsOf(tx: Executor, tenantId: string, ids: string[]): Promise<ProductRow[]> {
  return productsByIds(tx, tenantId, ids);
}

export interface ViewContext {
  products: Map<string, ProductRow>;
  refs: Awaited<ReturnType<typeof loadRefs>>;
  groups: Map<string, GroupRow>;
  files: FileUrls;
  /** The reader's language: catalogue names (product, colours, sizes) in it, Chinese as fallback. */
  lang: Language;
}

const nameIn = (lang: Language, v: { name: string; enName: string } | undefined) =>
  v ? (lang === 'en' && v.enName ? v.enName : v.name) : '';

export async function viewContext(
  tx: Executor,
  m: MerchantScope,
  rows: FinishedRow[],
  files: FileUrls,
  lang: Language,
  known: { groups?: GroupRow[] } = {},
): Promise<ViewContext> {
  const products = await productsOf(
    tx,
    m.tenantId,
    rows.map((r) => r.productId),
  );
  const refs = await loadRefs(tx, m.tenantId, products);
  const groups = known.groups ?? (await groupsOf(tx, m));
  return {
    products: new Map(products.map((p) => [p.id, p])),
    refs,
    lang,
    groups: new Map(groups.map((g) => [g.id, g])),
    files,
  };
}

function groupName(groups: Map<string, GroupRow>, id: string | null): string {
  const group = id ? groups.get(id) : undefined;
  if (!group) return '';
  const parent = group.parentId ? groups.get(group.parentId) : undefined;
  return parent ? `${parent.name} / ${group.name}` : group.name;
}

/**
 * The designed faces of a finished product by their surfaces' names in the view's language
 * (issue 26): the English name in English, the Chinese one in Chinese, each falling back to the
 * other; a face whose surface the product no longer has keeps its key.
 */
export function faceNamesOf(row: FinishedRow, v: ViewContext): string[] {
  const surfaces = v.products.get(row.productId)?.surfaces ?? [];
  return row.faces.map((key) => {
    const s = surfaces.find((surface) => surface.key === key);
    return (s && catalogName(s, v.lang)) || key;
  });
}

const signed = (files: FileUrls, key: string | null) => (key ? files.url(key) : null);

export function toFinished(row: FinishedRow, v: ViewContext): FinishedProduct {
  const product = v.products.get(row.productId);
  const category = product ? v.refs.categories.get(product.categoryId) : undefined;
  const firstThumb = row.renders.find((r) => r.thumb_key)?.thumb_key ?? null;
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    product_id: row.productId,
    product_name: nameIn(v.lang, product),
    style_code: product?.styleCode ?? '',
    category_id: product?.categoryId ?? null,
    category_name: nameIn(v.lang, category && { name: category.categoryName, enName: category.enName }),
    group_id: row.groupId,
    group_name: groupName(v.groups, row.groupId),
    colors: row.colorIds.map((id) => {
      const c = v.refs.colors.get(id);
      return { id, name: nameIn(v.lang, c), hex: c?.hex ?? '' };
    }),
    size_mode: row.sizeMode,
    size_ids: row.sizeIds,
    sizes: (row.sizeIds.length ? row.sizeIds : (product?.sizeIds ?? [])).map((id) => ({
      id,
      name: nameIn(v.lang, v.refs.sizes.get(id)),
    })),
    custom_sizes: row.customSizes,
    faces: row.faces,
    currency: row.currency as Currency,
    unit_price: row.unitPrice,
    thumb_url: signed(v.files, firstThumb),
    render_status: row.renderStatus,
    render_count: row.renderCount,
    render_error: row.renderError,
    render_job_id: row.renderJobId,
    export_status: row.exportStatus,
    external_spu: row.externalSpu,
    external_codes: row.externalCodes,
    order_count: row.orderCount,
    designer: row.designer,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function toFinishedDetail(row: FinishedRow, v: ViewContext): FinishedProductDetail {
  const product = v.products.get(row.productId);
  const docs = row.documents as unknown as DesignDocument[];
  const surfaces: FinishedSurface[] = [];
  if (product) {
    for (const doc of docs) {
      const designed = new Set(designedFaces([doc], product));
      for (const s of product.surfaces) {
        const render = row.renders.find((r) => r.color_id === doc.color_id && r.surface_key === s.key);
        surfaces.push({
          color_id: doc.color_id,
          surface_key: s.key,
          surface_name: s.name,
          designed: designed.has(s.key),
          print_url: signed(v.files, render?.print_key ?? null),
          mockup_url: signed(v.files, render?.mockup_key ?? null),
          thumb_url: signed(v.files, render?.thumb_key ?? null),
          width: s.print_file.width,
          height: s.print_file.height,
          dpi: s.print_file.dpi,
        });
      }
    }
  }
  return { ...toFinished(row, v), documents: row.documents, surfaces, assets: [] };
}
