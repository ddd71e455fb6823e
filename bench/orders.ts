/**
 * The order list at a million orders (issue 19, decision 0041). `npm run bench:orders`.
 *
 * Seeds its own PostgreSQL database (`pod_bench_orders` on DATABASE_URL's server, default
 * postgres://postgres@127.0.0.1:5432) with 1,000,000 orders across 10,000 merchants of 20 tenants
 * (INSERT … SELECT generate_series, 1–3 lines each, realistic status and date spreads), cached
 * between runs by the marker table `bench_orders_seed`. Then measures, for one merchant, the order
 * list API (first page, status filter, date range, a query box of 50 numbers, page 50) at 16
 * concurrent clients, and in the same run the API's own statement (its page with its total, as
 * drizzle renders it) sent raw through pg, and prints EXPLAIN's scan kinds of that statement. Last line:
 * `orders list p95 <ms> ms raw p95 <ms> ms ratio <r>`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateDatabase } from '../apps/server/src/db/migrate.ts';
import { MENU_CATALOGUE } from '../apps/server/src/modules/index.ts';
import { adminActor, ensureSystemMenus, findAdminUserById } from '../apps/server/src/modules/access/index.ts';
import { orderListSql } from '../apps/server/src/modules/orders/index.ts';
import { buildMerchant, buildTenant } from '../apps/server/test/factories/index.ts';
import { orderListQuerySchema } from '@pod/shared';

const SEED_VERSION = 'orders-v1';
const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const MERCHANTS = 10_000;
const TENANTS = 20;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 16);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 40);
/** Every this-many-th order is the measured merchant's (2,000 orders: page 50 of 20 exists). */
const MEASURED_EVERY = 500;

const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const withDb = (url: string, name: string) => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};
const benchUrl = withDb(serverUrl, 'pod_bench_orders');

async function ensureDatabase() {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const found = await admin.query(`SELECT 1 FROM pg_database WHERE datname = 'pod_bench_orders'`);
  if (!found.rowCount) await admin.query('CREATE DATABASE pod_bench_orders');
  await admin.end();
}

interface Seeded {
  tenant_id: string;
  merchant_id: string;
  user_id: string;
}

async function seed(client: pg.Client, db: Parameters<typeof buildTenant>[0]): Promise<Seeded> {
  await client.query(
    `CREATE TABLE IF NOT EXISTS bench_orders_seed (version text PRIMARY KEY, tenant_id uuid, merchant_id uuid, user_id uuid, seeded_at timestamptz DEFAULT now())`,
  );
  const cached = await client.query<Seeded>(`SELECT * FROM bench_orders_seed WHERE version = $1`, [
    SEED_VERSION,
  ]);
  if (cached.rows[0]) {
    console.log('seed: cached (bench_orders_seed)');
    return cached.rows[0];
  }
  const started = Date.now();
  await client.query('TRUNCATE order_lines, order_events, orders CASCADE');
  const tenant = await buildTenant(db);
  const { merchant, primary } = await buildMerchant(db, tenant.id);
  // The other tenants and merchants: copies of these rows (names and numbers made unique).
  await client.query(
    `INSERT INTO tenants SELECT (jsonb_populate_record(NULL::tenants, to_jsonb(t) ||
       jsonb_build_object('id', gen_random_uuid(), 'name', t.name || '-' || g, 'domain', NULL, 'is_default', false))).*
     FROM tenants t, generate_series(1, $2::int - 1) g WHERE t.id = $1`,
    [tenant.id, TENANTS],
  );
  await client.query(
    `CREATE TEMP TABLE bench_tenants AS SELECT id, row_number() OVER (ORDER BY id) - 1 AS n FROM tenants
     WHERE id = $1 OR name LIKE (SELECT name FROM tenants WHERE id = $1) || '-%'`,
    [tenant.id],
  );
  await client.query(
    `INSERT INTO merchants SELECT (jsonb_populate_record(NULL::merchants, to_jsonb(m) ||
       jsonb_build_object('id', gen_random_uuid(), 'tenant_id', bt.id, 'number', m.number || '-' || g, 'name', m.name || '-' || g))).*
     FROM merchants m, generate_series(1, $2::int - 1) g JOIN bench_tenants bt ON bt.n = g % $3
     WHERE m.id = $1`,
    [merchant.id, MERCHANTS, TENANTS],
  );
  await client.query(
    `CREATE TEMP TABLE bench_merchants AS SELECT id, tenant_id, row_number() OVER (ORDER BY id) - 1 AS n
     FROM merchants WHERE id <> $1 AND number LIKE (SELECT number FROM merchants WHERE id = $1) || '-%'`,
    [merchant.id],
  );
  await client.query('CREATE UNIQUE INDEX ON bench_merchants (n)');
  // Orders: status mix of a live shop; created over the last year; paid and shipped after.
  await client.query(
    `INSERT INTO orders (tenant_id, merchant_id, order_no, source, platform, shop_name, third_party_order_no,
        tracking_no, status, currency, product_amount, shipping_amount, total_amount, total_quantity, weight,
        country_code, address, customs, shipping, pay_method, pay_no, expires_at, paid_at, shipped_at,
        created_at, updated_at, ordered_by)
     SELECT m.tenant_id, m.id, 'PO' || lpad(i::text, 22, '0'),
        CASE WHEN i % 3 = 0 THEN 'sync' ELSE 'manual' END,
        CASE WHEN i % 3 = 0 THEN 'tiktok' END, '',
        CASE WHEN i % 3 = 0 THEN 'TT' || i ELSE '' END,
        CASE WHEN s.status IN ('shipped', 'completed') THEN 'YT' || i ELSE '' END,
        s.status, 'CNY', p.amount, 1200, p.amount + 1200, p.qty, p.qty * 250,
        (ARRAY['US','GB','DE','FR','CA','AU','JP','CN'])[1 + i % 8],
        '{"first_name":"Bench","last_name":"","mobile_phone":"4155550132","country":"US","province":"CA","city":"SF","area":"","street":"1 Market St","postcode":"94105"}'::jsonb,
        '{"cn_name":"T恤","en_name":"T-shirt","en_material":"cotton","declared_price_usd":500,"declared_weight":250,"customs_code":""}'::jsonb,
        '{"method_id":"00000000-0000-0000-0000-000000000000","rate_id":"00000000-0000-0000-0000-000000000000","rate_version":1,"carrier":"YunExpress","name":"Standard","code":"STD","delivery_days_min":7,"delivery_days_max":15,"currency":"CNY","fee":1200}'::jsonb,
        CASE WHEN s.status IN ('paid','in_production','shipped','completed') THEN 'balance' END,
        CASE WHEN s.status IN ('paid','in_production','shipped','completed') THEN 'B' || lpad(i::text, 12, '0') ELSE '' END,
        c.at + interval '30 minutes',
        CASE WHEN s.status IN ('paid','in_production','shipped','completed') THEN c.at + interval '5 minutes' END,
        CASE WHEN s.status IN ('shipped','completed') THEN c.at + interval '2 days' END,
        c.at, c.at + interval '3 days', 'bench'
     FROM generate_series(1, $1::int) i
     CROSS JOIN LATERAL (SELECT CASE WHEN i % ${MEASURED_EVERY} = 0 THEN -1 ELSE (hashint4(i) & 2147483647) % ($2::int - 1) END AS n) pick
     JOIN (SELECT id, tenant_id, n FROM bench_merchants UNION ALL SELECT $3::uuid, $4::uuid, -1) m
       ON m.n = pick.n
     CROSS JOIN LATERAL (SELECT CASE
        WHEN h < 45 THEN 'completed' WHEN h < 60 THEN 'shipped' WHEN h < 65 THEN 'in_production'
        WHEN h < 75 THEN 'paid' WHEN h < 80 THEN 'unpaid' WHEN h < 90 THEN 'cancelled' ELSE 'timed_out' END AS status
        FROM (SELECT (hashint4(i + 7) & 2147483647) % 100 AS h) x) s
     CROSS JOIN LATERAL (SELECT now() - ((hashint4(i + 13) & 2147483647) % 31536000) * interval '1 second' AS at) c
     CROSS JOIN LATERAL (SELECT 1 + (hashint4(i + 17) & 2147483647) % 3 AS qty, (1 + (hashint4(i + 17) & 2147483647) % 3) * 4500 AS amount) p`,
    [ORDERS, MERCHANTS, merchant.id, tenant.id],
  );
  await client.query(
    `INSERT INTO order_lines (tenant_id, order_id, finished_product_id, finished_code, name, product_id, style_code,
        color_id, color_name, size_id, size_name, sku_code, quantity, unit_price, subtotal, unit_weight, sort)
     SELECT o.tenant_id, o.id, gen_random_uuid(), 'F' || k, 'Bench tee', gen_random_uuid(), 'ST1',
        gen_random_uuid(), 'White', gen_random_uuid(), 'M', 'SKU' || k, 1, 4500, 4500, 250, k
     FROM orders o, generate_series(1, o.total_quantity) k`,
  );
  await client.query('VACUUM ANALYZE orders');
  await client.query('VACUUM ANALYZE order_lines');
  await client.query(
    `INSERT INTO bench_orders_seed (version, tenant_id, merchant_id, user_id) VALUES ($1, $2, $3, $4)`,
    [SEED_VERSION, tenant.id, merchant.id, primary.id],
  );
  console.log(`seed: ${ORDERS} orders in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return { tenant_id: tenant.id, merchant_id: merchant.id, user_id: primary.id };
}

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0;
};

async function timed(total: number, width: number, op: (i: number) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const i = next++;
      const start = process.hrtime.bigint();
      await op(i);
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return times;
}

async function main() {
  await ensureDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), 'pod-bench-orders-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: join(dataDir, 'none') });
  const database = await openDatabase({ kind: 'postgres', url: benchUrl, poolSize: 20 });
  await migrateDatabase(database);
  await ensureSystemMenus(database.db, MENU_CATALOGUE);
  const client = new pg.Client({ connectionString: benchUrl });
  await client.connect();
  const seeded = await seed(client, database.db);
  const app = await buildApp({ config, database, logger: false, startJobs: false });
  await app.ready();
  const user = await findAdminUserById(database.db, seeded.user_id);
  const { accessToken } = await app.services.sessions.issue(database.db, adminActor(user!));
  const headers = { authorization: `Bearer ${accessToken}` };

  const nos = (
    await client.query<{ order_no: string }>(
      `SELECT order_no FROM orders WHERE tenant_id = $1 AND merchant_id = $2 ORDER BY order_no LIMIT 50`,
      [seeded.tenant_id, seeded.merchant_id],
    )
  ).rows.map((r) => r.order_no);
  const to = new Date();
  const from = new Date(to.getTime() - 90 * 86_400_000);
  const scenarios: Array<{ name: string; query: string }> = [
    { name: 'first page', query: 'page=1&limit=20' },
    { name: 'status', query: 'status=shipped&limit=20' },
    { name: 'date range', query: `from=${from.toISOString()}&to=${to.toISOString()}&limit=20` },
    { name: '50 numbers', query: `order_nos=${encodeURIComponent(nos.join(','))}&limit=20` },
    { name: 'page 50', query: 'page=50&limit=20' },
  ];

  const pool = new pg.Pool({ connectionString: benchUrl, max: CLIENTS });
  const scope = { tenantId: seeded.tenant_id, merchantId: seeded.merchant_id };
  /**
   * The API's own statement for a scenario (decision 0041): the list's page with its total in one
   * statement, as `order.repo.ts` builds it from the parsed query, rendered by drizzle.
   */
  const apiStatement = (s: (typeof scenarios)[number]) => {
    const q = orderListQuerySchema.parse(Object.fromEntries(new URLSearchParams(s.query)));
    return orderListSql(database.db, scope, q);
  };
  const statements = new Map(scenarios.map((s) => [s.name, apiStatement(s)]));
  const raw = async (s: (typeof scenarios)[number], explain = false) => {
    // The same SQL text and values the API sends, straight through pg (no auth, no context, no
    // validation, no mapping): the ratio is what the API adds around its statement.
    const { sql: text, params } = statements.get(s.name)!;
    if (explain) {
      const plan = (await pool.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${text}`, params)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
      const scans = [
        ...new Set(
          plan.match(/(Seq Scan|Index Only Scan|Index Scan|Bitmap Index Scan|Bitmap Heap Scan)/g) ?? [],
        ),
      ];
      console.log(`  EXPLAIN ${s.name} (the API's statement): ${scans.join(', ')}`);
      if (process.env.BENCH_PLANS) console.log(plan);
      return;
    }
    await pool.query(text, params);
  };
  const api = async (s: (typeof scenarios)[number]) => {
    const res = await app.inject({ method: 'GET', url: `/api/v1/admin/order?${s.query}`, headers });
    if (res.statusCode !== 200) throw new Error(`${s.name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  };

  for (const s of scenarios) await raw(s, true);
  // Warm-up: JIT, prepared plans, the pools' connections.
  for (const s of scenarios) {
    await timed(CLIENTS * 2, CLIENTS, () => api(s));
    await timed(CLIENTS * 2, CLIENTS, () => raw(s));
  }
  const apiTimes: number[] = [];
  const rawTimes: number[] = [];
  for (const s of scenarios) {
    // Alternating rounds, so both paths share the host's slow spells.
    const a: number[] = [];
    const r: number[] = [];
    for (let round = 0; round < 2; round++) {
      a.push(...(await timed((ROUNDS * CLIENTS) / 2, CLIENTS, () => api(s))));
      r.push(...(await timed((ROUNDS * CLIENTS) / 2, CLIENTS, () => raw(s))));
    }
    console.log(
      `${s.name.padEnd(12)} api p95 ${p95(a).toFixed(1).padStart(7)} ms   raw p95 ${p95(r).toFixed(1).padStart(7)} ms`,
    );
    apiTimes.push(...a);
    rawTimes.push(...r);
  }
  await pool.end();
  await client.end();
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
  const apiP95 = p95(apiTimes);
  const rawP95 = p95(rawTimes);
  console.log(
    `orders list p95 ${apiP95.toFixed(1)} ms raw p95 ${rawP95.toFixed(1)} ms ratio ${(apiP95 / rawP95).toFixed(2)}`,
  );
}

await main();
