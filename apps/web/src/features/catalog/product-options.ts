import { useMemo } from 'react';
import type { CatalogProduct, Product, SpuColor, SpuCategory, SpuSize } from '@pod/shared';
import { catalogOperations } from '@pod/shared';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useCatalogCategories, useReferenceRows } from './api.ts';
import { categoryTreeOptions, type CategoryOption } from './catalog-tree.ts';

type ColorOption = Pick<SpuColor, 'id' | 'name' | 'en_name' | 'hex' | 'swatch'>;
type SizeOption = Pick<SpuSize, 'id' | 'name' | 'en_name'>;

/** What the product form offers to choose: categories, colours and sizes. */
export interface ProductOptions {
  categories: CategoryOption[];
  colors: ColorOption[];
  sizes: SizeOption[];
  colorById: (id: string) => ColorOption | undefined;
  sizeById: (id: string) => SizeOption | undefined;
  isPending: boolean;
}

function withLookups(
  categories: CategoryOption[],
  colors: ColorOption[],
  sizes: SizeOption[],
  isPending: boolean,
): ProductOptions {
  const colorMap = new Map(colors.map((c) => [c.id, c]));
  const sizeMap = new Map(sizes.map((s) => [s.id, s]));
  return {
    categories,
    colors,
    sizes,
    colorById: (id) => colorMap.get(id),
    sizeById: (id) => sizeMap.get(id),
    isPending,
  };
}

/** Each entry once, by id, first wins. */
function uniqueById<T extends { id: string }>(items: readonly T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}

/** The supplier's own reference data: its category tree, colours and sizes (enabled ones). */
export function useSupplierOptions(row: Product | null): ProductOptions {
  const categories = useReferenceRows<SpuCategory>(catalogOperations.spuCategory);
  const colors = useReferenceRows<SpuColor>(catalogOperations.spuColor);
  const sizes = useReferenceRows<SpuSize>(catalogOperations.spuSize);
  const language = currentLanguage();
  return useMemo(
    () =>
      withLookups(
        categoryTreeOptions(categories.data?.list ?? [], language),
        // A product keeps a colour or size that was disabled since; new choices are enabled ones.
        uniqueById([
          ...(colors.data?.list ?? []).filter((c) => c.status === 'enabled'),
          ...(row?.colors ?? []),
        ]),
        uniqueById([
          ...(sizes.data?.list ?? []).filter((s) => s.status === 'enabled'),
          ...(row?.sizes ?? []),
        ]),
        categories.isPending || colors.isPending || sizes.isPending,
      ),
    [
      categories.data,
      colors.data,
      sizes.data,
      row,
      categories.isPending,
      colors.isPending,
      sizes.isPending,
      language,
    ],
  );
}

/**
 * A merchant's choices for its own product template: the supplier's visible categories, and the
 * colours and sizes of the catalogue product it starts from (merchants cannot list the supplier's
 * colour and size resources; decision 0016 keeps those supplier-only).
 */
export function useMerchantOptions(row: Product | null, base: CatalogProduct | null): ProductOptions {
  const categories = useCatalogCategories();
  const language = currentLanguage();
  return useMemo(
    () =>
      withLookups(
        categoryTreeOptions(categories.data ?? [], language),
        uniqueById([...(base?.colors ?? []), ...(row?.colors ?? [])]),
        uniqueById([...(base?.sizes ?? []), ...(row?.sizes ?? [])]),
        categories.isPending,
      ),
    [categories.data, categories.isPending, base, row, language],
  );
}
