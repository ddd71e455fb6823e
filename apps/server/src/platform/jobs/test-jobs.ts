import type { FastifyInstance } from 'fastify';
import type { JobQueue } from './job-queue.ts';

/**
 * Test-only (NODE_ENV=test): the multi-process test (scale-out.int.test.ts, decision 0074) queues
 * a job through one API process and watches which worker runs it, and counts the ticks of a
 * recurring task across worker processes. Each run and tick is logged with this process's id.
 * The recurring task exists only when POD_TEST_TICK_SECONDS is set.
 */
export function registerTestJobs(
  app: FastifyInstance,
  services: { config: { testHooks: boolean }; jobs: JobQueue },
): void {
  if (!services.config.testHooks) return;
  services.jobs.define<{ tag: string }>({
    name: 'test.echo',
    retryLimit: 0,
    handler(run) {
      app.log.info({ testEcho: run.data.tag, job: run.id, pid: process.pid }, 'test echo job ran');
      return Promise.resolve({ pid: process.pid });
    },
  });
  const tick = Number(process.env.POD_TEST_TICK_SECONDS ?? '');
  if (tick > 0)
    services.jobs.every('test.tick', tick, () => {
      app.log.info({ testTick: Date.now(), pid: process.pid }, 'test tick');
      return Promise.resolve();
    });
  app.post('/api/test/echo-job', { schema: { hide: true } }, async (request) => {
    const given = (request.body as { tag?: unknown } | undefined)?.tag;
    const tag = typeof given === 'string' ? given : '';
    const id = await services.jobs.enqueue('test.echo', { tag }, { tenantId: null });
    return { code: 200, data: { id } };
  });
}
