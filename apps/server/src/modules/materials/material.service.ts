import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Material } from '@pod/shared';
import type { Executor } from '../../db/client.ts';
import { materialCategories, materials } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { sameTenant } from '../../platform/tenant-scope.ts';
import { existingMerchantIds } from '../tenancy/index.ts';

export type MaterialRow = typeof materials.$inferSelect;

/**
 * Whose library a caller works in: a merchant's own, or the official library of a supplier (or of
 * the platform, when the tenant is null).
 */
export interface Library {
  tenantId: string | null;
  merchantId: string | null;
}

export const libraryOf = (ctx: ServiceContext): Library => ({
  tenantId: ctx.scope.tenantId,
  merchantId: ctx.scope.tier === 'merchant' ? ctx.scope.merchantId : null,
});

/** Rows of one library (materials or categories). */
export function inLibrary(columns: { tenantId: PgColumn; merchantId: PgColumn }, library: Library): SQL {
  return and(
    sameTenant(columns.tenantId, library.tenantId),
    library.merchantId ? eq(columns.merchantId, library.merchantId) : isNull(columns.merchantId),
  )!;
}

/** A merchant, as the sharing rules see it. */
export interface Viewer {
  tenantId: string;
  merchantId: string;
}

/**
 * What a merchant may see (spec §6 sharing): its own materials, and enabled materials of others
 * shared with its tenant or made public, unless it is on the blacklist or a whitelist leaves it out.
 */
export function visibleTo(viewer: Viewer): SQL {
  const m = sql`${viewer.merchantId}::uuid`;
  return or(
    eq(materials.merchantId, viewer.merchantId),
    and(
      or(isNull(materials.merchantId), ne(materials.merchantId, viewer.merchantId)),
      eq(materials.status, 'enabled'),
      or(
        and(eq(materials.visibility, 'tenant'), eq(materials.tenantId, viewer.tenantId)),
        eq(materials.visibility, 'public'),
      ),
      sql`NOT (${m} = ANY(${materials.blacklist}))`,
      sql`(cardinality(${materials.whitelist}) = 0 OR ${m} = ANY(${materials.whitelist}))`,
    ),
  )!;
}

/** Visible, and either not official or authorised by the official side. */
export function usableBy(viewer: Viewer): SQL {
  return and(visibleTo(viewer), or(eq(materials.isOfficial, false), eq(materials.isAuthorised, true)))!;
}

/**
 * The materials a merchant's design may reference (design documents call this on save and render):
 * every id must be visible and usable, else 404 as if it did not exist (a blacklisted merchant
 * learns nothing).
 */
export async function usableMaterials(tx: Executor, viewer: Viewer, ids: string[]): Promise<MaterialRow[]> {
  const unique = [...new Set(ids)];
  if (!unique.length) return [];
  const rows = await tx
    .select()
    .from(materials)
    .where(and(inArray(materials.id, unique), usableBy(viewer)));
  if (rows.length !== unique.length) throw AppError.notFound('material.notFound');
  return rows;
}

/** Black and white lists may name only merchants of the library's tenant (any, for the platform). */
export async function checkMerchantLists(
  tx: Executor,
  library: Library,
  lists: { blacklist?: string[] | undefined; whitelist?: string[] | undefined },
): Promise<void> {
  for (const field of ['blacklist', 'whitelist'] as const) {
    const ids = [...new Set(lists[field] ?? [])];
    const found = await existingMerchantIds(tx, library.tenantId, ids);
    if (found.length !== ids.length) throw AppError.badRequest('material.unknownMerchant', {}, { field });
  }
}

/** A category a material may be filed in: of the same library, and without sub-categories. */
export async function checkMaterialCategory(
  tx: Executor,
  library: Library,
  categoryId: string | null | undefined,
) {
  if (!categoryId) return;
  const [category] = await tx
    .select({ id: materialCategories.id })
    .from(materialCategories)
    .where(and(eq(materialCategories.id, categoryId), inLibrary(materialCategories, library)));
  if (!category) throw AppError.notFound('material.categoryNotFound');
  const [children] = await tx
    .select({ n: count() })
    .from(materialCategories)
    .where(eq(materialCategories.parentId, categoryId));
  if ((children?.n ?? 0) > 0)
    throw AppError.badRequest('material.categoryHasChildren', {}, { field: 'category_id' });
}

/** A readable number, unique per tenant: M + date + 6 random base-36 characters. */
export function newMaterialNumber(now = new Date()): string {
  const day = now.toISOString().slice(2, 10).replaceAll('-', '');
  const random = BigInt(`0x${randomBytes(5).toString('hex')}`)
    .toString(36)
    .padStart(6, '0')
    .slice(-6);
  return `M${day}${random.toUpperCase()}`;
}

/** The reply shape of a material, with signed image URLs. */
export function toMaterial(row: MaterialRow, files: FileUrls): Material {
  return {
    id: row.id,
    number: row.number,
    name: row.name,
    image_url: files.url(row.storageKey),
    thumb_url: row.thumbnailKey ? files.url(row.thumbnailKey) : null,
    attachment_id: row.attachmentId,
    category_id: row.categoryId,
    specs: row.specs,
    size: `${row.width}×${row.height}`,
    width: row.width,
    height: row.height,
    dpi: row.dpi,
    file_size: row.fileSize,
    format: row.format,
    type: row.type,
    visibility: row.visibility,
    blacklist: row.blacklist,
    whitelist: row.whitelist,
    is_official: row.isOfficial,
    is_authorised: row.isAuthorised,
    price: row.price,
    sales_count: row.salesCount,
    sales_amount: row.salesAmount,
    order_pieces: row.orderPieces,
    merchant_id: row.merchantId,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}
