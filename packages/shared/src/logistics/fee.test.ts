import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  isParcelWeight,
  isShippingOptionChanged,
  shippingFee,
  sortShippingOptions,
  type ShippingRatePricing,
} from './fee.ts';
import {
  shippingMethodCreateSchema,
  shippingOptionsQuerySchema,
  shippingRateCreateSchema,
  shippingRateUpdateSchema,
  SHIPPING_LIMITS,
  type ShippingOption,
} from './schemas.ts';

// 100 g for ¥12.00, then ¥3.50 per started 50 g.
const RATE: ShippingRatePricing = {
  first_weight_g: 100,
  first_price: 1200,
  additional_weight_g: 50,
  additional_price: 350,
  max_weight_g: null,
};

describe('shippingFee', () => {
  it('charges the first price up to and including the first weight', () => {
    expect(shippingFee(RATE, 1)).toBe(1200);
    expect(shippingFee(RATE, 99)).toBe(1200);
    expect(shippingFee(RATE, 100)).toBe(1200);
  });

  it('adds the additional price per started additional weight', () => {
    expect(shippingFee(RATE, 101)).toBe(1200 + 350);
    expect(shippingFee(RATE, 150)).toBe(1200 + 350);
    expect(shippingFee(RATE, 151)).toBe(1200 + 2 * 350);
    expect(shippingFee(RATE, 350)).toBe(1200 + 5 * 350);
  });

  it('refuses weights that are not whole positive grams', () => {
    for (const weight of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, SHIPPING_LIMITS.weightMaxG + 1])
      expect(shippingFee(RATE, weight), String(weight)).toBeNull();
    expect(isParcelWeight('350')).toBe(false);
    expect(isParcelWeight(SHIPPING_LIMITS.weightMaxG)).toBe(true);
  });

  it('honours the max weight inclusively', () => {
    const capped = { ...RATE, max_weight_g: 2000 };
    expect(shippingFee(capped, 2000)).not.toBeNull();
    expect(shippingFee(capped, 2001)).toBeNull();
  });

  it('treats free shipping and a zero additional price as such', () => {
    expect(shippingFee({ ...RATE, first_price: 0, additional_price: 0 }, 5000)).toBe(0);
    expect(shippingFee({ ...RATE, additional_price: 0 }, 5000)).toBe(1200);
  });

  it('prices nothing under a broken rate with no additional step', () => {
    expect(shippingFee({ ...RATE, additional_weight_g: 0 }, 101)).toBeNull();
    expect(shippingFee({ ...RATE, additional_weight_g: 0 }, 100)).toBe(1200);
  });

  it('never falls below the first price, never decreases with weight, and is an integer', () => {
    const rateArb = fc.record({
      first_weight_g: fc.integer({ min: 1, max: 5000 }),
      first_price: fc.integer({ min: 0, max: 100_000 }),
      additional_weight_g: fc.integer({ min: 1, max: 5000 }),
      additional_price: fc.integer({ min: 0, max: 100_000 }),
      max_weight_g: fc.constant(null),
    });
    fc.assert(
      fc.property(rateArb, fc.integer({ min: 1, max: 100_000 }), (rate, weight) => {
        const fee = shippingFee(rate, weight)!;
        const heavier = shippingFee(rate, weight + 1)!;
        expect(Number.isSafeInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(rate.first_price);
        expect(heavier).toBeGreaterThanOrEqual(fee);
        // The closed form: steps = ceil(extra / step), checked against a slow count.
        let steps = 0;
        for (let covered = rate.first_weight_g; covered < weight; covered += rate.additional_weight_g)
          steps += 1;
        expect(fee).toBe(rate.first_price + steps * rate.additional_price);
      }),
      { numRuns: 300 },
    );
  });
});

describe('sortShippingOptions', () => {
  const option = (code: string, fee: number, sort = 0, currency: 'CNY' | 'USD' = 'CNY') => ({
    code,
    fee,
    sort,
    currency,
  });

  it('orders by fee, then larger sort, then code', () => {
    const sorted = sortShippingOptions([
      option('C', 900),
      option('B', 500, 1),
      option('A', 500, 1),
      option('D', 500, 9),
    ]);
    expect(sorted.map((o) => o.code)).toEqual(['D', 'A', 'B', 'C']);
  });

  it('compares USD fees at the rate when one is known, else lists CNY first', () => {
    const options = [option('USD', 200, 0, 'USD'), option('CNY', 1000)];
    expect(sortShippingOptions(options, 7.1).map((o) => o.code)).toEqual(['CNY', 'USD']);
    expect(sortShippingOptions(options, 4).map((o) => o.code)).toEqual(['USD', 'CNY']);
    expect(sortShippingOptions(options, null).map((o) => o.code)).toEqual(['CNY', 'USD']);
  });

  it('does not change its input', () => {
    const input = [option('B', 2), option('A', 1)];
    sortShippingOptions(input);
    expect(input.map((o) => o.code)).toEqual(['B', 'A']);
  });
});

describe('isShippingOptionChanged', () => {
  const current: ShippingOption = {
    method_id: 'm',
    rate_id: 'r',
    rate_version: 2,
    carrier: 'YunExpress',
    name: 'Standard',
    code: 'YUN',
    delivery_days_min: 7,
    delivery_days_max: 15,
    currency: 'CNY',
    fee: 1550,
  };
  const chosen = { method_id: 'm', rate_id: 'r', rate_version: 2, currency: 'CNY' as const, fee: 1550 };

  it('is unchanged only when method, rate, version, currency and fee all match', () => {
    expect(isShippingOptionChanged(chosen, current)).toBe(false);
    expect(isShippingOptionChanged(chosen, null)).toBe(true);
    expect(isShippingOptionChanged({ ...chosen, rate_version: 1 }, current)).toBe(true);
    expect(isShippingOptionChanged({ ...chosen, fee: 1500 }, current)).toBe(true);
    expect(isShippingOptionChanged({ ...chosen, rate_id: 'other' }, current)).toBe(true);
    expect(isShippingOptionChanged({ ...chosen, currency: 'USD' }, current)).toBe(true);
  });
});

describe('logistics schemas', () => {
  const method = {
    carrier: 'YunExpress',
    name: 'Standard',
    code: 'YUN-STD',
    destination_countries: ['US', 'gb'],
    delivery_days_min: 7,
    delivery_days_max: 15,
  };

  it('accepts a method, upper-casing countries and filling defaults', () => {
    const parsed = shippingMethodCreateSchema.parse(method);
    expect(parsed.destination_countries).toEqual(['US', 'GB']);
    expect(parsed).toMatchObject({ status: 'enabled', sort: 0, remark: '' });
  });

  it('names the broken rule of a method', () => {
    const rule = (input: object) => {
      const result = shippingMethodCreateSchema.safeParse({ ...method, ...input });
      expect(result.success).toBe(false);
      const issue = result.error!.issues[0]!;
      return { path: issue.path.join('.'), rule: (issue as { params?: { rule?: string } }).params?.rule };
    };
    expect(rule({ code: 'no spaces' })).toEqual({ path: 'code', rule: 'shippingCode' });
    expect(rule({ code: 'X'.repeat(31) })).toEqual({ path: 'code', rule: 'shippingCode' });
    expect(rule({ destination_countries: [] })).toEqual({ path: 'destination_countries', rule: 'select' });
    expect(rule({ destination_countries: ['USA'] })).toEqual({
      path: 'destination_countries.0',
      rule: 'shippingCountry',
    });
    expect(rule({ delivery_days_min: 9, delivery_days_max: 3 })).toEqual({
      path: 'delivery_days_max',
      rule: 'shippingDeliveryDays',
    });
    expect(shippingMethodCreateSchema.safeParse({ ...method, delivery_days_min: 1.5 }).success).toBe(false);
  });

  it('checks a rate: whole grams above zero, prices not negative, max not below first', () => {
    const rate = {
      method_id: '00000000-0000-4000-8000-000000000001',
      factory_id: '00000000-0000-4000-8000-000000000002',
      first_weight_g: 100,
      first_price: 1200,
      additional_weight_g: 50,
      additional_price: 0,
    };
    expect(shippingRateCreateSchema.parse(rate)).toMatchObject({ currency: 'CNY', max_weight_g: null });
    for (const bad of [
      { first_weight_g: 0 },
      { additional_weight_g: 2.5 },
      { first_price: -1 },
      { currency: 'EUR' },
      { max_weight_g: 50 },
    ])
      expect(shippingRateCreateSchema.safeParse({ ...rate, ...bad }).success, JSON.stringify(bad)).toBe(
        false,
      );
    // A PATCH of one field leaves the others alone (no defaults), and cannot move the rate.
    expect(shippingRateUpdateSchema.parse({ first_price: 1 })).toEqual({ first_price: 1 });
    expect(shippingRateUpdateSchema.safeParse({ method_id: rate.method_id }).success).toBe(true);
    expect('method_id' in shippingRateUpdateSchema.parse({ method_id: rate.method_id })).toBe(false);
  });

  it('reads the options query leniently: missing country or weight is for the service to answer', () => {
    expect(shippingOptionsQuerySchema.parse({})).toEqual({});
    expect(shippingOptionsQuerySchema.parse({ country: ' us ', weight: '350' })).toEqual({
      country: 'US',
      weight: 350,
    });
    expect(shippingOptionsQuerySchema.safeParse({ country: 'USA' }).success).toBe(false);
    expect(shippingOptionsQuerySchema.safeParse({ weight: '-1' }).success).toBe(false);
  });
});
