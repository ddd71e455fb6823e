import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { openDatabase, type Database, type DatabaseOptions } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { ensureSystemMenus } from './modules/access/index.ts';
import { MENU_CATALOGUE } from './modules/index.ts';

/**
 * What every start does to the database before it serves: the committed migrations, then the
 * system menus. Safe to repeat; the test templates run the same.
 */
export async function prepareSchema(database: Database): Promise<void> {
  await migrateDatabase(database);
  await ensureSystemMenus(database.db, MENU_CATALOGUE);
}

/** A new embedded database, prepared, as a data-folder dump (PGlite's tar format). */
export async function preparedEmbeddedDump(): Promise<Blob> {
  const database = await openDatabase({ kind: 'pglite' });
  try {
    await prepareSchema(database);
    return await database.pglite!.dumpDataDir('none');
  } finally {
    await database.close();
  }
}

/*
 * The cluster template (decision 0087). A first start on an empty data folder used to run
 * PGlite's initdb and every migration: about four seconds, identical on every machine. The server
 * build (scripts/build-server.mjs, through make-cluster-template.ts) writes that database once
 * beside the bundle, and a start on an empty folder loads it instead; migrations newer than the
 * template still apply at start, as on any existing database.
 *
 * The file is named after the PGlite release that wrote it: a data folder belongs to its
 * PostgreSQL build, so after an upgrade of PGlite without a rebuild the start runs initdb itself.
 * Run from sources (tsx, the tests) there is no template and nothing changes.
 */
export function clusterTemplatePath(folder = import.meta.dirname): string {
  return join(folder, `cluster-template-pglite-${pgliteVersion()}.tar.gz`);
}

let pglite: string | undefined;
function pgliteVersion(): string {
  if (pglite === undefined) {
    // The package's exports leave out package.json: it is read beside the resolved entry.
    let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
    pglite = (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
  }
  return pglite;
}

/** The template a new data folder starts from, or undefined when the build wrote none. */
export function readClusterTemplate(path = clusterTemplatePath()): Blob | undefined {
  // Gzipped on disk (46 MB of tar is 6 MB); inflated here by zlib, several times quicker than
  // handing PGlite the gzip to inflate in JavaScript.
  return existsSync(path) ? new Blob([gunzipSync(readFileSync(path))]) : undefined;
}

/** The options with the template to load when they open an embedded data folder that is empty. */
export function withClusterTemplate(options: DatabaseOptions, path?: string): DatabaseOptions {
  if (options.kind !== 'pglite' || !options.dataDir || options.loadDataDir) return options;
  // An existing database (every start but the first) looks no further.
  if (existsSync(join(options.dataDir, 'PG_VERSION'))) return options;
  const template = readClusterTemplate(path ?? clusterTemplatePath());
  return template ? { ...options, loadDataDir: template } : options;
}

export async function writeClusterTemplate(path = clusterTemplatePath()): Promise<void> {
  writeFileSync(path, gzipSync(Buffer.from(await (await preparedEmbeddedDump()).arrayBuffer())));
}
