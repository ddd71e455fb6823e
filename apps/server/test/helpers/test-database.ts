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

/** Empties every application table (and the job queue's jobs) between tests. */
export async function resetDatabase(database: Database): Promise<void> {
  const { rows } = await database.raw.query<{ tablename: string }>(
    `SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const tables = rows.map((r) => `public."${r.tablename}"`);
  const { rows: boss } = await database.raw.query<{ name: string | null }>(
    `SELECT to_regclass('pgboss.job')::text AS name`,
  );
  if (boss[0]?.name) tables.push('pgboss.job', 'pgboss.archive');
  if (tables.length) await database.raw.exec(`TRUNCATE ${tables.join(', ')} CASCADE`);
  await ensureSystemMenus(database.db, MENU_CATALOGUE);
}
