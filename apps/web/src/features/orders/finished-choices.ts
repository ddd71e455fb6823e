import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { catalogOperations, designOperations, type CatalogProduct, type Language } from '@pod/shared';
import { call } from '../../api/call.ts';
import { catalogName } from '../../i18n/catalog-name.ts';
import { orderKeys } from './api.ts';

/*
 * What "link finished product" and the SKU mapping page pick from: the merchant's finished products
 * and, for one, the colours and sizes it can be ordered in. Read through the shared contracts here
 * (not the designs or cart features, which import orders: the web feature graph has no cycles).
 */

/** The merchant's finished products whose name or code contains `keyword` (first 50). */
export function useFinishedOptions(keyword: string) {
  return useQuery({
    queryKey: [...orderKeys.all, 'finishedOptions', keyword] as const,
    queryFn: ({ signal }) =>
      call(designOperations.finishedProductList, {
        query: { keyword: keyword || undefined, limit: 50 },
        signal,
        showErrorMessage: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A catalogue product (its colours, sizes and SKUs' stock). */
export function useCatalogProductOf(id: string | null) {
  return useQuery({
    queryKey: [...orderKeys.all, 'catalogProduct', id ?? ''] as const,
    enabled: id !== null,
    queryFn: ({ signal }) =>
      call(catalogOperations.catalogProductGet, { params: { id: id! }, signal, showErrorMessage: false }),
    retry: false,
  });
}

export interface SkuChoices {
  colors: { id: string; name: string }[];
  sizes: { id: string; name: string; color_ids: string[] }[];
}

/**
 * The in-stock SKUs of the finished product's colours (and chosen sizes, when it was saved with
 * some) on its product: the same rule the server applies when a line is linked.
 */
export function skuChoices(
  finished: { colors: readonly { id: string }[]; size_ids: readonly string[] },
  product: Pick<CatalogProduct, 'colors' | 'sizes' | 'skus'>,
  language: Language,
): SkuChoices {
  const colourIds = new Set(finished.colors.map((c) => c.id));
  const sizeIds = new Set(finished.size_ids);
  const skus = product.skus.filter(
    (s) =>
      s.stock_state !== 'out_of_stock' &&
      colourIds.has(s.color_id) &&
      (sizeIds.size === 0 || sizeIds.has(s.size_id)),
  );
  return {
    colors: product.colors
      .filter((c) => skus.some((s) => s.color_id === c.id))
      .map((c) => ({ id: c.id, name: catalogName(c, language) })),
    sizes: product.sizes
      .map((size) => ({
        id: size.id,
        name: catalogName(size, language),
        color_ids: skus.filter((s) => s.size_id === size.id).map((s) => s.color_id),
      }))
      .filter((size) => size.color_ids.length > 0),
  };
}

/** The sizes in stock in a colour. */
export const sizesIn = (choices: SkuChoices, colorId: string | undefined) =>
  colorId ? choices.sizes.filter((s) => s.color_ids.includes(colorId)) : [];
