/**
 * The storefront product list (issue 25): GET /api/v1/storefront/products as a visitor's first
 * page, at 1, 16, 64 and 200 concurrent keep-alive clients, against three servers in the same run:
 * 1. the platform on PostgreSQL (the local server; BENCH_PG_URL or DATABASE_URL picks another), a
 *    process of its own;
 * 2. the platform on PGlite (its embedded database in DATA_DIR), a process of its own;
 * 3. a bare node:http server, a process of its own, answering every request with the same bytes
 *    the platform's reply had (the floor: what HTTP alone costs on this machine).
 * Each catalogue holds BENCH_PRODUCTS products on sale (default 60: a few built through the
 * catalogue's own rules with images, the rest copies of them), so a page of 20 is full.
 * At each concurrency the three run one after the other, each for BENCH_SECONDS (default 5)
 * after a one-second warm-up, so a slow spell of the host touches all three alike.
 * Last line (the contract), at 64 clients on PostgreSQL:
 * `storefront <req/s> req/s vs node <req/s> req/s ratio <r> p99 <ms> ms`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase, type DatabaseOptions } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { ensureSystemMenus } from '../apps/server/src/modules/access/index.ts';
import { MENU_CATALOGUE } from '../apps/server/src/modules/index.ts';
import { buildTenant } from '../apps/server/test/factories/index.ts';
import { buildCatalogBasics, buildProduct } from '../apps/server/test/factories/catalog.ts';
import { percentile, scratchDatabase, startServer } from './lib/server-process.ts';

const LEVELS = (process.env.BENCH_CLIENTS ?? '1,16,64,200').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 60);
const BUILT = 6;
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';
const PATH = '/api/v1/storefront/products?page=1&limit=20';

/** A catalogue of PRODUCTS products on sale in the default tenant (the one a bare IP host shows). */
async function seed(options: DatabaseOptions, dataDir: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET,
    WEB_DIST: join(dataDir, 'none'),
  });
  const database = await openDatabase(options);
  await migrateDatabase(database);
  await ensureSystemMenus(database.db, MENU_CATALOGUE);
  const app = await buildApp({ config, database, logger: false, startJobs: false });
  await app.ready();
  try {
    const db = database.db;
    const tenant = await buildTenant(db, { isDefault: true });
    const basics = await buildCatalogBasics(db, tenant.id);
    const deps = { db, storage: app.services.storage };
    for (let i = 0; i < BUILT; i++) {
      await buildProduct(deps, tenant.id, {
        onSale: true,
        category_id: basics.category.id,
        color_ids: basics.colors.map((c) => c.id),
        size_ids: basics.sizes.map((s) => s.id),
        name: `Bench product ${i}`,
        sort: i,
      });
    }
    // The rest are copies of those (new id, name, style code and sort), made in one statement.
    const copies = Math.max(0, Math.ceil((PRODUCTS - BUILT) / BUILT));
    await db.execute(sql`
      INSERT INTO catalog_products
      SELECT (jsonb_populate_record(NULL::catalog_products, to_jsonb(p) || jsonb_build_object(
        'id', gen_random_uuid(), 'name', p.name || ' copy ' || g, 'style_code', p.style_code || '-' || g,
        'sort', p.sort + g * ${BUILT}))).*
      FROM catalog_products p, generate_series(1, ${copies}) AS g
      WHERE p.tenant_id = ${tenant.id}`);
  } finally {
    await app.close();
    await database.close();
  }
}

interface Run {
  requests: number;
  seconds: number;
  latencies: number[];
  failures: number;
}

/** `clients` keep-alive clients asking for PATH for `seconds`; the rate and each request's latency. */
async function load(url: string, clients: number, seconds: number): Promise<Run> {
  const agent = new Agent({ keepAlive: true, maxSockets: clients });
  const { hostname, port } = new URL(url);
  const latencies: number[] = [];
  let failures = 0;
  const get = () =>
    new Promise<number>((resolve, reject) => {
      const req = request({ agent, hostname, port, path: PATH, method: 'GET' }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    });
  const start = performance.now();
  const until = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const status = await get();
        latencies.push(performance.now() - t0);
        if (status !== 200) failures += 1;
      }
    }),
  );
  const end = performance.now();
  agent.destroy();
  return { requests: latencies.length, seconds: (end - start) / 1000, latencies, failures };
}

/** A bare node:http server in its own process, answering every request with `body`. */
async function bareServer(bodyFile: string): Promise<{ url: string; child: ChildProcess }> {
  const script = `
    const body = require('node:fs').readFileSync(${JSON.stringify(bodyFile)});
    const server = require('node:http').createServer((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
      res.end(body);
    });
    server.keepAliveTimeout = 60000;
    server.listen(0, '127.0.0.1', () => process.stdout.write(String(server.address().port) + '\\n'));`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) =>
    child.stdout.once('data', (d: Buffer) => resolve(d.toString().trim())),
  );
  return { url: `http://127.0.0.1:${port}`, child };
}

const rate = (r: Run) => r.requests / r.seconds;
const fmt = (n: number) => n.toFixed(0);

async function main() {
  const scratch = await scratchDatabase('pod_bench_storefront');
  const pgDir = mkdtempSync(join(tmpdir(), 'pod-bench-sf-pg-'));
  const liteDir = mkdtempSync(join(tmpdir(), 'pod-bench-sf-lite-'));
  const children: ChildProcess[] = [];
  const servers: Array<Awaited<ReturnType<typeof startServer>>> = [];
  try {
    const setupStart = performance.now();
    await seed({ kind: 'postgres', url: scratch.url, poolSize: 4 }, pgDir);
    await seed({ kind: 'pglite', dataDir: join(liteDir, 'pg') }, liteDir);
    console.log(
      `setup: ${PRODUCTS} products on sale in each database (${((performance.now() - setupStart) / 1000).toFixed(1)} s)`,
    );

    const common = { JWT_SECRET, JOB_WORKERS: 'false' };
    const onPg = await startServer({ ...common, DATABASE_URL: scratch.url, DATA_DIR: pgDir });
    servers.push(onPg);
    const onLite = await startServer({ ...common, DATABASE_URL: '', DATA_DIR: liteDir });
    servers.push(onLite);
    // The bare server answers with the platform's own reply bytes.
    const reply = await fetch(`${onPg.url}${PATH}`);
    const body = await reply.text();
    const list = (JSON.parse(body) as { data: { list: unknown[]; total: number } }).data;
    if (reply.status !== 200 || list.list.length === 0)
      throw new Error(`the storefront answered ${reply.status}: ${body.slice(0, 200)}`);
    console.log(`reply: ${list.list.length} of ${list.total} products, ${Buffer.byteLength(body)} bytes`);
    const bodyFile = join(pgDir, 'reply.json');
    writeFileSync(bodyFile, body);
    const bare = await bareServer(bodyFile);
    children.push(bare.child);

    const targets = [
      { name: 'node', url: bare.url },
      { name: 'postgres', url: onPg.url },
      { name: 'pglite', url: onLite.url },
    ];
    const results = new Map<string, Run>();
    for (const clients of LEVELS) {
      for (const target of targets) {
        await load(target.url, clients, 1);
        const run = await load(target.url, clients, SECONDS);
        results.set(`${target.name}@${clients}`, run);
        console.log(
          `${String(clients).padStart(3)} clients ${target.name.padEnd(8)} ${fmt(rate(run)).padStart(6)} req/s p50 ${percentile(run.latencies, 50).toFixed(1)} ms p99 ${percentile(run.latencies, 99).toFixed(1)} ms${run.failures ? ` (${run.failures} not 200)` : ''}`,
        );
      }
      const node = results.get(`node@${clients}`)!;
      for (const name of ['postgres', 'pglite']) {
        const run = results.get(`${name}@${clients}`)!;
        console.log(`    ${clients} clients ${name} ratio to node ${(rate(run) / rate(node)).toFixed(3)}`);
      }
    }
    const level = LEVELS.includes(64) ? 64 : LEVELS[LEVELS.length - 1]!;
    const pg64 = results.get(`postgres@${level}`)!;
    const node64 = results.get(`node@${level}`)!;
    const ratio = rate(pg64) / rate(node64);
    const p99 = percentile(pg64.latencies, 99);
    const failed = [...results.values()].reduce((n, r) => n + r.failures, 0);
    console.log(
      `targets at ${level} clients on PostgreSQL: ratio >= 0.15 ${ratio >= 0.15 ? 'ok' : 'MISSED'}; p99 <= 150 ms ${p99 <= 150 ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `storefront ${fmt(rate(pg64))} req/s vs node ${fmt(rate(node64))} req/s ratio ${ratio.toFixed(3)} p99 ${p99.toFixed(0)} ms`,
    );
    if (failed) process.exitCode = 1;
  } finally {
    for (const child of children) child.kill('SIGTERM');
    for (const server of servers) await server.stop();
    await scratch.drop();
    rmSync(pgDir, { recursive: true, force: true });
    rmSync(liteDir, { recursive: true, force: true });
  }
}

await main();
