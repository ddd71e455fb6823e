import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Decision 0087: packages that only some requests need are loaded on their first use, so a start
 * does not pay for them. A value import of one of them anywhere in the server's production code
 * would load it at start again; type imports cost nothing.
 */
const LOADED_ON_FIRST_USE = ['sharp', 'pdf-lib', 'archiver', 'bwip-js/node', 'exceljs', 'jsdom', 'file-type'];

const src = join(import.meta.dirname, '..');
function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.ts$/.test(entry) && !/\.test\.ts$/.test(entry)) yield path;
  }
}

/** The value imports of `text` from one of the packages (static `import … from`, not `import type`). */
function valueImports(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'([^']+)'/gm)) {
    if (!match[1] && LOADED_ON_FIRST_USE.includes(match[2]!)) found.push(match[2]!);
  }
  return found;
}

describe('packages loaded on first use', () => {
  it('finds a value import and lets a type import pass', () => {
    expect(valueImports(`import sharp from 'sharp';\nimport type { PDFDocument } from 'pdf-lib';`)).toEqual([
      'sharp',
    ]);
    expect(valueImports(`import {\n  PDFDocument,\n} from 'pdf-lib';`)).toEqual(['pdf-lib']);
    expect(valueImports(`import type * as PdfLib from 'pdf-lib';`)).toEqual([]);
  });

  it('are imported as values nowhere in the server (platform/first-use.ts and images/sharp.ts load them)', () => {
    const offenders: string[] = [];
    for (const file of sources(src)) {
      const name = relative(src, file).split('\\').join('/');
      for (const pkg of valueImports(readFileSync(file, 'utf8'))) offenders.push(`${name}: ${pkg}`);
    }
    expect(offenders).toEqual([]);
  });
});
