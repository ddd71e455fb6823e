import { describe, expect, it } from 'vitest';
import type { SettlementPreview } from '@pod/shared';
import { balanceShortfall, changeOf, parseLineIds, submitOf } from './settlement-input.ts';

const option = (method_id: string, fee: number) => ({
  method_id,
  rate_id: `rate-${method_id}`,
  rate_version: 1,
  carrier: 'Carrier',
  name: 'Method',
  code: 'M',
  delivery_days_min: 3,
  delivery_days_max: 7,
  currency: 'CNY' as const,
  fee,
});

const address = (id: string) => ({
  id,
  first_name: 'Ann',
  last_name: '',
  mobile_phone: '4155552671',
  country: 'US',
  province: 'CA',
  city: 'SF',
  area: '',
  street: '1 Main St',
  postcode: '94103',
  is_default: false,
  created_at: '',
  updated_at: '',
});

function preview(patch: Partial<SettlementPreview> = {}): SettlementPreview {
  return {
    currency: 'CNY',
    lines: [
      {
        cart_line_id: 'l1',
        finished_product_id: 'f1',
        finished_code: 'F1',
        name: 'Tee',
        style_code: 'TS',
        thumb_url: null,
        color_name: 'Black',
        size_name: 'M',
        quantity: 2,
        unit_price: 4_500,
        added_unit_price: 4_000,
        price_changed: true,
        subtotal: 9_000,
      },
    ],
    total_quantity: 2,
    weight: 400,
    factory: null,
    orders: [
      {
        address: address('a1'),
        options: [option('m1', 2_600), option('m2', 3_000)],
        shipping: option('m2', 3_000),
        shipping_error: null,
        product_amount: 9_000,
        shipping_amount: 3_000,
        total_amount: 12_000,
      },
    ],
    product_amount: 9_000,
    shipping_amount: 3_000,
    total_amount: 12_000,
    balances: [{ currency: 'CNY', balance: 100_000 }],
    price_changed: true,
    can_submit: true,
    ...patch,
  };
}

describe('parseLineIds', () => {
  it('reads the comma-separated cart lines once each', () => {
    expect(parseLineIds('a, b,,a')).toEqual(['a', 'b']);
    expect(parseLineIds(null)).toEqual([]);
  });
});

describe('submitOf', () => {
  it('sends back the prices now and the chosen method with the fee the user was shown', () => {
    expect(submitOf(preview(), { remark: ' gift ', platform: 'temu' }, 'balance', 'key-1')).toEqual({
      lines: [{ cart_line_id: 'l1', unit_price: 4_500 }],
      addresses: [{ address_id: 'a1', shipping_method_id: 'm2', shipping_fee: 3_000 }],
      remark: 'gift',
      third_party_order_no: '',
      platform: 'temu',
      shop_name: '',
      pay: 'balance',
      idempotency_key: 'key-1',
    });
  });

  it('cannot submit while an address has no logistics, or without an address', () => {
    const [order] = preview().orders;
    expect(submitOf(preview({ orders: [{ ...order!, shipping: null }] }), {}, 'later', 'k')).toBeNull();
    expect(submitOf(preview({ orders: [] }), {}, 'later', 'k')).toBeNull();
  });
});

describe('changeOf (409 between preview and submit)', () => {
  it('reads the lines whose price changed', () => {
    const data = { lines: [{ cart_line_id: 'l1', unit_price: 5_000 }] };
    expect(changeOf({ httpStatus: 409, data })).toEqual({ kind: 'price', lineIds: ['l1'] });
  });

  it('reads the address whose logistics changed', () => {
    expect(changeOf({ httpStatus: 409, data: { address_id: 'a1' } })).toEqual({
      kind: 'logistics',
      addressId: 'a1',
    });
  });

  it('ignores other failures', () => {
    expect(changeOf({ httpStatus: 400, data: { lines: [] } })).toBeNull();
    expect(changeOf({ httpStatus: 409, data: null })).toBeNull();
  });
});

describe('balanceShortfall (spec §8 "balance insufficient, recharge first")', () => {
  it('is what the balance of the order currency lacks', () => {
    expect(balanceShortfall(preview())).toBe(0);
    expect(balanceShortfall(preview({ balances: [{ currency: 'CNY', balance: 10_000 }] }))).toBe(2_000);
    expect(balanceShortfall(preview({ balances: [{ currency: 'USD', balance: 99_999 }] }))).toBe(12_000);
  });
});
