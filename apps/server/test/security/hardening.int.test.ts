import { Agent, request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LIMITS } from '@pod/shared';
import { adminActor } from '../../src/modules/access/index.ts';
import { adminLogs } from '../../src/modules/admin/schema.ts';
import { AdminLogWriter, flushAdminLog } from '../../src/modules/admin/admin-log.ts';
import { buildMerchant, buildSupplierAdmin, buildTenant, FACTORY_PASSWORD } from '../factories/index.ts';
import { multipart } from '../helpers/multipart.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

/** Issue 17: each finding has a test named after it. */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { CAPTCHA: 'off' } });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const expectEnvelope = (body: string, code: number) => {
  const parsed = JSON.parse(body) as Record<string, unknown>;
  expect(parsed.code).toBe(code);
  expect('data' in parsed).toBe(true);
  expect(typeof parsed.msg).toBe('string');
  expect(typeof parsed.time).toBe('number');
};

describe('issue 17 finding 1: deeply nested JSON', () => {
  it('a 5,000-level body answers 400 naming the depth limit, on login and on an admin route', async () => {
    const deep = '['.repeat(5_000) + ']'.repeat(5_000);
    const body = `{"username":"admin1","password":"whatever1","x":${deep}}`;
    for (const url of ['/api/v1/auth/login', '/api/v1/admin/role']) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        payload: body,
      });
      expect(res.statusCode, url).toBe(url.includes('login') ? 400 : 401);
      if (url.includes('login')) expect(res.json().msg).toContain(String(LIMITS.jsonDepth));
      expectEnvelope(res.body, res.statusCode);
    }
  });
});

describe('issue 17 finding 2: a NUL in a write body loses no audit row', () => {
  it("another tenant's row in the same batch is kept, and the bad row is stored cleaned", async () => {
    const [a, b] = [await buildTenant(t.database.db), await buildTenant(t.database.db)];
    const adminA = await buildSupplierAdmin(t.database.db, a.id);
    const adminB = await buildSupplierAdmin(t.database.db, b.id);
    const headersA = await t.authAs(adminActor(adminA));
    const headersB = await t.authAs(adminActor(adminB));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/role',
      headers: headersA,
      payload: { name: 'evil\u0000role', remark: 'lone \uD800 surrogate' },
    });
    expect(bad.statusCode).toBe(400);
    const good = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/role',
      headers: headersB,
      payload: { name: 'x', card_number: '6222020200112233', mobile: '13812345678' },
    });
    expect(good.statusCode).toBeLessThan(500);
    await flushAdminLog(t.database.db);
    const rowsB = await t.database.db.select().from(adminLogs).where(eq(adminLogs.userId, adminB.id));
    expect(rowsB).toHaveLength(1);
    // Identifying numbers are masked to their last four characters.
    expect(rowsB[0]!.summary).toMatchObject({ card_number: '****2233', mobile: '****5678' });
    const rowsA = await t.database.db.select().from(adminLogs).where(eq(adminLogs.userId, adminA.id));
    expect(rowsA).toHaveLength(1);
    expect(rowsA[0]!.summary).toMatchObject({ name: 'evil\uFFFDrole', remark: 'lone \uFFFD surrogate' });
  });

  it('rows the database refuses cost no other row of their batch: one by one, then without the summary', async () => {
    const errors: unknown[] = [];
    const writer = new AdminLogWriter(t.database.db, (error) => errors.push(error));
    const row = (url: string, extra: object = {}) => ({
      method: 'POST',
      url,
      route: '/fallback',
      statusCode: '200',
      summary: { ok: true },
      ...extra,
    });
    // Written past every cleaning step on purpose: PostgreSQL refuses a NUL in text and in jsonb.
    writer.add(row('/fallback/1'));
    writer.add(row('/fallback/bad-summary', { summary: { name: 'nul\u0000' } }));
    writer.add(row('/fallback/bad-row', { ip: 'nul\u0000' }));
    writer.add(row('/fallback/2'));
    await writer.flush();
    const stored = await t.database.db
      .select({ url: adminLogs.url, summary: adminLogs.summary })
      .from(adminLogs)
      .where(eq(adminLogs.route, '/fallback'));
    expect(new Map(stored.map((r) => [r.url, r.summary]))).toEqual(
      new Map<string, unknown>([
        ['/fallback/1', { ok: true }],
        ['/fallback/bad-summary', { unstorable: true }],
        ['/fallback/2', { ok: true }],
      ]),
    );
    // The one row that could not be stored at all is reported, not silently lost.
    expect(errors).toHaveLength(1);
  });
});

describe('issue 17 finding 11: exported files escape formula cells', () => {
  it('a cell starting with =, +, -, @, a tab or a carriage return is stored as inert text', async () => {
    const tenant = await buildTenant(t.database.db);
    const headers = {
      ...(await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenant.id)))),
      'accept-language': 'en',
    };
    const names = ['=1+1', '+SUM(A1:A2)', '-2+3', '@cmd', '\t=1+1', '\r=1+1'];
    for (const name of names) await buildMerchant(t.database.db, tenant.id, { name });
    // The export runs as a job: the worker runs for this test only.
    await t.services.jobs.start();
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/exports',
        headers,
        payload: { page: 'tenancy/merchant', filters: {} },
      });
      expect(created.statusCode, created.body).toBe(200);
      const id = created.json().data.id as string;
      let status = '';
      for (let i = 0; i < 600 && status !== 'completed' && status !== 'failed'; i++) {
        if (i) await new Promise((r) => setTimeout(r, 50));
        const rec = await t.app.inject({ method: 'GET', url: `/api/v1/admin/exports/${id}`, headers });
        status = rec.json().data.status as string;
      }
      expect(status).toBe('completed');
      const link = await t.app.inject({ method: 'POST', url: `/api/v1/admin/exports/${id}/link`, headers });
      const file = await t.app.inject({ method: 'GET', url: link.json().data.url as string });
      expect(file.statusCode).toBe(200);
      const book = new ExcelJS.Workbook();
      await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = book.worksheets[0]!;
      const column = (sheet.getRow(1).values as unknown[]).indexOf('Name');
      const cells = sheet.getColumn(column).values.slice(2);
      // Text cells (never formulas), each the name behind a quote that makes it inert.
      expect(cells.map((c) => typeof c)).toEqual(names.map(() => 'string'));
      // (XML reads a stored carriage return back as a line feed.)
      const expected = names.map((n) => `'${n}`.replace(/\r/g, '\n'));
      expect([...cells].sort()).toEqual(expected.sort());
    } finally {
      await t.services.jobs.stop();
    }
  });
});

const login = (username: string, password: string, remoteAddress: string, headers = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    headers: { 'accept-language': 'en', ...headers },
    payload: { username, password },
    remoteAddress,
  });

describe('issue 17 finding 4: no spoofable limits, no lock-out by a stranger', () => {
  it('X-Forwarded-For from an untrusted client does not escape the per-IP login limit', async () => {
    let last = 0;
    for (let i = 0; i < 31 && last !== 429; i++) {
      const res = await login('someone', 'Whatever1', '10.7.7.7', { 'x-forwarded-for': `198.51.100.${i}` });
      last = res.statusCode;
    }
    expect(last).toBe(429);
  });

  it('wrong passwords from a stranger do not lock the owner out', async () => {
    const tenant = await buildTenant(t.database.db);
    const { primary } = await buildMerchant(t.database.db, tenant.id);
    for (let i = 0; i < 6; i++)
      expect((await login(primary.username, 'Wrong12345', '10.6.6.6')).statusCode).toBe(400);
    const stranger = await login(primary.username, FACTORY_PASSWORD, '10.6.6.6');
    expect(stranger.json().msg).toMatch(/locked/);
    const owner = await login(primary.username, FACTORY_PASSWORD, '10.5.5.5');
    expect(owner.statusCode, owner.body).toBe(200);
  });
});

describe('issue 17 finding 12: a locked account answers 400 as decision 0010 says', () => {
  it('the sixth try after five wrong passwords is 400 with the lock message', async () => {
    const tenant = await buildTenant(t.database.db);
    const { primary } = await buildMerchant(t.database.db, tenant.id);
    for (let i = 0; i < 5; i++) await login(primary.username, 'Wrong12345', '10.4.4.4');
    const res = await login(primary.username, FACTORY_PASSWORD, '10.4.4.4');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 400 });
    expect(res.json().msg).toMatch(/^Too many wrong passwords/);
  });
});

describe('issue 17 finding 7: money and quantities are JSON integers only', () => {
  it('"100", "1e3", true and [100] are refused with 400 on recharges, adjustments and the cart', async () => {
    const tenant = await buildTenant(t.database.db);
    const { primary, merchant } = await buildMerchant(t.database.db, tenant.id);
    const supplier = await buildSupplierAdmin(t.database.db, tenant.id);
    const asMerchant = await t.authAs(adminActor(primary));
    const asSupplier = await t.authAs(adminActor(supplier));
    for (const amount of ['100', '1e3', true, [100], 1.5, null]) {
      const recharge = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/wallet/recharge/alipay',
        headers: asMerchant,
        payload: { amount, agreement: true },
      });
      expect(recharge.statusCode, `recharge ${JSON.stringify(amount)}`).toBe(400);
      expect(recharge.json().data.errors[0].field).toBe('amount');
      const adjustment = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/finance/adjustment',
        headers: asSupplier,
        payload: {
          merchant_id: merchant.id,
          currency: 'CNY',
          amount,
          remark: 'test',
          idempotency_key: `key-${String(Math.random()).slice(2)}`,
        },
      });
      expect(adjustment.statusCode, `adjustment ${JSON.stringify(amount)}`).toBe(400);
      const cart = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/cart',
        headers: asMerchant,
        payload: {
          items: [
            {
              finished_product_id: '00000000-0000-4000-8000-000000000001',
              color_id: '00000000-0000-4000-8000-000000000002',
              size_id: '00000000-0000-4000-8000-000000000003',
              quantity: amount,
            },
          ],
        },
      });
      expect(cart.statusCode, `cart ${JSON.stringify(amount)}`).toBe(400);
      expect(JSON.stringify(cart.json().data.errors)).toContain('quantity');
    }
  });

  it('the API document states the format of amounts', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(JSON.stringify(doc)).toContain('A JSON integer (money in minor units');
  });
});

describe('issue 17 finding 10: refusals before routing', () => {
  it('TRACE and a path that is not valid UTF-8 get an envelope refusal', async () => {
    const trace = await t.app.inject({ method: 'TRACE' as 'GET', url: '/api/health' });
    expect(trace.statusCode).toBeGreaterThanOrEqual(400);
    expect(trace.statusCode).toBeLessThan(500);
    expectEnvelope(trace.body, trace.statusCode);
    const badPath = await t.app.inject({ method: 'GET', url: '/api/v1/jobs/%ED%A0%80' });
    expect(badPath.statusCode).toBe(400);
    expectEnvelope(badPath.body, 400);
  });
});

describe('issue 17 finding 5: security headers', () => {
  it('API and HTML replies carry CSP, frame refusal, nosniff and Referrer-Policy; HSTS only over HTTPS', async () => {
    for (const url of ['/api/health', '/api/v1/does-not-exist', '/login']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp, url).toContain("default-src 'self'");
      // Only the platform's own pages may frame it (spec §2 embedded pages, decision 0070).
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).headers['cache-control']).toBe(
      'no-store',
    );
  });
});

/** A reply over a real socket (inject skips Node's HTTP parser and connection handling). */
async function send(
  options: { path: string; method?: string; headers?: Record<string, string>; agent?: Agent },
  body?: Buffer,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: string }> {
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port: address.port, method: options.method ?? 'GET', ...options },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    // The server may answer and close before the whole body is written.
    req.on('error', (error: NodeJS.ErrnoException) => (error.code === 'EPIPE' ? undefined : reject(error)));
    req.end(body);
  });
}

describe('over a real connection', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('issue 17 finding 10: a query string over 16 KB gets 431 in the envelope', async () => {
    const res = await send({ path: `/api/health?q=${'a'.repeat(20_000)}` });
    expect(res.status).toBe(431);
    expectEnvelope(res.body, 431);
    const long = await send({ path: `/api/health?q=${'a'.repeat(LIMITS.queryStringChars + 10)}` });
    expect(long.status).toBe(414);
    expectEnvelope(long.body, 414);
  });

  it('issue 17 finding 10: a malformed request line gets 400 in the envelope', async () => {
    const address = t.app.server.address();
    if (!address || typeof address === 'string') throw new Error('not listening');
    const raw = await new Promise<string>((resolve) => {
      const socket = connect(address.port, '127.0.0.1', () =>
        socket.write('GARBAGE \u0001 HTTP/1.1\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expectEnvelope(raw.slice(raw.indexOf('\r\n\r\n') + 4), 400);
  });

  it('issue 17 finding 9: after a 413 upload refusal the next request on a kept-alive connection answers', async () => {
    const tenant = await buildTenant(t.database.db);
    const { primary } = await buildMerchant(t.database.db, tenant.id);
    const headers = await t.authAs(adminActor(primary));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const form = await multipart([
        {
          name: 'big.png',
          body: Buffer.alloc(LIMITS.materialUploadBytes + 1024 * 1024, 1),
          type: 'image/png',
        },
      ]);
      const refused = await send(
        { path: '/admin/ajax/upload', method: 'POST', headers: { ...headers, ...form.headers }, agent },
        form.payload,
      );
      expect(refused.status).toBe(413);
      expectEnvelope(refused.body, 413);
      const next = await send({ path: '/api/health', agent });
      expect(next.status).toBe(200);
    } finally {
      agent.destroy();
    }
  });
});

describe('behind a trusted proxy (TRUST_PROXY=127.0.0.1)', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ env: { CAPTCHA: 'off', TRUST_PROXY: '127.0.0.1' } });
  });
  afterAll(() => proxied.close());

  it('issue 17 finding 4: the proxy reports the client address; others do not', async () => {
    const hit = (remoteAddress: string) =>
      proxied.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { username: 'someone', password: 'Whatever1' },
        headers: { 'x-forwarded-for': '203.0.113.9' },
        remoteAddress,
      });
    // Through the proxy, the forwarded address is the client: 30 tries from it use up its limit…
    let last = 0;
    for (let i = 0; i < 31 && last !== 429; i++) last = (await hit('127.0.0.1')).statusCode;
    expect(last).toBe(429);
    // …and a stranger sending the same header from elsewhere is counted under its own address.
    expect((await hit('10.3.3.3')).statusCode).toBe(400);
  });

  it('issue 17 finding 5: HSTS on replies served over HTTPS', async () => {
    const res = await proxied.app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toContain('max-age=');
  });
});
