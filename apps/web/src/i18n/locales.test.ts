import { describe, expect, it } from 'vitest';
import zhCn from './locales/zh-cn.json';
import en from './locales/en.json';

/** Flattens nested translation objects into `a.b.c` → value pairs. */
function flatten(node: unknown, prefix = ''): Map<string, unknown> {
  const entries = new Map<string, unknown>();
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    for (const [key, value] of Object.entries(node)) {
      for (const [path, leaf] of flatten(value, prefix ? `${prefix}.${key}` : key)) entries.set(path, leaf);
    }
  } else {
    entries.set(prefix, node);
  }
  return entries;
}

const locales = { 'zh-cn': flatten(zhCn), en: flatten(en) };

// CONVENTIONS §15: every visible string has both a zh-cn and an en entry; a missing key is a test failure.
describe('locale files', () => {
  it('have identical key sets', () => {
    expect([...locales.en.keys()].sort()).toEqual([...locales['zh-cn'].keys()].sort());
  });

  it.each(Object.entries(locales))('%s has only non-empty string values', (_name, entries) => {
    expect(entries.size).toBeGreaterThan(0);
    for (const [path, value] of entries) {
      expect(typeof value, path).toBe('string');
      expect(String(value).trim(), path).not.toBe('');
    }
  });

  it('use the same interpolation placeholders in both languages', () => {
    const placeholders = (value: unknown) =>
      [...String(value).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();
    for (const [path, value] of locales['zh-cn']) {
      expect(placeholders(locales.en.get(path)), path).toEqual(placeholders(value));
    }
  });
});
