import { afterEach, describe, expect, it, vi } from 'vitest';
import { noteServerTime, resetServerClock, serverNow } from './server-clock.ts';

afterEach(() => {
  resetServerClock();
  vi.useRealTimers();
});

describe('server clock', () => {
  it('follows a server clock that is minutes ahead of the browser', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    noteServerTime((1_000_000 + 5 * 60_000) / 1000, 999_900, 1_000_100);
    expect(serverNow() - Date.now()).toBeGreaterThan(5 * 60_000 - 1000);
    expect(serverNow() - Date.now()).toBeLessThan(5 * 60_000 + 1000);
  });

  it('ignores the envelope second resolution and unreadable times', () => {
    vi.useFakeTimers({ now: 2_000_000 });
    noteServerTime(2_000, 1_999_800, 2_000_000);
    expect(serverNow()).toBe(Date.now());
    noteServerTime(Number.NaN, 0, 1);
    expect(serverNow()).toBe(Date.now());
  });
});
