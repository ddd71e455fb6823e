import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { ESLint } from 'eslint';
import * as prettier from 'prettier';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CrudDesign } from '@pod/shared';
import { buildPlatformAdmin } from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor } from '../access/index.ts';

/*
 * The CRUD generator (issue 28, decision 0049): it writes only in development; a design generates
 * files that type-check as they are, in a temporary copy of the work tree, and the project's own
 * db:generate makes their migration; regenerating never overwrites a hand edit without the
 * developer's confirmation; a failed db:generate leaves the work tree as it was.
 */

const REPO = resolve(import.meta.dirname, '../../../../..');
const EN = { 'accept-language': 'en' };

const DESIGN: CrudDesign = {
  table: 'gift_cards',
  title: '礼品卡',
  title_en: 'Gift cards',
  fields: [
    {
      name: 'code',
      title: 'Code',
      type: 'string',
      length: 40,
      required: true,
      listed: true,
      searched: true,
      sortable: true,
      control: 'input',
    },
    {
      name: 'note',
      title: 'Note',
      type: 'text',
      required: false,
      listed: false,
      searched: true,
      sortable: false,
      control: 'textarea',
    },
    {
      name: 'amount',
      title: 'Amount',
      type: 'money',
      required: true,
      default: '0',
      listed: true,
      searched: false,
      sortable: true,
      control: 'number',
    },
    {
      name: 'uses',
      title: 'Uses',
      type: 'integer',
      required: false,
      listed: true,
      searched: false,
      sortable: false,
      control: 'number',
    },
    {
      name: 'active',
      title: 'Active',
      type: 'boolean',
      required: false,
      listed: true,
      searched: false,
      sortable: false,
      control: 'switch',
    },
    {
      name: 'expires_on',
      title: 'Expires',
      type: 'date',
      required: false,
      listed: true,
      searched: false,
      sortable: true,
      control: 'date',
    },
    {
      name: 'kind',
      title: 'Kind',
      type: 'enum',
      enum_values: ['physical', 'digital'],
      default: 'digital',
      required: true,
      listed: true,
      searched: true,
      sortable: false,
      control: 'select',
    },
  ],
};

/**
 * A copy of what the generated files import and register into, with the real node_modules and
 * the project's compiler, lint and format settings. `@pod/shared` is the copy's own (through the
 * node_modules link it would be the work tree's, without the generated contract).
 */
function workTreeCopy(): string {
  const root = mkdtempSync(join(tmpdir(), 'pod-crud-'));
  const notTests = (src: string) => !/\.(int\.)?test\.tsx?$/.test(src);
  for (const dir of ['packages/shared/src', 'apps/server/src', 'apps/web/src'])
    cpSync(join(REPO, dir), join(root, dir), { recursive: true, filter: notTests });
  for (const file of [
    '.prettierrc.json',
    '.prettierignore',
    'eslint.config.mjs',
    'packages/shared/package.json',
    'packages/shared/tsconfig.json',
    // The server's own db:generate (drizzle-kit with the project's config).
    'apps/server/package.json',
    'apps/server/drizzle.config.ts',
    'apps/server/tsconfig.json',
    'apps/web/tsconfig.json',
  ])
    cpSync(join(REPO, file), join(root, file));
  const base = JSON.parse(readFileSync(join(REPO, 'tsconfig.base.json'), 'utf8')) as {
    compilerOptions: Record<string, unknown>;
  };
  base.compilerOptions.paths = { '@pod/shared': ['./packages/shared/src/index.ts'] };
  writeFileSync(join(root, 'tsconfig.base.json'), JSON.stringify(base, null, 2));
  symlinkSync(join(REPO, 'node_modules'), join(root, 'node_modules'), 'dir');
  return root;
}

/** ESLint's complaints (errors and warnings: CI allows none) about `files`, with the project's config. */
async function lintProblems(root: string, files: string[]): Promise<string[]> {
  const eslint = new ESLint({ cwd: root, overrideConfigFile: join(root, 'eslint.config.mjs') });
  const results = await eslint.lintFiles(files.map((f) => join(root, f)));
  return results.flatMap((r) =>
    r.messages.map((m) => `${r.filePath.slice(root.length + 1)}:${m.line} ${m.ruleId ?? ''} ${m.message}`),
  );
}

/** The files of `files` that Prettier, with the project's settings, would change. */
async function unformatted(root: string, files: string[]): Promise<string[]> {
  const bad: string[] = [];
  for (const f of files) {
    const path = join(root, f);
    const options = await prettier.resolveConfig(path);
    if (!(await prettier.check(readFileSync(path, 'utf8'), { ...options, filepath: path }))) bad.push(f);
  }
  return bad;
}

/** Every file under `paths` (files or folders of `root`) with its text: to see that nothing moved. */
function treeState(root: string, paths: string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of paths) {
    const full = join(root, p);
    if (!existsSync(full)) continue;
    if (statSync(full).isFile()) out.set(p, readFileSync(full, 'utf8'));
    else
      for (const f of readdirSync(full, { recursive: true, withFileTypes: true }))
        if (f.isFile()) {
          const file = join(f.parentPath, f.name);
          out.set(relative(root, file), readFileSync(file, 'utf8'));
        }
  }
  return out;
}

/** The project's own `npm run db:generate` in the server of `root`, as a developer runs it. */
function dbGenerate(root: string): string {
  return execFileSync('npm', ['run', 'db:generate'], {
    cwd: join(root, 'apps/server'),
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** An Alipay key pair of its own: production refuses the committed sandbox keys (decision 0035). */
function ownKeyPair(): { privateKey: string; publicKey: string } {
  const app = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const alipay = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Type errors of `files` under the project's compiler settings (only those files are checked). */
function typeErrors(root: string, files: string[], web: boolean): string[] {
  const base = ts.readConfigFile(join(REPO, 'tsconfig.base.json'), (p) => ts.sys.readFile(p)).config as {
    compilerOptions: object;
  };
  const { options } = ts.convertCompilerOptionsFromJson(
    {
      ...base.compilerOptions,
      ...(web
        ? { lib: ['ES2023', 'DOM', 'DOM.Iterable'], jsx: 'react-jsx', types: ['vite/client'] }
        : { types: ['node'] }),
    },
    root,
  );
  options.paths = { '@pod/shared': [join(root, 'packages/shared/src/index.ts')] };
  const program = ts.createProgram(
    files.map((f) => join(root, f)),
    options,
  );
  return files.flatMap((f) => {
    const source = program.getSourceFile(join(root, f));
    if (!source) return [`${f}: not in the program`];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${f}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`,
    );
  });
}

describe('CRUD generator', () => {
  let root: string;
  let dev: TestApp;
  let prod: TestApp;
  let devAdmin: Record<string, string>;
  beforeAll(async () => {
    root = workTreeCopy();
    dev = await createTestApp({ env: { NODE_ENV: 'development', CRUD_GENERATOR_ROOT: root } });
    // The real production mode: it starts only with a real payment set-up (decision 0035).
    const keys = ownKeyPair();
    prod = await createTestApp({
      env: {
        NODE_ENV: 'production',
        ALIPAY_GATEWAY: 'https://openapi.alipay.com/gateway.do',
        ALIPAY_APP_PRIVATE_KEY: keys.privateKey,
        ALIPAY_PUBLIC_KEY: keys.publicKey,
        // No marketplace: production refuses their sandboxes' committed keys too (issue 17).
        TIKTOK: 'off',
        TEMU: 'off',
        CRUD_GENERATOR_ROOT: root,
      },
    });
    expect(prod.config.production).toBe(true);
    devAdmin = await dev.authAs(adminActor(await buildPlatformAdmin(dev.database.db)));
  }, 120_000);
  afterAll(async () => {
    await dev?.close();
    await prod?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('refuses to preview or write outside development, and says so', async () => {
    const admin = await prod.authAs(adminActor(await buildPlatformAdmin(prod.database.db)));
    const status = await prod.app.inject({ method: 'GET', url: '/api/v1/admin/crud/status', headers: admin });
    expect(status.json().data).toEqual({ enabled: false });
    for (const [url, payload] of [
      ['/api/v1/admin/crud/preview', DESIGN],
      ['/api/v1/admin/crud/generate', { design: DESIGN }],
    ] as const) {
      const res = await prod.app.inject({ method: 'POST', url, headers: { ...admin, ...EN }, payload });
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(
        'The CRUD generator works only when the server runs with NODE_ENV=development',
      );
    }
    const none = await prod.app.inject({ method: 'GET', url: '/api/v1/admin/crud/status' });
    expect(none.statusCode).toBe(401);
  });

  it('generates files that type-check and their migration through db:generate, and keeps hand edits unless confirmed', async () => {
    const bad = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/preview',
      headers: { ...devAdmin, ...EN },
      payload: { ...DESIGN, table: 'Bad Name' },
    });
    expect(bad.statusCode).toBe(400);

    const migrations = 'apps/server/src/db/migrations';
    const journalPath = join(root, migrations, 'meta/_journal.json');
    type Journal = { entries: Array<{ idx: number; when: number; tag: string }> };
    const journalBefore = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
    // drizzle-kit numbers the next migration after the journal's last idx.
    const number = String(journalBefore.entries.at(-1)!.idx + 1).padStart(4, '0');
    const sqlPath = `${migrations}/${number}_gift_cards.sql`;
    const migrationsBefore = treeState(root, [migrations]);

    // The preview: the files, and the migration db:generate would make, from a temporary copy.
    const preview = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/preview',
      headers: devAdmin,
      payload: DESIGN,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const previewed = preview.json().data as {
      files: Array<{ path: string; kind: string; state: string; content: string }>;
      migration_error: string | null;
    };
    expect(previewed.migration_error).toBeNull();
    const files = previewed.files;
    expect(files.filter((f) => f.kind === 'file').every((f) => f.state === 'new')).toBe(true);
    expect(files.filter((f) => f.kind === 'registration').every((f) => f.state === 'changed')).toBe(true);
    const previewedMigration = files.filter((f) => f.kind === 'migration');
    expect(previewedMigration.map((f) => [f.path, f.state])).toEqual([[sqlPath, 'new']]);
    expect(previewedMigration[0]!.content).toContain('CREATE TABLE "gift_cards"');
    // Previewing wrote nothing.
    expect(treeState(root, [migrations])).toEqual(migrationsBefore);
    expect(existsSync(join(root, 'apps/server/src/modules/giftCards'))).toBe(false);

    // Two generations at once: one works, the other is refused.
    const [first, second] = await Promise.all(
      [0, 1].map(() =>
        dev.app.inject({
          method: 'POST',
          url: '/api/v1/admin/crud/generate',
          headers: { ...devAdmin, ...EN },
          payload: { design: DESIGN },
        }),
      ),
    );
    const statuses = [first!.statusCode, second!.statusCode];
    expect(statuses.sort(), `${first!.body}\n${second!.body}`).toEqual([200, 409]);
    const gen = first!.statusCode === 200 ? first! : second!;
    const refused = first!.statusCode === 200 ? second! : first!;
    expect(refused.json().msg).toBe(
      'The CRUD generator is already previewing or generating in this work tree; try again when it has finished',
    );
    const done = gen.json().data as {
      written: string[];
      kept: string[];
      migration: { path: string; sql: string } | null;
    };
    expect(gen.json().msg).toContain(`db:generate made the migration ${sqlPath}`);
    const generatedFiles = files.filter((f) => f.kind !== 'migration').map((f) => f.path);
    // The generator's files, then what db:generate wrote: the SQL, its snapshot and the journal.
    expect(done.written).toEqual([
      ...generatedFiles,
      `${migrations}/${number}_gift_cards.sql`,
      `${migrations}/meta/${number}_snapshot.json`,
      `${migrations}/meta/_journal.json`,
    ]);
    expect(done.kept).toEqual([]);
    expect(done.migration).toEqual({ path: sqlPath, sql: previewedMigration[0]!.content });

    // The migration is drizzle-kit's: a journal entry after every other, a snapshot chained to
    // the previous one, and the SQL of the table.
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as Journal;
    expect(journal.entries.slice(0, -1)).toEqual(journalBefore.entries);
    const entry = journal.entries.at(-1)!;
    expect(entry).toMatchObject({ idx: Number(number), tag: `${number}_gift_cards` });
    expect(entry.when).toBeGreaterThan(Math.max(...journalBefore.entries.map((e) => e.when)));
    const snapshots = readdirSync(join(root, migrations, 'meta'))
      .filter((f) => f.endsWith('_snapshot.json'))
      .sort();
    expect(snapshots.at(-1)).toBe(`${number}_snapshot.json`);
    const snapshot = (f: string) =>
      JSON.parse(readFileSync(join(root, migrations, 'meta', f), 'utf8')) as {
        id: string;
        prevId: string;
        tables: Record<string, unknown>;
      };
    expect(snapshot(snapshots.at(-1)!).prevId).toBe(snapshot(snapshots.at(-2)!).id);
    expect(Object.keys(snapshot(snapshots.at(-1)!).tables)).toContain('public.gift_cards');
    const migrationSql = readFileSync(join(root, sqlPath), 'utf8');
    expect(migrationSql).toBe(done.migration!.sql);
    expect(migrationSql).toContain('CREATE TABLE "gift_cards"');
    expect(migrationSql).toContain('"amount" bigint DEFAULT 0 NOT NULL');
    expect(migrationSql).toContain('FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id")');
    // The project's existing migrations are as they were (hand-written ones included).
    const after = treeState(root, [migrations]);
    for (const [path, text] of migrationsBefore)
      if (!path.endsWith('_journal.json')) expect(after.get(path), path).toBe(text);
    // Run again, db:generate has nothing left to do.
    expect(dbGenerate(root)).toContain('No schema changes');

    const server = [
      'packages/shared/src/generated/gift-cards.ts',
      'packages/shared/src/operations.ts',
      'apps/server/src/modules/giftCards/schema.ts',
      'apps/server/src/modules/giftCards/giftCards.resource.ts',
      'apps/server/src/modules/giftCards/module.ts',
      'apps/server/src/modules/index.ts',
      'apps/server/src/db/schema/index.ts',
    ];
    // The generated code's compile, lint and format checks do not depend on the database: they run
    // in the embedded-database pass, and the PostgreSQL pass (the same file again, for the
    // database's semantics) leaves them out.
    if (!process.env.DATABASE_URL) {
      expect(typeErrors(root, server, false)).toEqual([]);
      const web = [
        'apps/web/src/features/generated/gift-cards-page.tsx',
        'apps/web/src/features/admin/page-registry.tsx',
      ];
      expect(typeErrors(root, web, true)).toEqual([]);

      // As they are, the generated and edited files pass the project's lint and format checks.
      expect(await unformatted(root, generatedFiles)).toEqual([]);
      expect(
        await lintProblems(
          root,
          generatedFiles.filter((f) => /\.tsx?$/.test(f)),
        ),
      ).toEqual([]);
    }

    // The migrator takes the migration after the others (even on a database that has them all),
    // and it applies (rolled back).
    const read = readMigrationFiles({ migrationsFolder: join(root, migrations) });
    expect(read.at(-1)!.folderMillis).toBeGreaterThan(
      Math.max(...read.slice(0, -1).map((m) => m.folderMillis)),
    );
    expect(read.at(-1)!.sql.join('')).toBe(migrationSql.split('--> statement-breakpoint').join(''));
    await expect(
      dev.database.db.transaction(async (tx) => {
        for (const s of read.at(-1)!.sql) await tx.execute(sql.raw(s));
        tx.rollback();
      }),
    ).rejects.toThrow(/rollback/i);
    expect(
      JSON.parse(readFileSync(join(root, 'apps/web/src/i18n/locales/zh-cn.json'), 'utf8')).generated.giftCards
        .title,
    ).toBe('礼品卡');

    // A hand edit, then a regeneration: shown as a diff and kept, unless confirmed.
    const resource = 'apps/server/src/modules/giftCards/giftCards.resource.ts';
    const edited = `${readFileSync(join(root, resource), 'utf8')}// hand edit\n`;
    writeFileSync(join(root, resource), edited);
    const again = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/preview',
      headers: devAdmin,
      payload: DESIGN,
    });
    expect(again.json().data.migration_error).toBeNull();
    const changed = (again.json().data.files as Array<{ path: string; state: string; diff: string }>).filter(
      (f) => f.state !== 'same',
    );
    expect(changed.map((f) => f.path)).toEqual([resource]);
    expect(changed[0]!.diff).toContain('-// hand edit');
    const kept = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/generate',
      headers: devAdmin,
      payload: { design: DESIGN },
    });
    expect(kept.json().data).toEqual({ written: [], kept: [resource], migration: null });
    expect(readFileSync(join(root, resource), 'utf8')).toBe(edited);
    const confirmed = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/generate',
      headers: devAdmin,
      payload: { design: DESIGN, overwrite: true },
    });
    expect(confirmed.json().data).toEqual({ written: [resource], kept: [], migration: null });
    expect(readFileSync(join(root, resource), 'utf8')).not.toContain('hand edit');

    // A changed design: the schema's diff is kept unless confirmed, and confirmed, db:generate
    // makes the ALTER.
    const schema = 'apps/server/src/modules/giftCards/schema.ts';
    const added: CrudDesign = {
      ...DESIGN,
      fields: [
        ...DESIGN.fields,
        {
          name: 'batch',
          title: 'Batch',
          type: 'integer',
          required: false,
          listed: false,
          searched: false,
          sortable: false,
          control: 'number',
        },
      ],
    };
    const next = String(Number(number) + 1).padStart(4, '0');
    const designPreview = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/preview',
      headers: devAdmin,
      payload: added,
    });
    const designFiles = designPreview.json().data.files as Array<{
      path: string;
      kind: string;
      state: string;
      diff: string;
      content: string;
    }>;
    expect(designFiles.find((f) => f.path === schema)).toMatchObject({ state: 'changed' });
    expect(designFiles.find((f) => f.path === schema)!.diff).toContain("+    batch: integer('batch'),");
    expect(designFiles.find((f) => f.kind === 'migration')).toMatchObject({
      path: `${migrations}/${next}_gift_cards.sql`,
      content: 'ALTER TABLE "gift_cards" ADD COLUMN "batch" integer;',
    });
    const notConfirmed = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/generate',
      headers: devAdmin,
      payload: { design: added },
    });
    expect(notConfirmed.json().data.kept).toContain(schema);
    expect(notConfirmed.json().data.migration).toBeNull();
    const alter = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/generate',
      headers: devAdmin,
      payload: { design: added, overwrite: true },
    });
    expect(alter.statusCode, alter.body).toBe(200);
    expect(alter.json().data.migration).toEqual({
      path: `${migrations}/${next}_gift_cards.sql`,
      sql: 'ALTER TABLE "gift_cards" ADD COLUMN "batch" integer;',
    });
    expect(dbGenerate(root)).toContain('No schema changes');

    // db:generate fails (a renamed column makes drizzle-kit ask, and there is no terminal): the
    // preview says so, and generating leaves every file as it was.
    const watched = [
      migrations,
      'apps/server/src/modules',
      'apps/server/src/db/schema/index.ts',
      'packages/shared/src',
      'apps/web/src/features/generated',
      'apps/web/src/features/admin/page-registry.tsx',
      'apps/web/src/i18n/locales',
    ];
    const renamed: CrudDesign = {
      ...added,
      table: 'gift_cards',
      fields: added.fields.map((f) => (f.name === 'note' ? { ...f, name: 'remark' } : f)),
    };
    const beforeFailure = treeState(root, watched);
    const failedPreview = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/preview',
      headers: { ...devAdmin, ...EN },
      payload: renamed,
    });
    expect(failedPreview.statusCode).toBe(200);
    expect(failedPreview.json().data.migration_error).toMatch(
      /^npm run db:generate failed, so nothing was written: .*TTY/,
    );
    const failed = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/generate',
      headers: { ...devAdmin, ...EN },
      payload: { design: renamed, overwrite: true },
    });
    expect(failed.statusCode).toBe(409);
    expect(failed.json().msg).toMatch(/^npm run db:generate failed, so nothing was written: .*TTY/);
    expect(treeState(root, watched)).toEqual(beforeFailure);

    // Another table's change not yet migrated would land in this table's migration: refused, and
    // a new table's files are all taken back, folders included.
    mkdirSync(join(root, 'apps/server/src/modules/pending'));
    writeFileSync(
      join(root, 'apps/server/src/modules/pending/schema.ts'),
      "import { pgTable, text } from 'drizzle-orm/pg-core';\n\nexport const pending = pgTable('pending_things', { name: text('name') });\n",
    );
    const schemaIndex = join(root, 'apps/server/src/db/schema/index.ts');
    const indexText = readFileSync(schemaIndex, 'utf8');
    writeFileSync(schemaIndex, `${indexText}export * from '../../modules/pending/schema.ts';\n`);
    const beforeForeign = treeState(root, watched);
    const foreign = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/generate',
      headers: { ...devAdmin, ...EN },
      payload: { design: { ...DESIGN, table: 'vouchers' } },
    });
    expect(foreign.statusCode).toBe(409);
    expect(foreign.json().msg).toMatch(/^The schema has changes of other tables .*"pending_things"/);
    expect(treeState(root, watched)).toEqual(beforeForeign);
    expect(existsSync(join(root, 'apps/server/src/modules/vouchers'))).toBe(false);
  }, 600_000);
});
