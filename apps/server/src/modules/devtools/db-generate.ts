import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { AppError } from '../../platform/http/errors.ts';

/*
 * The CRUD generator's migration (decision 0049, amended): the project's own `npm run db:generate`
 * (drizzle-kit generate) run on the generated schema in a copy of the work tree's server (its
 * package.json, drizzle.config.ts, sources and migrations, and the work tree's node_modules), so
 * that nothing in the work tree moves until it has succeeded: a server under `node --watch`
 * restarts as soon as a file it imports is written, which would stop a run in the work tree halfway.
 * The generator then writes what the run wrote (SQL, snapshot, journal) into the work tree as it is.
 */

export const SERVER = 'apps/server';
export const MIGRATIONS = `${SERVER}/src/db/migrations`;
const JOURNAL = `${MIGRATIONS}/meta/_journal.json`;
/** drizzle-kit asks on a terminal, or may hang on a broken config: never wait longer. */
const TIMEOUT_MS = 120_000;

export interface DrizzleMigration {
  /** The SQL file, relative to the work tree. */
  path: string;
  sql: string;
  /** Every file db:generate wrote (SQL, snapshot, journal) by its path in the work tree. */
  files: Map<string, Buffer>;
}

interface Journal {
  entries: Array<{ idx: number; when: number; tag: string }>;
}

const toPosix = (path: string) => path.split(sep).join('/');

/** Every file under `dir` by its path relative to `dir`, with its bytes. */
export function filesOf(dir: string): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const full = join(entry.parentPath, entry.name);
    out.set(toPosix(relative(dir, full)), readFileSync(full));
  }
  return out;
}

const readJournal = (root: string): Journal =>
  existsSync(join(root, JOURNAL))
    ? (JSON.parse(readFileSync(join(root, JOURNAL), 'utf8')) as Journal)
    : { entries: [] };

/**
 * The number drizzle-kit gives the next migration: the journal's last idx plus one. Refused when a
 * migration or snapshot already has it (drizzle-kit would overwrite that snapshot).
 */
export function nextMigrationNumber(root: string): string {
  const last = readJournal(root).entries.at(-1);
  const number = String((last?.idx ?? -1) + 1).padStart(4, '0');
  const dir = join(root, MIGRATIONS);
  const taken = [
    ...(existsSync(dir) ? readdirSync(dir) : []),
    ...(existsSync(join(dir, 'meta')) ? readdirSync(join(dir, 'meta')) : []),
  ].some((f) => f.startsWith(`${number}_`));
  if (taken) throw AppError.conflict('devtools.migrationNumberTaken', { number, last: last?.tag ?? '' });
  return number;
}

/**
 * drizzle-kit stamps a migration with the clock, but the migrator applies only entries newer than
 * the newest one a database has: the new entry must come after every entry before it.
 */
function keepJournalOrder(root: string, tag: string): void {
  const journal = readJournal(root);
  const entry = journal.entries.find((e) => e.tag === tag);
  if (!entry) return;
  const newest = Math.max(0, ...journal.entries.filter((e) => e !== entry).map((e) => e.when));
  if (entry.when > newest) return;
  entry.when = newest + 1;
  // As drizzle-kit writes it.
  writeFileSync(join(root, JOURNAL), JSON.stringify(journal, null, 2));
}

/** `npm run db:generate -- --name <name>` in the server of `root`: its exit code and output. */
function runDbGenerate(root: string, name: string): Promise<{ code: number; output: string }> {
  // The npm that started this server when there is one, else the one on the PATH.
  const npmCli = process.env.npm_execpath;
  const args = ['run', 'db:generate', '--', '--name', name];
  const [command, argv] =
    npmCli && /npm-cli\.c?js$/.test(npmCli) ? [process.execPath, [npmCli, ...args]] : ['npm', args];
  return new Promise((resolve) => {
    const child = spawn(command, argv, {
      cwd: join(root, SERVER),
      // No terminal: drizzle-kit fails instead of asking (a renamed column), and says so.
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' },
      timeout: TIMEOUT_MS,
      shell: process.platform === 'win32' && command === 'npm',
    });
    let output = '';
    const collect = (chunk: Buffer) => {
      output += chunk.toString('utf8');
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    child.on('error', (e) => resolve({ code: -1, output: `${output}\n${e.message}` }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? -1, output: signal ? `${output}\nstopped (${signal})` : output }),
    );
  });
}

/** What to show of drizzle-kit's output: its error line, else its last lines. */
function excerpt(output: string): string {
  // eslint-disable-next-line no-control-regex -- the terminal's colour codes
  const lines = output.replace(/\u001b\[[0-9;]*[A-Za-z]/g, '').split('\n');
  const meaningful = lines.map((l) => l.trim()).filter((l) => l && !l.startsWith('npm warn'));
  const error = meaningful.find((l) => /^error\b/i.test(l)) ?? meaningful.find((l) => /\berror\b/i.test(l));
  return (error ?? meaningful.slice(-3).join(' ')).slice(0, 500);
}

/** A statement of the migration that is not about `table` (its columns, keys and indexes). */
function foreignStatement(sql: string, table: string): string | undefined {
  return sql
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .find((s) => s && !s.includes(`"${table}"`) && !s.includes(`"${table}_`));
}

/**
 * Runs the project's `db:generate` in `stage` (a copy of the server) for `table`'s schema. Returns
 * the migration it made, or null when the schema did not change; a 409 says why when it fails or
 * would put another table's pending changes in this table's migration.
 */
async function dbGenerate(stage: string, table: string): Promise<DrizzleMigration | null> {
  const dir = join(stage, MIGRATIONS);
  const number = nextMigrationNumber(stage);
  const before = filesOf(dir);
  const { code, output } = await runDbGenerate(stage, table);
  const added = [...filesOf(dir).keys()].filter((f) => !before.has(f) && f.endsWith('.sql'));
  const expected = `${number}_${table}.sql`;
  const unchanged = added.length === 0 && /No schema changes/.test(output);
  if (code !== 0 || !(unchanged || (added.length === 1 && added[0] === expected)))
    throw AppError.conflict('devtools.dbGenerateFailed', { output: excerpt(output) });
  if (unchanged) return null;
  const sql = readFileSync(join(dir, expected), 'utf8');
  const foreign = foreignStatement(sql, table);
  if (foreign) throw AppError.conflict('devtools.foreignSchemaChanges', { statement: foreign.slice(0, 300) });
  keepJournalOrder(stage, `${number}_${table}`);
  const files = new Map(
    [...filesOf(dir)]
      .filter(([f, bytes]) => !before.get(f)?.equals(bytes))
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([f, bytes]) => [`${MIGRATIONS}/${f}`, bytes]),
  );
  return { path: `${MIGRATIONS}/${expected}`, sql, files };
}

/**
 * The migration the project's db:generate makes once `files` (paths relative to the work tree;
 * those of the server count) are written: run in a temporary copy of the work tree's server,
 * which is removed afterwards. The work tree is not touched.
 */
export async function makeMigration(
  root: string,
  table: string,
  files: ReadonlyArray<{ path: string; content: string }>,
): Promise<DrizzleMigration | null> {
  const stage = mkdtempSync(join(tmpdir(), 'pod-crud-migration-'));
  try {
    const notTests = (src: string) => !/\.(int\.)?test\.tsx?$/.test(src);
    cpSync(join(root, SERVER, 'src'), join(stage, SERVER, 'src'), { recursive: true, filter: notTests });
    for (const file of [
      `${SERVER}/package.json`,
      `${SERVER}/drizzle.config.ts`,
      `${SERVER}/tsconfig.json`,
      'tsconfig.base.json',
    ])
      if (existsSync(join(root, file))) cpSync(join(root, file), join(stage, file));
    // drizzle-kit and drizzle-orm (and @pod/shared) are resolved from the work tree's packages.
    for (const modules of ['node_modules', `${SERVER}/node_modules`])
      if (existsSync(join(root, modules)))
        symlinkSync(realpathSync(join(root, modules)), join(stage, modules), 'dir');
    for (const f of files) {
      if (!f.path.startsWith(`${SERVER}/`)) continue;
      mkdirSync(dirname(join(stage, f.path)), { recursive: true });
      writeFileSync(join(stage, f.path), f.content);
    }
    return await dbGenerate(stage, table);
  } finally {
    rmSync(stage, { recursive: true, force: true });
  }
}
