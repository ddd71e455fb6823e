import { catalogOperations } from '@pod/shared';
import { inArray } from 'drizzle-orm';
import { catalogImageRefs } from './schema.ts';
import { registerCrud } from '../../platform/crud/crud.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { adminContext } from '../access/index.ts';
import { groupReferences, type AttachmentReferenceProvider } from '../admin/index.ts';
import { spuCategoryResource } from './category.resource.ts';
import { categoryTree, findVisibleProductWithCategories, listProducts } from './listing.service.ts';
import { buyerFor, quoteForMerchant } from './pricing.service.ts';
import { productResource } from './product.resource.ts';
import { listRefs, loadRefs, toCatalogListItem, toCatalogProduct } from './product.views.ts';
import {
  spuAttributeResource,
  spuColorResource,
  spuDictionaryResource,
  spuSizeAttributeResource,
  spuSizeResource,
  spuSizeTemplateResource,
} from './reference.resources.ts';
import { spuResource } from './spu.resource.ts';
import { storefrontRoutes } from './storefront.routes.ts';

/** spec §2 /admin/product/list: the merchant's catalogue, where it picks what to design. */

/** Product and SPU images that use an upload (the attachments page shows them and keeps them). */
export const catalogAttachmentUses: AttachmentReferenceProvider = async (tx, ids) =>
  groupReferences(
    (
      await tx
        .select({ attachmentId: catalogImageRefs.attachmentId, id: catalogImageRefs.ownerId })
        .from(catalogImageRefs)
        .where(inArray(catalogImageRefs.attachmentId, ids))
    ).map((r) => ({ ...r, kind: 'catalog', label: '' })),
  );

/** The catalogue: SPU inventory, products, the merchant's catalogue and quotes, the storefront. */
export function catalogRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  registerCrud(app, services.crud, adminContext, spuCategoryResource);
  registerCrud(app, services.crud, adminContext, spuAttributeResource);
  registerCrud(app, services.crud, adminContext, spuColorResource(services.files));
  registerCrud(app, services.crud, adminContext, spuSizeResource);
  registerCrud(app, services.crud, adminContext, spuSizeAttributeResource);
  registerCrud(app, services.crud, adminContext, spuSizeTemplateResource);
  registerCrud(app, services.crud, adminContext, spuDictionaryResource);
  registerCrud(app, services.crud, adminContext, spuResource(services.files));
  registerCrud(app, services.crud, adminContext, productResource(services.files, 'supplier'));
  registerCrud(app, services.crud, adminContext, productResource(services.files, 'merchant'));

  /** The calling merchant (its primary account or staff), else 403. */
  const merchantOf = (request: Parameters<typeof adminContext>[0]) => {
    const actor = request.ctx.actor;
    if (actor?.kind !== 'admin' || actor.tier !== 'merchant' || !actor.merchantId || !actor.tenantId)
      throw AppError.forbidden();
    return { tenantId: actor.tenantId, merchantId: actor.merchantId };
  };

  route(app, catalogOperations.catalogCategories, async (request) =>
    ok(await categoryTree(db, merchantOf(request).tenantId)),
  );

  route(app, catalogOperations.catalogProductList, async (request) => {
    const scope = merchantOf(request);
    const q = request.query;
    const { rows, total, categories } = await listProducts(
      db,
      scope.tenantId,
      { kind: 'merchant', merchantId: scope.merchantId, ownOnly: q.scope === 'own' },
      q,
    );
    const refs = await listRefs(db, scope.tenantId, rows, categories);
    return ok({
      list: rows.map((r) => toCatalogListItem(r, refs, services.files, scope.merchantId)),
      total,
      page: q.page,
      limit: q.limit,
    });
  });

  route(app, catalogOperations.catalogProductGet, async (request) => {
    const scope = merchantOf(request);
    const { row, categories } = await findVisibleProductWithCategories(
      db,
      scope.tenantId,
      { kind: 'merchant', merchantId: scope.merchantId, ownOnly: false },
      request.params.id,
    );
    const [refs, buyer] = await Promise.all([
      loadRefs(db, scope.tenantId, [row], { categories }),
      buyerFor(db, scope.tenantId, scope.merchantId),
    ]);
    return ok(toCatalogProduct(row, refs, services.files, buyer));
  });

  route(app, catalogOperations.catalogQuote, async (request) =>
    ok(await quoteForMerchant(db, merchantOf(request), request.body)),
  );

  storefrontRoutes(app, services);
}
