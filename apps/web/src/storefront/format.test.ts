import { describe, expect, it } from 'vitest';
import { deviceTwinOf } from '../app/device.ts';
import type { StoreCategory } from './api.ts';
import {
  categoriesInTreeOrder,
  formatPrice,
  galleryImages,
  listQueryOf,
  localCategoryName,
  localName,
  pagerPages,
  quantityRange,
  withListParams,
} from './format.ts';

const category = (id: string, parent_id: string | null, sort: number): StoreCategory => ({
  id,
  category_name: id,
  en_name: '',
  parent_id,
  level: parent_id ? 2 : 1,
  sort,
  product_count: 1,
});

const image = (id: string) => ({ id, url: `/files/${id}`, thumb_url: null, width: 10, height: 10 });

describe('storefront format', () => {
  it('shows minor units as a price with its currency', () => {
    expect(formatPrice(3500, 'CNY', 'zh-cn')).toBe('¥35.00');
    expect(formatPrice(123456, 'USD', 'en')).toBe('$1,234.56');
  });

  it('names things in English only when there is an English name', () => {
    expect(localName({ name: '白色', en_name: 'White' }, 'en')).toBe('White');
    expect(localName({ name: '白色', en_name: '' }, 'en')).toBe('白色');
    expect(localName({ name: '白色', en_name: 'White' }, 'zh-cn')).toBe('白色');
  });

  it('names a category in the interface language, the other one as fallback', () => {
    expect(localCategoryName({ category_name: '服装', en_name: 'Apparel' }, 'en')).toBe('Apparel');
    expect(localCategoryName({ category_name: '服装', en_name: '' }, 'en')).toBe('服装');
    expect(localCategoryName({ category_name: '服装', en_name: 'Apparel' }, 'zh-cn')).toBe('服装');
  });

  it('reads wholesale ranges as 10–49 and 100+', () => {
    expect(quantityRange(10, 49)).toBe('10–49');
    expect(quantityRange(100, null)).toBe('100+');
    expect(quantityRange(1, 1)).toBe('1');
  });

  it('orders categories as a tree, larger sort first, orphans at the top', () => {
    const ordered = categoriesInTreeOrder([
      category('bags', null, 30),
      category('tees', 'apparel', 1),
      category('apparel', null, 50),
      category('hoodies', 'apparel', 5),
      category('orphan', 'hidden', 99),
    ]);
    expect(ordered.map((c) => c.id)).toEqual(['orphan', 'apparel', 'hoodies', 'tees', 'bags']);
  });

  it('keeps the list state in the address and goes back to page 1 when a filter changes', () => {
    const params = new URLSearchParams('category=c1&keyword=%20tee%20&sort=price_asc&page=3');
    expect(listQueryOf(params, 12)).toEqual({
      page: 3,
      limit: 12,
      category_id: 'c1',
      keyword: 'tee',
      sort: 'price_asc',
    });
    expect(listQueryOf(new URLSearchParams('page=-2&sort=bogus'), 10)).toEqual({ page: 1, limit: 10 });
    expect(withListParams(params, { category: 'c2' }).toString()).toBe(
      'category=c2&keyword=+tee+&sort=price_asc',
    );
    expect(withListParams(params, { page: '4' }).get('page')).toBe('4');
    expect(withListParams(params, { keyword: null }).has('keyword')).toBe(false);
  });

  it('shows the pages around the current one with gaps', () => {
    expect(pagerPages(1, 3)).toEqual([1, 2, 3]);
    expect(pagerPages(5, 20)).toEqual([1, null, 4, 5, 6, null, 20]);
    expect(pagerPages(1, 20)).toEqual([1, 2, null, 20]);
  });

  it('shows the gallery, then each surface preview, each image once', () => {
    const images = galleryImages({
      gallery: [image('g1'), image('m1')],
      surfaces: [{ preview: image('m1') }, { preview: null }, { preview: image('m2') }] as never,
    });
    expect(images.map((i) => i.id)).toEqual(['g1', 'm1', 'm2']);
  });
});

describe('storefront device twins (spec §2)', () => {
  it('sends a phone from the desktop shell and pages to the Wap ones, and back on a desktop', () => {
    expect(deviceTwinOf('/layouts', true)).toBe('/layoutsWap');
    expect(deviceTwinOf('/template/productList', true)).toBe('/templateWap/productList');
    expect(deviceTwinOf('/template/productDetail', true)).toBe('/templateWap/productDetail');
    expect(deviceTwinOf('/template/aboutUs', true)).toBe('/templateWap/aboutUs');
    expect(deviceTwinOf('/templateWap/productDetail', false)).toBe('/template/productDetail');
    expect(deviceTwinOf('/layoutsWap', false)).toBe('/layouts');
    expect(deviceTwinOf('/template/productList', false)).toBeNull();
    expect(deviceTwinOf('/', true)).toBeNull();
  });
});
