import { describe, expect, it } from 'vitest';
import { idempotencyKeySchema } from '@pod/shared';
import { newRequestKey } from './request-key.ts';

describe('newRequestKey', () => {
  it('makes keys the server accepts, different every time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newRequestKey('adj')));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(idempotencyKeySchema.safeParse(key).success, key).toBe(true);
  });
});
