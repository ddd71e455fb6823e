import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildMerchant,
  buildPlatformAdmin,
  buildTenant,
} from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor } from '../../modules/access/index.ts';
import { memberActor } from '../../modules/member/index.ts';
import type { Actor } from '../context.ts';

let t: TestApp;
let releaseProgressJob: () => void = () => undefined;
const progressGate = new Promise<void>((resolve) => {
  releaseProgressJob = resolve;
});
let flakyCalls = 0;

beforeAll(async () => {
  t = await createTestApp({
    startJobs: true,
    beforeReady(app) {
      const { jobs } = app.services;
      jobs.define<{ steps: number }>({
        name: 'test.progress',
        async handler(run) {
          await run.progress(50);
          await progressGate;
          return { steps: run.data.steps, attempt: run.attempt };
        },
      });
      jobs.define<null>({
        name: 'test.flaky',
        retryLimit: 2,
        retryDelaySeconds: 1,
        async handler(run) {
          flakyCalls += 1;
          if (run.attempt === 1) throw new Error('first attempt fails');
          return { ok: true };
        },
      });
      jobs.define<null>({
        name: 'test.broken',
        retryLimit: 1,
        retryDelaySeconds: 1,
        async handler() {
          throw new Error('the printer is on fire');
        },
      });
    },
  });
});
afterAll(() => t.close());
beforeEach(() => t.reset());

async function merchantOf(tenantId: string): Promise<Actor> {
  const { primary } = await buildMerchant(t.database.db, tenantId);
  return adminActor(primary);
}

async function poll(
  id: string,
  headers: Record<string, string>,
  until: (job: { state: string; progress: number }) => boolean,
) {
  const deadline = Date.now() + 25_000;
  for (;;) {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers });
    expect(res.statusCode).toBe(200);
    const job = res.json().data;
    if (until(job)) return job;
    if (Date.now() > deadline) throw new Error(`job ${id} stuck in ${JSON.stringify(job)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('jobs', () => {
  it('runs a job, reports progress in percent, then its result', async () => {
    const tenant = await buildTenant(t.database.db);
    const actor = await merchantOf(tenant.id);
    const headers = await t.authAs(actor);
    const id = await t.services.jobs.enqueue(
      'test.progress',
      { steps: 3 },
      { tenantId: tenant.id, createdBy: actor.id },
    );

    const midway = await poll(id, headers, (j) => j.progress === 50);
    expect(midway.state).toBe('active');

    releaseProgressJob();
    const done = await poll(id, headers, (j) => j.state === 'completed');
    expect(done).toMatchObject({
      progress: 100,
      attempts: 1,
      result: { steps: 3, attempt: 1 },
      error: null,
      name: 'test.progress',
    });
  });

  it('retries a failed attempt with back-off and then succeeds', async () => {
    const tenant = await buildTenant(t.database.db);
    const headers = await t.authAs(await merchantOf(tenant.id));
    const id = await t.services.jobs.enqueue('test.flaky', null, { tenantId: tenant.id });
    const done = await poll(id, headers, (j) => j.state === 'completed');
    expect(done.attempts).toBe(2);
    expect(flakyCalls).toBe(2);
  });

  it('records the failure reason when retries are exhausted', async () => {
    const tenant = await buildTenant(t.database.db);
    const headers = await t.authAs(await merchantOf(tenant.id));
    const id = await t.services.jobs.enqueue('test.broken', null, { tenantId: tenant.id });
    const failed = await poll(id, headers, (j) => j.state === 'failed');
    expect(failed).toMatchObject({ attempts: 2, error: 'the printer is on fire', result: null });
  });

  it("gives 404 for another tenant's job, and the platform sees every tenant's", async () => {
    const a = await buildTenant(t.database.db);
    const b = await buildTenant(t.database.db);
    const id = await t.services.jobs.enqueue('test.broken', null, { tenantId: a.id });

    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${id}`,
      headers: { ...(await t.authAs(await merchantOf(b.id))), 'accept-language': 'en' },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 404, msg: 'Job not found', data: null });

    const platform = adminActor(await buildPlatformAdmin(t.database.db));
    const seen = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${id}`,
      headers: await t.authAs(platform),
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data.id).toBe(id);
  });

  it('needs an admin token: none, or a member token, gives 401', async () => {
    const tenant = await buildTenant(t.database.db);
    const id = await t.services.jobs.enqueue('test.broken', null, { tenantId: tenant.id });
    const none = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${id}`,
      headers: { 'accept-language': 'en' },
    });
    expect(none.statusCode).toBe(401);
    expect(none.json().msg).toBe('User not logged in, please log in again!');
    const member = await t.authAs(memberActor(await buildMember(t.database.db, tenant.id)));
    const wrongKind = await t.app.inject({
      method: 'GET',
      url: `/api/v1/jobs/${id}`,
      headers: { authorization: `Bearer ${member['x-user-token']}` },
    });
    expect(wrongKind.statusCode).toBe(401);
  });

  it('rejects a malformed id with 400 naming the field', async () => {
    const tenant = await buildTenant(t.database.db);
    const headers = await t.authAs(await merchantOf(tenant.id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/jobs/not-a-uuid',
      headers: { ...headers, 'accept-language': 'en' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.errors).toEqual([{ field: 'id', message: 'Please enter the correct ID' }]);
  });
});
