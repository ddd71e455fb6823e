import type { Currency, ImageRef, Language } from '@pod/shared';
import { catalogName } from '../i18n/catalog-name.ts';
import { formatMinorUnits } from '../i18n/format.ts';
import type { StoreCategory, StoreListQuery, StorefrontProduct } from './api.ts';

/*
 * Pure helpers of the storefront pages: prices, names in the interface language, the category tree
 * and the list's URL state. No antd and no zod here: these run in every public page.
 */

const SYMBOLS: Readonly<Record<Currency, string>> = { CNY: '¥', USD: '$' };

/** Minor units as a price with its currency sign, e.g. `¥35.00`. */
export function formatPrice(minor: number, currency: Currency, language: Language): string {
  return `${SYMBOLS[currency]}${formatMinorUnits(minor, language)}`;
}

/** The English name in English when there is one, else the (Chinese) name (the shared `catalogName`). */
export function localName(item: { name: string; en_name?: string }, language: Language): string {
  return catalogName(item, language);
}

/**
 * A category's name in the interface language (issue 26, the shared `catalogName` rule): the
 * English name in English, the Chinese one in Chinese, each falling back to the other. Tree entries carry `en_name`, products `category_en_name`.
 */
export function localCategoryName(
  category: { category_name: string; en_name?: string },
  language: Language,
): string {
  return catalogName({ name: category.category_name, en_name: category.en_name }, language);
}

/** A quantity range of a price table: `10–49` or `100+`. */
export function quantityRange(min: number, max: number | null): string {
  if (max === null) return `${min}+`;
  return min === max ? String(min) : `${min}–${max}`;
}

/** Categories in tree order (each followed by its subcategories), for the filter lists. */
export function categoriesInTreeOrder(categories: readonly StoreCategory[]): StoreCategory[] {
  const ids = new Set(categories.map((c) => c.id));
  const children = new Map<string | null, StoreCategory[]>();
  for (const c of categories) {
    // A category whose parent is not listed (hidden) shows at the top.
    const parent = c.parent_id && ids.has(c.parent_id) ? c.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const ordered: StoreCategory[] = [];
  const visit = (parent: string | null) => {
    const list = [...(children.get(parent) ?? [])].sort((a, b) => b.sort - a.sort);
    for (const c of list) {
      ordered.push(c);
      visit(c.id);
    }
  };
  visit(null);
  return ordered;
}

export const STORE_SORTS = ['default', 'newest', 'price_asc', 'price_desc'] as const;
export type StoreSort = (typeof STORE_SORTS)[number];
/** Products per page of the desktop grid and of the mobile list. */
export const STORE_PAGE_SIZE = { desktop: 12, mobile: 10 } as const;

const isSort = (value: string | null): value is StoreSort =>
  value !== null && (STORE_SORTS as readonly string[]).includes(value);

/** The list's query from the page address (`?category=&keyword=&sort=&page=`), so links share it. */
export function listQueryOf(params: URLSearchParams, limit: number): StoreListQuery {
  const page = Number(params.get('page'));
  const sort = params.get('sort');
  const keyword = params.get('keyword')?.trim();
  const category = params.get('category');
  return {
    page: Number.isInteger(page) && page > 0 ? page : 1,
    limit,
    ...(category ? { category_id: category } : {}),
    ...(keyword ? { keyword } : {}),
    ...(isSort(sort) && sort !== 'default' ? { sort } : {}),
  };
}

export type ListParam = 'category' | 'keyword' | 'sort' | 'page';

/** The page address's parameters with some changed; a changed filter goes back to page 1. */
export function withListParams(
  params: URLSearchParams,
  changes: Partial<Record<ListParam, string | null>>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === undefined || value === '') next.delete(name);
    else next.set(name, value);
  }
  if (!('page' in changes)) next.delete('page');
  return next;
}

/** The page numbers a pager shows around the current page (with null for a gap). */
export function pagerPages(current: number, pageCount: number): Array<number | null> {
  if (pageCount <= 7) return Array.from({ length: pageCount }, (_, i) => i + 1);
  const pages = new Set([1, pageCount, current - 1, current, current + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b);
  const out: Array<number | null> = [];
  sorted.forEach((p, i) => {
    const prev = sorted[i - 1];
    if (prev !== undefined && p - prev > 1) out.push(null);
    out.push(p);
  });
  return out;
}

/** The gallery's images: the product photos, then each design surface's mockup, each once. */
export function galleryImages(product: Pick<StorefrontProduct, 'gallery' | 'surfaces'>): ImageRef[] {
  const seen = new Set<string>();
  const out: ImageRef[] = [];
  for (const image of [...product.gallery, ...product.surfaces.map((s) => s.preview)]) {
    if (image && !seen.has(image.id)) {
      seen.add(image.id);
      out.push(image);
    }
  }
  return out;
}

/** A colour's own picture (its mockup), if the product has one for it (issue 26). */
export function colorPicture(
  product: { color_pictures: ReadonlyArray<{ color_id: string; image: ImageRef }> },
  colorId: string | null,
): ImageRef | null {
  if (!colorId) return null;
  return product.color_pictures.find((p) => p.color_id === colorId)?.image ?? null;
}
