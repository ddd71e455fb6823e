import { describe, expect, it } from 'vitest';
import { PublicReplyCache } from './public-reply-cache.ts';

function notices(live = true) {
  let calls = 0;
  return {
    live,
    caughtUp: () => {
      calls += 1;
      return Promise.resolve();
    },
    get calls() {
      return calls;
    },
  };
}

describe('PublicReplyCache (decision 0086)', () => {
  it('builds a reply once and gives it again, after hearing every change committed before', async () => {
    const n = notices();
    const cache = new PublicReplyCache<string>(n);
    let builds = 0;
    const build = () => Promise.resolve(`reply ${++builds}`);
    expect(await cache.through('k', build)).toBe('reply 1');
    expect(await cache.through('k', build)).toBe('reply 1');
    expect(await cache.through('other', build)).toBe('reply 2');
    expect(n.calls).toBe(3);
  });

  it('does not keep a reply built while the catalogue changed, and forgets everything at a change', async () => {
    const cache = new PublicReplyCache<string>(notices());
    const { epoch } = await cache.lookup('k');
    cache.clear(); // a notice arrived while the reply was being built
    cache.store('k', epoch, 'stale');
    expect((await cache.lookup('k')).value).toBeUndefined();
    await cache.through('k', () => Promise.resolve('fresh'));
    expect(cache.size).toBe(1);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('keeps and answers nothing while the notices are not heard', async () => {
    const cache = new PublicReplyCache<string>(notices(false));
    let builds = 0;
    await cache.through('k', () => Promise.resolve(`reply ${++builds}`));
    expect(await cache.through('k', () => Promise.resolve(`reply ${++builds}`))).toBe('reply 2');
    expect(cache.size).toBe(0);
  });

  it('lets a reply live for its time at most and starts again empty when full', async () => {
    let now = 0;
    const cache = new PublicReplyCache<string>(notices(), 1_000, 2, () => now);
    await cache.through('a', () => Promise.resolve('a1'));
    now = 999;
    expect(await cache.through('a', () => Promise.resolve('a2'))).toBe('a1');
    now = 1_000;
    expect(await cache.through('a', () => Promise.resolve('a3'))).toBe('a3');
    await cache.through('b', () => Promise.resolve('b'));
    expect(cache.size).toBe(2);
    await cache.through('c', () => Promise.resolve('c'));
    expect(cache.size).toBe(1);
  });
});
