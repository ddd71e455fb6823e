import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/helpers/test-database.ts';
import type { Database } from './client.ts';
import { mergeValues, runPrepared } from './prepared.ts';

describe('runPrepared (hand-written statements rendered once)', () => {
  let database: Database & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await openTestDatabase();
    await database.raw.exec('CREATE TABLE prepared_probe (id int PRIMARY KEY, label text NOT NULL)');
  });
  afterAll(async () => {
    await database.drop();
  });

  it('renders the SQL once per name and fills in each call’s values', async () => {
    let builds = 0;
    const insert = (id: number, label: string) =>
      runPrepared<{ id: number; label: string }>(
        database.db,
        'test_prepared_insert',
        () => {
          builds += 1;
          return sql`INSERT INTO prepared_probe (id, label) VALUES (${sql.placeholder('id')}::int, ${sql.placeholder('label')}) RETURNING id, label`;
        },
        { id, label },
      );
    const first = await insert(1, 'one');
    const second = await insert(2, 'two');
    expect(first).toEqual([{ id: 1, label: 'one' }]);
    expect(second).toEqual([{ id: 2, label: 'two' }]);
    expect(builds).toBe(1);
  });

  it('runs inside the transaction it is given (a rollback undoes it)', async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await runPrepared(tx, 'test_prepared_insert', () => sql`unused: already rendered`, {
          id: 3,
          label: 'three',
        });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM prepared_probe WHERE id = 3',
    );
    expect(rows.rows[0]!.n).toBe(0);
  });

  it('refuses a call that leaves a placeholder without a value', async () => {
    await expect(runPrepared(database.db, 'test_prepared_insert', () => sql``, { id: 4 })).rejects.toThrow(
      /label/,
    );
  });

  it('gives rows as the ORM parses a raw result: times as text, numbers and booleans parsed', async () => {
    const [row] = await runPrepared<{ at: unknown; n: unknown; yes: unknown }>(
      database.db,
      'test_prepared_types',
      () =>
        sql`SELECT ${sql.placeholder('at')}::timestamptz AS at, ${sql.placeholder('n')}::int + 1 AS n, true AS yes`,
      { at: '2026-01-02T03:04:05Z', n: 41 },
    );
    expect(typeof row!.at).toBe('string');
    expect(new Date(row!.at as string).toISOString()).toBe('2026-01-02T03:04:05.000Z');
    expect(row!.n).toBe(42);
    expect(row!.yes).toBe(true);
  });

  it('reports a failed statement as the ORM does (the driver’s error as its cause), and the tap sees it', async () => {
    const seen: Array<{ text: string; params: readonly unknown[] }> = [];
    database.statements.listener = (text, params) => seen.push({ text, params });
    try {
      const error = await runPrepared(database.db, 'test_prepared_insert', () => sql``, {
        id: 1,
        label: 'again',
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DrizzleQueryError);
      expect((error as DrizzleQueryError).cause).toMatchObject({ code: '23505' });
    } finally {
      database.statements.listener = undefined;
    }
    expect(seen).toEqual([
      { text: expect.stringContaining('INSERT INTO prepared_probe') as unknown, params: [1, 'again'] },
    ]);
  });

  it('mergeValues refuses a placeholder bound twice', () => {
    expect(mergeValues({ a: 1 }, { b: 2 })).toEqual({ a: 1, b: 2 });
    expect(() => mergeValues({ a: 1 }, { a: 2 })).toThrow(/a is bound twice/);
  });
});
