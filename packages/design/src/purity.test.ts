import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// The package runs in the browser editor and on the server alike (ARCHITECTURE "packages/design"):
// library files may not use Node or DOM APIs. Tests may (this one reads the files).
const dir = import.meta.dirname;
const libraryFiles = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('package purity', () => {
  it.each(libraryFiles)('%s uses no Node or DOM API', (file) => {
    const source = readFileSync(join(dir, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/\/\/.*$/gm, '');
    expect(source).not.toMatch(/from '(node:|sharp|fs|path)/);
    expect(source).not.toMatch(/\b(Buffer|process|require|document|window)\s*[.(]/);
    const imports = [...source.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
    expect(imports.filter((i) => !i.startsWith('./') && i !== 'zod')).toEqual([]);
  });
});
