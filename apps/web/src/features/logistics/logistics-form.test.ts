import { describe, expect, it } from 'vitest';
import { shippingMethodCreateSchema, shippingRateCreateSchema } from '@pod/shared';
import { logisticsRuleOf, toMinorUnits } from './logistics-form.ts';

describe('logistics form rules', () => {
  const shape = shippingMethodCreateSchema.shape;

  it('names the logistics rule a value breaks, as the server does', () => {
    expect(logisticsRuleOf(shape.code, 'has space')).toBe('shippingCode');
    expect(logisticsRuleOf(shape.code, 'YUN-STD')).toBeNull();
    expect(logisticsRuleOf(shape.destination_countries, ['USA'])).toBe('shippingCountry');
    // Not a logistics rule: left to the generic messages.
    expect(logisticsRuleOf(shape.carrier, '')).toBeNull();
  });

  it('checks typed yuan against the minor-unit price schema', () => {
    const price = shippingRateCreateSchema.shape.first_price;
    expect(toMinorUnits(12.5)).toBe(1250);
    // 0.1 + 0.2 style float noise still lands on whole fen.
    expect(toMinorUnits(0.1 + 0.2)).toBe(30);
    expect(price.safeParse(toMinorUnits(3.5)).success).toBe(true);
    expect(price.safeParse(toMinorUnits(-1)).success).toBe(false);
    expect(toMinorUnits('x')).toBe('x');
  });
});
