import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The migrations are hand-written SQL with journal entries, and `npm run db:generate` (the CRUD
 * generator's path, decision 0049) appends after them: drizzle-kit numbers its migration from the
 * last entry's idx, and the migrator applies an entry only if its `when` is later than the last
 * one applied. An entry whose idx is not its file's number, or whose `when` is out of order, makes
 * the next generated migration collide with a file or be skipped (decision 0063).
 */
const dir = join(import.meta.dirname, 'migrations');
const journal = JSON.parse(readFileSync(join(dir, 'meta', '_journal.json'), 'utf8')) as {
  entries: Array<{ idx: number; when: number; tag: string }>;
};

describe('the migration journal', () => {
  it('holds one entry per SQL file, in increasing idx and time, the last idx being the highest file number', () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith('.sql'))
      .map((f) => f.replace(/\.sql$/, ''));
    const numbers = files.map((f) => Number(f.slice(0, 4)));
    expect(new Set(numbers).size, 'two migration files share a number').toBe(numbers.length);
    expect(journal.entries.map((e) => e.tag).sort()).toEqual(files.sort());
    // History keeps 0018 before 0017 (both long applied); from there on the journal follows the files.
    for (let i = 1; i < journal.entries.length; i++) {
      const [before, entry] = [journal.entries[i - 1]!, journal.entries[i]!];
      expect(entry.idx, entry.tag).toBeGreaterThan(before.idx);
      expect(entry.when, entry.tag).toBeGreaterThan(before.when);
    }
    expect(journal.entries.at(-1)!.idx).toBe(Math.max(...numbers));
  });
});
