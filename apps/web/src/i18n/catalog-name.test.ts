import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { catalogName } from './catalog-name.ts';

const SRC = fileURLToPath(new URL('../', import.meta.url));
const OWN = join(SRC, 'i18n', 'catalog-name.ts');

/** Every TypeScript source of the web app but tests. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/**
 * The rule written out again by hand: `language === 'en' && x.en_name ? x.en_name : x.name`, or
 * `language === 'en' ? x.en_name || x.name : …`.
 */
const HAND_CODED = /===\s*'en'\s*(&&\s*[\w.?]*en_name\s*\?\s*[\w.?]*en_name\s*:|\?\s*[\w.?]*en_name\s*\|\|)/;

describe('catalogName (issue 26)', () => {
  it('names an item in the reader’s language, the other one as fallback', () => {
    expect(catalogName({ name: '白色', en_name: 'White' }, 'en')).toBe('White');
    expect(catalogName({ name: '白色', en_name: '' }, 'en')).toBe('白色');
    expect(catalogName({ name: '白色', en_name: 'White' }, 'zh-cn')).toBe('白色');
    expect(catalogName({ name: '', en_name: 'White' }, 'zh-cn')).toBe('White');
  });

  it('is the one place the rule is written: no page keeps its own copy', () => {
    const copies = sources(SRC)
      .filter((path) => path !== OWN && HAND_CODED.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(copies).toEqual([]);
  });
});
