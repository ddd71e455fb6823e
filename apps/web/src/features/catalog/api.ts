import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogOperations, LIMITS, type OpData, type OpQuery } from '@pod/shared';
import { call } from '../../api/call.ts';
import { useCrudList, type ListResource } from '../crud/api.ts';

/** Reference lists are small: one page of the kit's largest size holds them. */
const WHOLE_LIST = { page: 1, limit: LIMITS.pagination.maxPageSize } as const;

/** Every row of a reference resource (categories, colours, sizes…), for selects that show more than a label. */
export function useReferenceRows<Row>(resource: ListResource<Row>, params: Record<string, string> = {}) {
  return useCrudList<Row>(resource, { ...WHOLE_LIST, ...params });
}

export type CatalogListItem = OpData<typeof catalogOperations.catalogProductList>['list'][number];
export type CatalogCategory = OpData<typeof catalogOperations.catalogCategories>[number];
export type CatalogListQuery = OpQuery<typeof catalogOperations.catalogProductList>;

/** Query keys of the merchant's catalogue (CONVENTIONS §14). */
export const catalogKeys = {
  all: ['catalog'] as const,
  categories: () => [...catalogKeys.all, 'categories'] as const,
  products: (query: CatalogListQuery) => [...catalogKeys.all, 'products', query] as const,
  product: (id: string) => [...catalogKeys.all, 'product', id] as const,
};

/** The supplier's category tree with listed product counts (the merchant catalogue's filter). */
export function useCatalogCategories() {
  return useQuery({
    queryKey: catalogKeys.categories(),
    queryFn: ({ signal }) => call(catalogOperations.catalogCategories, { signal, showErrorMessage: false }),
    staleTime: 60_000,
  });
}

/** A page of the products the merchant may design (the supplier's on sale and its own). */
export function useCatalogProducts(query: CatalogListQuery) {
  return useQuery({
    queryKey: catalogKeys.products(query),
    queryFn: ({ signal }) =>
      call(catalogOperations.catalogProductList, { query, signal, showErrorMessage: false }),
    placeholderData: keepPreviousData,
  });
}

/** One product with the merchant's price list and buyer, for the local price preview. */
export function useCatalogProduct(id: string | null) {
  return useQuery({
    queryKey: catalogKeys.product(id ?? ''),
    queryFn: ({ signal }) =>
      call(catalogOperations.catalogProductGet, {
        params: { id: id ?? '' },
        signal,
        showErrorMessage: false,
      }),
    enabled: id !== null,
  });
}
