import { describe, expect, it } from 'vitest';
import { prefersReducedMotion, watchReducedMotion } from './reduced-motion.ts';

/** A window whose "reduce motion" setting the test turns on and off. */
function fakeWindow(reduce: boolean) {
  const listeners = new Set<() => void>();
  const list = {
    get matches() {
      return reduce;
    },
    addEventListener: (_: string, fn: () => void) => listeners.add(fn),
    removeEventListener: (_: string, fn: () => void) => listeners.delete(fn),
  };
  return {
    source: { matchMedia: (query: string) => (query === '(prefers-reduced-motion: reduce)' ? list : null) },
    set(value: boolean) {
      reduce = value;
      for (const fn of listeners) fn();
    },
    listeners,
  };
}

describe('prefers-reduced-motion (decision 0090)', () => {
  it('reads the system setting, and false where there is no window or no matchMedia', () => {
    expect(prefersReducedMotion(fakeWindow(true).source as unknown as Window)).toBe(true);
    expect(prefersReducedMotion(fakeWindow(false).source as unknown as Window)).toBe(false);
    expect(prefersReducedMotion(undefined)).toBe(false);
    expect(prefersReducedMotion({} as Window)).toBe(false);
  });

  it('tells a subscriber when the setting changes, and stops when unsubscribed', () => {
    const w = fakeWindow(false);
    const source = w.source as unknown as Window;
    const seen: boolean[] = [];
    const stop = watchReducedMotion(() => seen.push(prefersReducedMotion(source)), source);
    w.set(true);
    w.set(false);
    stop();
    w.set(true);
    expect(seen).toEqual([true, false]);
    expect(w.listeners.size).toBe(0);
  });
});
