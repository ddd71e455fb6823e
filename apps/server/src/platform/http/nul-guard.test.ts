import { describe, expect, it } from 'vitest';
import { findInputProblem, findNul } from './nul-guard.ts';

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

describe('findInputProblem', () => {
  it('issue 17 finding 1: walks 5,000 levels of nesting without overflowing and reports the depth', () => {
    let deep: unknown = 'leaf';
    for (let i = 0; i < 5_000; i++) deep = i % 2 ? { a: deep } : [deep];
    expect(findInputProblem(deep)).toEqual({ kind: 'depth' });
    expect(findInputProblem(deep, Number.POSITIVE_INFINITY)).toBeNull();
    expect(findInputProblem({ a: [{ b: 1 }] }, 3)).toBeNull();
    expect(findInputProblem({ a: [{ b: {} }] }, 3)).toEqual({ kind: 'depth' });
  });

  it('finds lone surrogates as well as NUL', () => {
    expect(findInputProblem({ a: ['ok', 'x\uD800y'] })).toEqual({ kind: 'character', path: ['a', '1'] });
    expect(findInputProblem({ a: 'pair 🙂' })).toBeNull();
    expect(findInputProblem({ ['\uDC00']: 1 })).toEqual({ kind: 'character', path: [] });
  });
});
