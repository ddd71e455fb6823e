import { catalogOperations } from '@pod/shared';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { tenantForRequest } from '../tenancy/index.ts';
import { categoryTree, findVisibleProductWithCategories, listProducts } from './listing.service.ts';
import { listRefs, loadRefs, toStorefrontListItem, toStorefrontProduct } from './product.views.ts';

/**
 * The public storefront API (spec §2 /template/productList, /template/productDetail and the Wap
 * twins). The tenant comes from the request's host, never from the request: a supplier's
 * storefront shows that supplier's products only.
 */
export function storefrontRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  const tenantOf = async (request: FastifyRequest) => {
    const tenant = await tenantForRequest(db, request.headers.host);
    // No supplier at all (a fresh platform): nothing to show, as for an unknown product.
    if (!tenant) throw AppError.notFound('catalog.productNotFound');
    return tenant.id;
  };

  route(app, catalogOperations.storefrontCategories, async (request) =>
    ok(await categoryTree(db, await tenantOf(request))),
  );

  route(app, catalogOperations.storefrontProductList, async (request) => {
    const tenantId = await tenantOf(request);
    const q = request.query;
    // Four prepared statements: the tenant, its categories, the page with its total, the colours.
    const { rows, total, categories } = await listProducts(db, tenantId, { kind: 'public' }, q, q.sort);
    const refs = await listRefs(db, tenantId, rows, categories);
    return ok({
      list: rows.map((r) => toStorefrontListItem(r, refs, services.files)),
      total,
      page: q.page,
      limit: q.limit,
    });
  });

  route(app, catalogOperations.storefrontProductGet, async (request) => {
    const tenantId = await tenantOf(request);
    const { row, categories } = await findVisibleProductWithCategories(
      db,
      tenantId,
      { kind: 'public' },
      request.params.id,
    );
    return ok(toStorefrontProduct(row, await loadRefs(db, tenantId, [row], { categories }), services.files));
  });
}
