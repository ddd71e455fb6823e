import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { prepareSchema, preparedEmbeddedDump } from '../src/startup.ts';
import { withDatabase } from './helpers/database-url.ts';
import type { TestDatabaseTemplate } from './helpers/test-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    dbTemplate: TestDatabaseTemplate;
  }
}

/**
 * Migrates one template database per run. Each test file then starts from a copy: a PGlite data
 * dump, or `CREATE DATABASE … TEMPLATE` on PostgreSQL. Booting and migrating once is what keeps
 * `npm test` fast.
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `pod_tmpl_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const templateUrl = withDatabase(url, name);
    const database = await openDatabase({ kind: 'postgres', url: templateUrl, poolSize: 1 });
    await prepareSchema(database);
    await database.close();
    project.provide('dbTemplate', { kind: 'postgres', url, template: name });
    return async () => {
      const { rows } = await admin.query<{ datname: string }>(
        `SELECT datname FROM pg_database WHERE datname LIKE $1 OR datname = $2`,
        [`${name}_%`, name],
      );
      for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
      await admin.end();
    };
  }

  const dump = await preparedEmbeddedDump();
  const dir = mkdtempSync(join(tmpdir(), 'pod-test-'));
  const file = join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('dbTemplate', { kind: 'pglite', dumpFile: file });
  return () => rmSync(dir, { recursive: true, force: true });
}
