import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { PgRateGate } from './rate-bucket.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the marketplace rate limit in PostgreSQL', () => {
  it("gives one second's burst, then reserves slots in the future: the waits space the calls at the rate", async () => {
    const gate = new PgRateGate(t.database.db);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) waits.push(await gate.reserve('test:burst', 2));
    expect(waits.slice(0, 2)).toEqual([0, 0]);
    // Each further call waits about half a second more, less the time the statements themselves took.
    expect(waits[2]).toBeGreaterThan(250);
    expect(waits[2]).toBeLessThanOrEqual(500);
    expect(waits[3]! - waits[2]!).toBeGreaterThan(250);
    expect(waits[4]! - waits[3]!).toBeGreaterThan(250);
    // Another key is another bucket.
    expect(await gate.reserve('test:other', 2)).toBe(0);
  });

  it('is shared: two gates over one database (two processes) draw on the same bucket', async () => {
    const a = new PgRateGate(t.database.db);
    const b = new PgRateGate(t.database.db);
    const waits = await Promise.all([
      a.reserve('test:shared', 1),
      b.reserve('test:shared', 1),
      a.reserve('test:shared', 1),
    ]);
    expect(waits.filter((w) => w === 0)).toHaveLength(1);
    expect(waits.filter((w) => w > 0).sort((x, y) => x - y)[1]).toBeGreaterThan(1000);
  });
});
