import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildMerchant,
  buildPlatformAdmin,
  buildSupplierAdmin,
  buildTenant,
  unique,
} from '../../../test/factories/index.ts';
import { staffWithRole } from '../../../test/helpers/access.ts';
import { loginAdmin } from '../../../test/helpers/auth.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { levels, tenants } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';
import { toCnyMinor } from '../wallet/index.ts';
import { assertShopSlot, assertStorage } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const EN = { 'accept-language': 'en' };
const platform = async () => t.authAs(adminActor(await buildPlatformAdmin(t.database.db)));
const tenantCount = async () => (await t.database.db.select({ n: count() }).from(tenants))[0]?.n ?? 0;

describe('suppliers', () => {
  it('creates the tenant and its administrator together, who can then sign in', async () => {
    const headers = await platform();
    const level = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/supplierLevel',
      headers,
      payload: { name: 'Gold', supplier_user_count: 5, discount_rate: 85.5 },
    });
    expect(level.statusCode, level.body).toBe(200);
    expect(level.json().data).toMatchObject({ kind: 'supplier', name: 'Gold', discount_rate: 85.5 });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/supplier',
      headers,
      payload: {
        name: 'Acme Prints',
        level_id: level.json().data.id,
        domain: 'Acme.Example.com',
        settled_mode: 'independent',
        service_charge_mode: 'per_piece',
        service_charge_fee: 150,
        admin_username: 'acme_admin',
        admin_password: 'Secret123',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      name: 'Acme Prints',
      domain: 'acme.example.com',
      service_charge_fee: 150,
    });
    const login = await loginAdmin(t, 'acme_admin', 'Secret123');
    expect(login.statusCode).toBe(200);
    expect(login.json().data.user).toMatchObject({ tier: 'supplier', is_primary: true });

    // The domain now resolves to the tenant (spec: site info by domain).
    const site = await t.app.inject({
      method: 'GET',
      url: '/api/v1/index',
      headers: { host: 'acme.example.com' },
    });
    expect(site.json().data).toMatchObject({ name: 'Acme Prints', user_type: 'supplier' });
  });

  it('a failure creating the administrator rolls the tenant back', async () => {
    const headers = await platform();
    const taken = await buildPlatformAdmin(t.database.db);
    const before = await tenantCount();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/supplier',
      headers: { ...headers, ...EN },
      payload: { name: 'Doomed', admin_username: taken.username, admin_password: 'Secret123' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('This username is already taken');
    expect(await tenantCount()).toBe(before);
  });

  it('never returns the SSL key, and stores it sealed', async () => {
    const headers = await platform();
    const secret = '-----BEGIN PRIVATE KEY-----TOP-SECRET-KEY-MATERIAL-----END PRIVATE KEY-----';
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/supplier',
      headers,
      payload: {
        name: 'Secure',
        ssl_key: secret,
        ssl_cert: 'CERT-BODY',
        admin_username: unique('sec'),
        admin_password: 'Secret123',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({ ssl_key_set: true, ssl_cert_set: true });
    const replies = [
      created.body,
      (await t.app.inject({ method: 'GET', url: `/api/v1/admin/supplier/${id}`, headers })).body,
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/supplier', headers })).body,
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v1/admin/supplier/${id}`,
          headers,
          payload: { short_name: 'S' },
        })
      ).body,
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/adminLog', headers })).body,
    ];
    for (const body of replies) expect(body).not.toContain('TOP-SECRET');
    const [row] = await t.database.db.select().from(tenants).where(eq(tenants.id, id));
    expect(row?.sslKeyEncrypted).toMatch(/^v1\./);
    expect(row?.sslKeyEncrypted).not.toContain('TOP-SECRET');
  });

  it("a supplier's verify_mode and verify_count set the captcha on its domain", async () => {
    const headers = await platform();
    const quiet = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/supplier',
      headers,
      payload: {
        name: 'Quiet',
        domain: 'quiet.example.com',
        verify_mode: 'off',
        admin_username: 'quiet_admin',
        admin_password: 'Secret123',
      },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    const site = await t.app.inject({
      method: 'GET',
      url: '/api/v1/index',
      headers: { host: 'quiet.example.com' },
    });
    expect(site.json().data.captcha).toBe(false);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { host: 'quiet.example.com' },
      payload: { username: 'quiet_admin', password: 'Secret123' },
    });
    expect(login.statusCode, login.body).toBe(200);
    // Elsewhere the captcha is still required.
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: 'quiet_admin', password: 'Secret123' },
    });
    expect(elsewhere.statusCode).toBe(400);

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/supplier',
      headers,
      payload: {
        name: 'Strict',
        domain: 'strict.example.com',
        verify_count: 5,
        admin_username: 'strict_admin',
        admin_password: 'Secret123',
      },
    });
    const captcha = await t.app.inject({
      method: 'GET',
      url: '/api/common/clickCaptcha?id=strict-captcha-1',
      headers: { host: 'strict.example.com' },
    });
    expect(captcha.json().data.text).toHaveLength(5);
  });

  it('only platform administrators manage suppliers', async () => {
    const tenant = await buildTenant(t.database.db);
    const supplier = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenant.id)));
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/admin/supplier', headers: supplier });
    expect(res.statusCode).toBe(403);
  });
});

describe('quotas', () => {
  it('a merchant at merchant_user_count = 2 cannot create a third sub-account', async () => {
    const tenant = await buildTenant(t.database.db);
    const supplier = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenant.id)));
    const level = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/merchantLevel',
      headers: supplier,
      payload: { name: 'Starter', merchant_user_count: 2, is_default: true },
    });
    expect(level.statusCode, level.body).toBe(200);
    const { primary } = await buildMerchant(t.database.db, tenant.id);
    const owner = await t.authAs(adminActor(primary));
    for (let i = 0; i < 2; i++) {
      const ok = await t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/admin',
        headers: owner,
        payload: { username: unique('sub'), password: 'Secret123' },
      });
      expect(ok.statusCode, ok.body).toBe(200);
    }
    const third = (lang: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/admin',
        headers: { ...owner, 'accept-language': lang },
        payload: { username: unique('sub'), password: 'Secret123' },
      });
    const en = await third('en');
    expect(en.statusCode).toBe(409);
    expect(en.json().msg).toBe('The sub-account limit of level Starter is reached (2/2)');
    const zh = await third('zh-cn');
    expect(zh.json().msg).toBe('已达到Starter等级的子账号数上限（2/2）');
  });

  it("a supplier's level caps its merchants", async () => {
    await t.database.db
      .insert(levels)
      .values({ kind: 'supplier', name: 'Solo', merchantCount: 1, isDefault: true });
    const tenant = await buildTenant(t.database.db);
    const supplier = {
      ...(await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenant.id)))),
      ...EN,
    };
    const add = (n: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/merchant',
        headers: supplier,
        payload: { name: n, number: n, primary_username: unique('p'), primary_password: 'Secret123' },
      });
    expect((await add('M1')).statusCode).toBe(200);
    const second = await add('M2');
    expect(second.statusCode).toBe(409);
    expect(second.json().msg).toBe('The merchant limit of level Solo is reached (1/1)');
  });

  it('the quotas of other modules refuse over the limit, naming it', async () => {
    const tenant = await buildTenant(t.database.db);
    await t.database.db.insert(levels).values({
      tenantId: tenant.id,
      kind: 'merchant',
      name: 'Basic',
      shopCount: 2,
      storageCount: 100,
      isDefault: true,
    });
    const { merchant } = await buildMerchant(t.database.db, tenant.id);
    const scope = { tenantId: tenant.id, merchantId: merchant.id };
    await expect(assertShopSlot(t.database.db, scope, 1)).resolves.toBeUndefined();
    await expect(assertShopSlot(t.database.db, scope, 2)).rejects.toMatchObject({
      status: 409,
      key: 'quota.reached',
    });
    await expect(assertStorage(t.database.db, scope, 90, 10)).resolves.toBeUndefined();
    await expect(assertStorage(t.database.db, scope, 90, 11)).rejects.toMatchObject({
      params: { level: 'Basic', used: '90 MB', max: '100 MB', quota: { t: 'quota.names.storageCount' } },
    });
  });

  it('an expired level falls back to the default level', async () => {
    const tenant = await buildTenant(t.database.db);
    const [fallback] = await t.database.db
      .insert(levels)
      .values({ tenantId: tenant.id, kind: 'merchant', name: 'Free', merchantUserCount: 0, isDefault: true })
      .returning();
    const [paid] = await t.database.db
      .insert(levels)
      .values({ tenantId: tenant.id, kind: 'merchant', name: 'Pro', merchantUserCount: 10 })
      .returning();
    const { primary, merchant } = await buildMerchant(t.database.db, tenant.id);
    const { merchants } = await import('../../db/schema/index.ts');
    await t.database.db
      .update(merchants)
      .set({ levelId: paid!.id, levelExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(merchants.id, merchant.id));
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/admin',
      headers: { ...(await t.authAs(adminActor(primary))), ...EN },
      payload: { username: unique('sub'), password: 'Secret123' },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain(`level ${fallback!.name}`);
  });
});

describe('merchants', () => {
  async function supplierOf(tenantId: string) {
    return t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenantId)));
  }

  it('creates a merchant with its primary account, lists it with its accounts, and isolates tenants', async () => {
    const a = await buildTenant(t.database.db);
    const b = await buildTenant(t.database.db);
    const supplierA = await supplierOf(a.id);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/merchant',
      headers: supplierA,
      payload: {
        name: 'Shop One',
        number: 'S-001',
        primary_username: 'shop_one',
        primary_password: 'Secret123',
        primary_mobile: '13712345678',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({
      number: 'S-001',
      primary_username: 'shop_one',
      sub_account_count: 0,
    });
    const login = await loginAdmin(t, 'shop_one', 'Secret123');
    expect(login.json().data.user).toMatchObject({
      tier: 'merchant',
      is_primary: true,
      merchant: { number: 'S-001' },
    });

    const list = await t.app.inject({ method: 'GET', url: '/api/v1/admin/merchant', headers: supplierA });
    expect(list.json().data.list[0]).toMatchObject({ name: 'Shop One', primary_mobile: '13712345678' });

    const supplierB = await supplierOf(b.id);
    const id = created.json().data.id;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/merchant', headers: supplierB })).json().data
        .total,
    ).toBe(0);
    for (const [method, url] of [
      ['GET', `/api/v1/admin/merchant/${id}`],
      ['PATCH', `/api/v1/admin/merchant/${id}`],
      ['DELETE', `/api/v1/admin/merchant/${id}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: supplierB,
        ...(method === 'PATCH' ? { payload: { status: 'disabled' } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
  });

  it('disabling a merchant disables its accounts; enabling restores only those enabled before', async () => {
    const tenant = await buildTenant(t.database.db);
    const supplier = await supplierOf(tenant.id);
    const keep = unique('keep');
    const off = unique('off');
    const { merchant, primary } = await buildMerchant(t.database.db, tenant.id, {
      primary: { username: unique('boss'), password: 'Secret123' },
      staff: [
        { username: keep, password: 'Secret123' },
        { username: off, password: 'Secret123' },
      ],
    });
    const { adminUsers } = await import('../../db/schema/index.ts');
    await t.database.db.update(adminUsers).set({ status: 'disabled' }).where(eq(adminUsers.username, off));

    const disable = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/merchant/${merchant.id}`,
      headers: supplier,
      payload: { status: 'disabled' },
    });
    expect(disable.statusCode, disable.body).toBe(200);
    expect((await loginAdmin(t, keep, 'Secret123', {})).statusCode).toBe(400);
    expect((await loginAdmin(t, primary.username, 'Secret123')).statusCode).toBe(400);

    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/merchant/${merchant.id}`,
      headers: supplier,
      payload: { status: 'enabled' },
    });
    expect((await loginAdmin(t, keep, 'Secret123')).statusCode).toBe(200);
    expect((await loginAdmin(t, primary.username, 'Secret123')).statusCode).toBe(200);
    // It was disabled on its own before: it stays disabled.
    expect((await loginAdmin(t, off, 'Secret123')).statusCode).toBe(400);
  });
});

describe('the platform manages merchants and merchant levels (issue 27, spec §1)', () => {
  it("issue 27: the platform administrator lists every supplier's merchants and levels with the supplier, filters by it, and acts on them", async () => {
    const headers = await platform();
    const a = await buildTenant(t.database.db, { name: unique('Alpha') });
    const b = await buildTenant(t.database.db, { name: unique('Beta') });
    const inA = await buildMerchant(t.database.db, a.id);
    const inB = await buildMerchant(t.database.db, b.id);

    // A merchant level for supplier B, made by the platform: it names the supplier.
    const noSupplier = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/merchantLevel',
      headers: { ...headers, ...EN },
      payload: { name: 'Silver' },
    });
    expect(noSupplier.statusCode, noSupplier.body).toBe(400);
    expect(noSupplier.json().msg).toBe('Please select supplier');
    const level = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/merchantLevel',
      headers,
      payload: { name: 'Silver', tenant_id: b.id, merchant_user_count: 3 },
    });
    expect(level.statusCode, level.body).toBe(200);
    expect(level.json().data).toMatchObject({ kind: 'merchant', tenant_id: b.id, tenant_name: b.name });
    const levelsOfB = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/merchantLevel?tenant_id=${b.id}`,
      headers,
    });
    expect(levelsOfB.json().data.list.map((l: { name: string }) => l.name)).toEqual(['Silver']);
    // Supplier B sees it as its own.
    const supplierB = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, b.id)));
    const seenByB = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/merchantLevel',
      headers: supplierB,
    });
    expect(seenByB.json().data.list.map((l: { id: string }) => l.id)).toEqual([level.json().data.id]);
    // A supplier cannot reach another supplier's levels by naming it.
    const namingA = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/merchantLevel?tenant_id=${a.id}`,
      headers: supplierB,
    });
    expect(namingA.json().data.total).toBe(0);
    const madeByB = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/merchantLevel',
      headers: supplierB,
      payload: { name: 'Bronze', tenant_id: a.id },
    });
    expect(madeByB.json().data.tenant_id).toBe(b.id);

    // Every supplier's merchants, each with its supplier; the supplier filter narrows them.
    const all = await t.app.inject({ method: 'GET', url: '/api/v1/admin/merchant?limit=100', headers });
    expect(all.statusCode, all.body).toBe(200);
    const rows = all.json().data.list as Array<{ id: string; tenant_id: string; tenant_name: string }>;
    expect(rows.find((r) => r.id === inA.merchant.id)).toMatchObject({
      tenant_id: a.id,
      tenant_name: a.name,
    });
    expect(rows.find((r) => r.id === inB.merchant.id)).toMatchObject({
      tenant_id: b.id,
      tenant_name: b.name,
    });
    const onlyB = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/merchant?tenant_id=${b.id}`,
      headers,
    });
    expect(onlyB.json().data.list.map((r: { id: string }) => r.id)).toEqual([inB.merchant.id]);

    // It acts on them: gives B's merchant B's level, disables it, creates one for supplier A.
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/merchant/${inB.merchant.id}`,
      headers,
      payload: { level_id: level.json().data.id, status: 'disabled' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ level_id: level.json().data.id, status: 'disabled' });
    // Another supplier's level is not B's merchant's to have.
    const foreignLevel = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/merchant/${inA.merchant.id}`,
      headers,
      payload: { level_id: level.json().data.id },
    });
    expect(foreignLevel.statusCode).toBe(404);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/merchant',
      headers,
      payload: {
        tenant_id: a.id,
        name: 'Made by the platform',
        number: unique('P'),
        primary_username: unique('pboss'),
        primary_password: 'Secret123',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ tenant_id: a.id, tenant_name: a.name });
    const login = await loginAdmin(t, created.json().data.primary_username, 'Secret123');
    expect(login.json().data.user).toMatchObject({
      tier: 'merchant',
      merchant: { name: 'Made by the platform' },
    });

    // A supplier still sees only its own, whatever tenant it names.
    const supplierA = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, a.id)));
    const fromA = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/merchant?tenant_id=${b.id}`,
      headers: supplierA,
    });
    expect(fromA.json().data.total).toBe(0);
    const intoB = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/merchant',
      headers: supplierA,
      payload: {
        tenant_id: b.id,
        name: 'Not in B',
        number: unique('N'),
        primary_username: unique('nboss'),
        primary_password: 'Secret123',
      },
    });
    expect(intoB.statusCode, intoB.body).toBe(200);
    expect(intoB.json().data.tenant_id).toBe(a.id);

    // The platform's session holds both pages.
    const session = await t.app.inject({ method: 'GET', url: '/api/v1/auth/index', headers });
    const names = JSON.stringify(session.json().data.menus);
    expect(names).toContain('"tenancy/merchant"');
    expect(names).toContain('"tenancy/merchantLevel"');
  });
});

describe('factories and areas', () => {
  it("creates a factory, keeps one main factory, enforces the level's factory count, and isolates tenants", async () => {
    const a = await buildTenant(t.database.db);
    const b = await buildTenant(t.database.db);
    const supplierA = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, a.id)));
    const supplierB = {
      ...(await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, b.id)))),
      ...EN,
    };
    const factory = (number: string, extra: Record<string, unknown> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/admin/factory',
        headers: supplierA,
        payload: {
          number,
          name: `Factory ${number}`,
          address: '1 Print Road',
          sender_name: 'Li',
          sender_phone: '13800001111',
          province: '广东省',
          city: '深圳市',
          regions: ['US', 'GB'],
          ...extra,
        },
      });
    const one = await factory('F1', { is_main: true });
    expect(one.statusCode, one.body).toBe(200);
    const two = await factory('F2', { is_main: true });
    expect(two.json().data.is_main).toBe(true);
    const first = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/factory/${one.json().data.id}`,
      headers: supplierA,
    });
    expect(first.json().data.is_main).toBe(false);
    expect((await factory('F2')).statusCode).toBe(409);

    const other = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/factory/${one.json().data.id}`,
      headers: supplierB,
    });
    expect(other.statusCode).toBe(404);

    await t.database.db
      .insert(levels)
      .values({ kind: 'supplier', name: 'Tiny', factoryCount: 2, isDefault: true });
    const third = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/factory',
      headers: { ...supplierA, ...EN },
      payload: { number: 'F3', name: 'Three', address: 'x', sender_name: 'Li', sender_phone: '13800001111' },
    });
    expect(third.statusCode).toBe(409);
    expect(third.json().msg).toBe('The factory limit of level Tiny is reached (2/2)');
  });

  it('staff limited to some factories see only those (factory permissions)', async () => {
    const tenant = await buildTenant(t.database.db);
    const owner = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenant.id)));
    const make = async (number: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/admin/factory',
          headers: owner,
          payload: { number, name: number, address: 'x', sender_name: 'Li', sender_phone: '13800001111' },
        })
      ).json().data.id as string;
    const f1 = await make('P1');
    const f2 = await make('P2');
    const staff = await staffWithRole(
      t,
      owner,
      { tier: 'supplier', tenantId: tenant.id },
      { menus: ['tenancy', 'tenancy/factory', 'access', 'access/admin', 'admin:edit'], data_scope: 'all' },
    );
    const seen = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/admin/factory', headers: staff.headers }))
        .json()
        .data.list.map((f: { id: string }) => f.id);
    expect((await seen()).sort()).toEqual([f1, f2].sort());
    const limit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/admin/${staff.user.id}`,
      headers: owner,
      payload: { factory_ids: [f1] },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    expect(limit.json().data.factory_ids).toEqual([f1]);
    expect(await seen()).toEqual([f1]);
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/factory/${f2}`,
      headers: staff.headers,
    });
    expect(hidden.statusCode).toBe(404);
  });

  it('serves countries and China’s provinces, cities and districts from bundled data', async () => {
    const provinces = (await t.app.inject({ method: 'GET', url: '/api/v1/ajax/area' })).json().data;
    expect(provinces).toHaveLength(31);
    expect(provinces).toContainEqual({ value: '44', label: '广东省' });
    const cities = (await t.app.inject({ method: 'GET', url: '/api/v1/ajax/area?province=44' })).json().data;
    expect(cities).toContainEqual({ value: '4403', label: '深圳市' });
    const districts = (await t.app.inject({ method: 'GET', url: '/api/v1/ajax/area?city=4403' })).json().data;
    expect(districts).toContainEqual({ value: '440305', label: '南山区' });
    const en = (
      await t.app.inject({ method: 'GET', url: '/api/v1/ajax/area?type=country', headers: EN })
    ).json().data;
    expect(en).toContainEqual({ value: 'US', label: 'United States' });
    const zh = (await t.app.inject({ method: 'GET', url: '/api/v1/ajax/area?type=country' })).json().data;
    expect(zh).toContainEqual({ value: 'US', label: '美国' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/ajax/area?province=guangdong' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('payment accounts and exchange rates', () => {
  it("masks card numbers, and another tenant's account is not found", async () => {
    const a = await buildTenant(t.database.db);
    const b = await buildTenant(t.database.db);
    const supplierA = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, a.id)));
    const supplierB = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, b.id)));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/paymentAccount',
      headers: supplierA,
      payload: {
        account_name: 'Acme Ltd',
        bank_name: 'ICBC',
        card_number: '6222 0000 1111 2345',
        currency: 'CNY',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    // A primary account holds the reveal button; it sees the whole number.
    expect(created.json().data.card_number).toBe('6222000011112345');
    const id = created.json().data.id;
    for (const [method, url] of [
      ['GET', `/api/v1/admin/paymentAccount/${id}`],
      ['PATCH', `/api/v1/admin/paymentAccount/${id}`],
      ['DELETE', `/api/v1/admin/paymentAccount/${id}`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: supplierB,
        ...(method === 'PATCH' ? { payload: { sort: 1 } } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const listB = await t.app.inject({
      method: 'GET',
      url: '/api/v1/admin/paymentAccount',
      headers: supplierB,
    });
    expect(listB.json().data.total).toBe(0);
  });

  it('issue 27: a card-number change, shown masked in the sensitive-data log, rolls back', async () => {
    const tenant = await buildTenant(t.database.db);
    const supplier = {
      ...(await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenant.id)))),
      ...EN,
    };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/paymentAccount',
      headers: supplier,
      payload: {
        account_name: 'Acme Ltd',
        bank_name: 'ICBC',
        card_number: '6222000011112345',
        currency: 'CNY',
      },
    });
    const id = created.json().data.id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/paymentAccount/${id}`,
      headers: supplier,
      payload: { card_number: '6222 0000 9999 8888' },
    });
    const logs = await t.app.inject({ method: 'GET', url: '/api/v1/admin/sensitiveLog', headers: supplier });
    const entry = logs.json().data.list.find((l: { field: string }) => l.field === 'cardNumber');
    expect(entry).toMatchObject({ before: '****2345', after: '****8888', can_rollback: true });
    const rollback = await t.app.inject({
      method: 'POST',
      url: `/api/v1/admin/sensitiveLog/${entry.id}/rollback`,
      headers: supplier,
    });
    expect(rollback.statusCode, rollback.body).toBe(200);
    expect(rollback.json().msg).toBe('Rolled back');
    const now = await t.app.inject({
      method: 'GET',
      url: `/api/v1/admin/paymentAccount/${id}`,
      headers: supplier,
    });
    expect(now.json().data.card_number).toBe('6222000011112345');
  });

  it('refuses to edit a rate; a new rate applies to later conversions only', async () => {
    const headers = { ...(await platform()), ...EN };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/exchangeRate',
      headers,
      payload: { currency: 'USD', rate: 0.14 },
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data.rate).toBe('0.14');
    const between = new Date();
    await new Promise((r) => setTimeout(r, 20));

    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/exchangeRate/${first.json().data.id}`,
      headers,
      payload: {},
    });
    expect(edit.statusCode).toBe(409);
    expect(edit.json().msg).toBe('An exchange rate cannot be changed once set; add a new rate');
    const badDecimals = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/exchangeRate',
      headers,
      payload: { currency: 'USD', rate: 0.143 },
    });
    expect(badDecimals.statusCode).toBe(400);

    await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/exchangeRate',
      headers,
      payload: { currency: 'USD', rate: 0.16 },
    });
    // "RMB = 1 : x" (spec §3, decision 0050): ¥1 buys $x, so $100.00 is 100 ÷ x yuan.
    expect(await toCnyMinor(t.database.db, 100_00, 'USD', between)).toBe(714_29);
    expect(await toCnyMinor(t.database.db, 100_00, 'USD', new Date())).toBe(625_00);
    expect(await toCnyMinor(t.database.db, 1, 'USD', new Date())).toBe(6);
  });
});
