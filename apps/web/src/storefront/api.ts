import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  STOREFRONT_ROUTES,
  type catalogOperations,
  type ListPage,
  type OpData,
  type OpQuery,
  type siteOperations,
  type StorefrontProduct,
} from '@pod/shared';
import { callUnchecked } from '../api/call.ts';

/*
 * The storefront's calls (GET /api/v1/storefront/…, spec §2 storefront routes). Replies are typed
 * by the shared contracts but not parsed again here: the server already serialises them through
 * those schemas, and parsing would put zod in every public page's JS (docs/decisions/0022). So the
 * contracts are imported as types only, and the calls go by their zod-free routes.
 */

type Ops = typeof catalogOperations;
export type StoreCategory = OpData<Ops['storefrontCategories']>[number];
export type StoreProductItem = OpData<Ops['storefrontProductList']>['list'][number];
export type StoreListQuery = OpQuery<Ops['storefrontProductList']>;
export type StoreListPage = ListPage<StoreProductItem>;
export type { StorefrontProduct };

/** Query keys of the storefront (CONVENTIONS §14). */
export const storeKeys = {
  all: ['storefront'] as const,
  categories: () => [...storeKeys.all, 'categories'] as const,
  products: (query: StoreListQuery) => [...storeKeys.all, 'products', query] as const,
  product: (id: string) => [...storeKeys.all, 'product', id] as const,
  site: () => [...storeKeys.all, 'site'] as const,
  health: () => [...storeKeys.all, 'health'] as const,
};

/**
 * Site info (name, logo, about us, contacts). Its own query key: the console's shell parses the
 * same reply with its schema, and sharing its module would bring zod here.
 */
export function useStoreSiteInfo() {
  return useQuery({
    queryKey: storeKeys.site(),
    queryFn: ({ signal }) =>
      callUnchecked<typeof siteOperations.getSiteIndex>(STOREFRONT_ROUTES.getSiteIndex, {
        signal,
        showErrorMessage: false,
      }),
    staleTime: 5 * 60_000,
  });
}

/** Server liveness for the home page's status line. */
export function useStoreHealth() {
  return useQuery({
    queryKey: storeKeys.health(),
    queryFn: ({ signal }) =>
      callUnchecked<typeof siteOperations.getHealth>(STOREFRONT_ROUTES.getHealth, {
        signal,
        showErrorMessage: false,
      }),
  });
}

/** The category tree of the host's supplier, with listed product counts. */
export function useStoreCategories() {
  return useQuery({
    queryKey: storeKeys.categories(),
    queryFn: ({ signal }) =>
      callUnchecked<Ops['storefrontCategories']>(STOREFRONT_ROUTES.storefrontCategories, {
        signal,
        showErrorMessage: false,
      }),
    staleTime: 60_000,
  });
}

/** A page of products on sale; the previous page stays shown while the next loads. */
export function useStoreProducts(query: StoreListQuery) {
  return useQuery({
    queryKey: storeKeys.products(query),
    queryFn: ({ signal }) =>
      callUnchecked<Ops['storefrontProductList']>(STOREFRONT_ROUTES.storefrontProductList, {
        query,
        signal,
        showErrorMessage: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** One product page (404 for an unknown, hidden or another supplier's product). */
export function useStoreProduct(id: string | null) {
  return useQuery({
    queryKey: storeKeys.product(id ?? ''),
    queryFn: ({ signal }) =>
      callUnchecked<Ops['storefrontProductGet']>(STOREFRONT_ROUTES.storefrontProductGet, {
        params: { id: id ?? '' },
        signal,
        showErrorMessage: false,
      }),
    enabled: Boolean(id),
  });
}
