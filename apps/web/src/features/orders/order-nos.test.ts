import { describe, expect, it } from 'vitest';
import { resultOrderNos } from './order-nos.ts';

describe('resultOrderNos (spec §2 payResult, orderPayResult)', () => {
  it('reads one order from the path, or several from the query', () => {
    expect(resultOrderNos('P2024001', null)).toEqual(['P2024001']);
    expect(resultOrderNos(undefined, 'P1,P2 P3')).toEqual(['P1', 'P2', 'P3']);
  });

  it('drops blanks and repeats, and reads nothing as no orders', () => {
    expect(resultOrderNos(undefined, ' P1,,P1, ')).toEqual(['P1']);
    expect(resultOrderNos(undefined, null)).toEqual([]);
  });
});
