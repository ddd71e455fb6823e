import { sharp } from '../../platform/images/sharp.ts';
import {
  MOCKUP_RENDITIONS,
  type ImageKind,
  type Language,
  type ListingFields,
  type ListingImage,
  type PublishJobResult,
} from '@pod/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type {
  ImageUse,
  ListingInput,
  MarketplaceAdapter,
  ShopAccess,
} from '../../integrations/marketplace/index.ts';
import { systemContext } from '../../platform/context.ts';
import { AppError } from '../../platform/http/errors.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import type { AppServices } from '../../services.ts';
import { findAttachments } from '../admin/index.ts';
import {
  finishedForPublishing,
  readMockup,
  recordPublication,
  type FinishedForPublishing,
} from '../designs/index.ts';
import { rememberPublishedSkus } from '../orders/index.ts';
import { gatewayOf } from '../shops/index.ts';
import { publishableShop, type ListingRow } from './listing.resource.ts';
import { moveListings } from './listing-status.ts';
import { publishListings } from './schema.ts';

export interface PublishJobData {
  tenant_id: string;
  merchant_id: string;
  /** Who asked (the SKU mappings' creator); absent in jobs queued before it was kept. */
  user_id?: string | null;
  lang: Language;
  listing_ids: string[];
}

const mine = (m: MerchantScope, id: string) => [
  eq(publishListings.id, id),
  eq(publishListings.tenantId, m.tenantId),
  eq(publishListings.merchantId, m.merchantId),
];

async function streamToBuffer(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

/** The bytes sent for one image: a mockup rendered at the size its kind needs, or the upload as stored. */
async function imageFile(
  services: AppServices,
  m: MerchantScope,
  finishedId: string,
  kind: ImageKind,
  img: ListingImage,
): Promise<{ data: Buffer; contentType: string; fileName: string }> {
  const db = services.database.db;
  if (img.source === 'mockup') {
    const source = await readMockup(db, services.storage, m, finishedId, img.ref);
    if (!source) throw new AppError(400, 'publishing.mockupMissing', { ref: img.ref });
    const size = MOCKUP_RENDITIONS[kind];
    // On white: marketplaces want a white background for the first image.
    const data = await sharp(source)
      .resize(size.width, size.height, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 88 })
      .toBuffer();
    return { data, contentType: 'image/jpeg', fileName: `${kind}.jpg` };
  }
  const [row] = await findAttachments(db, m, [img.ref], { imagesOnly: true });
  const stream = row ? await services.storage.get(row.storageKey) : null;
  if (!row || !stream) throw new AppError(400, 'publishing.imageMissing');
  return {
    data: await streamToBuffer(stream),
    contentType: row.mimeType,
    fileName: `${row.id}.${row.suffix}`,
  };
}

/** What the marketplace calls an uploaded image (TikTok `uri`, Temu URL) and where it shows it. */
interface Sent {
  ref: string;
  url: string;
}

/**
 * The kinds of images each marketplace takes, and the use each is uploaded for (decision 0068):
 * TikTok takes main images (the product photos when there are none) and detail images (in the
 * description); Temu takes the product photos as the carousel, the SKC carousel as the SKC's
 * preview, the square image as the material image, the thumbnail as each SKU's thumbnail and the
 * outer package images. The others are our rules' (e.g. the theme image as positioning standard).
 */
const SENT_KINDS: Record<'tiktok' | 'temu', Array<{ kind: ImageKind; use: ImageUse }>> = {
  tiktok: [
    { kind: 'main', use: 'main' },
    { kind: 'product_photos', use: 'main' },
    { kind: 'detail', use: 'description' },
  ],
  temu: [
    { kind: 'product_photos', use: 'main' },
    { kind: 'skc_carousel', use: 'main' },
    { kind: 'square', use: 'attribute' },
    { kind: 'thumbnail', use: 'attribute' },
    { kind: 'outer_package', use: 'attribute' },
  ],
};

/** Uploads the listing's images through the adapter (each distinct image once) and returns them by kind. */
async function uploadImages(
  services: AppServices,
  m: MerchantScope,
  row: ListingRow,
  adapter: MarketplaceAdapter,
  access: ShopAccess,
): Promise<Partial<Record<ImageKind, Sent[]>>> {
  const done = new Map<string, Sent>();
  const out: Partial<Record<ImageKind, Sent[]>> = {};
  const kinds = SENT_KINDS[row.platform];
  // TikTok: the product photos stand in for main images only when there are none.
  const skipPhotos = row.platform === 'tiktok' && row.fields.images.main.length > 0;
  for (const { kind, use } of kinds) {
    if (kind === 'product_photos' && skipPhotos) continue;
    const sent: Sent[] = [];
    for (const img of row.fields.images[kind]) {
      const key = `${kind}:${use}:${img.source}:${img.ref}`;
      let one = done.get(key);
      if (!one) {
        const file = await imageFile(services, m, row.finishedId, kind, img);
        const uploaded = await adapter.uploadImage(access, { ...file, use });
        one = { ref: uploaded.ref, url: uploaded.url || uploaded.ref };
        done.set(key, one);
      }
      sent.push(one);
    }
    out[kind] = sent;
  }
  return out;
}

/** The SKC's ext code on the marketplace: the form's SKC number, else prefix + finished product code. */
export const skcCodeOf = (fields: ListingFields, finished: { code: string }) =>
  fields.skc_number || `${fields.sku_prefix}${finished.code}`;

/** The seller SKU of a variation: prefix + finished product code + its number. */
const sellerSkuOf = (fields: ListingFields, finished: { code: string }, i: number) =>
  `${fields.sku_prefix}${finished.code}-${i + 1}`.slice(0, 60);

/** Temu's shipmentLimitSecond for a delivery promise (⚠ decision 0045: 9 working days → 259200). */
const SHIPMENT_SECONDS: Record<number, number> = { 1: 86400, 2: 172800, 9: 259200 };

const refs = (list: Sent[] | undefined) => (list ?? []).map((i) => i.ref);
const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function listingInput(
  row: ListingRow,
  finished: FinishedForPublishing,
  images: Partial<Record<ImageKind, Sent[]>>,
): ListingInput {
  const f = row.fields;
  const price = f.declared_price ?? 0;
  const sitePrices = f.site_prices.length
    ? f.site_prices.map((p) => ({ siteId: p.site_id, amount: p.price }))
    : f.site_ids.map((siteId) => ({ siteId, amount: price }));
  const main =
    row.platform === 'tiktok'
      ? images.main?.length
        ? images.main
        : images.product_photos
      : images.product_photos?.length
        ? images.product_photos
        : images.skc_carousel;
  const thumbnail = row.platform === 'temu' ? (images.thumbnail?.[0]?.ref ?? null) : null;
  const text = f.description || f.title_en;
  const base: ListingInput = {
    title: f.title_en,
    // TikTok's description is HTML: the detail images follow the text.
    description:
      row.platform === 'tiktok' && images.detail?.length
        ? `<p>${escapeHtml(text)}</p>${images.detail.map((i) => `<p><img src="${escapeHtml(i.url)}"/></p>`).join('')}`
        : text,
    categoryId: f.category_id,
    images: refs(main),
    ...(images.skc_carousel?.length ? { skcImages: refs(images.skc_carousel) } : {}),
    skus: finished.variations.map((v, i) => ({
      sellerSku: sellerSkuOf(f, finished, i),
      price: { amount: price, currency: f.declared_currency },
      quantity: f.stock,
      warehouseId: f.warehouse_routes[0]?.warehouse_id ?? null,
      attributes: [{ name: 'Color', value: v.color }, ...(v.size ? [{ name: 'Size', value: v.size }] : [])],
      sitePrices,
      ...(thumbnail ? { imageUri: thumbnail } : {}),
    })),
    packageWeight: f.weight ?? 0,
    packageDimensions:
      f.length && f.width && f.height ? { length: f.length, width: f.width, height: f.height } : null,
    externalId: skcCodeOf(f, finished),
    idempotencyKey: row.id,
  };
  if (row.platform === 'tiktok')
    return {
      ...base,
      vendorFields: {
        product_attributes: f.attributes.map((a) => ({ id: a.id, values: [{ name: a.value }] })),
        is_cod_allowed: false,
      },
    };
  return {
    ...base,
    vendorFields: {
      productName: f.title_zh || f.title_en,
      productI18nReqs: [{ language: 'en', productName: f.title_en }],
      ...(images.square?.[0] ? { materialImgUrl: images.square[0].ref } : {}),
      productPropertyReqs: f.attributes.map((a) => ({
        pid: Number(a.id) || a.id,
        propName: a.name,
        propValue: a.value,
      })),
      productWarehouseRouteReq: {
        targetRouteList: f.warehouse_routes.map((r) => ({
          warehouseId: r.warehouse_id,
          siteIdList: r.site_ids.map((s) => Number(s) || s),
        })),
      },
      productSemiManagedReq: { bindSiteIds: f.site_ids.map((s) => Number(s) || s) },
      productShipmentReq: {
        freightTemplateId: f.freight_template_id,
        shipmentLimitSecond: SHIPMENT_SECONDS[f.delivery_days ?? 2] ?? 172800,
      },
      // ⚠ decision 0068: outer package and origin as hiscaler/temu-go names them (not in the contracts).
      ...(images.outer_package?.length
        ? { productOuterPackageImageReqs: images.outer_package.map((i) => ({ imageUrl: i.ref })) }
        : {}),
      ...(f.package_shape || f.package_type
        ? { productOuterPackageReq: { packageShape: f.package_shape, packageType: f.package_type } }
        : {}),
      productWhExtAttrReq: {
        productOrigin: { countryShortName: f.origin_country, region2Name: f.origin_province },
      },
      // A print-on-demand product is customised goods (contracts §2f).
      personalizationSwitch: 1,
    },
  };
}

/** The failure reason as the merchant reads it: the vendor's words verbatim, else our message. */
export function reasonOf(error: unknown, lang: Language): string {
  if (error instanceof AppError) {
    const vendor = error.params.message;
    if (error.key === 'shops.vendorRefused' && typeof vendor === 'string') return vendor;
    return t(lang, error.key, error.params);
  }
  return error instanceof Error ? error.message : String(error);
}

/**
 * Publishes one listing that is "to be released" (issue 23): moves it to "in release", uploads its
 * images, creates the product (or updates the one it already has), stores the marketplace's
 * SPU/SKC/SKU ids on the listing and the finished product, and moves it to "released"; a failure
 * moves it to "publishing failure" with the reason. Idempotent: a listing keeps its product.
 */
export async function publishOne(
  services: AppServices,
  data: PublishJobData,
  listingId: string,
): Promise<void> {
  const db = services.database.db;
  const m = { tenantId: data.tenant_id, merchantId: data.merchant_id };
  const [row] = await moveListings(db, mine(m, listingId), 'start', {
    publishStartedAt: new Date(),
    failReason: null,
  });
  if (!row) throw new AppError(409, 'publishing.notQueued');
  try {
    const ctx = systemContext(db, m, 'publishing', data.lang);
    const shop = await publishableShop(ctx, row.shopId);
    const finished = await finishedForPublishing(db, m, row.finishedId);
    if (!finished) throw AppError.notFound('publishing.finishedNotFound');
    const result = await gatewayOf(services).call(shop, async (adapter, access) => {
      const images = await uploadImages(services, m, row, adapter, access);
      const input = listingInput(row, finished, images);
      return row.externalProductId
        ? adapter.updateListing(access, row.externalProductId, input)
        : adapter.createListing(access, input);
    });
    const skus = result.skus.map((s) => ({ seller_sku: s.sellerSku ?? '', sku_id: s.skuId }));
    const skc = result.skcId ?? null;
    await db.transaction(async (tx) => {
      const now = new Date();
      const [moved] = await moveListings(tx, mine(m, listingId), 'succeed', {
        externalProductId: result.listingId,
        externalSkcId: skc,
        externalSkus: skus,
        publishedAt: now,
        editedSincePublish: false,
        auditStatus: 'pending',
        failReason: null,
      });
      if (!moved) return;
      const published = finished.variations.map((v, i) => {
        const sellerSku = sellerSkuOf(row.fields, finished, i);
        return {
          variation: v,
          sellerSku,
          skuId: skus.find((s) => s.seller_sku === sellerSku)?.sku_id ?? skus[i]?.sku_id ?? '',
        };
      });
      await recordPublication(tx, m, row.finishedId, {
        status: 'released',
        spu: result.listingId,
        publishedAt: now,
        codes: published.map((p) => ({
          color_id: p.variation.color_id,
          size_id: p.variation.size_id,
          skc: skc ?? skcCodeOf(row.fields, finished),
          sku: p.skuId,
        })),
      });
      // The shop's SKU mappings: order intake links the marketplace's lines by itself (decision 0067).
      await rememberPublishedSkus(
        tx,
        m,
        row.shopId,
        published.flatMap((p) =>
          p.variation.size_id && p.skuId
            ? [
                {
                  externalSkuId: p.skuId,
                  sellerSku: p.sellerSku,
                  externalProductId: result.listingId,
                  externalSkcId: skc ?? '',
                  finishedProductId: row.finishedId,
                  colorId: p.variation.color_id,
                  sizeId: p.variation.size_id,
                },
              ]
            : [],
        ),
        data.user_id ?? null,
      );
    });
  } catch (error) {
    const reason = reasonOf(error, data.lang).slice(0, 2000);
    await db.transaction(async (tx) => {
      await moveListings(tx, mine(m, listingId), 'fail', { failReason: reason, failedAt: new Date() });
      await recordPublication(tx, m, row.finishedId, { status: 'failed' });
    });
    throw error;
  }
}

/** Unpublishes one released listing: deactivated on the marketplace, back to draft on our side. */
export async function unpublishOne(
  services: AppServices,
  data: PublishJobData,
  listingId: string,
): Promise<void> {
  const db = services.database.db;
  const m = { tenantId: data.tenant_id, merchantId: data.merchant_id };
  const [row] = await db
    .select()
    .from(publishListings)
    .where(and(...mine(m, listingId)));
  if (!row || row.status !== 'released') throw new AppError(409, 'publishing.notReleased');
  const ctx = systemContext(db, m, 'publishing', data.lang);
  const shop = await publishableShop(ctx, row.shopId);
  if (row.externalProductId) {
    const productId = row.externalProductId;
    await gatewayOf(services).call(shop, (adapter, access) =>
      adapter.deactivateListings(access, [productId]),
    );
  }
  await db.transaction(async (tx) => {
    const [moved] = await moveListings(tx, mine(m, listingId), 'unpublish', { auditStatus: 'none' });
    if (moved) await recordPublication(tx, m, row.finishedId, { status: 'draft', publishedAt: null });
  });
}

/** Runs a batch: each listing on its own, progress after each, a result per listing. */
export async function runBatch(
  services: AppServices,
  data: PublishJobData,
  one: (services: AppServices, data: PublishJobData, id: string) => Promise<void>,
  progress: (percent: number) => Promise<void>,
): Promise<PublishJobResult> {
  const result: PublishJobResult = { total: data.listing_ids.length, succeeded: 0, failed: 0, results: [] };
  for (const [i, id] of data.listing_ids.entries()) {
    try {
      await one(services, data, id);
      result.succeeded += 1;
      result.results.push({ listing_id: id, ok: true, message: null });
    } catch (error) {
      result.failed += 1;
      result.results.push({ listing_id: id, ok: false, message: reasonOf(error, data.lang).slice(0, 500) });
    }
    await progress(((i + 1) / data.listing_ids.length) * 100);
  }
  return result;
}

/** Marks listings whose job could not be queued as failed (nothing stays "to be released" forever). */
export async function failUnqueued(services: AppServices, m: MerchantScope, ids: string[], reason: string) {
  await moveListings(
    services.database.db,
    [
      inArray(publishListings.id, ids),
      eq(publishListings.tenantId, m.tenantId),
      eq(publishListings.merchantId, m.merchantId),
    ],
    'fail',
    { failReason: reason, failedAt: new Date() },
  );
}
