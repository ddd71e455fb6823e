/**
 * Order payment from the balance (issue 10), on a real PostgreSQL (the local server; BENCH_PG_URL
 * or DATABASE_URL picks another). In one run:
 * 1. a fresh database with many merchants holding balances and unpaid orders;
 * 2. baseline (fair, issue 25): the same ledger work as the API in ONE prepared statement — the
 *    API's own paying statement (order lock within the data scope, logistics check, idempotency
 *    row, guarded wallet update, ledger row, order marked paid), sent by `pg` as a named prepared
 *    statement, at the same concurrency and pool size as the API;
 * 3. the API: the server as its own process, run as `npm run start:api` runs an API process
 *    (PROCESS_ROLE=api, with its runtime flags: scripts/server-runtime.mjs), POST
 *    /api/v1/admin/order/pay by 200 concurrent clients (each a merchant paying its own orders)
 *    over keep-alive HTTP;
 * 4. reconciliation of the ledger both wrote (0 drift expected);
 * 5. a second scenario: one hot merchant paid for by all clients at once, with a balance that
 *    runs out (only "balance insufficient" refusals allowed).
 * The two paths run in alternating rounds (raw, API, raw, API, …), so a machine that is slower
 * for a while (other load on the host) slows both alike and the ratio stays fair; each path's
 * rate is its payments over its own time in all rounds.
 * Before it, a `CPU per 1,000 payments` line splits each side's CPU between this process (the load),
 * the server and the rest of the machine (PostgreSQL, mostly), read from /proc on Linux.
 * Last line: `payments <api>/s vs raw <raw>/s ratio <r> p99 <ms> ms drift <n>`.
 * Both paths are warmed up first with BENCH_WARMUP payments per client (JIT, pool connections,
 * prepared plans), after the database is vacuumed and checkpointed; those are not measured.
 * BENCH_CLIENTS (200), BENCH_PAYMENTS (measured payments per path, 9000), BENCH_ROUNDS (3),
 * BENCH_WARMUP (5), BENCH_POOL (server and raw pool, 20).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { fillPlaceholders } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { orderPaymentGuard } from '../apps/server/src/modules/checkout/payment.workflow.ts';
import { debitStatement, reconcile } from '../apps/server/src/modules/wallet/index.ts';
import { buildPaymentWorld, setUpDatabase, type BenchMerchant } from './lib/payment-world.ts';
import { jsonClient, percentile, scratchDatabase, startServer } from './lib/server-process.ts';

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 200);
const PAYMENTS = Number(process.env.BENCH_PAYMENTS ?? 9000);
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const POOL = Number(process.env.BENCH_POOL ?? 20);
const HOT_ORDERS = Number(process.env.BENCH_HOT_ORDERS ?? 3000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);
const JWT_SECRET = 'bench-secret-bench-secret-bench-secret-0123';

interface Run {
  seconds: number;
  /** From the start until the last successful payment finished (refusals after it excluded). */
  okSeconds: number;
  ok: number;
  refused: Map<string, number>;
  latencies: number[];
}

/** Each client works through its own queue of jobs; latencies are per job. */
async function drive<T>(queues: T[][], op: (job: T) => Promise<string | null>): Promise<Run> {
  const refused = new Map<string, number>();
  const latencies: number[] = [];
  let ok = 0;
  let lastOk = 0;
  const start = performance.now();
  await Promise.all(
    queues.map(async (queue) => {
      for (const job of queue) {
        const t0 = performance.now();
        const error = await op(job);
        latencies.push(performance.now() - t0);
        if (error === null) {
          ok += 1;
          lastOk = performance.now();
        } else refused.set(error, (refused.get(error) ?? 0) + 1);
      }
    }),
  );
  const end = performance.now();
  return {
    seconds: (end - start) / 1000,
    okSeconds: ((ok ? lastOk : end) - start) / 1000,
    ok,
    refused,
    latencies,
  };
}

/** Runs of the same path in several rounds, as one. */
function combine(runs: Run[]): Run {
  const refused = new Map<string, number>();
  for (const r of runs) for (const [e, n] of r.refused) refused.set(e, (refused.get(e) ?? 0) + n);
  return {
    seconds: runs.reduce((t, r) => t + r.seconds, 0),
    okSeconds: runs.reduce((t, r) => t + r.okSeconds, 0),
    ok: runs.reduce((t, r) => t + r.ok, 0),
    refused,
    latencies: runs.flatMap((r) => r.latencies),
  };
}

/**
 * Each merchant's orders: a warm-up for each path, then per round a slice for raw and one for
 * the API (perRound × ROUNDS measured payments per client and path).
 */
function split(merchants: BenchMerchant[], perRound: number) {
  const at = (m: BenchMerchant, start: number, n: number) => m.orderNos.slice(start, start + n);
  const slices = (start: number, n: number) => merchants.map((m) => at(m, start, n));
  const measured = 2 * WARMUP;
  return {
    rawWarm: slices(0, WARMUP),
    apiWarm: slices(WARMUP, WARMUP),
    rounds: Array.from({ length: ROUNDS }, (_, r) => ({
      raw: slices(measured + 2 * r * perRound, perRound),
      api: slices(measured + (2 * r + 1) * perRound, perRound),
    })),
  };
}

/**
 * The fair raw side (issue 25): the same ledger work as the API in ONE prepared statement — the
 * paying statement the API itself sends (`debitStatement` around `orderPaymentGuard`: the order
 * locked within the data scope, the logistics check on the same row, the idempotency key, the
 * guarded wallet update, the ledger row and the order marked paid), rendered once and run as a
 * named prepared statement through `pg`, one round trip per payment. What the API adds on top
 * is its own cost: HTTP, the sign-in check, validation, the reply and the admin log.
 */
function rawStatement(tenantId: string) {
  const guard = orderPaymentGuard({ tenantId, merchantId: tenantId }, 'X', 'balance');
  const { sql: text, params } = new PgDialect().sqlToQuery(debitStatement(guard.build()));
  return { text, params };
}

async function rawPayments(
  pool: pg.Pool,
  merchants: BenchMerchant[],
  queues: string[][],
  tenantId: string,
  statement: ReturnType<typeof rawStatement>,
) {
  return drive(
    queues.map((q, i) => q.map((orderNo) => ({ orderNo, merchant: merchants[i]! }))),
    async ({ orderNo, merchant }) => {
      const guard = orderPaymentGuard({ tenantId, merchantId: merchant.merchantId }, orderNo, 'balance');
      const values = fillPlaceholders(statement.params, {
        ...guard.values,
        d_id: randomUUID(),
        d_hash: orderNo,
        d_key: `order:${orderNo}`,
        d_tenant: tenantId,
        d_merchant: merchant.merchantId,
        d_type: 'order_payment',
        d_pay_method: 'balance',
        d_reference_type: 'order',
        d_reference: orderNo,
        d_third_party_no: null,
        d_paid_at: new Date(),
        d_arrived_at: null,
        d_operator: merchant.userId,
        d_remark: `Order ${orderNo}`,
      });
      const { rows } = await pool.query<{ wallet_id: string | null }>({
        name: 'bench_raw_order_pay',
        text: statement.text,
        values,
      });
      return rows[0]?.wallet_id ? null : 'insufficient';
    },
  );
}

type HttpClient = ReturnType<typeof jsonClient>;

/** Each client pays its queue through the shared keep-alive agent (its connections stay open between runs). */
function apiPayments(client: HttpClient, merchants: BenchMerchant[], queues: string[][]) {
  return drive(
    queues.map((q, i) => q.map((orderNo) => ({ orderNo, token: merchants[i % merchants.length]!.token }))),
    async ({ orderNo, token }) => {
      const res = await client.post(
        '/api/v1/admin/order/pay',
        { order_nos: [orderNo], method: 'balance' },
        { authorization: `Bearer ${token}`, 'accept-language': 'en' },
      );
      if (res.status === 200) return null;
      const msg = (JSON.parse(res.body) as { msg?: string }).msg ?? String(res.status);
      return `${res.status} ${msg}`;
    },
  );
}

/**
 * The measurement starts from a clean database state: the set-up's dead rows vacuumed, its
 * statistics fresh and its dirty pages written, so no round pays for the set-up's autovacuum or
 * checkpoint. (Before the warm-ups: a pause after them would let pool connections go idle.)
 */
async function settle(pool: pg.Pool) {
  await pool.query('VACUUM (ANALYZE) wallets, wallet_transactions, orders');
  await pool.query('CHECKPOINT');
}

/** Seconds of CPU used so far by the process `pid` (utime + stime), or null off Linux. */
function processCpu(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command's closing parenthesis: state is field 3, utime 14, stime 15, in
    // clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Seconds of CPU the whole machine has spent busy (all cores, not idle or waiting), or null off Linux. */
function machineCpu(): number | null {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
    const n = ticks.map(Number);
    return (n.reduce((a, b) => a + b, 0) - n[3]! - n[4]!) / 100;
  } catch {
    return null;
  }
}

/**
 * Where the CPU went in one phase: this process (the load: pg's client or the HTTP client), the
 * server's process, and the rest of the machine (PostgreSQL, mostly). Summed over the rounds.
 */
function cpuMeter(serverPid: number | undefined) {
  const total = { bench: 0, server: 0, machine: 0 };
  return {
    total,
    async measure<T>(work: () => Promise<T>): Promise<T> {
      const bench = process.cpuUsage();
      const server = processCpu(serverPid);
      const machine = machineCpu();
      const result = await work();
      const used = process.cpuUsage(bench);
      total.bench += (used.user + used.system) / 1e6;
      const serverAfter = processCpu(serverPid);
      if (server !== null && serverAfter !== null) total.server += serverAfter - server;
      const machineAfter = machineCpu();
      if (machine !== null && machineAfter !== null) total.machine += machineAfter - machine;
      return result;
    },
  };
}

/** Successful payments per second, while there were payments to make (see Run.okSeconds). */
const rate = (r: Run) => r.ok / r.okSeconds;
const fmt = (n: number) => n.toFixed(0);

async function main() {
  const scratch = await scratchDatabase('pod_bench_pay');
  const dataDir = mkdtempSync(join(tmpdir(), 'pod-bench-pay-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let http: HttpClient | undefined;
  const pool = new pg.Pool({ connectionString: scratch.url, max: POOL });
  try {
    const { database, app, close } = await setUpDatabase(scratch.url, dataDir, JWT_SECRET);

    const perRound = Math.max(1, Math.ceil(PAYMENTS / CLIENTS / ROUNDS));
    const perMerchant = 2 * (WARMUP + perRound * ROUNDS);
    const setupStart = performance.now();
    const world = await buildPaymentWorld(database.db, app.services, {
      merchants: CLIENTS,
      ordersPerMerchant: perMerchant,
      balance: () => perMerchant * 100_00 * 2,
    });
    const hot = await buildPaymentWorld(database.db, app.services, {
      merchants: 1,
      ordersPerMerchant: HOT_ORDERS,
      // Enough for about two thirds of the orders: the rest must be refused, never overdrawn.
      balance: () => 0,
    });
    const { fundWallet } = await import('../apps/server/test/factories/index.ts');
    await fundWallet(
      database.db,
      { tenantId: hot.tenantId, merchantId: hot.merchants[0]!.merchantId },
      Math.floor((HOT_ORDERS * 2) / 3) * hot.total,
    );
    await close();
    console.log(
      `setup: ${CLIENTS} merchants × ${perMerchant} unpaid orders + 1 hot merchant × ${HOT_ORDERS} (${((performance.now() - setupStart) / 1000).toFixed(1)} s)`,
    );

    server = await startServer({
      DATABASE_URL: scratch.url,
      DATABASE_POOL_SIZE: String(POOL),
      JWT_SECRET,
      DATA_DIR: dataDir,
      // An API process, as deployments serving this load run it: no job workers or sweeps.
      PROCESS_ROLE: 'api',
    });
    // 200 clients, each with its own keep-alive connection, opened in the warm-up.
    http = jsonClient(server.url, CLIENTS);
    const queues = split(world.merchants, perRound);
    const statement = rawStatement(world.tenantId);
    await settle(pool);
    await rawPayments(pool, world.merchants, queues.rawWarm, world.tenantId, statement);
    await apiPayments(http, world.merchants, queues.apiWarm);
    const rawRuns: Run[] = [];
    const apiRuns: Run[] = [];
    const rawCpu = cpuMeter(server.child.pid);
    const apiCpu = cpuMeter(server.child.pid);
    for (const round of queues.rounds) {
      rawRuns.push(
        await rawCpu.measure(() => rawPayments(pool, world.merchants, round.raw, world.tenantId, statement)),
      );
      apiRuns.push(await apiCpu.measure(() => apiPayments(http!, world.merchants, round.api)));
      console.log(
        `round ${rawRuns.length}: raw ${fmt(rate(rawRuns.at(-1)!))}/s, API ${fmt(rate(apiRuns.at(-1)!))}/s`,
      );
    }
    const raw = combine(rawRuns);
    const api = combine(apiRuns);
    console.log(
      `raw: the same paying statement, prepared, one round trip: ${fmt(rate(raw))} payments/s (${raw.ok} in ${raw.seconds.toFixed(1)} s) p50 ${percentile(raw.latencies, 50).toFixed(1)} ms p99 ${percentile(raw.latencies, 99).toFixed(1)} ms`,
    );
    const apiP50 = percentile(api.latencies, 50);
    const apiP99 = percentile(api.latencies, 99);
    console.log(
      `API POST /api/v1/admin/order/pay: ${fmt(rate(api))} payments/s (${api.ok} in ${api.seconds.toFixed(1)} s) p50 ${apiP50.toFixed(1)} ms p99 ${apiP99.toFixed(1)} ms`,
    );
    for (const [error, n] of api.refused) console.log(`  refused ${n}× ${error}`);
    // Where the CPU went, per 1,000 payments (issue 25: the server, the load and the database
    // share two cores; the raw side's load is pg's client, the API's an HTTP client).
    const per1000 = (seconds: number, paid: number) => ((seconds / paid) * 1000).toFixed(2);
    const cpuLine = (label: string, cpu: ReturnType<typeof cpuMeter>['total'], paid: number) =>
      `${label}: this process ${per1000(cpu.bench, paid)} s, server ${per1000(cpu.server, paid)} s, ` +
      `rest of the machine ${per1000(cpu.machine - cpu.bench - cpu.server, paid)} s`;
    console.log(
      `CPU per 1,000 payments — ${cpuLine('raw', rawCpu.total, raw.ok)}; ${cpuLine('API', apiCpu.total, api.ok)}`,
    );

    // One hot merchant: every client pays its orders at once.
    const hotOrders = hot.merchants[0]!.orderNos;
    const hotQueues = Array.from({ length: CLIENTS }, (_, c) =>
      hotOrders.filter((_, i) => i % CLIENTS === c),
    );
    const hotRun = await apiPayments(
      http,
      hotQueues.map(() => hot.merchants[0]!),
      hotQueues,
    );
    const onlyInsufficient = [...hotRun.refused.keys()].every((e) => e.includes('Balance insufficient'));
    console.log(
      `hot merchant: ${fmt(rate(hotRun))} payments/s (${hotRun.ok} paid in ${hotRun.okSeconds.toFixed(1)} s; with the ${HOT_ORDERS - hotRun.ok} refusals ${fmt(HOT_ORDERS / hotRun.seconds)} requests/s over ${hotRun.seconds.toFixed(1)} s) p99 ${percentile(hotRun.latencies, 99).toFixed(1)} ms; refusals: ${[...hotRun.refused].map(([e, n]) => `${n}× ${e}`).join(', ') || 'none'}`,
    );

    const check = await openDatabase({ kind: 'postgres', url: scratch.url, poolSize: 2 });
    const report = await reconcile(check.db, null);
    await check.close();
    const drift = report.drifts.length;
    console.log(`reconciliation: ${report.transactions} transactions, ${drift} drift`);
    const ratio = rate(api) / rate(raw);
    console.log(
      `targets (issue 25): ratio >= 0.5 ${ratio >= 0.5 ? 'ok' : 'MISSED'}; p99 < 300 ms ${apiP99 < 300 ? 'ok' : 'MISSED'}; hot >= 400/s ${rate(hotRun) >= 400 ? 'ok' : 'MISSED'} with only insufficient-balance refusals ${onlyInsufficient ? 'ok' : 'MISSED'}; drift 0 ${drift === 0 ? 'ok' : 'MISSED'}`,
    );
    console.log(
      `payments ${fmt(rate(api))}/s vs raw ${fmt(rate(raw))}/s ratio ${ratio.toFixed(2)} p99 ${apiP99.toFixed(0)} ms drift ${drift}`,
    );
    if (drift || api.refused.size || !onlyInsufficient) process.exitCode = 1;
  } finally {
    http?.close();
    await server?.stop();
    await pool.end();
    await scratch.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
