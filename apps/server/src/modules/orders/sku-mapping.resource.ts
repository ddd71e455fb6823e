import { skuMappingOperations, type SkuMapping } from '@pod/shared';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { Ownership } from '../../platform/ownership.ts';
import { finishedForOrder } from '../designs/index.ts';
import { findShop } from '../shops/index.ts';
import { nameIn, refsFor } from './centre.service.ts';
import { orderScope } from './order.service.ts';
import { orderSkuMappings } from './schema.ts';

/** A merchant's SKU mappings (decision 0040): merchant-wide, like its shops. */
export const SKU_MAPPING_OWNER: Ownership = {
  level: 'merchant',
  tenant: orderSkuMappings.tenantId,
  merchant: orderSkuMappings.merchantId,
};

type Row = typeof orderSkuMappings.$inferSelect;
/** A row with the names of what it links to (enrichMany). */
type Named = Row & { names?: { code: string; name: string; color: string; size: string } };

/** The finished products' codes and names and the colours' and sizes' names, in one look-up. */
async function withNames(ctx: ServiceContext, rows: Row[]): Promise<Named[]> {
  const refs = await refsFor(
    ctx.tx,
    orderScope(ctx),
    rows.map((r) => r.finishedProductId),
  );
  return rows.map((r) => {
    const finished = refs.finished.get(r.finishedProductId);
    const product = finished ? refs.products.get(finished.productId) : undefined;
    return {
      ...r,
      names: {
        code: finished?.code ?? '',
        name: finished?.name ?? '',
        color: nameIn(ctx.lang, product?.colors.get(r.colorId)),
        size: nameIn(ctx.lang, product?.sizes.get(r.sizeId)),
      },
    };
  });
}

const toItem = (row: Record<string, unknown>): SkuMapping => {
  const r = row as Named;
  return {
    id: r.id,
    shop_id: r.shopId,
    external_sku_id: r.externalSkuId,
    external_product_id: r.externalProductId,
    external_skc_id: r.externalSkcId,
    finished_product_id: r.finishedProductId,
    color_id: r.colorId,
    size_id: r.sizeId,
    finished_code: r.names?.code ?? '',
    finished_name: r.names?.name ?? '',
    color_name: r.names?.color ?? '',
    size_name: r.names?.size ?? '',
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
};

/** The finished product is the merchant's, not deleted, and was saved in that colour and size. */
async function checkTarget(
  ctx: ServiceContext,
  target: { finishedProductId: string; colorId: string; sizeId: string },
): Promise<void> {
  const finished = (await finishedForOrder(ctx.tx, orderScope(ctx), [target.finishedProductId])).get(
    target.finishedProductId,
  );
  if (!finished) throw AppError.field('finished_product_id', 'order.finishedNotFound');
  if (finished.deleted) throw AppError.conflict('order.associationFailed');
  if (!finished.colorIds.includes(target.colorId)) throw AppError.field('color_id', 'order.colorSize');
  if (finished.sizeIds.length && !finished.sizeIds.includes(target.sizeId))
    throw AppError.field('size_id', 'order.colorSize');
}

export const skuMappingResource: CrudDefinition<typeof skuMappingOperations.skuMapping> = {
  operations: skuMappingOperations.skuMapping,
  table: orderSkuMappings,
  owner: SKU_MAPPING_OWNER,
  columns: { id: orderSkuMappings.id },
  toItem,
  async toInsert(ctx, input) {
    await findShop(ctx, input.shop_id);
    const target = {
      finishedProductId: input.finished_product_id,
      colorId: input.color_id,
      sizeId: input.size_id,
    };
    await checkTarget(ctx, target);
    return {
      shopId: input.shop_id,
      externalSkuId: input.external_sku_id,
      externalProductId: input.external_product_id,
      externalSkcId: input.external_skc_id,
      ...target,
      createdBy: ctx.actor.id,
    };
  },
  async toUpdate(ctx, input, existing) {
    const e = existing as Row;
    const target = {
      finishedProductId: input.finished_product_id ?? e.finishedProductId,
      colorId: input.color_id ?? e.colorId,
      sizeId: input.size_id ?? e.sizeId,
    };
    await checkTarget(ctx, target);
    return { ...target, updatedAt: new Date() };
  },
  enrichMany: (ctx, rows) => withNames(ctx, rows as Row[]),
  enrich: async (ctx, row) => (await withNames(ctx, [row as Row]))[0]!,
  filters: { shop_id: { column: orderSkuMappings.shopId, op: 'eq' } },
  quickSearch: [orderSkuMappings.externalSkuId, orderSkuMappings.externalProductId],
  orderable: { created_at: orderSkuMappings.createdAt, updated_at: orderSkuMappings.updatedAt },
  defaultOrder: [[orderSkuMappings.updatedAt, 'desc']],
  selectLabel: orderSkuMappings.externalSkuId,
};
