import { describe, expect, it } from 'vitest';
import { formatRemaining, remainingMs } from './countdown.ts';

describe('unpaid order countdown (spec §4)', () => {
  const expiresAt = '2025-01-01T10:30:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts the time left until the order times out', () => {
    expect(remainingMs(expiresAt, at('2025-01-01T10:00:00.000Z'))).toBe(30 * 60_000);
    expect(formatRemaining(remainingMs(expiresAt, at('2025-01-01T10:00:00.000Z')))).toBe('30:00');
    expect(formatRemaining(remainingMs(expiresAt, at('2025-01-01T10:29:58.500Z')))).toBe('00:02');
  });

  it('stops at zero once the order is due, and reads an unreadable time as due', () => {
    expect(remainingMs(expiresAt, at('2025-01-01T11:00:00.000Z'))).toBe(0);
    expect(remainingMs('not a time', at('2025-01-01T10:00:00.000Z'))).toBe(0);
    expect(formatRemaining(0)).toBe('00:00');
  });

  it('shows hours when more than an hour is left', () => {
    expect(formatRemaining((2 * 3600 + 5 * 60 + 9) * 1000)).toBe('2:05:09');
  });
});
