import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FACTORY_PASSWORD, buildMerchant, buildTenant, unique } from '../../../test/factories/index.ts';
import { loginAdmin } from '../../../test/helpers/auth.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

// Races need real concurrent connections: PostgreSQL only (PGlite has a single connection).
describe.runIf(process.env.DATABASE_URL)('auth under concurrency (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('two simultaneous refreshes with one token: one wins, the other is a reuse that ends the sign-in', async () => {
    const tenant = await buildTenant(t.database.db);
    const username = unique('race');
    await buildMerchant(t.database.db, tenant.id, { primary: { username, password: FACTORY_PASSWORD } });
    const { refresh_token } = (await loginAdmin(t, username, FACTORY_PASSWORD)).json().data;
    const results = await Promise.all(
      [1, 2].map(() =>
        t.app.inject({ method: 'PUT', url: '/api/v1/auth/refresh', payload: { token: refresh_token } }),
      ),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
    const winner = results.find((r) => r.statusCode === 200)!.json().data;
    const next = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/auth/refresh',
      payload: { token: winner.refresh_token },
    });
    expect(next.statusCode).toBe(401);
  });

  it('the rate limiter lets exactly the limit through under concurrent hits', async () => {
    const rule = { name: 'race-test', limit: 30, windowSeconds: 60 };
    const results = await Promise.all(
      Array.from({ length: 60 }, () => t.services.limiter.hit(rule, 'subject')),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(30);
    expect(new Set(results.map((r) => r.count)).size).toBe(60);
  });
});
