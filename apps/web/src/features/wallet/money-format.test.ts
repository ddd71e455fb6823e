import { describe, expect, it } from 'vitest';
import { formatMoney, isRangeAllowed, parseAmount, rangeParams, type PickedDate } from './money-format.ts';

/** A picked day (what dayjs gives the range picker), in UTC for a stable test. */
function day(iso: string): PickedDate {
  const at = (time: string): PickedDate => ({
    toISOString: () => `${iso}T${time}Z`,
    startOf: () => at('00:00:00.000'),
    endOf: () => at('23:59:59.999'),
  });
  return at('12:00:00.000');
}

describe('formatMoney', () => {
  it('shows minor units as the currency with two decimals', () => {
    expect(formatMoney(100_000, 'CNY', 'en')).toBe('¥1,000.00');
    expect(formatMoney(1250, 'USD', 'en')).toBe('$12.50');
    expect(formatMoney(5, 'CNY', 'zh-cn')).toBe('¥0.05');
  });

  it('signs ledger amounts when asked', () => {
    expect(formatMoney(10_000, 'CNY', 'en', { signed: true })).toBe('+¥100.00');
    expect(formatMoney(-10_000, 'CNY', 'en', { signed: true })).toBe('-¥100.00');
    expect(formatMoney(-1, 'USD', 'en')).toBe('-$0.01');
    expect(formatMoney(0, 'CNY', 'en', { signed: true })).toBe('¥0.00');
  });
});

describe('parseAmount', () => {
  it('turns yuan into whole minor units without float error', () => {
    expect(parseAmount('100')).toBe(10_000);
    expect(parseAmount(0.29)).toBe(29);
    expect(parseAmount('1.1')).toBe(110);
    expect(parseAmount(' 19.99 ')).toBe(1999);
  });

  it('refuses what is not an amount of at most two decimals', () => {
    for (const bad of ['', 'abc', '1.234', '-5', null, undefined, '1e5', '1,000', 1_000_000_001]) {
      expect(parseAmount(bad), String(bad)).toBeNull();
    }
  });
});

describe('date range (spec §5: at most one year)', () => {
  it('sends the start of the first day and the end of the last', () => {
    expect(rangeParams([day('2025-01-01'), day('2025-01-31')])).toEqual({
      from: '2025-01-01T00:00:00.000Z',
      to: '2025-01-31T23:59:59.999Z',
    });
    expect(rangeParams(null)).toEqual({ from: undefined, to: undefined });
  });

  it('allows a year and refuses longer, as the server does', () => {
    expect(isRangeAllowed([day('2025-01-01'), day('2025-12-31')])).toBe(true);
    expect(isRangeAllowed([day('2024-01-01'), day('2025-06-30')])).toBe(false);
    expect(isRangeAllowed(undefined)).toBe(true);
  });
});
