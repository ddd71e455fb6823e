import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildFactoryWithUser, buildSupplierAdmin, buildTenant } from '../../../test/factories/index.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { adminActor } from '../access/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const URL = '/api/v1/admin/senderAddress';
const address = (factoryId: string, extra: object = {}) => ({
  factory_id: factoryId,
  name: 'Zhang San',
  phone: '13800138000',
  province: '广东省',
  city: '深圳市',
  address: '南山区科技园 1 号',
  post_code: '518000',
  ...extra,
});

async function supplierWithFactory() {
  const tenant = await buildTenant(t.database.db);
  const headers = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenant.id)));
  const { factory } = await buildFactoryWithUser(t.database.db, tenant.id);
  return { tenant, headers: { ...headers, 'accept-language': 'en' }, factory };
}

describe('sender addresses', () => {
  it('keeps several addresses per factory with one default, listed with the factory name', async () => {
    const { headers, factory } = await supplierWithFactory();
    const first = await t.app.inject({
      method: 'POST',
      url: URL,
      headers,
      payload: address(factory.id, { is_default: true }),
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await t.app.inject({
      method: 'POST',
      url: URL,
      headers,
      payload: address(factory.id, { name: 'Li Si', is_default: true }),
    });
    expect(second.statusCode).toBe(200);
    const list = await t.app.inject({ method: 'GET', url: `${URL}?factory_id=${factory.id}`, headers });
    const rows = list.json().data.list as Array<{ name: string; is_default: boolean; factory_name: string }>;
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.is_default).map((r) => r.name)).toEqual(['Li Si']);
    expect(rows[0]!.factory_name).toBe(factory.name);
  });

  it('validates required fields and the phone', async () => {
    const { headers, factory } = await supplierWithFactory();
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers,
      payload: address(factory.id, { name: '', phone: 'call me' }),
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().data.errors as Array<{ field: string }>).map((e) => e.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'phone']));
    expect((await t.app.inject({ method: 'GET', url: URL })).statusCode).toBe(401);
  });

  it('refuses another tenant’s factory, and hides another tenant’s addresses', async () => {
    const a = await supplierWithFactory();
    const b = await supplierWithFactory();
    const onTheirs = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: a.headers,
      payload: address(b.factory.id),
    });
    expect(onTheirs.statusCode).toBe(404);
    const mine = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: a.headers,
      payload: address(a.factory.id),
    });
    const id = mine.json().data.id;
    for (const method of ['GET', 'DELETE'] as const)
      expect((await t.app.inject({ method, url: `${URL}/${id}`, headers: b.headers })).statusCode).toBe(404);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `${URL}/${id}`,
      headers: b.headers,
      payload: { name: 'x' },
    });
    expect(patch.statusCode).toBe(404);
  });
});
