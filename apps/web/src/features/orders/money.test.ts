import { describe, expect, it } from 'vitest';
import { formatAmount, isWalletCurrency, sumByCurrency } from './money.ts';

describe('order money', () => {
  it('formats the wallet currencies with their symbol and two decimals', () => {
    expect(formatAmount(123_456, 'CNY', 'en')).toBe('¥1,234.56');
    expect(formatAmount(500, 'USD', 'zh-cn')).toBe('$5.00');
  });

  it('writes any other currency code before the amount', () => {
    expect(isWalletCurrency('EUR')).toBe(false);
    expect(formatAmount(1_200, 'EUR', 'en')).toBe('EUR 12.00');
    expect(formatAmount(-1_200, 'EUR', 'en')).toBe('-EUR 12.00');
  });

  it('adds amounts up per currency', () => {
    expect(
      sumByCurrency([
        { currency: 'CNY', amount: 100 },
        { currency: 'USD', amount: 5 },
        { currency: 'CNY', amount: 250 },
      ]),
    ).toEqual([
      { currency: 'CNY', amount: 350 },
      { currency: 'USD', amount: 5 },
    ]);
  });
});
