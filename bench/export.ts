/**
 * Export memory (issue 24): a 200,000-row order export through the real path — POST
 * /api/v1/admin/exports through buildApp(), the job on the queue reading keyset batches and
 * streaming them into the xlsx with ExcelJS's WorkbookWriter — while the process's RSS is sampled.
 * Prints the RSS before the export, the peak while it ran, their difference against the 150 MB
 * budget, and the file's size and rows. `npm run bench:export` (PGlite), or with DATABASE_URL.
 * BENCH_ROWS (default 200000).
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { adminActor, ensureSystemMenus } from '../apps/server/src/modules/access/index.ts';
import { MENU_CATALOGUE } from '../apps/server/src/modules/index.ts';
import { buildMerchant, buildTenant } from '../apps/server/test/factories/index.ts';

const BUDGET_MB = 150;
const MB = 1024 * 1024;

async function main() {
  const rows = Number(process.env.BENCH_ROWS ?? 200_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'pod-bench-export-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'none') });
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { kind: 'postgres', url, poolSize: 10 } : { kind: 'pglite' });
  await migrateDatabase(database);
  await ensureSystemMenus(database.db, MENU_CATALOGUE);
  const app = await buildApp({ config, database, logger: false, startJobs: true, jobPollingSeconds: 0.5 });
  await app.ready();
  try {
    const db = database.db;
    const tenant = await buildTenant(db);
    const { merchant, primary } = await buildMerchant(db, tenant.id);
    const seeded = Date.now();
    // Rows like checkout's, one second apart, in one statement.
    await db.execute(sql`
      INSERT INTO orders (tenant_id, merchant_id, order_no, status, currency, product_amount,
        shipping_amount, total_amount, total_quantity, country_code, address, customs, shipping,
        remark, expires_at, created_at)
      SELECT ${tenant.id}, ${merchant.id}, 'PB' || lpad(g::text, 22, '0'),
        (array['unpaid','paid','shipped','cancelled'])[1 + g % 4], 'CNY', 1990 + g % 500, 1500,
        3490 + g % 500, 1 + g % 3, (array['US','CN','DE'])[1 + g % 3],
        jsonb_build_object('first_name', 'Jane ' || g, 'last_name', 'Doe', 'country', 'US'),
        '{}'::jsonb,
        jsonb_build_object('method_id', gen_random_uuid(), 'carrier', 'YunExpress', 'name', 'Standard', 'code', 'STD'),
        CASE WHEN g % 1000 = 0 THEN '=cmd|'' /C calc''!A0' ELSE 'remark ' || g END,
        now() + interval '30 minutes', now() - g * interval '1 second'
      FROM generate_series(1, ${rows}) AS g`);
    console.log(
      `database: ${database.kind}, ${rows} orders seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const { accessToken } = await app.services.sessions.issue(db, adminActor(primary));
    const headers = { authorization: `Bearer ${accessToken}`, 'accept-language': 'en' };
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const started = Date.now();
    const created = await app.inject({
      method: 'POST',
      url: '/api/v1/admin/exports',
      headers,
      payload: { page: 'order/list', filters: {} },
    });
    if (created.statusCode !== 200) throw new Error(`export refused: ${created.body}`);
    const id = created.json<{ data: { id: string } }>().data.id;
    let record: { status: string; actual_count: number | null; error_log: string | null };
    for (;;) {
      const res = await app.inject({ method: 'GET', url: `/api/v1/admin/exports/${id}`, headers });
      record = res.json<{ data: typeof record }>().data;
      if (record.status === 'completed' || record.status === 'failed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    if (record.status !== 'completed') throw new Error(`export failed: ${record.error_log}`);
    const [file] = (await db.execute(sql`select file_key from export_records where id = ${id}`))
      .rows as Array<{ file_key: string }>;
    const size = statSync(join(dataDir, 'files', file!.file_key)).size;
    const growth = (peak - before) / MB;
    console.log(
      `exported ${record.actual_count} rows in ${((Date.now() - started) / 1000).toFixed(1)} s, xlsx ${(size / MB).toFixed(1)} MB`,
    );
    console.log(
      `RSS before ${(before / MB).toFixed(0)} MB, peak during the export ${(peak / MB).toFixed(0)} MB`,
    );
    console.log(
      `RSS growth ${growth.toFixed(0)} MB for ${record.actual_count} rows (budget ${BUDGET_MB} MB): ${growth < BUDGET_MB ? 'within' : 'OVER'}`,
    );
    if (growth >= BUDGET_MB) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
