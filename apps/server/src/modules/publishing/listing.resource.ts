import {
  fillWithMockups,
  imageFormatOf,
  listingFieldsSchema,
  nextPublishStatus,
  publishActions,
  publishingOperations,
  reusableListingFields,
  type Listing,
  type ListingFields,
} from '@pod/shared';
import { and, eq } from 'drizzle-orm';
import type { AnyContext, ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud-definition.ts';
import { AppError } from '../../platform/http/errors.ts';
import { ownedBy, type Ownership } from '../../platform/ownership.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { merchantScopeOf, type MerchantScope } from '../../platform/tenant-scope.ts';
import type { Executor } from '../../db/client.ts';
import { attachmentsLinkedTo, findAttachments } from '../admin/index.ts';
import { finishedForPublishing } from '../designs/index.ts';
import { findShop } from '../shops/index.ts';
import { publishListings, publishTemplates } from './schema.ts';

/** A merchant's listings; its supplier supervises them (decision 0026). */
export const LISTING_OWNER: Ownership = {
  level: 'merchant',
  tenant: publishListings.tenantId,
  merchant: publishListings.merchantId,
};

export type ListingRow = typeof publishListings.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The upload ids a listing's (or template's) images name. */
export const uploadRefsOf = (fields: ListingFields): string[] => [
  ...new Set(
    Object.values(fields.images)
      .flat()
      .filter((i) => i.source === 'upload')
      .map((i) => i.ref),
  ),
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The fields as stored: each upload must be an image of the merchant's (else 404, as another
 * merchant's file is not there), and its size, bytes and format are the stored file's, never what
 * the form claims (the rules judge what is stored).
 */
export async function trustedFields(
  tx: Executor,
  m: MerchantScope,
  fields: ListingFields,
): Promise<ListingFields> {
  const refs = uploadRefsOf(fields);
  if (refs.some((ref) => !UUID.test(ref))) throw AppError.notFound('upload.notFound');
  const rows = await findAttachments(tx, m, refs, { imagesOnly: true });
  if (!rows.length) return fields;
  const byId = new Map(rows.map((r) => [r.id, r]));
  const images = Object.fromEntries(
    Object.entries(fields.images).map(([kind, list]) => [
      kind,
      list.map((img) => {
        const row = img.source === 'upload' ? byId.get(img.ref) : undefined;
        return row
          ? {
              ...img,
              width: row.width ?? 0,
              height: row.height ?? 0,
              bytes: row.size,
              format: imageFormatOf(row.suffix),
            }
          : img;
      }),
    ]),
  ) as ListingFields['images'];
  return { ...fields, images };
}

const URLS = Symbol('uploadUrls');
type Enriched = ListingRow & { [URLS]?: Record<string, string> };

/** The merchant's image attachments among `ids` (no error for one that is gone). */
export async function ownImages(tx: Executor, m: MerchantScope, ids: string[]) {
  const rows = await attachmentsLinkedTo(
    tx,
    [...new Set(ids)].filter((id) => UUID.test(id)),
  );
  return rows.filter(
    (a) => a.tenantId === m.tenantId && a.merchantId === m.merchantId && a.mimeType.startsWith('image/'),
  );
}

/** Signed URLs of the uploads listings show, only of files of the listing's own merchant. */
async function uploadUrls(tx: Executor, files: FileUrls, rows: ListingRow[]) {
  const ids = [...new Set(rows.flatMap((r) => uploadRefsOf(r.fields)))].filter((id) => UUID.test(id));
  const found = await attachmentsLinkedTo(tx, ids);
  return (row: ListingRow) =>
    Object.fromEntries(
      found
        .filter(
          (a) =>
            a.tenantId === row.tenantId &&
            a.merchantId === row.merchantId &&
            uploadRefsOf(row.fields).includes(a.id),
        )
        .map((a) => [a.id, files.url(a.thumbnailKey ?? a.storageKey)]),
    );
}

export function toListing(row: ListingRow): Listing {
  return {
    id: row.id,
    finished_id: row.finishedId,
    finished_code: row.finishedCode,
    finished_name: row.finishedName,
    shop_id: row.shopId,
    shop_name: row.shopName,
    platform: row.platform,
    template_id: row.templateId,
    status: row.status,
    edited_since_publish: row.editedSincePublish,
    actions: publishActions(row.status, row.editedSincePublish),
    fields: row.fields,
    external_product_id: row.externalProductId,
    external_skc_id: row.externalSkcId,
    external_skus: row.externalSkus,
    fail_reason: row.failReason,
    publish_started_at: iso(row.publishStartedAt),
    published_at: iso(row.publishedAt),
    failed_at: iso(row.failedAt),
    audit_status: row.auditStatus,
    audited_at: iso(row.auditedAt),
    job_id: row.jobId,
    upload_urls: (row as Enriched)[URLS] ?? {},
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Listings belong to merchants: other tiers publish nothing. */
export const merchantOf = (ctx: ServiceContext): MerchantScope =>
  merchantScopeOf(ctx, 'publishing.merchantsOnly');

/** A shop of the merchant that can carry listings (a marketplace, not "other"). */
export async function publishableShop(ctx: AnyContext, shopId: string) {
  const shop = await findShop(ctx, shopId);
  if (shop.platform !== 'tiktok' && shop.platform !== 'temu')
    throw AppError.field('shop_id', 'publishing.shopNotMarketplace');
  return { ...shop, platform: shop.platform };
}

/** The caller's listing, or 404 (another merchant's or tenant's is not there). */
export async function findListing(ctx: AnyContext, id: string): Promise<ListingRow> {
  const [row] = await ctx.tx
    .select()
    .from(publishListings)
    .where(and(eq(publishListings.id, id), ...ownedBy(LISTING_OWNER, ctx.scope)));
  if (!row) throw AppError.notFound('publishing.listingNotFound');
  return row;
}

/** A template of the caller's merchant, or 404. */
export async function findTemplate(ctx: AnyContext, id: string) {
  const [row] = await ctx.tx
    .select()
    .from(publishTemplates)
    .where(
      and(
        eq(publishTemplates.id, id),
        ...ownedBy(
          { level: 'merchant', tenant: publishTemplates.tenantId, merchant: publishTemplates.merchantId },
          ctx.scope,
        ),
      ),
    );
  if (!row) throw AppError.notFound('publishing.templateNotFound');
  return row;
}

/**
 * The fields a new listing starts from: the body's; else the template's (its reusable fields, the
 * images it leaves empty from the product's mockups); the titles default to the product's name.
 */
export function startingFields(
  finished: { name: string; mockups: string[] },
  platform: 'tiktok' | 'temu',
  template: ListingFields | null,
  body: ListingFields | undefined,
): ListingFields {
  const fields =
    body ??
    (template
      ? (() => {
          const reusable = reusableListingFields(template);
          return { ...reusable, images: fillWithMockups(reusable.images, finished.mockups, platform) };
        })()
      : listingFieldsSchema.parse({}));
  return {
    ...fields,
    title_zh: fields.title_zh || finished.name,
    title_en: fields.title_en || finished.name,
  };
}

async function assertFree(ctx: ServiceContext, finishedId: string, shopId: string, exceptId?: string) {
  const [taken] = await ctx.tx
    .select({ id: publishListings.id })
    .from(publishListings)
    .where(
      and(
        eq(publishListings.tenantId, ctx.scope.tenantId!),
        eq(publishListings.finishedId, finishedId),
        eq(publishListings.shopId, shopId),
      ),
    );
  if (taken && taken.id !== exceptId) throw AppError.conflict('publishing.listingExists');
}

/** Listings (spec §3 Publish listing): create a draft, edit it, list, delete. */
export const listingResource = (files: FileUrls): CrudDefinition<typeof publishingOperations.listing> => ({
  operations: publishingOperations.listing,
  table: publishListings,
  owner: LISTING_OWNER,
  // Merchant-wide rows (no creator data scope), like shops and finished products.
  columns: { id: publishListings.id },
  toItem: (row) => toListing(row as ListingRow),
  async enrichMany(ctx, rows) {
    const urlsOf = await uploadUrls(ctx.tx, files, rows as ListingRow[]);
    return rows.map((r) => ({ ...r, [URLS]: urlsOf(r as ListingRow) }));
  },
  async enrich(ctx, row) {
    return { ...row, [URLS]: (await uploadUrls(ctx.tx, files, [row as ListingRow]))(row as ListingRow) };
  },
  async toInsert(ctx, input) {
    const m = merchantOf(ctx);
    const finished = await finishedForPublishing(ctx.tx, m, input.finished_id);
    if (!finished) throw AppError.notFound('publishing.finishedNotFound');
    const shop = await publishableShop(ctx, input.shop_id);
    const template = input.template_id ? await findTemplate(ctx, input.template_id) : null;
    await assertFree(ctx, finished.id, shop.id);
    return {
      finishedId: finished.id,
      finishedCode: finished.code,
      finishedName: finished.name,
      shopId: shop.id,
      shopName: shop.name,
      platform: shop.platform,
      templateId: template?.id ?? null,
      fields: await trustedFields(
        ctx.tx,
        m,
        startingFields(finished, shop.platform, template?.fields ?? null, input.fields),
      ),
      createdBy: ctx.actor.id,
    };
  },
  async toUpdate(ctx, input, existing) {
    const row = existing as ListingRow;
    // decision 0044: edits only where the table allows them (not while it is being published).
    if (!nextPublishStatus(row.status, 'edit'))
      throw new AppError(409, 'publishing.notEditable', { status: { t: `publishing.status.${row.status}` } });
    const out: Record<string, unknown> = {};
    if (input.shop_id && input.shop_id !== row.shopId) {
      if (row.status !== 'draft' || row.externalProductId) throw AppError.conflict('publishing.shopFixed');
      const shop = await publishableShop(ctx, input.shop_id);
      await assertFree(ctx, row.finishedId, shop.id, row.id);
      Object.assign(out, { shopId: shop.id, shopName: shop.name, platform: shop.platform });
    }
    if (input.template_id !== undefined)
      out.templateId = input.template_id ? (await findTemplate(ctx, input.template_id)).id : null;
    if (input.fields) out.fields = await trustedFields(ctx.tx, merchantOf(ctx), input.fields);
    if (row.status === 'released') out.editedSincePublish = true;
    return out;
  },
  beforeDelete(_ctx, row) {
    const status = (row as ListingRow).status;
    if (status === 'to_be_released' || status === 'in_release' || status === 'released')
      return Promise.reject(AppError.conflict('publishing.deleteReleased'));
    return Promise.resolve();
  },
  filters: {
    status: { column: publishListings.status, op: 'eq' },
    platform: { column: publishListings.platform, op: 'eq' },
    shop_id: { column: publishListings.shopId, op: 'eq' },
    finished_id: { column: publishListings.finishedId, op: 'eq' },
  },
  quickSearch: [publishListings.finishedCode, publishListings.finishedName, publishListings.shopName],
  orderable: {
    created_at: publishListings.createdAt,
    updated_at: publishListings.updatedAt,
    status: publishListings.status,
  },
  defaultOrder: [[publishListings.updatedAt, 'desc']],
  selectLabel: publishListings.finishedName,
});
