import { count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { catalogOperations, type ProductInput } from '@pod/shared';

import { catalogImageRefs, catalogProducts } from './schema.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudDefinition } from '../../platform/crud/crud.ts';
import { AppError } from '../../platform/http/errors.ts';
import type { FileUrls } from '../../platform/storage/file-urls.ts';
import { assertTemplateSlot } from '../tenancy/index.ts';
import { tenantOf } from './category.resource.ts';
import { syncImageRefs, type ImageOwner } from './images.ts';
import {
  imagesOfProduct,
  mergeInput,
  prepareProduct,
  rowToInput,
  type ProductRow,
} from './product.service.ts';
import { loadRefs, toProduct, type ProductRefs } from './product.views.ts';

const REFS = Symbol('product refs');
type Enriched = ProductRow & { [REFS]?: ProductRefs };

/**
 * Products through the CRUD kit, in two flavours:
 * - `product`: the supplier's catalogue (rows without a merchant), what merchants design on;
 * - `productTemplate`: a merchant's own product templates (spec §6: the level's
 *   `product_template_count` limits how many), seen only by that merchant and its supplier.
 */
export function productResource(
  files: FileUrls,
  flavour: 'supplier' | 'merchant',
): CrudDefinition<typeof catalogOperations.product | typeof catalogOperations.productTemplate> {
  const isMerchant = flavour === 'merchant';

  const ownerOf = (ctx: ServiceContext): ImageOwner => {
    const tenantId = tenantOf(ctx);
    if (!isMerchant) return { tenantId, merchantId: null };
    if (ctx.scope.tier !== 'merchant' || !ctx.scope.merchantId) throw AppError.forbidden();
    return { tenantId, merchantId: ctx.scope.merchantId };
  };

  return {
    operations: isMerchant ? catalogOperations.productTemplate : catalogOperations.product,
    table: catalogProducts,
    // The supplier's catalogue has no merchant; a merchant's own product templates are its own.
    owner: { level: 'organisation', tenant: catalogProducts.tenantId, merchant: catalogProducts.merchantId },
    columns: {
      id: catalogProducts.id,
      sort: catalogProducts.sort,
      createdBy: catalogProducts.createdBy,
    },
    toItem: (row) => {
      const r = row as Enriched;
      const refs = r[REFS];
      if (!refs) throw new Error('product reply without its references');
      return toProduct(r, refs, files);
    },
    async toInsert(ctx, input: ProductInput) {
      const owner = ownerOf(ctx);
      if (owner.merchantId) {
        // One template create at a time per merchant, so two cannot both take the last slot.
        await ctx.tx.execute(sql`SELECT pg_advisory_xact_lock(hashtextextended(${owner.merchantId}, 6))`);
        const [used] = await ctx.tx
          .select({ n: count() })
          .from(catalogProducts)
          .where(eq(catalogProducts.merchantId, owner.merchantId));
        await assertTemplateSlot(
          ctx.tx,
          { tenantId: owner.tenantId, merchantId: owner.merchantId },
          used?.n ?? 0,
        );
      }
      return await prepareProduct(ctx.tx, owner, input);
    },
    async toUpdate(ctx, input, existing) {
      const row = existing as ProductRow;
      const merged = mergeInput(rowToInput(row), input);
      return await prepareProduct(ctx.tx, ownerOf(ctx), merged, row);
    },
    afterWrite: (ctx, row) =>
      syncImageRefs(ctx.tx, tenantOf(ctx), String(row.id), imagesOfProduct(row as ProductRow)),
    async enrichMany(ctx, rows) {
      const refs = await loadRefs(ctx.tx, tenantOf(ctx), rows as ProductRow[]);
      return rows.map((r) => ({ ...r, [REFS]: refs }));
    },
    async enrich(ctx, row) {
      return { ...row, [REFS]: await loadRefs(ctx.tx, tenantOf(ctx), [row as ProductRow]) };
    },
    // The attachments are free to go once no product shows them.
    async beforeDelete(ctx, row) {
      await ctx.tx.delete(catalogImageRefs).where(eq(catalogImageRefs.ownerId, String(row.id)));
    },
    extraScope: () => [
      isMerchant ? isNotNull(catalogProducts.merchantId) : isNull(catalogProducts.merchantId),
    ],
    filters: {
      status: { column: catalogProducts.status, op: 'eq' },
      category_id: { column: catalogProducts.categoryId, op: 'eq' },
      factory_id: { column: catalogProducts.factoryId, op: 'eq' },
      product_type: { column: catalogProducts.productType, op: 'like' },
      style_code: { column: catalogProducts.styleCode, op: 'like' },
    },
    quickSearch: [catalogProducts.name, catalogProducts.enName, catalogProducts.styleCode],
    orderable: {
      sort: catalogProducts.sort,
      name: catalogProducts.name,
      style_code: catalogProducts.styleCode,
      base_price: catalogProducts.basePrice,
      created_at: catalogProducts.createdAt,
    },
    defaultOrder: [
      [catalogProducts.sort, 'desc'],
      [catalogProducts.createdAt, 'desc'],
    ],
    selectLabel: catalogProducts.name,
    recyclable: true,
  };
}
