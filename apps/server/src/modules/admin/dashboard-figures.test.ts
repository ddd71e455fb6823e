import { describe, expect, it } from 'vitest';
import { lastDays, perDay } from './dashboard-figures.ts';

describe('orders per day', () => {
  it('fills every day of the window, oldest first, ending today', () => {
    const days = lastDays(3, new Date('2026-03-01T10:00:00Z'));
    expect(days).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(perDay(days, [{ day: '2026-02-28', n: 4 }])).toEqual([
      { day: '2026-02-27', count: 0 },
      { day: '2026-02-28', count: 4 },
      { day: '2026-03-01', count: 0 },
    ]);
  });
});
