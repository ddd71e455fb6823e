/**
 * Wallet debit throughput (issue: wallet). Measures, in the same run and on the same database:
 * - baseline: the raw guarded-UPDATE transaction (`UPDATE wallets SET balance = balance - 1 …
 *   WHERE balance >= 1 RETURNING …` plus the ledger INSERT, in one transaction);
 * - the wallet debit API: POST /api/v1/admin/finance/adjustment through buildApp() (auth, data
 *   context, idempotency key, guarded UPDATE, ledger row, reply mapping);
 * and prints their ratio (and, to tell ledger cost from HTTP/auth cost, the service call's), then reconciles the ledger both wrote ("0 drift" expected).
 * `npm run bench:wallet` (PGlite), or with DATABASE_URL for PostgreSQL.
 * BENCH_ITERATIONS (default 2000) and BENCH_CONCURRENCY (default 1 on PGlite, 8 on PostgreSQL).
 */
import { MENU_CATALOGUE } from '../apps/server/src/modules/index.ts';
import { systemContext } from '../apps/server/src/platform/context.ts';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { adminActor, ensureSystemMenus } from '../apps/server/src/modules/access/index.ts';
import { debit, formatReconciliation, reconcile } from '../apps/server/src/modules/wallet/index.ts';
import {
  buildMerchant,
  buildSupplierAdmin,
  buildTenant,
  fundWallet,
} from '../apps/server/test/factories/index.ts';

async function throughput(label: string, total: number, width: number, op: (i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < total) await op(next++);
  };
  const start = process.hrtime.bigint();
  await Promise.all(Array.from({ length: width }, worker));
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const tps = total / seconds;
  console.log(`${label.padEnd(52)} ${tps.toFixed(0).padStart(7)} debits/s`);
  return tps;
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
  const funding = await fundWallet(db, target, 1_000_000_00);
  const walletId = funding.walletId;
  const { accessToken } = await app.services.sessions.issue(db, adminActor(finance));
  const headers = { authorization: `Bearer ${accessToken}` };
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

  const raw = await throughput('baseline: raw guarded-UPDATE + ledger INSERT tx', n, width, async () => {
    await db.transaction(async (tx) => {
      const updated = await tx.execute(
        sql`UPDATE wallets SET balance = balance - 1, last_seq = last_seq + 1, updated_at = now()
            WHERE id = ${walletId} AND balance >= 1 RETURNING balance, last_seq`,
      );
      const row = updated.rows[0] as { balance: string | number; last_seq: string | number } | undefined;
      if (!row) throw new Error('insufficient');
      const after = Number(row.balance);
      await tx.execute(
        sql`INSERT INTO wallet_transactions
              (tenant_id, merchant_id, wallet_id, seq, trade_no, pay_method, type, currency, amount, balance_before, balance_after)
            VALUES (${tenant.id}, ${merchant.id}, ${walletId}, ${Number(row.last_seq)},
              'B' || lpad(nextval('wallet_trade_no_seq')::text, 12, '0'), 'manual', 'adjustment', 'CNY', -1, ${after + 1}, ${after})`,
      );
    });
  });

  const service = await throughput('wallet debit service (debit() in a transaction)', n, width, async (i) => {
    await db.transaction((tx) =>
      debit(systemContext(tx, { tenantId: tenant.id }, 'bench'), {
        type: 'adjustment',
        merchantId: merchant.id,
        currency: 'CNY',
        amount: 1,
        idempotencyKey: `svc-${run}-${i}`,
      }),
    );
  });

  let failures = 0;
  const api = await throughput(
    'wallet debit API (POST /api/v1/admin/finance/adjustment)',
    n,
    width,
    async (i) => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/admin/finance/adjustment',
        headers,
        payload: {
          merchant_id: merchant.id,
          currency: 'CNY',
          amount: -1,
          remark: 'bench',
          idempotency_key: `bench-${run}-${i}`,
        },
      });
      if (res.statusCode !== 200) failures += 1;
    },
  );
  if (failures) console.log(`API failures: ${failures}`);
  console.log(`ratio wallet debit service / raw guarded-UPDATE transaction: ${(service / raw).toFixed(2)}`);
  console.log(`ratio wallet debit API / raw guarded-UPDATE transaction: ${(api / raw).toFixed(2)}`);

  const report = await reconcile(db, tenant.id);
  console.log(
    `reconciliation (${report.transactions} transactions): ${formatReconciliation(report).join('; ')}`,
  );

  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  if (failures || report.drifts.length) process.exitCode = 1;
}

await main();
