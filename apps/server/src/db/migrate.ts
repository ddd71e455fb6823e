import { join } from 'node:path';
import pg from 'pg';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { Database } from './client.ts';

export const MIGRATIONS_FOLDER = join(import.meta.dirname, 'migrations');

/** Applies the committed drizzle-kit migrations. Safe to call on every start. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePg(database.db, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** The session advisory lock that serialises start-up work on one PostgreSQL (decision 0074). */
const STARTUP_LOCK = 740_074;

/**
 * Runs `work` (migrations, the system menus) while no other process starting on the same
 * PostgreSQL runs its own: several API and worker processes may start at once. PGlite is one
 * process: run directly.
 */
export async function duringStartup<T>(database: Database, work: () => Promise<T>): Promise<T> {
  if (database.kind === 'pglite' || !database.url) return work();
  const client = new pg.Client({ connectionString: database.url });
  client.on('error', () => undefined);
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    return await work();
  } finally {
    await client.end().catch(() => undefined);
  }
}
