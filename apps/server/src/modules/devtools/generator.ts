import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CrudDesign, GeneratedFile } from '@pod/shared';
import { lineDiff } from './diff.ts';
import {
  migration,
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
 * permissions, the texts) only add what is missing, so they never undo a hand edit.
 */

interface Planned {
  path: string;
  kind: 'file' | 'registration';
  content: string;
}

const MIGRATIONS = 'apps/server/src/db/migrations';
const JOURNAL = `${MIGRATIONS}/meta/_journal.json`;

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

/** The migration of the table: the one already generated for it, or the next number. */
function migrationPath(root: string, table: string): string {
  const dir = join(root, MIGRATIONS);
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /^\d{4}_.*\.sql$/.test(f)) : [];
  const mine = files.find((f) => f.slice(5) === `${table}.sql`);
  if (mine) return `${MIGRATIONS}/${mine}`;
  const next = Math.max(-1, ...files.map((f) => Number(f.slice(0, 4)))) + 1;
  return `${MIGRATIONS}/${String(next).padStart(4, '0')}_${table}.sql`;
}

function journal(root: string, tag: string): string {
  const text = read(root, JOURNAL) ?? '{ "version": "7", "dialect": "postgresql", "entries": [] }';
  const j = JSON.parse(text) as { entries: Array<{ idx: number; tag: string; when: number }> };
  if (j.entries.some((e) => e.tag === tag)) return text;
  const last = j.entries.at(-1);
  j.entries.push({
    idx: (last?.idx ?? -1) + 1,
    version: '7',
    when: Math.max(Date.now(), (last?.when ?? 0) + 1),
    tag,
    breakpoints: true,
  } as never);
  return `${JSON.stringify(j, null, 2)}\n`;
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
  const { res, Res, file, table } = namesOf(design);
  const mod = `apps/server/src/modules/${res}`;
  const migrationFile = migrationPath(root, table);
  const tag = migrationFile.slice(MIGRATIONS.length + 1, -4);
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
    { path: migrationFile, kind: 'file', content: migration(design) },
    { path: `apps/web/src/features/generated/${file}-page.tsx`, kind: 'file', content: webPage(design) },
    registry(JOURNAL, () => journal(root, tag)),
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

/** Formats a file as the project's Prettier settings would (SQL is left as it is). */
async function format(root: string, path: string, content: string): Promise<string> {
  // Migrations (SQL and the journal) are not Prettier's (.prettierignore).
  if (path.startsWith(MIGRATIONS)) return content;
  const prettier = await import('prettier');
  const options = (await prettier.resolveConfig(join(root, path))) ?? {};
  return prettier.format(content, { ...options, filepath: join(root, path) });
}

/** The files a design would generate, formatted, each with its state against the work tree. */
export async function previewCrud(root: string, design: CrudDesign): Promise<GeneratedFile[]> {
  const out: GeneratedFile[] = [];
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
    });
  }
  return out;
}

/**
 * Writes a design's files: new ones and registrations always, a changed file of the generator's
 * only with `overwrite` (the developer saw its diff). Returns what was written and what was kept.
 */
export async function generateCrud(root: string, design: CrudDesign, overwrite: boolean) {
  const files = await previewCrud(root, design);
  const written: string[] = [];
  const kept: string[] = [];
  for (const f of files) {
    if (f.state === 'same') continue;
    if (f.state === 'changed' && f.kind === 'file' && !overwrite) {
      kept.push(f.path);
      continue;
    }
    const full = join(root, f.path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, f.content);
    written.push(f.path);
  }
  return { written, kept };
}
