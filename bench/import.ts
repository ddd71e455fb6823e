/**
 * Order import (issue 20): a 10,000-row TikTok Shop export imported end to end through the real
 * path — the multipart POST /api/v1/admin/orderImport through buildApp(), the checks before
 * parsing, the job streaming the sheet with ExcelJS's reader and upserting batches of orders —
 * against, in the same run, a raw ExcelJS streaming read of the same file (rows only, nothing
 * done with them). Then 100,000 rows imported while the process's RSS (the server is this
 * process) is sampled. Last line:
 *   import <rows/s> rows/s vs raw <rows/s> rows/s ratio <r> peak <MB> MB
 * Targets: ratio ≥ 0.6, peak ≤ 512 MB. `npm run bench:import` (PGlite), or with DATABASE_URL.
 * BENCH_ROWS (10000) and BENCH_BIG_ROWS (100000) change the sizes.
 */
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { shops } from '../apps/server/src/db/schema/index.ts';
import { adminActor, ensureSystemMenus } from '../apps/server/src/modules/access/index.ts';
import { MENU_CATALOGUE } from '../apps/server/src/modules/index.ts';
import { TIKTOK_EXPORT_HEADERS } from '../apps/server/src/modules/intake/templates.ts';
import { buildMerchant, buildTenant } from '../apps/server/test/factories/index.ts';
import { multipart } from '../apps/server/test/helpers/multipart.ts';

const MB = 1024 * 1024;
const TARGET_RATIO = 0.6;
const TARGET_PEAK_MB = 512;

/** A TikTok Shop export of `rows` SKU lines (two lines per order), row 2 the description row. */
async function tiktokFile(path: string, rows: number, prefix: string): Promise<void> {
  const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false });
  const sheet = writer.addWorksheet('OrderSKUList');
  sheet.addRow([...TIKTOK_EXPORT_HEADERS]).commit();
  sheet.addRow(TIKTOK_EXPORT_HEADERS.map((h) => `${h} description`)).commit();
  const column = new Map(TIKTOK_EXPORT_HEADERS.map((h, i) => [h, i]));
  for (let n = 0; n < rows; n++) {
    const order = Math.floor(n / 2);
    const cells: Array<string | number> = TIKTOK_EXPORT_HEADERS.map(() => '');
    const set = (h: (typeof TIKTOK_EXPORT_HEADERS)[number], v: string | number) => {
      cells[column.get(h)!] = v;
    };
    set('Order ID', `${prefix}${String(order).padStart(10, '0')}`);
    set('Order Status', 'Awaiting Shipment');
    set('SKU ID', `17290000${n % 50}`);
    set('Seller SKU', `TEE-${n % 50}`);
    set('Product Name', 'Custom printed tee');
    set('Variation', 'Black, M');
    set('Quantity', 1 + (n % 3));
    set('SKU Unit Original Price', '19.99');
    set('SKU Subtotal After Discount', '19.99');
    set('Shipping Fee After Discount', '4.99');
    set('Order Amount', '44.97');
    set('Created Time', '20/11/2026 10:15:00');
    set('Paid Time', '20/11/2026 10:16:00');
    set('Buyer Message', n % 100 === 0 ? 'Please gift wrap' : '');
    set('Recipient', `Buyer ${order}`);
    set('Phone #', '(415) 555-0132');
    set('Zipcode', '94105');
    set('Country', 'United States');
    set('Province', 'CA');
    set('District', 'San Francisco');
    set('Detail Address', `${order} Market St`);
    set('Payment Method', 'Card');
    set('Weight(kg)', 0.3);
    sheet.addRow(cells).commit();
  }
  sheet.commit();
  await writer.commit();
}

/** Reads every row of the file with ExcelJS's streaming reader and nothing else. */
async function rawRead(path: string): Promise<number> {
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(createReadStream(path), {
    sharedStrings: 'cache',
    styles: 'ignore',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let rows = 0;
  for await (const sheet of reader) {
    for await (const row of sheet as AsyncIterable<ExcelJS.Row>) if ((row.values as unknown[]).length) rows++;
    break;
  }
  return rows;
}

async function main() {
  const small = Number(process.env.BENCH_ROWS ?? 10_000);
  const big = Number(process.env.BENCH_BIG_ROWS ?? 100_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'pod-bench-import-'));
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
    const [shop] = await db
      .insert(shops)
      .values({ tenantId: tenant.id, merchantId: merchant.id, name: 'Bench TikTok shop', platform: 'tiktok' })
      .returning();
    const { accessToken } = await app.services.sessions.issue(db, adminActor(primary));
    const headers = { authorization: `Bearer ${accessToken}`, 'accept-language': 'en' };

    /** Uploads the file and waits for its record to finish; returns the record. */
    const importFile = async (path: string) => {
      const form = await multipart([{ name: 'orders.xlsx', body: readFileSync(path) }]);
      const created = await app.inject({
        method: 'POST',
        url: `/api/v1/admin/orderImport?platform=tiktok&shop_id=${shop!.id}`,
        headers: { ...headers, ...form.headers },
        payload: form.payload,
      });
      if (created.statusCode !== 200) throw new Error(`import refused: ${created.body}`);
      const id = created.json<{ data: { id: string } }>().data.id;
      for (;;) {
        const res = await app.inject({ method: 'GET', url: `/api/v1/admin/orderImport/${id}`, headers });
        const record = res.json<{
          data: {
            status: string;
            row_count: number;
            created_count: number;
            failed_row_count: number;
            error: string | null;
          };
        }>().data;
        if (record.status === 'completed' || record.status === 'failed') {
          if (record.status !== 'completed' || record.failed_row_count)
            throw new Error(`import did not succeed: ${JSON.stringify(record)}`);
          return record;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    // 1. 10,000 rows: the import end to end against a raw streaming read of the same file.
    const smallFile = join(dataDir, 'small.xlsx');
    await tiktokFile(smallFile, small, '5764');
    // One warm-up of each (JIT, the reader's modules, the prepared statements).
    await rawRead(smallFile);
    const rawStarted = performance.now();
    const rawRows = await rawRead(smallFile);
    const rawSeconds = (performance.now() - rawStarted) / 1000;
    const importStarted = performance.now();
    const record = await importFile(smallFile);
    const importSeconds = (performance.now() - importStarted) / 1000;
    const rawRate = (rawRows - 2) / rawSeconds;
    const importRate = record.row_count / importSeconds;
    console.log(
      `database: ${database.kind}; ${small} rows (${(statSync(smallFile).size / MB).toFixed(1)} MB): ` +
        `raw read ${rawSeconds.toFixed(2)} s, import ${importSeconds.toFixed(2)} s, ${record.created_count} orders created`,
    );

    // 2. 100,000 rows: the server's peak RSS while it imports them.
    const bigFile = join(dataDir, 'big.xlsx');
    await tiktokFile(bigFile, big, '5765');
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const bigStarted = performance.now();
    const bigRecord = await importFile(bigFile);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    console.log(
      `${big} rows (${(statSync(bigFile).size / MB).toFixed(1)} MB) imported in ${((performance.now() - bigStarted) / 1000).toFixed(1)} s, ` +
        `${bigRecord.created_count} orders; RSS before ${(before / MB).toFixed(0)} MB`,
    );
    const ratio = importRate / rawRate;
    const peakMb = peak / MB;
    console.log(
      `targets: ratio ≥ ${TARGET_RATIO} ${ratio >= TARGET_RATIO ? 'met' : 'MISSED'}, peak ≤ ${TARGET_PEAK_MB} MB ${peakMb <= TARGET_PEAK_MB ? 'met' : 'MISSED'}`,
    );
    console.log(
      `import ${importRate.toFixed(0)} rows/s vs raw ${rawRate.toFixed(0)} rows/s ratio ${ratio.toFixed(2)} peak ${peakMb.toFixed(0)} MB`,
    );
    if (ratio < TARGET_RATIO || peakMb > TARGET_PEAK_MB) process.exitCode = 1;
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
