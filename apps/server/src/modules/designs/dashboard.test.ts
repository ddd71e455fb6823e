import { describe, expect, it } from 'vitest';
import { attentionReason } from './dashboard.ts';

const sku = (stock_state: 'in_stock' | 'low_stock' | 'out_of_stock') => ({
  id: 'x',
  color_id: 'c',
  size_id: 's',
  sku_code: 'k',
  stock_state,
});

describe('designed products needing attention (issue 26)', () => {
  it('flags withdrawn, out-of-stock and low-stock products, and leaves healthy ones', () => {
    expect(attentionReason({ status: 'off_sale', skus: [sku('in_stock')] })).toBe('withdrawn');
    expect(attentionReason({ status: 'on_sale', skus: [sku('out_of_stock')] })).toBe('out_of_stock');
    expect(attentionReason({ status: 'on_sale', skus: [sku('in_stock'), sku('low_stock')] })).toBe(
      'low_stock',
    );
    expect(attentionReason({ status: 'on_sale', skus: [sku('in_stock')] })).toBeNull();
  });
});
