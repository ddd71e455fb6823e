import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { ensureSystemMenus } from '../../src/modules/access/index.ts';
import { MENU_CATALOGUE } from '../../src/modules/index.ts';
import { withDatabase } from './database-url.ts';

export type TestDatabaseTemplate =
  { kind: 'pglite'; dumpFile: string } | { kind: 'postgres'; url: string; template: string };

/** A migrated database of this test file's own, copied from the run's template. */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const dump = new Blob([readFileSync(template.dumpFile)]);
    const database = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    return { ...database, drop: () => database.close() };
  }
  const name = `${template.template}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template.template}`);
  } finally {
    await admin.end();
  }
  const database = await openDatabase({
    kind: 'postgres',
    url: withDatabase(template.url, name),
    poolSize: 5,
  });
  return {
    ...database,
    drop: async () => {
      await database.close();
      const again = new pg.Client({ connectionString: template.url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}

/**
 * Empties every application table (and the job queue's jobs) between tests, then puts the system
 * menus back. Only the tables a test wrote to are touched: one probe finds them, and they are
 * emptied by DELETE with foreign-key triggers off (`session_replication_role = replica`, as a
 * superuser may; the embedded database and the CI server run as one). TRUNCATE of every table
 * made a new file for each table and index, about half of each test's time on PostgreSQL.
 * Triggers are off, so the cache notices TRUNCATE used to send (menus, roles: migration 0041;
 * catalogue: 0046) are sent here, in the same transaction.
 */
export async function resetDatabase(database: Database): Promise<void> {
  const { rows: tables } = await database.raw.query<{ name: string }>(
    `SELECT format('%I.%I', schemaname, tablename) AS name FROM pg_tables
      WHERE schemaname = 'public' OR (schemaname = 'pgboss' AND tablename IN ('job', 'archive'))`,
  );
  if (tables.length) {
    const probe = tables
      .map((t, i) => `SELECT ${i} AS i WHERE EXISTS (SELECT 1 FROM ${t.name})`)
      .join(' UNION ALL ');
    const { rows: used } = await database.raw.query<{ i: number }>(probe);
    if (used.length) {
      const deletes = used.map((u) => `DELETE FROM ${tables[u.i]!.name};`).join('\n');
      await database.raw.exec(
        `BEGIN; SET LOCAL session_replication_role = replica;\n${deletes}\n` +
          `SELECT pg_notify('pod_cache', 'menus'), pg_notify('pod_cache', 'roles'), pg_notify('pod_cache', 'catalogue'); COMMIT;`,
      );
    }
  }
  await ensureSystemMenus(database.db, MENU_CATALOGUE);
}
