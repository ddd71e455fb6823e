// `npm run build:server`: compiles the server to JavaScript for production (decision 0075).
// esbuild bundles apps/server/src with the workspace packages (@pod/shared, @pod/design, which
// publish TypeScript sources) into apps/server/dist; every other package stays an import from
// node_modules. Dynamic imports become their own chunks, so they still load only when used.
//
// The bundle lives one folder deep like src/, and the files the code finds next to itself
// (migrations, the sandbox's test keys) are copied to the same places under dist/: each source
// file's `import.meta.dirname` is rewritten to its own folder's counterpart under dist/, so
// `join(import.meta.dirname, 'migrations')` in src/db/migrate.ts means dist/db/migrations.
// Packages' own files (fonts, the barcode reader's wasm) resolve through node_modules as before.
//
// The build then writes the cluster template (src/startup.ts, decision 0087): the embedded
// database created and migrated, which a first start loads instead of running initdb and every
// migration. It is made again only when the migrations or the PGlite release change.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'apps/server');
const src = join(server, 'src');
const dist = join(server, 'dist');

/** Entry points, relative to src/: each becomes `dist/<name>.js`. */
export const ENTRIES = ['main.ts', 'make-cluster-template.ts', 'modules/intake/sheet-worker.ts'];
/** Folders (relative to src/) the code reads at run time, copied as they are. */
export const ASSET_DIRS = ['db/migrations', 'integrations/alipay/test-keys'];

/** Workspace packages are bundled; every other bare import stays external. */
const externals = {
  name: 'externals',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@pod/') || args.kind === 'entry-point'
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

/** `import.meta.dirname` in src/<dir>/<file>.ts becomes dist/<dir> in the bundle. */
const dirnames = {
  name: 'dirnames',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, (args) => {
      let contents = readFileSync(args.path, 'utf8');
      if (contents.includes('import.meta.dirname')) {
        const dir = relative(src, dirname(args.path));
        if (dir.startsWith('..'))
          throw new Error(`${args.path} uses import.meta.dirname outside apps/server/src`);
        const rel = dir.split(sep).join('/');
        contents = contents.replaceAll(
          'import.meta.dirname',
          rel ? `(import.meta.dirname + ${JSON.stringify('/' + rel)})` : 'import.meta.dirname',
        );
      }
      return { contents, loader: 'ts' };
    });
  },
};

export async function buildServer({ quiet = false } = {}) {
  const started = performance.now();
  // Built beside dist/ and swapped in, so a server running from dist/ never sees half a build.
  const building = `${dist}.building-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: root,
    entryPoints: ENTRIES.map((e) => join(src, e)),
    outdir: building,
    outbase: src,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20.19',
    sourcemap: 'linked',
    // Chunks sit beside the entries, so `import.meta.dirname` means dist/ in every output file.
    chunkNames: '[name]-[hash]',
    // Bundled CommonJS helpers call require(); ESM has none, so give the bundle one.
    banner: {
      js: "import { createRequire as __podCreateRequire } from 'node:module';\nconst require = __podCreateRequire(import.meta.url);",
    },
    plugins: [externals, dirnames],
    metafile: true,
    logLevel: quiet ? 'error' : 'warning',
  });
  for (const dir of ASSET_DIRS) cpSync(join(src, dir), join(building, dir), { recursive: true });
  clusterTemplate(building, quiet);
  // Marks a complete build: scripts/start.mjs rebuilds when it is missing or older than a source.
  writeFileSync(join(building, 'BUILD'), `${new Date().toISOString()}\n`);
  const old = `${dist}.old-${process.pid}`;
  if (existsSync(dist)) renameSync(dist, old);
  renameSync(building, dist);
  rmSync(old, { recursive: true, force: true });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  if (!quiet)
    console.log(
      `Server built into ${relative(root, dist)} in ${((performance.now() - started) / 1000).toFixed(1)} s ` +
        `(${(bytes / 1e6).toFixed(1)} MB with source maps)`,
    );
  return result;
}

const TEMPLATE_KEY = 'cluster-template.key';

/** What the cluster template is made from: every migration file and the PGlite release. */
function templateKey() {
  const hash = createHash('sha256');
  const pglite = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  hash.update(readFileSync(join(pglite, '..', 'package.json')));
  const migrations = join(src, 'db/migrations');
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(relative(migrations, path)).update(readFileSync(path));
    }
  };
  walk(migrations);
  return hash.digest('hex');
}

/** Copies the last build's template when it was made from the same inputs, or makes a new one. */
function clusterTemplate(building, quiet) {
  const key = templateKey();
  const previous = join(dist, TEMPLATE_KEY);
  if (existsSync(previous) && readFileSync(previous, 'utf8') === key) {
    const files = readdirSync(dist).filter((f) => f.startsWith('cluster-template-') && f.endsWith('.tar.gz'));
    if (files.length > 0) {
      for (const f of files) cpSync(join(dist, f), join(building, f));
      writeFileSync(join(building, TEMPLATE_KEY), key);
      return;
    }
  }
  const made = spawnSync(process.execPath, [join(building, 'make-cluster-template.js')], {
    cwd: root,
    stdio: quiet ? ['ignore', 'ignore', 'inherit'] : 'inherit',
  });
  if (made.status !== 0) throw new Error(`the cluster template was not made (exit ${String(made.status)})`);
  writeFileSync(join(building, TEMPLATE_KEY), key);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildServer();
  if (!existsSync(join(dist, 'main.js'))) process.exit(1);
}
