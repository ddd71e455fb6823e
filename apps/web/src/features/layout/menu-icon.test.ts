import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MENU_ICON_NAMES } from './menu-icon.tsx';

// The catalogue is every server module's menus.ts (decision 0027).
const modules = fileURLToPath(new URL('../../../../server/src/modules/', import.meta.url));
const catalogue = readdirSync(modules)
  .map((name) => join(modules, name, 'menus.ts'))
  .filter((path) => existsSync(path))
  .map((path) => readFileSync(path, 'utf8'))
  .join('\n');

describe('menu icons', () => {
  it('knows every icon the server’s menu catalogue names', () => {
    const named = [...catalogue.matchAll(/icon: '([A-Za-z]+)'/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect([...new Set(named)].filter((name) => !MENU_ICON_NAMES.includes(name))).toEqual([]);
  });
});
