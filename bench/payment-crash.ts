/**
 * Crash test of order payment (issue 10), on the local PostgreSQL:
 * 1. start the server as its own process and stream payments (merchants paying their orders);
 * 2. `kill -9` it midway, then start it again;
 * 3. retry every payment whose answer was lost, and replay some acknowledged ones with the same
 *    request, then finish the rest;
 * and check: every acknowledged payment is in the ledger, no order is charged twice, balances
 * equal funding minus what the paid orders cost, and the reconciliation shows 0 drift.
 * Exits non-zero on any failure. `npm run test:crash`; CRASH_MERCHANTS (20), CRASH_ORDERS (40).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { formatReconciliation, reconcile } from '../apps/server/src/modules/wallet/index.ts';
import { buildPaymentWorld, setUpDatabase } from './lib/payment-world.ts';
import { jsonClient, scratchDatabase, startServer, type ServerProcess } from './lib/server-process.ts';

const MERCHANTS = Number(process.env.CRASH_MERCHANTS ?? 20);
const ORDERS = Number(process.env.CRASH_ORDERS ?? 40);
const JWT_SECRET = 'crash-secret-crash-secret-crash-secret-0123';
const FUNDING = 10_000_000;

type Outcome = 'paid' | 'lost' | 'refused';

function fail(message: string): never {
  throw new Error(`crash test failed: ${message}`);
}

async function pay(server: ServerProcess, token: string, orderNo: string): Promise<Outcome> {
  const client = jsonClient(server.url, 1);
  try {
    const res = await client.post(
      '/api/v1/admin/order/pay',
      { order_nos: [orderNo], method: 'balance' },
      { authorization: `Bearer ${token}`, 'accept-language': 'en' },
    );
    if (res.status === 200) {
      const data = (JSON.parse(res.body) as { data: { paid: string[]; already_paid: string[] } }).data;
      if (data.paid.includes(orderNo) || data.already_paid.includes(orderNo)) return 'paid';
      fail(`200 without the order for ${orderNo}: ${res.body}`);
    }
    if (res.status >= 500) return 'lost';
    return 'refused';
  } catch {
    return 'lost'; // connection reset by the kill: the answer is unknown
  } finally {
    client.close();
  }
}

async function main() {
  const scratch = await scratchDatabase('pod_crash');
  const dataDir = mkdtempSync(join(tmpdir(), 'pod-crash-'));
  const env = { DATABASE_URL: scratch.url, JWT_SECRET, DATA_DIR: dataDir, JOB_WORKERS: 'false' };
  let server: ServerProcess | undefined;
  try {
    const { database, app, close } = await setUpDatabase(scratch.url, dataDir, JWT_SECRET);
    const world = await buildPaymentWorld(database.db, app.services, {
      merchants: MERCHANTS,
      ordersPerMerchant: ORDERS,
      balance: () => FUNDING,
    });
    await close();

    // 1. Stream payments, 2. kill -9 midway.
    server = await startServer(env);
    const outcomes = new Map<string, Outcome>();
    let killed = false;
    const total = MERCHANTS * ORDERS;
    const streams = world.merchants.map(async (m) => {
      for (const orderNo of m.orderNos) {
        if (killed) return;
        outcomes.set(orderNo, await pay(server!, m.token, orderNo));
        if (!killed && outcomes.size >= total / 2) {
          killed = true;
          await server!.kill();
        }
      }
    });
    await Promise.all(streams);
    const acknowledged = [...outcomes].filter(([, o]) => o === 'paid').map(([no]) => no);
    const lost = [...outcomes].filter(([, o]) => o === 'lost').map(([no]) => no);
    const refused = [...outcomes].filter(([, o]) => o === 'refused');
    if (refused.length) fail(`refused before the crash: ${refused.length}`);
    console.log(
      `before the crash: ${acknowledged.length} acknowledged, ${lost.length} answers lost (killed with SIGKILL)`,
    );
    if (!acknowledged.length) fail('nothing was acknowledged before the kill');

    // 3. Restart; retry the lost ones, replay acknowledged ones, finish the rest.
    server = await startServer(env);
    const tokenOf = new Map(world.merchants.flatMap((m) => m.orderNos.map((no) => [no, m.token] as const)));
    for (const orderNo of [...lost, ...acknowledged.slice(0, 50)]) {
      const outcome = await pay(server, tokenOf.get(orderNo)!, orderNo);
      if (outcome !== 'paid') fail(`retry of ${orderNo} after restart: ${outcome}`);
      outcomes.set(orderNo, 'paid');
    }
    await Promise.all(
      world.merchants.map(async (m) => {
        for (const orderNo of m.orderNos.filter((no) => !outcomes.has(no))) {
          const outcome = await pay(server!, m.token, orderNo);
          if (outcome !== 'paid') fail(`payment of ${orderNo} after restart: ${outcome}`);
          outcomes.set(orderNo, 'paid');
        }
      }),
    );
    await server.stop();
    server = undefined;

    // Checks, straight from the database.
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    const ledger = await client.query<{ reference: string; n: string }>(
      `SELECT reference, count(*) AS n FROM wallet_transactions WHERE type = 'order_payment' GROUP BY reference`,
    );
    const charges = new Map(ledger.rows.map((r) => [r.reference, Number(r.n)]));
    const twice = [...charges].filter(([, n]) => n > 1);
    if (twice.length) fail(`charged more than once: ${twice.map(([no]) => no).join(', ')}`);
    const missing = acknowledged.filter((no) => charges.get(no) !== 1);
    if (missing.length) fail(`acknowledged but not in the ledger: ${missing.join(', ')}`);
    const unpaid = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM orders WHERE status <> 'paid'`,
    );
    if (Number(unpaid.rows[0]!.n) !== 0) fail(`${unpaid.rows[0]!.n} orders not paid at the end`);
    if (charges.size !== total) fail(`${charges.size} ledger charges for ${total} orders`);
    const balances = await client.query<{ merchant_id: string; balance: string }>(
      `SELECT merchant_id, balance FROM wallets WHERE currency = 'CNY'`,
    );
    for (const row of balances.rows)
      if (Number(row.balance) !== FUNDING - ORDERS * world.total)
        fail(
          `merchant ${row.merchant_id} balance ${row.balance}, expected ${FUNDING - ORDERS * world.total}`,
        );
    await client.end();

    const check = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    const report = await reconcile(check.db, null);
    await check.close();
    console.log(
      `reconciliation (${report.transactions} transactions): ${formatReconciliation(report).join('; ')}`,
    );
    if (report.drifts.length) fail(`${report.drifts.length} drift`);
    console.log(
      `crash test passed: ${total} orders paid once each, ${acknowledged.length} acknowledged before the kill all in the ledger, ${lost.length} lost answers retried, drift 0`,
    );
  } finally {
    await server?.kill();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
