import { generateKeyPairSync } from 'node:crypto';
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
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
 * files that type-check as they are, in a temporary copy of the work tree; regenerating never
 * overwrites a hand edit without the developer's confirmation.
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

  it('generates files that type-check, a migration that applies, and keeps hand edits unless confirmed', async () => {
    const bad = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/preview',
      headers: { ...devAdmin, ...EN },
      payload: { ...DESIGN, table: 'Bad Name' },
    });
    expect(bad.statusCode).toBe(400);

    const preview = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/preview',
      headers: devAdmin,
      payload: DESIGN,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const files = preview.json().data.files as Array<{ path: string; kind: string; state: string }>;
    expect(files.filter((f) => f.kind === 'file').every((f) => f.state === 'new')).toBe(true);
    expect(files.filter((f) => f.kind === 'registration').every((f) => f.state === 'changed')).toBe(true);

    const gen = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/generate',
      headers: devAdmin,
      payload: { design: DESIGN },
    });
    expect(gen.statusCode, gen.body).toBe(200);
    expect(gen.json().data.written).toHaveLength(files.length);

    const server = [
      'packages/shared/src/generated/gift-cards.ts',
      'packages/shared/src/operations.ts',
      'apps/server/src/modules/giftCards/schema.ts',
      'apps/server/src/modules/giftCards/giftCards.resource.ts',
      'apps/server/src/modules/giftCards/module.ts',
      'apps/server/src/modules/index.ts',
      'apps/server/src/db/schema/index.ts',
    ];
    expect(typeErrors(root, server, false)).toEqual([]);
    const web = [
      'apps/web/src/features/generated/gift-cards-page.tsx',
      'apps/web/src/features/admin/page-registry.tsx',
    ];
    expect(typeErrors(root, web, true)).toEqual([]);

    // As they are, the generated and edited files pass the project's lint and format checks.
    const written = files.map((f) => f.path).filter((f) => !f.includes('/db/migrations/'));
    expect(await unformatted(root, written)).toEqual([]);
    expect(
      await lintProblems(
        root,
        written.filter((f) => /\.tsx?$/.test(f)),
      ),
    ).toEqual([]);

    // The migration applies (and is rolled back).
    const migration = files.find((f) => f.path.endsWith('_gift_cards.sql'))!.path;
    const statements = readFileSync(join(root, migration), 'utf8').split('--> statement-breakpoint');
    await expect(
      dev.database.db.transaction(async (tx) => {
        for (const s of statements) await tx.execute(sql.raw(s));
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
    expect(kept.json().data).toEqual({ written: [], kept: [resource] });
    expect(readFileSync(join(root, resource), 'utf8')).toBe(edited);
    const confirmed = await dev.app.inject({
      method: 'POST',
      url: '/api/v1/admin/crud/generate',
      headers: devAdmin,
      payload: { design: DESIGN, overwrite: true },
    });
    expect(confirmed.json().data.written).toEqual([resource]);
    expect(readFileSync(join(root, resource), 'utf8')).not.toContain('hand edit');
  }, 400_000);
});
