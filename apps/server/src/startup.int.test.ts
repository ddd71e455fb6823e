import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import { MIGRATIONS_FOLDER } from './db/migrate.ts';
import { clusterTemplatePath, prepareSchema, withClusterTemplate, writeClusterTemplate } from './startup.ts';

// Decision 0087: a first start on an empty embedded data folder loads the build's cluster template
// instead of running initdb and every migration.
const dir = mkdtempSync(join(tmpdir(), 'pod-cluster-template-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
  entries: unknown[];
};

describe('the cluster template', () => {
  const template = clusterTemplatePath(dir);

  it('is named after the PGlite release, and a folder without a database starts from it', async () => {
    expect(template).toMatch(/cluster-template-pglite-\d+\.\d+\.\d+\.tar\.gz$/);
    await writeClusterTemplate(template);

    const dataDir = join(dir, 'pg');
    mkdirSync(dataDir);
    const options = withClusterTemplate({ kind: 'pglite', dataDir }, template);
    expect(options.kind === 'pglite' && options.loadDataDir).toBeInstanceOf(Blob);

    // Loaded, not migrated: every migration and the system menus are already there.
    const database = await openDatabase(options);
    const { rows: applied } = await database.raw.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations',
    );
    expect(applied[0]!.n).toBe(journal.entries.length);
    const { rows: menus } = await database.raw.query<{ n: number }>('SELECT count(*)::int AS n FROM menus');
    expect(menus[0]!.n).toBeGreaterThan(10);
    await prepareSchema(database);
    await database.raw.exec(`CREATE TABLE kept_here (x int); INSERT INTO kept_here VALUES (7)`);
    await database.close();

    // The folder now holds a database: the template is not used again, and what was written stays.
    const again = withClusterTemplate({ kind: 'pglite', dataDir }, template);
    expect(again).toEqual({ kind: 'pglite', dataDir });
    const reopened = await openDatabase(again);
    const { rows } = await reopened.raw.query<{ x: number }>('SELECT x FROM kept_here');
    expect(rows).toEqual([{ x: 7 }]);
    await reopened.close();
  });

  it('changes nothing without a template, on PostgreSQL, or for an in-memory database', () => {
    const missing = join(dir, 'none.tar.gz');
    const empty = join(dir, 'empty');
    mkdirSync(empty);
    expect(withClusterTemplate({ kind: 'pglite', dataDir: empty }, missing)).toEqual({
      kind: 'pglite',
      dataDir: empty,
    });
    const postgres = { kind: 'postgres', url: 'postgres://127.0.0.1/x' } as const;
    expect(withClusterTemplate(postgres, template)).toBe(postgres);
    expect(withClusterTemplate({ kind: 'pglite' }, template)).toEqual({ kind: 'pglite' });
  });
});
