import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  catalogProductSchema,
  type CatalogProduct,
  type catalogProductListItemSchema,
  type storefrontCategorySchema,
} from '@pod/shared';
import type { z } from 'zod';
import { api } from '../../api/client.ts';
import { useCrudList, type CrudResource } from '../crud/api.ts';

/** The catalogue's resources, served by the CRUD kit (spec §7 generic CRUD; decision 0016). */
export const CATALOG_RESOURCES = {
  spu: { name: 'spu', prefix: '/api/v1/admin/spu' },
  spuCategory: { name: 'spuCategory', prefix: '/api/v1/admin/spuCategory' },
  spuAttribute: { name: 'spuAttribute', prefix: '/api/v1/admin/spuAttribute' },
  spuColor: { name: 'spuColor', prefix: '/api/v1/admin/spuColor' },
  spuSize: { name: 'spuSize', prefix: '/api/v1/admin/spuSize' },
  spuSizeAttribute: { name: 'spuSizeAttribute', prefix: '/api/v1/admin/spuSizeAttribute' },
  spuSizeTemplate: { name: 'spuSizeTemplate', prefix: '/api/v1/admin/spuSizeTemplate' },
  spuDictionary: { name: 'spuDictionary', prefix: '/api/v1/admin/spuDictionary' },
  product: { name: 'product', prefix: '/api/v1/admin/product' },
  productTemplate: { name: 'productTemplate', prefix: '/api/v1/admin/productTemplate' },
} as const satisfies Record<string, CrudResource>;

/** The resources other contexts own that the catalogue's forms choose from. */
export const LINKED_RESOURCES = {
  factory: { name: 'factory', prefix: '/api/v1/admin/factory' },
  merchantLevel: { name: 'merchantLevel', prefix: '/api/v1/admin/merchantLevel' },
  merchant: { name: 'merchant', prefix: '/api/v1/admin/merchant' },
} as const satisfies Record<string, CrudResource>;

/** Reference lists are small: one page of the kit's largest size holds them. */
const WHOLE_LIST = { page: 1, limit: 100 } as const;

/** Every row of a reference resource (categories, colours, sizes…), for selects that show more than a label. */
export function useReferenceRows<Row>(resource: CrudResource, params: Record<string, string> = {}) {
  return useCrudList<Row>(resource, { ...WHOLE_LIST, ...params });
}

export type CatalogListItem = z.infer<typeof catalogProductListItemSchema>;
export type CatalogCategory = z.infer<typeof storefrontCategorySchema>;
export interface CatalogListQuery {
  page: number;
  limit: number;
  category_id?: string;
  keyword?: string;
  scope?: 'all' | 'own';
}

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
    queryFn: ({ signal }) =>
      api.get<CatalogCategory[]>('/api/v1/admin/catalog/categories', { signal, showErrorMessage: false }),
    staleTime: 60_000,
  });
}

/** A page of the products the merchant may design (the supplier's on sale and its own). */
export function useCatalogProducts(query: CatalogListQuery) {
  return useQuery({
    queryKey: catalogKeys.products(query),
    queryFn: ({ signal }) =>
      api.get<{ list: CatalogListItem[]; total: number; page: number; limit: number }>(
        '/api/v1/admin/catalog/products',
        { query: { ...query }, signal, showErrorMessage: false },
      ),
    placeholderData: keepPreviousData,
  });
}

/** One product with the merchant's price list and buyer, for the local price preview. */
export function useCatalogProduct(id: string | null) {
  return useQuery({
    queryKey: catalogKeys.product(id ?? ''),
    queryFn: ({ signal }) =>
      api.get<CatalogProduct>(`/api/v1/admin/catalog/products/${id ?? ''}`, {
        signal,
        schema: catalogProductSchema,
        showErrorMessage: false,
      }),
    enabled: id !== null,
  });
}
