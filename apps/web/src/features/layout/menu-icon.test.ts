import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { MENU_ICON_NAMES } from './menu-icon.tsx';

const catalogue = readFileSync(
  fileURLToPath(new URL('../../../../server/src/modules/access/menu-catalogue.ts', import.meta.url)),
  'utf8',
);

describe('menu icons', () => {
  it('knows every icon the server’s menu catalogue names', () => {
    const named = [...catalogue.matchAll(/icon: '([A-Za-z]+)'/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(5);
    expect([...new Set(named)].filter((name) => !MENU_ICON_NAMES.includes(name))).toEqual([]);
  });
});
