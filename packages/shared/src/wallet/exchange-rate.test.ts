import { describe, expect, it } from 'vitest';
import { cnyPerUnit, fromCnyMinorAt, toCnyMinorAt } from './exchange-rate.ts';

describe('exchange rate "RMB = 1 : x" (spec §3, issue 26)', () => {
  it('divides by x: $60.00 at 0.14 is ¥428.57, not ¥8.40', () => {
    expect(toCnyMinorAt(6000, '0.14')).toBe(42857);
    expect(toCnyMinorAt(6000, 0.14)).not.toBe(840);
  });

  it('rounds half up to the fen', () => {
    // $0.01 at 0.08 is ¥0.125 → ¥0.13; at 0.16 it is ¥0.0625 → ¥0.06.
    expect(toCnyMinorAt(1, '0.08')).toBe(13);
    expect(toCnyMinorAt(1, '0.16')).toBe(6);
    expect(toCnyMinorAt(0, '0.14')).toBe(0);
  });

  it('stays exact for large amounts', () => {
    // $10,000,000.00 at 0.25 is ¥40,000,000.00.
    expect(toCnyMinorAt(1_000_000_000, '0.25')).toBe(4_000_000_000);
  });

  it('refuses a zero or negative rate rather than dividing by it', () => {
    expect(() => toCnyMinorAt(100, '0.00')).toThrow(RangeError);
    expect(() => toCnyMinorAt(100, -1)).toThrow(RangeError);
  });

  it('multiplies by x the other way: ¥100.00 at 0.14 is $14.00', () => {
    expect(fromCnyMinorAt(100_00, '0.14')).toBe(14_00);
    // ¥0.05 at 0.14 is $0.007 → $0.01; ¥0.03 is $0.0042 → $0.00.
    expect(fromCnyMinorAt(5, '0.14')).toBe(1);
    expect(fromCnyMinorAt(3, '0.14')).toBe(0);
  });

  it('gives yuan per unit for comparisons', () => {
    expect(cnyPerUnit('0.14')).toBeCloseTo(7.142857, 5);
    expect(cnyPerUnit(1)).toBe(1);
  });
});
