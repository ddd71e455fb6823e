import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { maxLengthOf } from './schema-utils.ts';

describe('maxLengthOf', () => {
  it('reads the string inside wrappers, pipes and unions', () => {
    expect(maxLengthOf(z.string().max(30))).toBe(30);
    expect(maxLengthOf(z.string().trim().max(50).optional().nullable())).toBe(50);
    expect(maxLengthOf(z.string().max(20).default(''))).toBe(20);
    expect(maxLengthOf(z.string().max(12).pipe(z.string().refine(Boolean)))).toBe(12);
    expect(maxLengthOf(z.union([z.literal(''), z.string().max(100)]))).toBe(100);
    expect(maxLengthOf(z.email().max(100).or(z.literal('')).default(''))).toBe(100);
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number().max(5))).toBeUndefined();
  });
});
