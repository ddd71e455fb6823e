import { describe, expect, it } from 'vitest';
import { minorToYuan, withMinor, withYuan, yuanToMinor } from './money.ts';

describe('money in yuan', () => {
  it('turns minor units into yuan and back without drift', () => {
    expect(minorToYuan(12345)).toBe(123.45);
    expect(yuanToMinor(123.45)).toBe(12345);
    expect(yuanToMinor(0.1 + 0.2)).toBe(30);
    expect(yuanToMinor('19.99')).toBe(1999);
  });

  it('treats blanks as zero', () => {
    expect(minorToYuan(null)).toBe(0);
    expect(yuanToMinor(undefined)).toBe(0);
    expect(yuanToMinor('')).toBe(0);
  });

  it('converts only the named fields', () => {
    expect(withYuan({ fee: 150, name: 'a' }, ['fee'])).toEqual({ fee: 1.5, name: 'a' });
    expect(withMinor({ fee: 1.5, name: 'a' }, ['fee'])).toEqual({ fee: 150, name: 'a' });
  });
});
