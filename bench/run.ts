/**
 * Benchmarks print a ratio against a baseline measured in the same run, so the number means the
 * same on any machine. `npm run bench`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';

async function timeIt(label: string, iterations: number, fn: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(200, iterations); i++) await fn(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < iterations; i++) await fn();
  const perOp = Number(process.hrtime.bigint() - start) / iterations / 1000;
  console.log(`${label.padEnd(40)} ${perOp.toFixed(1).padStart(8)} µs/op`);
  return perOp;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pod-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'none') });
  const database = await openDatabase(
    process.env.DATABASE_URL ? { kind: 'postgres', url: process.env.DATABASE_URL } : { kind: 'pglite' },
  );
  await migrateDatabase(database);
  const app = await buildApp({ config, database, logger: false, startJobs: false });
  await app.ready();
  const n = Number(process.env.BENCH_ITERATIONS ?? 3000);

  console.log(`database: ${database.kind}, iterations: ${n}`);
  const baseline = await timeIt('baseline: raw SQL select 1', n, () => database.raw.query('select 1'));
  const api = await timeIt('GET /api/health through buildApp()', n, () =>
    app.inject({ method: 'GET', url: '/api/health' }),
  );
  console.log(`ratio health API / raw SQL: ${(api / baseline).toFixed(2)}`);

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await main();
