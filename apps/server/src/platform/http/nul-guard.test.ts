import { describe, expect, it } from 'vitest';
import { findNul } from './nul-guard.ts';

describe('findNul', () => {
  it('finds the path of the first string or key holding a NUL, and nothing in clean input', () => {
    expect(findNul({ a: 'x', b: [1, 'y', { c: 'z' }] })).toBeNull();
    expect(findNul('a\u0000')).toEqual([]);
    expect(findNul({ a: 'ok', b: [1, 'y', { c: 'z\u0000' }] })).toEqual(['b', '2', 'c']);
    expect(findNul({ outer: { 'bad\u0000key': 1 } })).toEqual(['outer']);
    expect(findNul([null, 3, true, undefined])).toBeNull();
  });

  it('walks a large clean body without finding anything', () => {
    const layers = Array.from({ length: 5_000 }, (_, i) => ({
      id: `l${i}`,
      text: '你好 🙂',
      points: [1, 2, 3],
    }));
    expect(findNul({ surfaces: { front: { layers } } })).toBeNull();
    layers[4_321]!.text = 'oops\u0000';
    expect(findNul({ surfaces: { front: { layers } } })).toEqual([
      'surfaces',
      'front',
      'layers',
      '4321',
      'text',
    ]);
  });
});
