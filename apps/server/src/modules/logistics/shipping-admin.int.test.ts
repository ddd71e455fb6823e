import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildFactoryWithUser,
  buildMerchant,
  buildSupplierAdmin,
  buildTenant,
} from '../../../test/factories/index.ts';
import { buildShippingMethod, buildShippingRate } from '../../../test/factories/logistics.ts';
import { staffWithRole } from '../../../test/helpers/access.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminUserFactories } from '../../db/schema/index.ts';
import { adminActor } from '../access/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const METHODS = '/api/v1/admin/shippingMethod';
const RATES = '/api/v1/admin/shippingRate';

const method = (extra: object = {}) => ({
  carrier: '云途 YunExpress',
  name: '标准小包 Standard',
  code: 'YUN-STD',
  destination_countries: ['US', 'gb', 'US'],
  delivery_days_min: 7,
  delivery_days_max: 15,
  ...extra,
});
const rate = (methodId: string, factoryId: string, extra: object = {}) => ({
  method_id: methodId,
  factory_id: factoryId,
  first_weight_g: 100,
  first_price: 1200,
  additional_weight_g: 50,
  additional_price: 350,
  ...extra,
});

async function supplier(lang: 'en' | 'zh-cn' = 'en') {
  const tenant = await buildTenant(t.database.db);
  const admin = await buildSupplierAdmin(t.database.db, tenant.id);
  const headers = { ...(await t.authAs(adminActor(admin))), 'accept-language': lang };
  const { factory } = await buildFactoryWithUser(t.database.db, tenant.id);
  return { tenant, headers, factory };
}

const errorFields = (body: { data: { errors: Array<{ field: string }> } }) =>
  body.data.errors.map((e) => e.field);

describe('shipping methods', () => {
  it('creates, lists with rate counts, updates and deletes a method', async () => {
    const { headers, factory, tenant } = await supplier();
    const created = await t.app.inject({ method: 'POST', url: METHODS, headers, payload: method() });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    // Countries are stored upper-case, once each.
    expect(item).toMatchObject({ code: 'YUN-STD', destination_countries: ['GB', 'US'], rate_count: 0 });
    expect(item).not.toHaveProperty('tenant_id');
    await buildShippingRate(t.database.db, tenant.id, { methodId: item.id, factoryId: factory.id });

    const list = await t.app.inject({ method: 'GET', url: `${METHODS}?quickSearch=YUN`, headers });
    expect(list.json().data.list).toEqual([expect.objectContaining({ id: item.id, rate_count: 1 })]);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${METHODS}/${item.id}`,
      headers,
      payload: { delivery_days_max: 20, status: 'disabled' },
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().data).toMatchObject({
      delivery_days_min: 7,
      delivery_days_max: 20,
      status: 'disabled',
    });

    const removed = await t.app.inject({ method: 'DELETE', url: `${METHODS}/${item.id}`, headers });
    expect(removed.json().data).toEqual({ deleted: 1 });
    // Its rates go with it.
    const rates = await t.app.inject({ method: 'GET', url: RATES, headers });
    expect(rates.json().data.total).toBe(0);
  });

  it('validates code, countries and delivery days with messages in the caller’s language', async () => {
    const { headers } = await supplier();
    const bad = await t.app.inject({
      method: 'POST',
      url: METHODS,
      headers,
      payload: method({ code: 'has space', destination_countries: [], carrier: '' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad.json())).toEqual(
      expect.arrayContaining(['code', 'destination_countries', 'carrier']),
    );
    const messages = (bad.json().data.errors as Array<{ field: string; message: string }>).map(
      (e) => e.message,
    );
    expect(messages).toContain('Please select destination countries');

    const days = await t.app.inject({
      method: 'POST',
      url: METHODS,
      headers,
      payload: method({ delivery_days_min: 9, delivery_days_max: 3 }),
    });
    expect(days.statusCode).toBe(400);
    expect(errorFields(days.json())).toEqual(['delivery_days_max']);
    expect(days.json().msg).toBe('The shortest delivery time cannot be longer than the longest');

    const unknown = await t.app.inject({
      method: 'POST',
      url: METHODS,
      headers: { ...headers, 'accept-language': 'zh-cn' },
      payload: method({ destination_countries: ['US', 'ZZ'] }),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({
      msg: '未知的国家代码：ZZ',
      data: { errors: [{ field: 'destination_countries', message: '未知的国家代码：ZZ' }] },
    });

    const format = await t.app.inject({
      method: 'POST',
      url: METHODS,
      headers: { ...headers, 'accept-language': 'zh-cn' },
      payload: method({ destination_countries: ['USA'] }),
    });
    expect(format.json().msg).toBe('目的国家须为两位 ISO 国家代码，如 US、GB');

    const fraction = await t.app.inject({
      method: 'POST',
      url: METHODS,
      headers,
      payload: method({ delivery_days_min: 1.5 }),
    });
    expect(errorFields(fraction.json())).toEqual(['delivery_days_min']);
  });

  it('keeps codes unique per tenant and checks the merged delivery range on PATCH', async () => {
    const a = await supplier();
    const b = await supplier();
    const first = await t.app.inject({ method: 'POST', url: METHODS, headers: a.headers, payload: method() });
    const dupe = await t.app.inject({ method: 'POST', url: METHODS, headers: a.headers, payload: method() });
    expect(dupe.statusCode).toBe(409);
    expect(dupe.json()).toMatchObject({
      msg: 'This logistics method code already exists',
      data: { errors: [{ field: 'code', message: 'This logistics method code already exists' }] },
    });
    // Another supplier may use the same code.
    const theirs = await t.app.inject({
      method: 'POST',
      url: METHODS,
      headers: b.headers,
      payload: method(),
    });
    expect(theirs.statusCode).toBe(200);

    const id = first.json().data.id as string;
    const widened = await t.app.inject({
      method: 'PATCH',
      url: `${METHODS}/${id}`,
      headers: a.headers,
      payload: { delivery_days_min: 16 },
    });
    expect(widened.statusCode).toBe(400);
    expect(errorFields(widened.json())).toEqual(['delivery_days_max']);
    const sameCode = await t.app.inject({
      method: 'PATCH',
      url: `${METHODS}/${id}`,
      headers: a.headers,
      payload: { code: 'YUN-STD', name: 'Renamed' },
    });
    expect(sameCode.statusCode, sameCode.body).toBe(200);
  });

  it('answers 401 without a token, 403 to merchants and 404 for another tenant’s method', async () => {
    expect((await t.app.inject({ method: 'GET', url: METHODS })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: METHODS, payload: method() })).statusCode).toBe(401);
    const a = await supplier();
    const b = await supplier();
    const mine = await buildShippingMethod(t.database.db, a.tenant.id);
    for (const verb of ['GET', 'DELETE'] as const)
      expect(
        (await t.app.inject({ method: verb, url: `${METHODS}/${mine.id}`, headers: b.headers })).statusCode,
      ).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `${METHODS}/${mine.id}`,
      headers: b.headers,
      payload: { name: 'x' },
    });
    expect(patch.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: METHODS, headers: b.headers });
    expect(list.json().data.total).toBe(0);

    const { primary } = await buildMerchant(t.database.db, a.tenant.id);
    const merchant = await t.authAs(adminActor(primary));
    expect((await t.app.inject({ method: 'GET', url: METHODS, headers: merchant })).statusCode).toBe(403);
  });
});

describe('shipping rates', () => {
  it('creates a rate, lists it by method with names, and bumps the version only when the price changes', async () => {
    const { headers, tenant, factory } = await supplier();
    const m = await buildShippingMethod(t.database.db, tenant.id, { code: 'SF-CN', carrier: '顺丰 SF' });
    const other = await buildShippingMethod(t.database.db, tenant.id);
    await buildShippingRate(t.database.db, tenant.id, { methodId: other.id, factoryId: factory.id });

    const created = await t.app.inject({
      method: 'POST',
      url: RATES,
      headers,
      payload: rate(m.id, factory.id, { currency: 'USD', max_weight_g: 2000 }),
    });
    expect(created.statusCode, created.body).toBe(200);
    const item = created.json().data;
    expect(item).toMatchObject({
      method_code: 'SF-CN',
      carrier: '顺丰 SF',
      factory_name: factory.name,
      currency: 'USD',
      max_weight_g: 2000,
      version: 1,
    });

    const list = await t.app.inject({ method: 'GET', url: `${RATES}?method_id=${m.id}`, headers });
    expect(list.json().data.list.map((r: { id: string }) => r.id)).toEqual([item.id]);

    const same = await t.app.inject({
      method: 'PATCH',
      url: `${RATES}/${item.id}`,
      headers,
      payload: { first_price: 1200 },
    });
    expect(same.json().data.version).toBe(1);
    const repriced = await t.app.inject({
      method: 'PATCH',
      url: `${RATES}/${item.id}`,
      headers,
      payload: { first_price: 1300 },
    });
    expect(repriced.json().data).toMatchObject({ first_price: 1300, version: 2, first_weight_g: 100 });
    const disabled = await t.app.inject({
      method: 'PATCH',
      url: `${RATES}/${item.id}`,
      headers,
      payload: { status: 'disabled' },
    });
    expect(disabled.json().data.version).toBe(3);
  });

  it('validates grams, prices, max weight and the one rate per method and factory', async () => {
    const { headers, tenant, factory } = await supplier();
    const m = await buildShippingMethod(t.database.db, tenant.id);
    const bad = await t.app.inject({
      method: 'POST',
      url: RATES,
      headers,
      payload: rate(m.id, factory.id, { first_weight_g: 0, additional_weight_g: 12.5, first_price: -1 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad.json())).toEqual(
      expect.arrayContaining(['first_weight_g', 'additional_weight_g', 'first_price']),
    );
    const capped = await t.app.inject({
      method: 'POST',
      url: RATES,
      headers,
      payload: rate(m.id, factory.id, { max_weight_g: 50 }),
    });
    expect(capped.statusCode).toBe(400);
    expect(capped.json().msg).toBe('The max weight cannot be less than the first weight');

    const ok = await t.app.inject({ method: 'POST', url: RATES, headers, payload: rate(m.id, factory.id) });
    expect(ok.statusCode).toBe(200);
    const twice = await t.app.inject({
      method: 'POST',
      url: RATES,
      headers,
      payload: rate(m.id, factory.id),
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().data).toEqual({
      errors: [{ field: 'factory_id', message: twice.json().msg }],
    });

    const merged = await t.app.inject({
      method: 'PATCH',
      url: `${RATES}/${ok.json().data.id}`,
      headers,
      payload: { max_weight_g: 99 },
    });
    expect(merged.statusCode).toBe(400);
    expect(errorFields(merged.json())).toEqual(['max_weight_g']);
  });

  it('refuses another tenant’s method or factory, and hides another tenant’s rates', async () => {
    const a = await supplier();
    const b = await supplier();
    const mine = await buildShippingMethod(t.database.db, a.tenant.id);
    const theirs = await buildShippingMethod(t.database.db, b.tenant.id);
    const onTheirMethod = await t.app.inject({
      method: 'POST',
      url: RATES,
      headers: a.headers,
      payload: rate(theirs.id, a.factory.id),
    });
    expect(onTheirMethod.statusCode).toBe(404);
    const onTheirFactory = await t.app.inject({
      method: 'POST',
      url: RATES,
      headers: a.headers,
      payload: rate(mine.id, b.factory.id),
    });
    expect(onTheirFactory.statusCode).toBe(404);

    const row = await buildShippingRate(t.database.db, a.tenant.id, {
      methodId: mine.id,
      factoryId: a.factory.id,
    });
    for (const verb of ['GET', 'DELETE'] as const)
      expect(
        (await t.app.inject({ method: verb, url: `${RATES}/${row.id}`, headers: b.headers })).statusCode,
      ).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `${RATES}/${row.id}`,
      headers: b.headers,
      payload: { first_price: 1 },
    });
    expect(patch.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: RATES })).statusCode).toBe(401);
  });

  it('limits staff with factory permissions to the rates of their factories', async () => {
    const { headers, tenant, factory } = await supplier();
    const { factory: other } = await buildFactoryWithUser(t.database.db, tenant.id);
    const m = await buildShippingMethod(t.database.db, tenant.id);
    const visible = await buildShippingRate(t.database.db, tenant.id, {
      methodId: m.id,
      factoryId: factory.id,
    });
    const hidden = await buildShippingRate(t.database.db, tenant.id, { methodId: m.id, factoryId: other.id });
    const staff = await staffWithRole(
      t,
      headers,
      { tier: 'supplier', tenantId: tenant.id },
      {
        menus: ['tenancy/shippingRate', 'shippingRate:add', 'shippingRate:edit', 'shippingRate:del'],
        data_scope: 'all',
      },
    );
    await t.database.db.insert(adminUserFactories).values({ userId: staff.user.id, factoryId: factory.id });

    const list = await t.app.inject({ method: 'GET', url: RATES, headers: staff.headers });
    expect(list.json().data.list.map((r: { id: string }) => r.id)).toEqual([visible.id]);
    expect(
      (await t.app.inject({ method: 'GET', url: `${RATES}/${hidden.id}`, headers: staff.headers }))
        .statusCode,
    ).toBe(404);
    const second = await buildShippingMethod(t.database.db, tenant.id);
    const onOther = await t.app.inject({
      method: 'POST',
      url: RATES,
      headers: staff.headers,
      payload: rate(second.id, other.id),
    });
    expect(onOther.statusCode).toBe(404);
    const onOwn = await t.app.inject({
      method: 'POST',
      url: RATES,
      headers: staff.headers,
      payload: rate(second.id, factory.id),
    });
    expect(onOwn.statusCode, onOwn.body).toBe(200);
    // Without the methods menu, the staff cannot touch methods.
    expect((await t.app.inject({ method: 'GET', url: METHODS, headers: staff.headers })).statusCode).toBe(
      403,
    );
  });
});
