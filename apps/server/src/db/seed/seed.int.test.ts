import { count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor, findAdminUserByUsername } from '../../modules/access/index.ts';
import { verifyPassword } from '../../platform/auth/password.ts';
import { shipFromFactory, shippingOptions } from '../../modules/logistics/index.ts';
import { toCnyMinor } from '../../modules/wallet/index.ts';
import { usableMaterials } from '../../modules/materials/index.ts';
import { adminUsers, materials, members, merchants, shippingMethods } from '../schema/index.ts';
import { DEMO_FINISHED_NAME } from './demo-finished.ts';
import { seedDemo } from './seed.ts';
import { DEMO_USERNAMES } from './demo-platform.ts';

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

    // Logistics: four methods once; a 350 g parcel to the US from the demo factory has three.
    const [methodCount] = await db.select({ n: count() }).from(shippingMethods);
    expect(methodCount?.n).toBe(4);
    const tenantId = merchant!.tenantId!;
    const factoryId = await shipFromFactory(db, tenantId, null);
    const options = await shippingOptions(db, tenantId, { factoryId, country: 'US', weightGrams: 350 });
    expect(options.map((o) => o.code).sort()).toEqual(['4PX-US', 'DHL-EXP', 'YUN-STD']);
    // DHL is priced in USD; the demo's "RMB = 1 : 0.14" gives its $25.00 a yuan price (issue 26).
    expect(await toCnyMinor(db, 25_00, 'USD', new Date())).toBe(178_57);

    // The editor's material library is not empty on a fresh start (issue 26): the supplier's own
    // patterns, official and authorised, usable in the demo merchant's designs.
    const seeded = await db.select({ id: materials.id }).from(materials);
    expect(seeded.length).toBe(6);
    const usable = await usableMaterials(
      db,
      { tenantId, merchantId: merchant!.merchantId! },
      seeded.map((m) => m.id),
    );
    expect(usable.map((m) => m.isOfficial)).toEqual(Array(6).fill(true));
  });

  // The demo factory was written without an address or sender, which the factory reply requires.
  it('bug: the demo supplier’s factory list answered 500; it shows the demo factory with its address', async () => {
    await seedDemo(t.services);
    const supplier = await findAdminUserByUsername(t.database.db, DEMO_USERNAMES.supplier);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/factory',
      headers: await t.authAs(adminActor(supplier!)),
    });
    expect(res.statusCode, res.body).toBe(200);
    const [factory] = res.json().data.list;
    expect(factory).toMatchObject({ name: 'Demo Factory', is_main: true, sender_phone: '13800000000' });
    expect(factory.address).not.toBe('');
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

  it('gives the demo merchant a finished T-shirt, saved through the designs module, rendered by its job', async () => {
    await t.reset();
    await seedDemo(t.services);
    const merchant = await findAdminUserByUsername(t.database.db, DEMO_USERNAMES.merchant);
    const headers = await t.authAs(adminActor(merchant!));
    const list = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/design/finished', headers })).json().data;
    const first = await list();
    expect(first.total).toBe(1);
    expect(first.list[0]).toMatchObject({
      name: DEMO_FINISHED_NAME,
      style_code: 'TS-CLASSIC',
      faces: ['front'],
      code: expect.stringMatching(/^F\d{6}[0-9A-Z]{6}$/),
    });
    // Priced by the shared engine like any save: the merchant's exclusive base plus one face.
    expect(first.list[0].unit_price).toBe(4000);
    expect(first.list[0].render_job_id).toBeTruthy();

    const deadline = Date.now() + 100_000;
    let row = first.list[0];
    while (row.render_status !== 'done' && row.render_status !== 'failed' && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      row = (await list()).list[0];
    }
    expect(row.render_status, row.render_error ?? '').toBe('done');
    expect(row.render_count).toBe(1);
    const thumb = await t.app.inject({ method: 'GET', url: row.thumb_url });
    expect(thumb.statusCode).toBe(200);
    const detail = (
      await t.app.inject({ method: 'GET', url: `/api/v1/admin/design/finished/${row.id}`, headers })
    ).json().data;
    const front = detail.surfaces.find((x: { surface_key: string }) => x.surface_key === 'front');
    const print = await t.app.inject({ method: 'GET', url: front.print_url });
    expect(await sharp(print.rawPayload).metadata()).toMatchObject({
      width: 3600,
      height: 4500,
      density: 300,
    });
  }, 120_000);
});
