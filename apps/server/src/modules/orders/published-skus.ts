import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { MerchantScope } from '../../platform/tenant-scope.ts';
import { orderSkuMappings } from './schema.ts';

/** One SKU a listing was published with, and what it is on our side. */
export interface PublishedSku {
  /** The SKU id the marketplace answered (TikTok SKU id, Temu product SKU id). */
  externalSkuId: string;
  /** The seller SKU we sent (Temu's ext code): the key of lines whose SKU id is another. */
  sellerSku: string;
  externalProductId: string;
  externalSkcId: string;
  finishedProductId: string;
  colorId: string;
  sizeId: string;
}

/**
 * Publishing (issue 23, decision 0067) makes the SKUs it published the shop's SKU mappings, so
 * order intake links the marketplace's lines to the finished product by itself
 * (`linkLinesByMapping`). A mapping the merchant made for the same SKU id is replaced: the listing
 * is what the marketplace sells under it. Returns how many mappings were written.
 */
export async function rememberPublishedSkus(
  tx: Executor,
  scope: MerchantScope,
  shopId: string,
  skus: readonly PublishedSku[],
  userId: string | null,
): Promise<number> {
  const rows = skus
    .filter((s) => s.externalSkuId)
    .map((s) => ({
      tenantId: scope.tenantId,
      merchantId: scope.merchantId,
      shopId,
      externalSkuId: s.externalSkuId,
      externalProductId: s.externalProductId,
      externalSkcId: s.externalSkcId,
      sellerSku: s.sellerSku,
      finishedProductId: s.finishedProductId,
      colorId: s.colorId,
      sizeId: s.sizeId,
      createdBy: userId,
    }));
  if (!rows.length) return 0;
  await tx
    .insert(orderSkuMappings)
    .values(rows)
    .onConflictDoUpdate({
      target: [
        orderSkuMappings.tenantId,
        orderSkuMappings.merchantId,
        orderSkuMappings.shopId,
        orderSkuMappings.externalSkuId,
      ],
      set: {
        externalProductId: sql`excluded.external_product_id`,
        externalSkcId: sql`excluded.external_skc_id`,
        sellerSku: sql`excluded.seller_sku`,
        finishedProductId: sql`excluded.finished_product_id`,
        colorId: sql`excluded.color_id`,
        sizeId: sql`excluded.size_id`,
        updatedAt: sql`now()`,
      },
    });
  return rows.length;
}
