import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CrudDesign, GeneratedFile } from '@pod/shared';
import { AppError } from '../../platform/http/errors.ts';
import { filesOf, makeMigration, MIGRATIONS } from './db-generate.ts';
import { lineDiff } from './diff.ts';
import {
  namesOf,
  serverIndex,
  serverMenus,
  serverModule,
  serverResource,
  serverSchema,
  sharedContract,
  webPage,
  webTexts,
} from './templates.ts';

/*
 * The CRUD generator (decision 0049): from a table design, the files of a CRUD resource, each
 * compared with what the work tree holds. Files the generator owns are written when new, and
 * overwritten only when the developer confirmed the diff; registrations (a line in a registry, the
 * permissions, the texts) only add what is missing, so they never undo a hand edit. The migration
 * is not the generator's: the project's `db:generate` makes it of the generated schema, and every
 * file is written only once that has worked (db-generate.ts).
 */

interface Planned {
  path: string;
  kind: 'file' | 'registration';
  content: string;
}

const read = (root: string, path: string) => {
  const full = join(root, path);
  return existsSync(full) ? readFileSync(full, 'utf8') : null;
};

/** Inserts `line` before the first line matching `before` after `after`, unless it is there. */
function insertBefore(text: string, line: string, after: string, before: RegExp): string {
  if (text.includes(line)) return text;
  const start = text.indexOf(after);
  if (start < 0) throw new Error(`anchor not found: ${after}`);
  const rest = text.slice(start);
  const match = before.exec(rest);
  if (!match) throw new Error(`anchor not found after ${after}`);
  const at = start + match.index;
  return `${text.slice(0, at)}${line}\n${text.slice(at)}`;
}

/** Inserts an import line after the last import, unless it is there. */
function addImport(text: string, line: string): string {
  if (text.includes(line)) return text;
  const imports = [...text.matchAll(/^import [^;]+;$/gms)];
  const last = imports.at(-1);
  if (!last) return `${line}\n${text}`;
  const at = last.index + last[0].length;
  return `${text.slice(0, at)}\n${line}${text.slice(at)}`;
}

function texts(root: string, path: string, res: string, value: Record<string, unknown>): string {
  const text = read(root, path) ?? '{}';
  const j = JSON.parse(text) as Record<string, Record<string, unknown>>;
  const generated = { ...(j.generated ?? {}) };
  // Texts a developer edited by hand stay; only a missing resource is added.
  if (generated[res]) return text;
  generated[res] = value;
  return `${JSON.stringify({ ...j, generated }, null, 2)}\n`;
}

/** Every file of a design, as it would be written (before formatting). */
function plan(root: string, design: CrudDesign): Planned[] {
  const { res, Res, file } = namesOf(design);
  const mod = `apps/server/src/modules/${res}`;
  const registry = (path: string, edit: (text: string) => string): Planned => ({
    path,
    kind: 'registration',
    content: edit(read(root, path) ?? ''),
  });
  return [
    { path: `packages/shared/src/generated/${file}.ts`, kind: 'file', content: sharedContract(design) },
    { path: `${mod}/schema.ts`, kind: 'file', content: serverSchema(design) },
    { path: `${mod}/${res}.resource.ts`, kind: 'file', content: serverResource(design) },
    { path: `${mod}/menus.ts`, kind: 'file', content: serverMenus(design) },
    { path: `${mod}/module.ts`, kind: 'file', content: serverModule(design) },
    { path: `${mod}/index.ts`, kind: 'file', content: serverIndex(design) },
    { path: `apps/web/src/features/generated/${file}-page.tsx`, kind: 'file', content: webPage(design) },
    registry('packages/shared/src/permissions.ts', (t) =>
      insertBefore(t, `  ${res}: ['list', 'add', 'edit', 'del'],`, 'PERMISSION_ACTIONS = {', /^} as const;/m),
    ),
    registry('packages/shared/src/index.ts', (t) =>
      t.includes(`./generated/${file}.ts`) ? t : `${t}export * from './generated/${file}.ts';\n`,
    ),
    registry('packages/shared/src/operations.ts', (t) =>
      insertBefore(
        addImport(t, `import { ${res}Operations } from './generated/${file}.ts';`),
        `  ${res}: ${res}Operations,`,
        'OPERATION_GROUPS = {',
        /^} as const;/m,
      ),
    ),
    registry('apps/server/src/db/schema/index.ts', (t) =>
      t.includes(`modules/${res}/schema.ts`) ? t : `${t}export * from '../../modules/${res}/schema.ts';\n`,
    ),
    registry('apps/server/src/modules/index.ts', (t) =>
      insertBefore(
        addImport(t, `import { ${res}Module } from './${res}/index.ts';`),
        `  ${res}Module,`,
        'MODULES: readonly',
        /^\];/m,
      ),
    ),
    registry('apps/web/src/features/admin/page-registry.tsx', (t) =>
      insertBefore(
        addImport(t, `import { ${Res}Page } from '../generated/${file}-page.tsx';`),
        `  'generated/${file}': ${Res}Page,`,
        'ADMIN_PAGES',
        /^};/m,
      ),
    ),
    registry('apps/web/src/i18n/locales/en.json', () =>
      texts(root, 'apps/web/src/i18n/locales/en.json', res, webTexts(design, 'en')),
    ),
    registry('apps/web/src/i18n/locales/zh-cn.json', () =>
      texts(root, 'apps/web/src/i18n/locales/zh-cn.json', res, webTexts(design, 'zh-cn')),
    ),
  ];
}

/** Formats a file as the project's Prettier settings would. */
async function format(root: string, path: string, content: string): Promise<string> {
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(join(root, path))) ?? {};
  return prettier.format(content, { ...options, filepath: join(root, path) });
}

interface PlannedFile extends GeneratedFile {
  /** What the work tree held when the file was planned (null: no such file). */
  existing: string | null;
}

/** The files a design would generate, formatted, each with its state against the work tree. */
async function plannedFiles(root: string, design: CrudDesign): Promise<PlannedFile[]> {
  const out: PlannedFile[] = [];
  for (const p of plan(root, design)) {
    const content = await format(root, p.path, p.content);
    const existing = read(root, p.path);
    const state = existing === null ? 'new' : existing === content ? 'same' : 'changed';
    out.push({
      path: p.path,
      kind: p.kind,
      content,
      state,
      diff: state === 'changed' ? lineDiff(existing!, content) : '',
      existing,
    });
  }
  return out;
}

const shown = ({ existing: _, ...file }: PlannedFile): GeneratedFile => file;

/**
 * Whether writing `files` changes what drizzle-kit reads: the table's schema or its registration
 * in the schema index (drizzle.config.ts). Otherwise the generator has no migration to make.
 */
const changesSchema = (design: CrudDesign, files: ReadonlyArray<GeneratedFile>) =>
  files.some(
    (f) =>
      f.state !== 'same' &&
      (f.path === `apps/server/src/modules/${namesOf(design).res}/schema.ts` ||
        f.path === 'apps/server/src/db/schema/index.ts'),
  );

/** Work trees a preview or generation is running on: one at a time each. */
const busy = new Set<string>();
async function exclusive<T>(root: string, work: () => Promise<T>): Promise<T> {
  if (busy.has(root)) throw AppError.conflict('devtools.busy');
  busy.add(root);
  try {
    return await work();
  } finally {
    busy.delete(root);
  }
}

/**
 * The files a design would generate, each with its state against the work tree, and the migration
 * db:generate would make once they are written (in a copy of the server: the work tree is not
 * touched). When db:generate would fail, the files come with the reason instead.
 */
export function previewCrud(
  root: string,
  design: CrudDesign,
): Promise<{ files: GeneratedFile[]; migrationError: AppError | null }> {
  return exclusive(root, async () => {
    const files = (await plannedFiles(root, design)).map(shown);
    try {
      if (!changesSchema(design, files)) return { files, migrationError: null };
      const migration = await makeMigration(root, design.table, files);
      if (!migration) return { files, migrationError: null };
      const sql: GeneratedFile = {
        path: migration.path,
        kind: 'migration',
        content: migration.sql,
        state: 'new',
        diff: '',
      };
      return { files: [...files, sql], migrationError: null };
    } catch (e) {
      if (e instanceof AppError) return { files, migrationError: e };
      throw e;
    }
  });
}

/**
 * Writes a design's files: new ones and registrations always, a changed file of the generator's
 * only with `overwrite` (the developer saw its diff), with the migration the project's
 * `db:generate` made of them. When db:generate fails nothing is written, and the 409 says why;
 * when a file changed while it ran, nothing is written either.
 */
export function generateCrud(
  root: string,
  design: CrudDesign,
  overwrite: boolean,
): Promise<{ written: string[]; kept: string[]; migration: { path: string; sql: string } | null }> {
  return exclusive(root, async () => {
    const files = await plannedFiles(root, design);
    const kept = files
      .filter((f) => f.state === 'changed' && f.kind === 'file' && !overwrite)
      .map((f) => f.path);
    const toWrite = files.filter((f) => f.state !== 'same' && !kept.includes(f.path));
    const migrationsBefore = filesOf(join(root, MIGRATIONS));
    const migration = changesSchema(design, toWrite)
      ? await makeMigration(root, design.table, toWrite)
      : null;

    // Everything the work tree gets, in one synchronous step (no restart of a watching server
    // comes in between), and only if nothing it replaces moved while db:generate ran.
    const writes = new Map<string, { content: string | Buffer; existing: string | Buffer | null }>();
    for (const f of toWrite) writes.set(f.path, { content: f.content, existing: f.existing });
    for (const [path, bytes] of migration?.files ?? [])
      writes.set(path, {
        content: bytes,
        existing: migrationsBefore.get(path.slice(MIGRATIONS.length + 1)) ?? null,
      });
    const migrationsNow = filesOf(join(root, MIGRATIONS));
    const moved =
      migrationsNow.size !== migrationsBefore.size ||
      [...migrationsNow].some(([f, bytes]) => !migrationsBefore.get(f)?.equals(bytes));
    const changedPath = moved ? MIGRATIONS : toWrite.find((f) => read(root, f.path) !== f.existing)?.path;
    if (changedPath) throw AppError.conflict('devtools.treeChanged', { path: changedPath });

    /** The files written so far (the one being written included), to put back on a failure. */
    const done: string[] = [];
    const createdDirs: string[] = [];
    try {
      for (const [path, { content }] of writes) {
        const full = join(root, path);
        const created = mkdirSync(dirname(full), { recursive: true });
        if (created) createdDirs.push(created);
        done.push(path);
        writeFileSync(full, content);
      }
    } catch (e) {
      for (const path of done) {
        const { existing } = writes.get(path)!;
        if (existing === null) rmSync(join(root, path), { force: true });
        else writeFileSync(join(root, path), existing);
      }
      for (const dir of createdDirs.reverse()) rmSync(dir, { recursive: true, force: true });
      throw e;
    }
    return {
      written: [...writes.keys()],
      kept,
      migration: migration && { path: migration.path, sql: migration.sql },
    };
  });
}
