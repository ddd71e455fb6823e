import { describe, expect, it } from 'vitest';
import {
  financeTransactionQuerySchema,
  isRangeWithinLimit,
  transferCreateSchema,
  withdrawalFee,
} from './schemas.ts';

describe('wallet contracts', () => {
  it('rounds the withdrawal fee half up in integer maths', () => {
    expect(withdrawalFee(200_00, 50)).toBe(1_00);
    expect(withdrawalFee(99, 50)).toBe(0); // 0.495 fen
    expect(withdrawalFee(100, 50)).toBe(1); // 0.5 fen rounds up
    expect(withdrawalFee(100_000_000_00, 10_000)).toBe(100_000_000_00);
    expect(withdrawalFee(12345, 0)).toBe(0);
  });

  it('allows date ranges of at most one year (spec §5)', () => {
    expect(isRangeWithinLimit('2024-01-01T00:00:00Z', '2024-12-31T23:59:59Z')).toBe(true);
    expect(isRangeWithinLimit('2024-01-01T00:00:00Z', '2025-01-02T00:00:01Z')).toBe(false);
    expect(isRangeWithinLimit(undefined, '2030-01-01T00:00:00Z')).toBe(true);
    const long = financeTransactionQuerySchema.safeParse({
      from: '2020-01-01T00:00:00Z',
      to: '2022-01-01T00:00:00Z',
    });
    expect(long.success).toBe(false);
  });

  it('a transfer needs the agreement ticked and at most 3 receipt images', () => {
    const base = {
      receipt_no: 'R1',
      amount: 100,
      currency: 'CNY',
      transfer_type: 'domestic',
      payment_account_id: '00000000-0000-4000-8000-000000000000',
      bank_name: 'B',
      bank_account_name: 'N',
      bank_account_no: '6222 0200',
      agreement: true,
    };
    expect(transferCreateSchema.parse(base)).toMatchObject({
      bank_account_no: '62220200',
      receipt_image_ids: [],
    });
    expect(transferCreateSchema.safeParse({ ...base, agreement: false }).success).toBe(false);
    const ids = Array.from({ length: 4 }, () => '00000000-0000-4000-8000-000000000000');
    expect(transferCreateSchema.safeParse({ ...base, receipt_image_ids: ids }).success).toBe(false);
  });
});
