import { describe, expect, it } from 'vitest';
import type { Actor } from '../context.ts';
import { SessionCheckCache } from './session-cache.ts';

const actor = { kind: 'admin', id: 'u1' } as Actor;

/** A validator that counts its reads and answers what `answer` says now. */
function world(live = true) {
  const state = { reads: 0, answer: true, live, caughtUp: 0 };
  const notices = {
    get live() {
      return state.live;
    },
    caughtUp: () => {
      state.caughtUp += 1;
      return Promise.resolve();
    },
  };
  let clock = 0;
  const cache = new SessionCheckCache(
    () => {
      state.reads += 1;
      return Promise.resolve(state.answer);
    },
    notices,
    10_000,
    100_000,
    () => clock,
  );
  return { state, cache, tick: (ms: number) => (clock += ms) };
}

describe('the sign-in check cache', () => {
  it('answers a repeated "yes" from memory after catching up with the notices', async () => {
    const { state, cache } = world();
    expect(await cache.validate(actor, 's1')).toBe(true);
    expect(await cache.validate(actor, 's1')).toBe(true);
    expect(state.reads).toBe(1);
    expect(state.caughtUp).toBe(2);
  });

  it('asks again after a notice about the user, and keeps no "no"', async () => {
    const { state, cache } = world();
    await cache.validate(actor, 's1');
    state.answer = false;
    cache.forgetSubject('admin:u1');
    expect(await cache.validate(actor, 's1')).toBe(false);
    expect(await cache.validate(actor, 's1')).toBe(false);
    expect(state.reads).toBe(3);
  });

  it('asks again once an entry is older than its lifetime', async () => {
    const { state, cache, tick } = world();
    await cache.validate(actor, 's1');
    tick(10_001);
    await cache.validate(actor, 's1');
    expect(state.reads).toBe(2);
  });

  it('keeps nothing and answers nothing from memory while the notices are not live', async () => {
    const { state, cache } = world(false);
    await cache.validate(actor, 's1');
    await cache.validate(actor, 's1');
    expect(state.reads).toBe(2);
    expect(cache.size).toBe(0);
  });

  it('does not keep an answer read while a notice arrived', async () => {
    const { state, cache } = world();
    let release: (v: boolean) => void = () => undefined;
    const slow = new SessionCheckCache(
      () => {
        state.reads += 1;
        return new Promise<boolean>((r) => (release = r));
      },
      { live: true, caughtUp: () => Promise.resolve() },
    );
    const pending = slow.validate(actor, 's1');
    await Promise.resolve();
    await Promise.resolve();
    slow.forgetSubject('admin:u1');
    release(true);
    expect(await pending).toBe(true);
    expect(slow.size).toBe(0);
    expect(cache.size).toBe(0);
  });
});
