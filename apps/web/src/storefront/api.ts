import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  Health,
  SiteInfo,
  StorefrontProduct,
  storefrontCategorySchema,
  storefrontProductListItemSchema,
  storefrontProductListQuerySchema,
} from '@pod/shared';
import type { z } from 'zod';
import { api } from '../api/client.ts';

/*
 * The storefront's calls (GET /api/v1/storefront/…, spec §2 storefront routes). Replies are typed
 * from the shared schemas but not parsed again here: the server already serialises them through
 * those schemas, and parsing would put zod in every public page's JS (docs/decisions/0022).
 */

export type StoreCategory = z.infer<typeof storefrontCategorySchema>;
export type StoreProductItem = z.infer<typeof storefrontProductListItemSchema>;
export type StoreListQuery = Partial<z.infer<typeof storefrontProductListQuerySchema>>;
export type { StorefrontProduct };

export interface StoreListPage {
  list: StoreProductItem[];
  total: number;
  page: number;
  limit: number;
}

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
    queryFn: ({ signal }) => api.get<SiteInfo>('/api/v1/index', { signal, showErrorMessage: false }),
    staleTime: 5 * 60_000,
  });
}

/** Server liveness for the home page's status line. */
export function useStoreHealth() {
  return useQuery({
    queryKey: storeKeys.health(),
    queryFn: ({ signal }) => api.get<Health>('/api/health', { signal, showErrorMessage: false }),
  });
}

/** The category tree of the host's supplier, with listed product counts. */
export function useStoreCategories() {
  return useQuery({
    queryKey: storeKeys.categories(),
    queryFn: ({ signal }) =>
      api.get<StoreCategory[]>('/api/v1/storefront/categories', { signal, showErrorMessage: false }),
    staleTime: 60_000,
  });
}

/** A page of products on sale; the previous page stays shown while the next loads. */
export function useStoreProducts(query: StoreListQuery) {
  return useQuery({
    queryKey: storeKeys.products(query),
    queryFn: ({ signal }) =>
      api.get<StoreListPage>('/api/v1/storefront/products', {
        query: { ...query },
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
      api.get<StorefrontProduct>(`/api/v1/storefront/products/${encodeURIComponent(id ?? '')}`, {
        signal,
        showErrorMessage: false,
      }),
    enabled: Boolean(id),
  });
}
