import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, SelfWaitError, type Database } from './client.ts';

/** The embedded database's guard against a statement that would wait for its own transaction. */
/** Refused with SelfWaitError (drizzle wraps it as the cause of its own error). */
async function refused(work: Promise<unknown>) {
  const error: unknown = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(
    error instanceof SelfWaitError || (error as { cause?: unknown } | null)?.cause instanceof SelfWaitError,
  ).toBe(true);
}

describe('PGlite: a statement sent past the open transaction of its own work', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite' });
    await database.raw.exec('CREATE TABLE self_wait (n int)');
  });
  afterAll(() => database.close());

  it('is refused at once (it would wait forever), while the transaction itself goes on and commits', async () => {
    const { db } = database;
    const started = Date.now();
    await db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO self_wait VALUES (1)`);
      await refused(db.execute(sql`SELECT 1`));
      await refused(database.raw.query('SELECT 1'));
      await refused(database.raw.exec('SELECT 1'));
      // Work started from inside, however deep, is the same work.
      await refused(Promise.resolve().then(() => db.execute(sql`SELECT 1`)));
      await tx.execute(sql`INSERT INTO self_wait VALUES (2)`);
    });
    expect(Date.now() - started).toBeLessThan(5_000);
    const { rows } = await database.raw.query<{ n: number }>('SELECT n FROM self_wait ORDER BY n');
    expect(rows.map((r) => r.n)).toEqual([1, 2]);
  });

  it('still lets other work wait for the transaction and run after it, and anything run after it ends', async () => {
    const { db } = database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let leaked: Promise<unknown> | null = null;
    const open = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO self_wait VALUES (3)`);
      // Started from the transaction's work but run only once it has ended: allowed.
      leaked = held
        .then(() => new Promise((r) => setTimeout(r, 10)))
        .then(() => db.execute(sql`SELECT 4 AS n`));
      await held;
    });
    // Other work (not started from the transaction) waits for it instead of failing.
    const other = database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM self_wait WHERE n = 3');
    release();
    await open;
    expect((await other).rows[0]!.n).toBe(1);
    await expect(leaked).resolves.toBeDefined();
  });
});
