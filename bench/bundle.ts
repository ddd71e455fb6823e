/**
 * The storefront's JS weight against the admin console's (issue 6 "the storefront loads fast").
 * `npm run bench:bundle` builds the web app into a temporary folder with a Vite manifest (or reads
 * the build in BENCH_WEB_DIST, which must have been built with `--manifest`) and sums the gzip
 * size of the JS each first screen loads:
 *
 * - storefront: the entry chunk and the storefront chunk the home page `/` loads, with their static
 *   imports;
 * - admin: the entry chunk and the console root and admin gate (layout, menus, the page registry
 *   with the dashboard) that `/admin/dashboard` loads, with their static imports.
 *
 * Then it starts the real server on that build (scripts/start.mjs, the compiled server, on a fresh
 * embedded database) and requests the storefront's first load as a browser would, with
 * `Accept-Encoding: br, gzip`: index.html, every file it references (scripts, module preloads,
 * styles, the icon), the storefront chunks with their static imports and their CSS. It adds up
 * the bytes of the bodies as they come over the socket (issue 25 point 5: precompressed assets).
 *
 * Target: the storefront at most 150 KB gzip and at most 150 KB on the wire, and none of antd's
 * chunks in it. The last line is `storefront <KB> KB gzip, admin <KB> KB gzip, wire <KB> KB`
 * (KB = 1000 bytes, as Vite reports; the wire figure is appended to the earlier format).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildServer, startPlatform } from './lib/start-process.ts';

const WEB_DIR = fileURLToPath(new URL('../apps/web', import.meta.url));
const TARGET_KB = 150;

/** The route modules each first screen loads lazily (see apps/web/src/app/router.tsx). */
const SCREENS = {
  storefront: ['src/storefront/pages.ts'],
  // The gate's layout holds the page registry, dashboard included.
  admin: ['src/app/console-root.tsx', 'src/features/admin/admin-gate.tsx'],
} as const;

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function build(outDir: string): void {
  const result = spawnSync('npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest'], {
    cwd: WEB_DIR,
    encoding: 'utf8',
  });
  if (result.status !== 0)
    throw new Error(`vite build failed (exit ${String(result.status)}):\n${result.stdout}\n${result.stderr}`);
}

/** The manifest keys a chunk loads with it: itself and its static imports, transitively. */
function closure(manifest: Manifest, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the manifest has no chunk ${key}: did the routes move?`);
    seen.add(key);
    for (const next of chunk.imports ?? []) visit(next);
  };
  roots.forEach(visit);
  return seen;
}

const kb = (bytes: number) => (bytes / 1000).toFixed(1);

interface WireReply {
  status: number;
  encoding: string;
  bytes: number;
}

/** GET with a browser's Accept-Encoding; the body's bytes as they arrive, not decoded. */
function getOnWire(url: string): Promise<WireReply> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'accept-encoding': 'br, gzip' }, agent: false }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => (bytes += chunk.length));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: String(res.headers['content-encoding'] ?? 'identity'),
          bytes,
        }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** The storefront's first load through the real server: total body bytes on the wire. */
async function onTheWire(outDir: string, manifest: Manifest, storefrontKeys: Set<string>): Promise<number> {
  buildServer();
  const dataDir = mkdtempSync(join(tmpdir(), 'pod-bundle-data-'));
  const server = await startPlatform('compiled', dataDir, { WEB_DIST: outDir, DEMO_SEED: 'false' });
  try {
    const index = readFileSync(join(outDir, 'index.html'), 'utf8');
    const paths = new Set<string>(['/']);
    for (const m of index.matchAll(/(?:src|href)="(\/[^"]+)"/g)) paths.add(m[1]!);
    for (const key of storefrontKeys) {
      const chunk = manifest[key]!;
      paths.add(`/${chunk.file}`);
      for (const css of chunk.css ?? []) paths.add(`/${css}`);
    }
    let total = 0;
    console.log(`\nstorefront first load on the wire (Accept-Encoding: br, gzip): ${paths.size} requests`);
    for (const path of paths) {
      const reply = await getOnWire(`${server.url}${path}`);
      if (reply.status !== 200) throw new Error(`GET ${path} answered ${reply.status}`);
      total += reply.bytes;
      console.log(`  ${kb(reply.bytes).padStart(7)} KB  ${reply.encoding.padEnd(8)} ${path}`);
    }
    console.log(`  ${kb(total).padStart(7)} KB on the wire in all`);
    return total;
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const given = process.env.BENCH_WEB_DIST;
  const outDir = given ?? mkdtempSync(join(tmpdir(), 'pod-bundle-'));
  try {
    if (!given) build(outDir);
    const manifestPath = join(outDir, '.vite', 'manifest.json');
    if (!existsSync(manifestPath)) throw new Error(`${manifestPath} is missing: build with --manifest`);
    const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
    if (!entry) throw new Error('the manifest has no entry chunk');

    const sizes = new Map<string, { raw: number; gzip: number }>();
    const sizeOf = (file: string) => {
      let size = sizes.get(file);
      if (!size) {
        const bytes = readFileSync(join(outDir, file));
        size = { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
        sizes.set(file, size);
      }
      return size;
    };

    const totals: Record<keyof typeof SCREENS, number> = { storefront: 0, admin: 0 };
    let isAntdInStorefront = false;
    let storefrontKeys = new Set<string>();
    for (const screen of Object.keys(SCREENS) as Array<keyof typeof SCREENS>) {
      const keys = closure(manifest, [entry, ...SCREENS[screen]]);
      if (screen === 'storefront') storefrontKeys = keys;
      console.log(`\n${screen}: ${keys.size} JS chunks`);
      const rows = [...keys]
        .map((key) => ({ key, chunk: manifest[key]! }))
        .map(({ key, chunk }) => ({ key, chunk, size: sizeOf(chunk.file) }))
        .sort((a, b) => b.size.gzip - a.size.gzip);
      for (const { key, chunk, size } of rows) {
        totals[screen] += size.gzip;
        const label = chunk.src ?? chunk.name ?? key;
        console.log(`  ${kb(size.gzip).padStart(7)} KB gzip  ${kb(size.raw).padStart(7)} KB  ${label}`);
        if (screen === 'storefront' && /^antd/.test(chunk.name ?? '')) isAntdInStorefront = true;
      }
      console.log(`  ${kb(totals[screen]).padStart(7)} KB gzip in all`);
    }

    const wire = await onTheWire(outDir, manifest, storefrontKeys);
    const isOnTarget =
      totals.storefront <= TARGET_KB * 1000 && wire <= TARGET_KB * 1000 && !isAntdInStorefront;
    console.log(
      `\ntarget: storefront ≤ ${TARGET_KB} KB gzip and on the wire, without antd: ${isOnTarget ? 'met' : 'NOT met'}` +
        (isAntdInStorefront ? ' (the storefront loads an antd chunk)' : '') +
        `; the storefront loads ${((totals.storefront / totals.admin) * 100).toFixed(0)}% of the admin's JS`,
    );
    if (!isOnTarget) process.exitCode = 1;
    console.log(
      `storefront ${kb(totals.storefront)} KB gzip, admin ${kb(totals.admin)} KB gzip, wire ${kb(wire)} KB`,
    );
  } finally {
    if (!given) rmSync(outDir, { recursive: true, force: true });
  }
}

await main();
