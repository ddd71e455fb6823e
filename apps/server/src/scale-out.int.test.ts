import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildCatalogBasics, buildProduct } from '../test/factories/catalog.ts';
import { buildSupplierAdmin, buildTenant, FACTORY_PASSWORD, unique } from '../test/factories/index.ts';
import { openTestDatabase } from '../test/helpers/test-database.ts';
import { adminUserRoles, catalogProducts } from './db/schema/index.ts';
import { createAdminUser, menuIdByName } from './modules/access/index.ts';
import { LocalFileStorage } from './platform/storage/local-storage.ts';

/**
 * Decision 0074, on real PostgreSQL only: two API processes (A and B) and two job workers, started
 * as `npm run start:api` / `start:worker` start them (PROCESS_ROLE), on one database. What one
 * process changes holds in the others; a job runs once; a recurring task ticks in one process.
 */
const onPostgres = inject('dbTemplate').kind === 'postgres';
const repoRoot = resolve(import.meta.dirname, '../../..');

interface Child {
  name: string;
  process: ChildProcess;
  lines: Array<Record<string, unknown>>;
  port: number;
}

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => done(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe.skipIf(!onPostgres)('many processes on one PostgreSQL', () => {
  const children: Child[] = [];
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  let dataDir = '';
  let a: Child, b: Child;
  const users: Record<string, string> = {};
  let tenantId = '';

  async function start(
    name: string,
    role: 'api' | 'worker',
    extra: Record<string, string> = {},
  ): Promise<Child> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH,
        NODE_ENV: 'test',
        PROCESS_ROLE: role,
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: '3',
        JWT_SECRET: 'scale-out-test-secret-0123456789-abcdefghijklmnop',
        DATA_DIR: dataDir,
        PORT: String(port),
        HOST: '127.0.0.1',
        CAPTCHA: 'off',
        TIKTOK: 'off',
        TEMU: 'off',
        ALIPAY_SANDBOX_PORT: '0',
        LOG_LEVEL: 'info',
        DEMO_SEED: 'false',
        LOGIN_LIMIT_PER_IP: '1000',
        ...extra,
      },
    });
    const entry: Child = { name, process: child, lines: [], port };
    let rest = '';
    child.stdout.on('data', (chunk: Buffer) => {
      const text = rest + chunk.toString('utf8');
      const parts = text.split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        try {
          entry.lines.push(JSON.parse(line) as Record<string, unknown>);
        } catch {
          entry.lines.push({ msg: line });
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => entry.lines.push({ msg: chunk.toString('utf8') }));
    children.push(entry);
    return entry;
  }

  const started = (child: Child) =>
    child.lines.some((l) => typeof l.msg === 'string' && l.msg.startsWith('PodSupply'));

  const call = (child: Child, method: string, path: string, body?: unknown, token?: string) =>
    fetch(`http://127.0.0.1:${child.port}${path}`, {
      method,
      headers: {
        'accept-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const login = async (child: Child, username: string, password = FACTORY_PASSWORD) =>
    call(child, 'POST', '/api/v1/auth/login', { username, password });

  const tokenOf = async (child: Child, username: string) => {
    const res = await login(child, username);
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { access_token: string } }).data.access_token;
  };

  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(join(tmpdir(), 'pod-scale-'));
    const tenant = await buildTenant(database.db);
    tenantId = tenant.id;
    for (const name of ['logout', 'locked', 'lockout', 'owner'])
      users[name] = (await buildSupplierAdmin(database.db, tenant.id)).username;
    const tick = { POD_TEST_TICK_SECONDS: '0.2' };
    [a, b] = await Promise.all([start('A', 'api'), start('B', 'api')]);
    await Promise.all([start('W1', 'worker', tick), start('W2', 'worker', tick)]);
    // Started when each has logged its start line (a child that exits early fails the wait).
    while (!children.every(started)) {
      const dead = children.find((c) => c.process.exitCode !== null);
      if (dead) throw new Error(`${dead.name} exited: ${JSON.stringify(dead.lines.slice(-5))}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 300_000);

  afterAll(async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((done) => {
            if (c.process.exitCode !== null) return done();
            c.process.once('exit', () => done());
            c.process.kill('SIGTERM');
          }),
      ),
    );
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('a sign-in ended through A is refused by B on the next request', async () => {
    const token = await tokenOf(b, users.logout!);
    expect((await call(b, 'GET', '/api/v1/auth/index', undefined, token)).status).toBe(200);
    expect((await call(a, 'DELETE', '/api/v1/auth/logout', undefined, token)).status).toBe(200);
    expect((await call(b, 'GET', '/api/v1/auth/index', undefined, token)).status).toBe(401);
  });

  it('a user locked by another process is refused by B, and unlocked is let in again', async () => {
    const token = await tokenOf(a, users.locked!);
    expect((await call(b, 'GET', '/api/v1/auth/index', undefined, token)).status).toBe(200);
    const lock = (locked: boolean) =>
      database.db.execute(
        sql`UPDATE admin_users SET is_locked = ${locked} WHERE username = ${users.locked!}`,
      );
    await lock(true);
    expect((await call(b, 'GET', '/api/v1/auth/index', undefined, token)).status).toBe(401);
    await lock(false);
    expect((await call(b, 'GET', '/api/v1/auth/index', undefined, token)).status).toBe(200);
  });

  it('a role change made through A’s API is enforced by B within a second, both ways', async () => {
    const menus = async (names: string[]) => {
      const ids: string[] = [];
      for (const name of names) ids.push((await menuIdByName(database.db, name))!);
      return ids;
    };
    const owner = await tokenOf(a, users.owner!);
    const created = await call(
      a,
      'POST',
      '/api/v1/admin/role',
      {
        name: unique('Role'),
        code: unique('r'),
        data_scope: 'self',
        menu_ids: await menus(['access', 'access/role']),
        department_ids: [],
      },
      owner,
    );
    expect(created.status, await created.clone().text()).toBe(200);
    const roleId = ((await created.json()) as { data: { id: string } }).data.id;
    // The staff member who holds the role (fixture: users are created and linked directly).
    const staff = await createAdminUser(database.db, {
      tier: 'supplier',
      tenantId,
      username: unique('staff'),
      password: FACTORY_PASSWORD,
    });
    await database.db.insert(adminUserRoles).values({ userId: staff.id, roleId });
    const staffToken = await tokenOf(b, staff.username);
    const listOnB = async () => (await call(b, 'GET', '/api/v1/admin/role', undefined, staffToken)).status;
    // B has read (and cached) the role's permissions before A changes them.
    expect(await listOnB()).toBe(200);

    const setMenus = async (names: string[]) => {
      const res = await call(
        a,
        'PATCH',
        `/api/v1/admin/role/${roleId}`,
        { menu_ids: await menus(names) },
        owner,
      );
      expect(res.status, await res.clone().text()).toBe(200);
    };
    // From A's reply on, B answers the new way within a second (the poll fails after 1 s).
    const within = async (expected: number) => {
      const changedAt = Date.now();
      await expect.poll(listOnB, { timeout: 1_000, interval: 50 }).toBe(expected);
      return Date.now() - changedAt;
    };
    await setMenus(['dashboard']);
    expect(await within(403)).toBeLessThanOrEqual(1_000);
    await setMenus(['access', 'access/role']);
    expect(await within(200)).toBeLessThanOrEqual(1_000);
  });

  it('five wrong passwords counted on A lock the account on B', async () => {
    for (let i = 0; i < 5; i++) expect((await login(a, users.lockout!, 'Wrong12345')).status).toBe(400);
    const res = await login(b, users.lockout!);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { msg: string }).msg).toMatch(/locked/);
  });

  it('a catalogue change made anywhere shows on B’s storefront at its next load (decision 0086)', async () => {
    const host = `${unique('shop')}.example.com`.toLowerCase();
    const tenant = await buildTenant(database.db, { domain: host });
    const basics = await buildCatalogBasics(database.db, tenant.id);
    const storage = new LocalFileStorage(join(dataDir, 'files'));
    const { product } = await buildProduct({ db: database.db, storage }, tenant.id, {
      category_id: basics.category.id,
      color_ids: basics.colors.map((c) => c.id),
      size_ids: basics.sizes.map((z) => z.id),
      onSale: true,
      name: 'Cross-process tee',
    });
    // The storefront answers by the request's host: plain node:http, which sends the Host given.
    const names = (child: Child) =>
      new Promise<string[]>((done, fail) => {
        const req = request(
          { host: '127.0.0.1', port: child.port, path: '/api/v1/storefront/products', headers: { host } },
          (res) => {
            let body = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => (body += chunk));
            res.on('end', () => {
              if (res.statusCode !== 200) return fail(new Error(`${res.statusCode}: ${body}`));
              done(
                (JSON.parse(body) as { data: { list: Array<{ name: string }> } }).data.list.map(
                  (p) => p.name,
                ),
              );
            });
          },
        );
        req.on('error', fail);
        req.end();
      });
    // Twice on each: the second reply is B's and A's kept copy.
    for (const child of [b, b, a, a]) expect(await names(child)).toEqual(['Cross-process tee']);
    // Written straight to the table, by neither process: the table's own notice reaches both.
    await database.db
      .update(catalogProducts)
      .set({ name: 'Renamed tee' })
      .where(eq(catalogProducts.id, product.id));
    expect(await names(b)).toEqual(['Renamed tee']);
    expect(await names(a)).toEqual(['Renamed tee']);
    // Taken off sale the same way: gone from both at once.
    await database.db
      .update(catalogProducts)
      .set({ status: 'off_sale' })
      .where(eq(catalogProducts.id, product.id));
    expect(await names(b)).toEqual([]);
    expect(await names(a)).toEqual([]);
  });

  it('a job queued through A runs exactly once, in a worker', async () => {
    const tag = `echo-${Date.now()}`;
    const res = await call(a, 'POST', '/api/test/echo-job', { tag });
    expect(res.status).toBe(200);
    const { id } = ((await res.json()) as { data: { id: string } }).data;
    const runs = () => children.flatMap((c) => c.lines.filter((l) => l.testEcho === tag).map(() => c.name));
    await expect.poll(runs, { timeout: 60_000, interval: 200 }).not.toEqual([]);
    await expect
      .poll(
        async () =>
          (await database.db.execute<{ state: string }>(sql`SELECT state FROM job_runs WHERE id = ${id}`))
            .rows[0]?.state,
        { timeout: 30_000 },
      )
      .toBe('completed');
    expect(runs()).toHaveLength(1);
    expect(['W1', 'W2']).toContain(runs()[0]);
  });

  it('a recurring task ticks in one worker at a time', async () => {
    const ticks = () =>
      children.flatMap((c) => c.lines.filter((l) => l.testTick !== undefined).map(() => c.name));
    await expect.poll(() => ticks().length, { timeout: 60_000, interval: 200 }).toBeGreaterThanOrEqual(5);
    expect(new Set(ticks()).size).toBe(1);
    // The leader goes away: the other worker takes the ticks over.
    const leader = children.find((c) => c.name === ticks()[0])!;
    const other = leader.name === 'W1' ? 'W2' : 'W1';
    leader.process.kill('SIGTERM');
    await expect
      .poll(() => ticks().filter((n) => n === other).length, { timeout: 60_000 })
      .toBeGreaterThan(0);
  });
});
