import { join } from 'node:path';
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
