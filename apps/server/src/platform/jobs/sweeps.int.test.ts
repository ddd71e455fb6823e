import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** An app whose job queue runs, with one recurring task every 50 ms that counts its ticks. */
async function appCountingTicks(sweeps: boolean): Promise<{ ticks: () => number }> {
  let ticks = 0;
  t = await createTestApp({
    startJobs: true,
    sweeps,
    beforeReady(app) {
      app.services.jobs.every('test.counting-sweep', 0.05, async () => {
        ticks += 1;
      });
    },
  });
  return { ticks: () => ticks };
}

describe('recurring sweeps', () => {
  it('run on their timers by default', async () => {
    const { ticks } = await appCountingTicks(true);
    await expect.poll(ticks, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
  });

  it('stay still when the app is built with sweeps off, and a test can still run one tick itself', async () => {
    const { ticks } = await appCountingTicks(false);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(ticks()).toBe(0);
    await t!.services.jobs.sweep('test.counting-sweep');
    expect(ticks()).toBe(1);
  });
});
