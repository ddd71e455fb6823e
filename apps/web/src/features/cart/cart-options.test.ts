import { describe, expect, it } from 'vitest';
import {
  choicesFor,
  isSettleable,
  selectionSummary,
  sizeAfterColour,
  sizesOf,
  type SummaryLine,
} from './cart-options.ts';

const colour = (id: string, name: string) => ({ id, name, en_name: `${name}-en`, hex: '#000', swatch: null });
const size = (id: string, name: string) => ({ id, name, en_name: '' });
const sku = (color_id: string, size_id: string, stock_state: 'in_stock' | 'low_stock' | 'out_of_stock') => ({
  id: `${color_id}${size_id}`,
  color_id,
  size_id,
  sku_code: `${color_id}-${size_id}`,
  stock_state,
});

const product = {
  colors: [colour('black', '黑'), colour('white', '白'), colour('red', '红')],
  sizes: [size('s', 'S'), size('m', 'M'), size('l', 'L')],
  skus: [
    sku('black', 's', 'in_stock'),
    sku('black', 'm', 'low_stock'),
    sku('black', 'l', 'out_of_stock'),
    sku('white', 'm', 'in_stock'),
    sku('white', 'l', 'in_stock'),
    sku('red', 's', 'in_stock'),
  ],
};

describe('choicesFor (spec §5: colour and size of a stock item)', () => {
  it('offers the in-stock sizes of the finished product’s colours only', () => {
    const choices = choicesFor(
      { colors: [{ id: 'black' }, { id: 'white' }], size_ids: [] },
      product,
      'zh-cn',
    );
    expect(choices.colors.map((c) => c.name)).toEqual(['黑', '白']);
    expect(choices.sizes).toEqual([
      { id: 's', name: 'S', color_ids: ['black'] },
      { id: 'm', name: 'M', color_ids: ['black', 'white'] },
      { id: 'l', name: 'L', color_ids: ['white'] },
    ]);
  });

  it('keeps to the sizes the finished product was saved with, and names colours in English', () => {
    const choices = choicesFor(
      { colors: [{ id: 'black' }, { id: 'white' }], size_ids: ['m'] },
      product,
      'en',
    );
    expect(choices.colors.map((c) => c.name)).toEqual(['黑-en', '白-en']);
    expect(choices.sizes.map((s) => s.id)).toEqual(['m']);
  });

  it('leaves out a colour with nothing in stock', () => {
    const choices = choicesFor({ colors: [{ id: 'black' }], size_ids: ['l'] }, product, 'zh-cn');
    expect(choices).toEqual({ colors: [], sizes: [] });
  });
});

describe('switching colour', () => {
  const choices = choicesFor({ colors: [{ id: 'black' }, { id: 'white' }], size_ids: [] }, product, 'zh-cn');

  it('lists the sizes of a colour', () => {
    expect(sizesOf(choices, 'white').map((s) => s.id)).toEqual(['m', 'l']);
    expect(sizesOf(choices, undefined)).toEqual([]);
  });

  it('keeps the size when the new colour has it, else takes its first', () => {
    expect(sizeAfterColour(choices, 'white', 'm')).toBe('m');
    expect(sizeAfterColour(choices, 'white', 's')).toBe('m');
    expect(sizeAfterColour(choices, 'red', 's')).toBeUndefined();
  });
});

describe('selectionSummary', () => {
  const line = (id: string, patch: Partial<SummaryLine>): SummaryLine => ({
    id,
    quantity: 1,
    currency: 'CNY',
    subtotal: 1_000,
    current_unit_price: 1_000,
    state: 'ok',
    ...patch,
  });
  const lines = [
    line('a', { quantity: 2, subtotal: 2_000 }),
    line('b', { quantity: 3, subtotal: 3_000, current_unit_price: 1_200, state: 'price_changed' }),
    line('c', { currency: 'USD', subtotal: 500, current_unit_price: 500 }),
  ];

  it('adds the selected lines up per currency at today’s price', () => {
    expect(selectionSummary(lines, ['a', 'b', 'c'])).toEqual({
      count: 3,
      quantity: 6,
      amounts: [
        { currency: 'CNY', amount: 2_000 + 3_600 },
        { currency: 'USD', amount: 500 },
      ],
      hasPriceChange: true,
    });
  });

  it('is empty with nothing selected', () => {
    expect(selectionSummary(lines, [])).toEqual({
      count: 0,
      quantity: 0,
      amounts: [],
      hasPriceChange: false,
    });
  });

  it('lets only orderable lines be settled', () => {
    expect(
      ['ok', 'price_changed', 'out_of_stock', 'unavailable'].map((state) => isSettleable({ state })),
    ).toEqual([true, true, false, false]);
  });
});
