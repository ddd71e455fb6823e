/**
 * Wallet debit throughput (issue: wallet; fair baseline issue 25). Measures, in the same run and on
 * the same database, in alternating rounds (raw, service, API, raw, …, BENCH_ROUNDS of them, so a
 * slow spell of the host touches every path alike; each rate is its debits over its own time):
 * - baseline: the same ledger work as the API in ONE prepared statement — the wallet's debit
 *   statement (idempotency row, guarded `UPDATE wallets … WHERE balance >= amount`, ledger INSERT)
 *   run directly on the database handle, no transaction around it;
 * - the wallet debit API: POST /api/v1/admin/finance/adjustment over real HTTP (the app listening
 *   on a local port, keep-alive clients): auth, data context, validation, the debit, reply mapping;
 * and prints their ratio (and, to tell ledger cost from HTTP/auth cost, the service call's), then reconciles the ledger both wrote ("0 drift" expected).
 * `npm run bench:wallet` (PGlite), or with DATABASE_URL for PostgreSQL.
 * BENCH_ITERATIONS (default 2000 per path), BENCH_ROUNDS (default 4) and BENCH_CONCURRENCY (default 1
 * on PGlite, 8 on PostgreSQL).
 */
import { MENU_CATALOGUE } from '../apps/server/src/modules/index.ts';
import { systemContext } from '../apps/server/src/platform/context.ts';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { adminActor, ensureSystemMenus } from '../apps/server/src/modules/access/index.ts';
import { debit, formatReconciliation, reconcile } from '../apps/server/src/modules/wallet/index.ts';
import { debitInOneStatement } from '../apps/server/src/modules/wallet/ledger.repo.ts';
import { jsonClient } from './lib/server-process.ts';
import {
  buildMerchant,
  buildSupplierAdmin,
  buildTenant,
  fundWallet,
} from '../apps/server/test/factories/index.ts';

/** One path's rounds: debits and seconds summed over the rounds. */
class Path {
  debits = 0;
  seconds = 0;
  constructor(readonly label: string) {}
  get rate() {
    return this.debits / this.seconds;
  }
  print() {
    console.log(`${this.label.padEnd(52)} ${this.rate.toFixed(0).padStart(7)} debits/s`);
  }
}

async function round(path: Path, total: number, width: number, op: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < total) await op(path.debits + next++);
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: width }, worker));
  path.seconds += Number(process.hrtime.bigint() - start) / 1e9;
  path.debits += total;
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'pod-bench-wallet-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'none') });
  const url = process.env.DATABASE_URL;
  const database = await openDatabase(url ? { kind: 'postgres', url, poolSize: 20 } : { kind: 'pglite' });
  await migrateDatabase(database);
  await ensureSystemMenus(database.db, MENU_CATALOGUE);
  const app = await buildApp({ config, database, logger: false, startJobs: false });
  await app.ready();
  const db = database.db;

  const n = Number(process.env.BENCH_ITERATIONS ?? 2000);
  const width = Number(process.env.BENCH_CONCURRENCY ?? (database.kind === 'postgres' ? 8 : 1));
  const tenant = await buildTenant(db);
  const finance = await buildSupplierAdmin(db, tenant.id);
  const { merchant } = await buildMerchant(db, tenant.id);
  const target = { tenantId: tenant.id, merchantId: merchant.id };
  await fundWallet(db, target, 1_000_000_00);
  const { accessToken } = await app.services.sessions.issue(db, adminActor(finance));
  const headers = { authorization: `Bearer ${accessToken}` };
  // Real HTTP: the app listens on a local port; keep-alive clients, one socket each.
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 4));
  const http = jsonClient(address, Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 8)));
  const run = randomBytes(4).toString('hex');

  console.log(`database: ${database.kind}, debits: ${n} each, concurrency: ${width}`);
  for (let i = 0; i < 50; i++) {
    // Warm-up of both paths (JIT, prepared plans, pool connections).
    await app.inject({
      method: 'POST',
      url: '/api/v1/admin/finance/adjustment',
      headers,
      payload: {
        merchant_id: merchant.id,
        currency: 'CNY',
        amount: -1,
        remark: 'warm-up',
        idempotency_key: `warm-${run}-${i}`,
      },
    });
  }

  const raw = new Path('baseline: the debit as ONE prepared statement');
  const service = new Path('wallet debit service (debit() in a transaction)');
  const api = new Path('wallet debit API (POST /api/v1/admin/finance/adjustment)');
  let failures = 0;
  const rawDebit = async () => {
    const { applied } = await debitInOneStatement(
      db,
      {
        id: randomUUID(),
        tenantId: tenant.id,
        merchantId: merchant.id,
        type: 'adjustment',
        payMethod: 'manual',
        referenceType: null,
        reference: null,
        thirdPartyNo: null,
        paidAt: new Date(),
        arrivedAt: null,
        operatorId: finance.id,
        remark: 'bench',
      },
      { key: `raw-${run}-${randomUUID()}`, requestHash: 'bench' },
      { amount: 1, currency: 'CNY' },
    );
    if (!applied) throw new Error('insufficient');
  };
  const serviceDebit = async (i: number) => {
    await db.transaction((tx) =>
      debit(systemContext(tx, { tenantId: tenant.id }, 'bench'), {
        type: 'adjustment',
        merchantId: merchant.id,
        currency: 'CNY',
        amount: 1,
        idempotencyKey: `svc-${run}-${i}`,
      }),
    );
  };
  const apiDebit = async (i: number) => {
    const res = await http.post(
      '/api/v1/admin/finance/adjustment',
      {
        merchant_id: merchant.id,
        currency: 'CNY',
        amount: -1,
        remark: 'bench',
        idempotency_key: `bench-${run}-${i}`,
      },
      headers,
    );
    if (res.status !== 200) failures += 1;
  };
  const perRound = Math.max(1, Math.ceil(n / rounds));
  for (let r = 0; r < rounds; r++) {
    await round(raw, perRound, width, rawDebit);
    await round(service, perRound, width, serviceDebit);
    await round(api, perRound, width, apiDebit);
  }
  raw.print();
  service.print();
  api.print();
  if (failures) console.log(`API failures: ${failures}`);
  console.log(
    `ratio wallet debit service / raw guarded-UPDATE transaction: ${(service.rate / raw.rate).toFixed(2)}`,
  );
  console.log(`ratio wallet debit API / raw guarded-UPDATE transaction: ${(api.rate / raw.rate).toFixed(2)}`);

  const report = await reconcile(db, tenant.id);
  console.log(
    `reconciliation (${report.transactions} transactions): ${formatReconciliation(report).join('; ')}`,
  );

  http.close();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (failures || report.drifts.length) process.exitCode = 1;
}

await main();
