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
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const server = join(root, 'apps/server');
const src = join(server, 'src');
const dist = join(server, 'dist');

/** Entry points, relative to src/: each becomes `dist/<name>.js`. */
export const ENTRIES = ['main.ts'];
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
    chunkNames: 'chunks/[name]-[hash]',
    // Bundled CommonJS helpers call require(); ESM has none, so give the bundle one.
    banner: {
      js: "import { createRequire as __podCreateRequire } from 'node:module';\nconst require = __podCreateRequire(import.meta.url);",
    },
    plugins: [externals, dirnames],
    metafile: true,
    logLevel: quiet ? 'error' : 'warning',
  });
  for (const dir of ASSET_DIRS) cpSync(join(src, dir), join(building, dir), { recursive: true });
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

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await buildServer();
  if (!existsSync(join(dist, 'main.js'))) process.exit(1);
}
