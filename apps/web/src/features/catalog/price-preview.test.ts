import { describe, expect, it } from 'vitest';
import { quote, type CatalogProduct } from '@pod/shared';
import { categoryTreeOptions } from './catalog-tree.ts';
import { previewPrice } from './price-preview.ts';
import { rowsForSizes, valuesForColumns } from './size-chart.ts';

const priceList: CatalogProduct['price_list'] = {
  currency: 'CNY',
  base_price: 3500,
  design_price: 1000,
  surfaces: [
    { id: 's-front', key: 'front', name: 'Front', print_price: null },
    { id: 's-back', key: 'back', name: 'Back', print_price: 600 },
  ],
  tiers: [
    { id: 't1', kind: 'wholesale', min_qty: 10, price: 3200, level_id: null, merchant_id: null },
    { id: 't2', kind: 'wholesale', min_qty: 50, price: 2900, level_id: null, merchant_id: null },
    { id: 't3', kind: 'level', min_qty: 1, price: 3100, level_id: 'gold', merchant_id: null },
    { id: 't4', kind: 'exclusive', min_qty: 1, price: 3000, level_id: null, merchant_id: 'm1' },
  ],
};

describe('merchant price preview', () => {
  it('shows the shared engine’s price: the best of level, wholesale and exclusive, plus print per face', () => {
    const product = { price_list: priceList, buyer: { merchant_id: 'm1', level_id: 'gold' } };
    const one = previewPrice(product, 1, ['s-front']);
    expect(one).toEqual(quote(priceList, product.buyer, { quantity: 1, surfaces: ['s-front'] }));
    expect(one).toMatchObject({
      base: 3000,
      print: 1000,
      unit: 4000,
      subtotal: 4000,
      tier: { kind: 'exclusive' },
    });
    const many = previewPrice(product, 60, ['s-front', 's-back']);
    expect(many).toMatchObject({
      base: 2900,
      print: 1600,
      unit: 4500,
      subtotal: 270000,
      tier: { kind: 'wholesale' },
    });
  });

  it('gives nothing for a quantity or face the engine refuses', () => {
    const product = { price_list: priceList, buyer: { merchant_id: null, level_id: null } };
    expect(previewPrice(product, 0, [])).toBeNull();
    expect(previewPrice(product, 1, ['sleeve'])).toBeNull();
  });
});

describe('catalogue helpers', () => {
  it('builds the category tree select, disabling a category and its subtree', () => {
    const rows = [
      { id: 'a', parent_id: null, category_name: 'Apparel', sort: 50 },
      { id: 't', parent_id: 'a', category_name: 'Tees', sort: 0 },
      { id: 'b', parent_id: null, category_name: 'Bags', sort: 60 },
    ];
    expect(categoryTreeOptions(rows, 'zh-cn', 'a')).toEqual([
      { value: 'b', title: 'Bags' },
      {
        value: 'a',
        title: 'Apparel',
        disabled: true,
        children: [{ value: 't', title: 'Tees', disabled: true }],
      },
    ]);
  });

  it('names the categories of the tree in the reader’s language, the other one as fallback', () => {
    const rows = [
      { id: 'a', parent_id: null, category_name: '服装', en_name: 'Apparel', sort: 50 },
      { id: 't', parent_id: 'a', category_name: 'T恤', en_name: '', sort: 0 },
      { id: 'b', parent_id: null, category_name: '', en_name: 'Bags', sort: 60 },
    ];
    expect(categoryTreeOptions(rows, 'en')).toEqual([
      { value: 'b', title: 'Bags' },
      { value: 'a', title: 'Apparel', children: [{ value: 't', title: 'T恤' }] },
    ]);
    expect(categoryTreeOptions(rows, 'zh-cn')).toEqual([
      { value: 'b', title: 'Bags' },
      { value: 'a', title: '服装', children: [{ value: 't', title: 'T恤' }] },
    ]);
  });

  it('keeps a size chart’s measurements when sizes and columns change', () => {
    const rows = [{ size_id: 's', values: { chest: 50, length: 70 } }];
    expect(rowsForSizes(rows, ['m', 's'])).toEqual([
      { size_id: 'm', values: {} },
      { size_id: 's', values: { chest: 50, length: 70 } },
    ]);
    expect(valuesForColumns(rows, ['chest', 'sleeve'])).toEqual([
      { size_id: 's', values: { chest: 50, sleeve: null } },
    ]);
  });
});
