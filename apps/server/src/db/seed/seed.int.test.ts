import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { DEMO_USERNAMES } from '../../../test/factories/demo.ts';
import { adminActor, findAdminUserByUsername } from '../../modules/access/index.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import { adminUsers, members, merchants } from '../schema/index.ts';
import { seedDemo } from './seed.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ startJobs: true });
});
afterAll(() => t.close());

describe('demo seed', () => {
  it('creates every demo account once, with the demo password, and is idempotent', async () => {
    const first = await seedDemo(t.services);
    expect(first.created).toBe(true);
    const second = await seedDemo(t.services);
    expect(second).toEqual({ created: false, thumbnailJobId: null });

    const db = t.database.db;
    const [admins] = await db.select({ n: count() }).from(adminUsers);
    expect(admins?.n).toBe(5);
    const [memberCount] = await db.select({ n: count() }).from(members);
    expect(memberCount?.n).toBe(1);

    const tiers: Record<string, string> = {};
    for (const username of ['admin', 'supplier', 'factory', 'merchant', 'staff']) {
      const user = await findAdminUserByUsername(db, username);
      expect(user, username).toBeDefined();
      tiers[username] = user!.tier;
      expect(await verifyPassword(t.config.demoPassword, user!.passwordHash)).toBe(true);
    }
    expect(tiers).toEqual({
      admin: 'platform',
      supplier: 'supplier',
      factory: 'factory',
      merchant: 'merchant',
      staff: 'merchant',
    });

    const merchant = await findAdminUserByUsername(db, DEMO_USERNAMES.merchant);
    const staff = await findAdminUserByUsername(db, DEMO_USERNAMES.staff);
    expect(merchant?.isPrimary).toBe(true);
    expect(staff?.isPrimary).toBe(false);
    expect(staff?.merchantId).toBe(merchant?.merchantId);
    const [m] = await db.select().from(merchants).where(eq(merchants.id, merchant!.merchantId!));
    expect(m?.tenantId).toBe(merchant?.tenantId);
  });

  it("makes the mockup thumbnails in a background job that the supplier's admin can follow", async () => {
    await t.reset();
    const seeded = await seedDemo(t.services);
    expect(seeded.thumbnailJobId).toBeTruthy();
    const supplier = await findAdminUserByUsername(t.database.db, DEMO_USERNAMES.supplier);
    const headers = await t.authAs(adminActor(supplier!));
    const deadline = Date.now() + 25_000;
    let job: {
      state: string;
      progress: number;
      result: { thumbnails: Array<{ source: string; thumbnail: string }> };
    };
    for (;;) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/jobs/${seeded.thumbnailJobId}`,
        headers,
      });
      job = res.json().data;
      if (job.state === 'completed' || job.state === 'failed' || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(job.state).toBe('completed');
    expect(job.progress).toBe(100);
    expect(job.result.thumbnails).toHaveLength(4);
    for (const { thumbnail } of job.result.thumbnails) {
      expect(await t.services.storage.exists(thumbnail)).toBe(true);
      expect(thumbnail).toMatch(/\.webp$/);
    }
  });
});
