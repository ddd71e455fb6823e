import { createHash } from 'node:crypto';
import { catalogOperations, parseLanguage, STOREFRONT_ROUTES } from '@pod/shared';
import type { FastifyRequest } from 'fastify';
import { ok } from '../../platform/http/envelope.ts';
import type { Envelope } from '@pod/shared';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import type { AppServices } from '../../services.ts';
import { tenantForRequest } from '../tenancy/index.ts';
import { PublicReplyCache } from './public-reply-cache.ts';
import { categoryTree, findVisibleProductWithCategories, listProducts } from './listing.service.ts';
import { dictionaryEntriesByValues } from './lookups.repo.ts';
import {
  dictionaryLabelsOf,
  dictionaryValuesOf,
  listRefs,
  loadRefs,
  toStorefrontListItem,
  toStorefrontProduct,
} from './product.views.ts';

/**
 * The public storefront API (spec §2 /template/productList, /template/productDetail and the Wap
 * twins). The tenant comes from the request's host, never from the request: a supplier's
 * storefront shows that supplier's products only.
 */
export function storefrontRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  revalidatedCatalogue(app);
  const tenantOf = async (request: FastifyRequest) => {
    const tenant = await tenantForRequest(db, request.headers.host);
    // No supplier at all (a fresh platform): nothing to show, as for an unknown product.
    if (!tenant) throw AppError.notFound('catalog.productNotFound');
    return tenant.id;
  };

  // Every visitor asks the same few pages: each reply is built once and given again until the
  // catalogue changes (decision 0086). A reply depends on the host (the supplier), the language
  // and the address with its query, and on nothing about the visitor.
  const replies = new PublicReplyCache<unknown>(services.notices);
  services.notices.on('catalogue', () => replies.clear());
  services.notices.onReset(() => replies.clear());
  const cached = async <T>(request: FastifyRequest, build: () => Promise<T>): Promise<Envelope<T>> => {
    const key = `${request.headers.host ?? ''}|${parseLanguage(request.headers['accept-language'])}|${request.url}`;
    const data = (await replies.through(key, build)) as T;
    return ok(data);
  };

  route(app, catalogOperations.storefrontCategories, (request) =>
    cached(request, async () => categoryTree(db, await tenantOf(request))),
  );

  route(app, catalogOperations.storefrontProductList, (request) =>
    cached(request, async () => {
      const tenantId = await tenantOf(request);
      const q = request.query;
      // Four prepared statements: the tenant, its categories, the page with its total, the colours.
      const { rows, total, categories } = await listProducts(db, tenantId, { kind: 'public' }, q, q.sort);
      const refs = await listRefs(db, tenantId, rows, categories);
      return {
        list: rows.map((r) => toStorefrontListItem(r, refs, services.files)),
        total,
        page: q.page,
        limit: q.limit,
      };
    }),
  );

  route(app, catalogOperations.storefrontProductGet, (request) =>
    cached(request, async () => {
      const tenantId = await tenantOf(request);
      const { row, categories } = await findVisibleProductWithCategories(
        db,
        tenantId,
        { kind: 'public' },
        request.params.id,
      );
      const [refs, entries] = await Promise.all([
        loadRefs(db, tenantId, [row], { categories }),
        dictionaryEntriesByValues(db, tenantId, dictionaryValuesOf(row)),
      ]);
      // Free-text fields read in the shopper's language (issue 26); the reply varies by Accept-Language.
      const labels = dictionaryLabelsOf(row, entries, parseLanguage(request.headers['accept-language']));
      return toStorefrontProduct(row, refs, services.files, labels);
    }),
  );
}

const CATALOGUE_PATHS: ReadonlySet<string> = new Set([
  STOREFRONT_ROUTES.storefrontCategories.path,
  STOREFRONT_ROUTES.storefrontProductList.path,
  STOREFRONT_ROUTES.storefrontProductGet.path,
]);

/**
 * Public catalogue replies are revalidated, not refetched (issue 25, decision 0076): each 200
 * carries a weak ETag (a hash of the reply's bytes but the envelope's `time`) and `Cache-Control: public, no-cache`, and a
 * request whose If-None-Match names the current ETag gets 304 without a body. The reply depends
 * on the host (the supplier) and the language (messages), hence the Vary. Anything signed-in is
 * not touched (the API's `no-store` stays).
 */
function revalidatedCatalogue(app: ZodApp): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (
      request.method !== 'GET' ||
      reply.statusCode !== 200 ||
      typeof payload !== 'string' ||
      !CATALOGUE_PATHS.has(request.routeOptions.url ?? '')
    )
      return payload;
    // The envelope's `time` (seconds) changes every second: it is not part of what the ETag names.
    const content = payload.replace(/,"time":\d+}$/, '}');
    const etag = `W/"${createHash('sha1').update(content).digest('base64url')}"`;
    reply.header('etag', etag);
    reply.header('cache-control', 'public, no-cache');
    const vary = reply.getHeader('vary');
    reply.header('vary', vary ? `${String(vary)}, Host, Accept-Language` : 'Host, Accept-Language');
    const asked = request.headers['if-none-match'];
    if (asked && asked.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
      reply.code(304);
      reply.removeHeader('content-length');
      return '';
    }
    return payload;
  });
}
