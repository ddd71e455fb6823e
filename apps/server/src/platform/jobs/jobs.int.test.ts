import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildMember,
  buildMerchant,
  buildPlatformAdmin,
  buildSupplierAdmin,
  buildTenant,
} from '../../../test/factories/index.ts';
import { staffWithRole } from '../../../test/helpers/access.ts';
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
/** The tenants that have the gated test module switched off, and what its job and sweep saw. */
const switchedOff = new Set<string>();
const gatedRuns: string[] = [];
const sweptSkipping: Array<readonly string[]> = [];

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
      // As the composition root declares a switchable module's jobs (decision 0059).
      jobs.declareGated(
        {
          module: 'gizmos',
          isEnabled: (tenantId) => Promise.resolve(tenantId === null || !switchedOff.has(tenantId)),
          tenantsWithout: () => Promise.resolve([...switchedOff]),
        },
        () => {
          jobs.define<{ tag: string }>({
            name: 'test.gated',
            retryLimit: 0,
            async handler(run) {
              gatedRuns.push(run.data.tag);
              return { ran: run.data.tag };
            },
          });
          jobs.every('test.gated-sweep', 3600, async (sweep) => {
            sweptSkipping.push(sweep.skipTenants);
          });
        },
      );
      jobs.every('test.core-sweep', 3600, async (sweep) => {
        sweptSkipping.push(sweep.skipTenants);
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

/** A merchant's primary account and the owner of the jobs it queues (decision 0026). */
async function merchantJobOwner(tenantId: string) {
  const { merchant, primary } = await buildMerchant(t.database.db, tenantId);
  return {
    actor: adminActor(primary),
    owner: { tenantId, merchantId: merchant.id, createdBy: primary.id },
  };
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
    const { actor, owner } = await merchantJobOwner(tenant.id);
    const headers = await t.authAs(actor);
    const id = await t.services.jobs.enqueue('test.progress', { steps: 3 }, owner);

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
    const { actor, owner } = await merchantJobOwner(tenant.id);
    const headers = await t.authAs(actor);
    const id = await t.services.jobs.enqueue('test.flaky', null, owner);
    const done = await poll(id, headers, (j) => j.state === 'completed');
    expect(done.attempts).toBe(2);
    expect(flakyCalls).toBe(2);
  });

  it('records the failure reason when retries are exhausted', async () => {
    const tenant = await buildTenant(t.database.db);
    const { actor, owner } = await merchantJobOwner(tenant.id);
    const headers = await t.authAs(actor);
    const id = await t.services.jobs.enqueue('test.broken', null, owner);
    const failed = await poll(id, headers, (j) => j.state === 'failed');
    expect(failed).toMatchObject({ attempts: 2, error: 'the printer is on fire', result: null });
  });

  it("gives 404 for another tenant's, another merchant's and the platform's view of a merchant's job", async () => {
    const a = await buildTenant(t.database.db);
    const b = await buildTenant(t.database.db);
    const { actor, owner } = await merchantJobOwner(a.id);
    const id = await t.services.jobs.enqueue('test.broken', null, owner);
    const read = async (reader: Actor) =>
      t.app.inject({
        method: 'GET',
        url: `/api/v1/jobs/${id}`,
        headers: { ...(await t.authAs(reader)), 'accept-language': 'en' },
      });

    expect((await read(actor)).statusCode).toBe(200);
    const otherTenant = await read(await merchantOf(b.id));
    expect(otherTenant.statusCode).toBe(404);
    expect(otherTenant.json()).toMatchObject({ code: 404, msg: 'Job not found', data: { errors: [] } });
    // Another merchant of the same supplier, the supplier itself and the platform: not theirs.
    expect((await read(await merchantOf(a.id))).statusCode).toBe(404);
    expect((await read(adminActor(await buildSupplierAdmin(t.database.db, a.id)))).statusCode).toBe(404);
    expect((await read(adminActor(await buildPlatformAdmin(t.database.db)))).statusCode).toBe(404);
  });

  it('a job queued under a permission is read only by holders of it; staff of limited scope read their own', async () => {
    const tenant = await buildTenant(t.database.db);
    const { merchant, primary } = await buildMerchant(t.database.db, tenant.id);
    const owner = { tenantId: tenant.id, merchantId: merchant.id, createdBy: primary.id };
    const exportJob = await t.services.jobs.enqueue('test.broken', null, {
      ...owner,
      permission: 'finished:export',
    });
    const plainJob = await t.services.jobs.enqueue('test.broken', null, owner);
    const staff = await staffWithRole(
      t,
      await t.authAs(adminActor(primary)),
      { tier: 'merchant', tenantId: tenant.id, merchantId: merchant.id },
      { menus: ['publish/finished/my'] },
    );
    const read = (id: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: `/api/v1/jobs/${id}`, headers });
    const primaryHeaders = await t.authAs(adminActor(primary));
    expect((await read(exportJob, primaryHeaders)).statusCode).toBe(200);
    // Without finished:export, and (data scope "self") not the staff's own job.
    expect((await read(exportJob, staff.headers)).statusCode).toBe(404);
    expect((await read(plainJob, staff.headers)).statusCode).toBe(404);
    const ownJob = await t.services.jobs.enqueue('test.broken', null, { ...owner, createdBy: staff.user.id });
    expect((await read(ownJob, staff.headers)).statusCode).toBe(200);
  });

  it('needs an admin token: none, or a member token, gives 401', async () => {
    const tenant = await buildTenant(t.database.db);
    const { owner } = await merchantJobOwner(tenant.id);
    const id = await t.services.jobs.enqueue('test.broken', null, owner);
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

  it("skips a switchable module's run for a tenant that switched it off, as skipped, and tells its sweep", async () => {
    const on = await buildTenant(t.database.db);
    const off = await buildTenant(t.database.db);
    const a = await merchantJobOwner(on.id);
    const b = await merchantJobOwner(off.id);
    switchedOff.add(off.id);
    try {
      const ran = await t.services.jobs.enqueue('test.gated', { tag: 'on' }, a.owner);
      const skipped = await t.services.jobs.enqueue('test.gated', { tag: 'off' }, b.owner);
      const done = await poll(ran, await t.authAs(a.actor), (j) => j.state === 'completed');
      expect(done.result).toEqual({ ran: 'on' });
      const left = await poll(skipped, await t.authAs(b.actor), (j) => j.state === 'skipped');
      // Not failed, no error, not retried: the module's handler never saw it.
      expect(left).toMatchObject({
        state: 'skipped',
        error: null,
        result: { skipped: 'module.disabled', module: 'gizmos' },
      });
      expect(gatedRuns).toEqual(['on']);

      // The module's sweep is told which tenants to leave out; a core module's sweep is not.
      sweptSkipping.length = 0;
      await t.services.jobs.sweep('test.gated-sweep');
      await t.services.jobs.sweep('test.core-sweep');
      expect(sweptSkipping).toEqual([[off.id], []]);
    } finally {
      switchedOff.clear();
    }
  });
});
