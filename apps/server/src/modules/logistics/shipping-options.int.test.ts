import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  buildFactoryWithUser,
  buildMerchant,
  buildSupplierAdmin,
  buildTenant,
} from '../../../test/factories/index.ts';
import { buildShippingMethod, buildShippingRate } from '../../../test/factories/logistics.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { factories, shippingMethods, shippingRates } from '../../db/schema/index.ts';
import { AppError } from '../../platform/http/errors.ts';
import { adminActor } from '../access/index.ts';
import { confirmShippingOption, shipFromFactory, shippingOptions, shippingQuote } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const OPTIONS = '/api/v1/admin/logistics/options';

/** A supplier with a factory, three methods to the US and a merchant that buys. */
async function shop() {
  const db = t.database.db;
  const tenant = await buildTenant(db);
  const { factory } = await buildFactoryWithUser(db, tenant.id);
  // 云途: 100 g ¥12.00 + ¥3.50 / 50 g → 350 g = 12.00 + 5 × 3.50 = ¥29.50
  const yun = await buildShippingMethod(db, tenant.id, {
    carrier: '云途 YunExpress',
    code: 'YUN',
    destination_countries: ['US', 'GB'],
  });
  const yunRate = await buildShippingRate(db, tenant.id, { methodId: yun.id, factoryId: factory.id });
  // 4PX: 400 g ¥25.00 → ¥25.00, and nothing heavier than 400 g.
  const fpx = await buildShippingMethod(db, tenant.id, {
    carrier: '递四方 4PX',
    code: '4PX',
    delivery_days_min: 10,
    delivery_days_max: 20,
  });
  await buildShippingRate(
    db,
    tenant.id,
    { methodId: fpx.id, factoryId: factory.id },
    {
      first_weight_g: 400,
      first_price: 2500,
      additional_weight_g: 100,
      additional_price: 1000,
      max_weight_g: 400,
    },
  );
  // 顺丰 domestic: CN only.
  const sf = await buildShippingMethod(db, tenant.id, {
    carrier: '顺丰 SF',
    code: 'SF',
    destination_countries: ['CN'],
    delivery_days_min: 1,
    delivery_days_max: 3,
  });
  await buildShippingRate(db, tenant.id, { methodId: sf.id, factoryId: factory.id }, { first_price: 800 });
  const { primary } = await buildMerchant(db, tenant.id);
  const headers = { ...(await t.authAs(adminActor(primary))), 'accept-language': 'en' };
  return { tenant, factory, yun, yunRate, fpx, sf, headers };
}

describe('logistics options', () => {
  it('lists the methods to the country that take the weight, cheapest first, with their fees', async () => {
    const s = await shop();
    const res = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=us&weight=350`,
      headers: s.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.factory_id).toBe(s.factory.id);
    expect(data.options).toEqual([
      {
        method_id: s.fpx.id,
        rate_id: expect.any(String),
        rate_version: 1,
        carrier: '递四方 4PX',
        name: s.fpx.name,
        code: '4PX',
        delivery_days_min: 10,
        delivery_days_max: 20,
        currency: 'CNY',
        fee: 2500,
      },
      expect.objectContaining({ method_id: s.yun.id, rate_id: s.yunRate.id, code: 'YUN', fee: 2950 }),
    ]);

    // Over 4PX's max weight only 云途 is left; 451 g is 351 g over the first weight: eight started 50 g steps.
    const heavy = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=US&weight=451`,
      headers: s.headers,
    });
    expect(heavy.json().data.options.map((o: { code: string; fee: number }) => [o.code, o.fee])).toEqual([
      ['YUN', 1200 + 8 * 350],
    ]);
    const domestic = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=CN&weight=80`,
      headers: s.headers,
    });
    expect(domestic.json().data.options.map((o: { code: string }) => o.code)).toEqual(['SF']);
  });

  it('leaves out disabled methods and rates, and answers an empty list where nothing ships', async () => {
    const s = await shop();
    const db = t.database.db;
    await db.update(shippingMethods).set({ status: 'disabled' }).where(eq(shippingMethods.id, s.fpx.id));
    await db.update(shippingRates).set({ status: 'disabled' }).where(eq(shippingRates.id, s.yunRate.id));
    const res = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=US&weight=350`,
      headers: s.headers,
    });
    expect(res.json().data.options).toEqual([]);
    const nowhere = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=JP&weight=350`,
      headers: s.headers,
    });
    expect(nowhere.json().data.options).toEqual([]);
  });

  it('answers spec §8 "order information incomplete" without a country or a weight, in both languages', async () => {
    const s = await shop();
    for (const query of ['weight=350', 'country=US', 'country=US&weight=0', 'country=&weight=10']) {
      const res = await t.app.inject({ method: 'GET', url: `${OPTIONS}?${query}`, headers: s.headers });
      expect(res.statusCode, query).toBe(400);
      expect(res.json().msg, query).toBe('Order information incomplete, so no logistics available');
    }
    const zh = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=US`,
      headers: { ...s.headers, 'accept-language': 'zh-cn' },
    });
    expect(zh.json().msg).toBe('订单信息不完整，暂无可用物流');
    const malformed = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=USA&weight=1`,
      headers: s.headers,
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().data.errors[0].field).toBe('country');
  });

  it('ships from the product’s factory, else the main one, else the first enabled one', async () => {
    const s = await shop();
    const db = t.database.db;
    const { factory: second } = await buildFactoryWithUser(db, s.tenant.id);
    const express = await buildShippingMethod(db, s.tenant.id, { code: 'EXP' });
    await buildShippingRate(
      db,
      s.tenant.id,
      { methodId: express.id, factoryId: second.id },
      { first_price: 100 },
    );

    expect(await shipFromFactory(db, s.tenant.id, null)).toBe(s.factory.id);
    expect(await shipFromFactory(db, s.tenant.id, second.id)).toBe(second.id);
    const viaSecond = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=US&weight=100&factory_id=${second.id}`,
      headers: s.headers,
    });
    expect(viaSecond.json().data.options.map((o: { code: string }) => o.code)).toEqual(['EXP']);

    await db.update(factories).set({ isMain: true }).where(eq(factories.id, second.id));
    expect(await shipFromFactory(db, s.tenant.id, null)).toBe(second.id);
    await db.update(factories).set({ status: 'disabled' }).where(eq(factories.id, second.id));
    expect(await shipFromFactory(db, s.tenant.id, second.id)).toBe(s.factory.id);
    await db.update(factories).set({ status: 'disabled' });
    expect(await shipFromFactory(db, s.tenant.id, null)).toBeNull();
    const none = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=US&weight=100`,
      headers: s.headers,
    });
    expect(none.json().data).toEqual({ factory_id: null, options: [] });
  });

  it('never ships from another tenant’s factory', async () => {
    const a = await shop();
    const b = await shop();
    expect(await shipFromFactory(t.database.db, b.tenant.id, a.factory.id)).toBe(b.factory.id);
    const res = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=US&weight=350&factory_id=${a.factory.id}`,
      headers: b.headers,
    });
    expect(res.json().data.factory_id).toBe(b.factory.id);
    const methodIds = res.json().data.options.map((o: { method_id: string }) => o.method_id);
    expect(methodIds).not.toContain(a.yun.id);
    expect(methodIds).toEqual(expect.arrayContaining([b.yun.id, b.fpx.id]));
    // The service, asked directly with A's factory for B's tenant, finds nothing of A's.
    expect(
      await shippingOptions(t.database.db, b.tenant.id, {
        factoryId: a.factory.id,
        country: 'US',
        weightGrams: 350,
      }),
    ).toEqual([]);
  });

  it('needs a signed-in admin with the catalogue permission', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${OPTIONS}?country=US&weight=1` })).statusCode).toBe(
      401,
    );
    const tenant = await buildTenant(t.database.db);
    const supplier = await t.authAs(adminActor(await buildSupplierAdmin(t.database.db, tenant.id)));
    const res = await t.app.inject({
      method: 'GET',
      url: `${OPTIONS}?country=US&weight=1`,
      headers: supplier,
    });
    expect(res.statusCode).toBe(403);
  });
});

describe('quotes at payment', () => {
  it('quotes one method, or null when it no longer serves the parcel', async () => {
    const s = await shop();
    const db = t.database.db;
    const query = { factoryId: s.factory.id, country: 'US', weightGrams: 350 };
    const quote = await shippingQuote(db, s.tenant.id, { ...query, methodId: s.yun.id });
    expect(quote).toMatchObject({ method_id: s.yun.id, fee: 2950, rate_version: 1 });
    expect(await shippingQuote(db, s.tenant.id, { ...query, methodId: s.sf.id })).toBeNull();
    expect(
      await shippingQuote(db, s.tenant.id, { ...query, methodId: s.fpx.id, weightGrams: 401 }),
    ).toBeNull();
    await expect(
      shippingQuote(db, s.tenant.id, { ...query, country: null, methodId: s.yun.id }),
    ).rejects.toMatchObject({ status: 400, key: 'logistics.incomplete' });
  });

  it('confirms an unchanged choice, and refuses a repriced or withdrawn one with "changed" (409)', async () => {
    const s = await shop();
    const db = t.database.db;
    const query = { factoryId: s.factory.id, country: 'US', weightGrams: 350 };
    const chosen = (await shippingQuote(db, s.tenant.id, { ...query, methodId: s.yun.id }))!;
    expect(await confirmShippingOption(db, s.tenant.id, { ...query, chosen })).toEqual(chosen);

    // Repriced through the admin API: the version moves, so the old choice is stale.
    const admin = await t.authAs(adminActor(await buildSupplierAdmin(db, s.tenant.id)));
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/admin/shippingRate/${chosen.rate_id}`,
      headers: admin,
      payload: { additional_price: 400 },
    });
    expect(patch.json().data.version).toBe(2);
    const stale = confirmShippingOption(db, s.tenant.id, { ...query, chosen });
    await expect(stale).rejects.toBeInstanceOf(AppError);
    await expect(stale).rejects.toMatchObject({ status: 409, key: 'logistics.changed' });

    const fresh = (await shippingQuote(db, s.tenant.id, { ...query, methodId: s.yun.id }))!;
    expect(fresh.fee).toBe(1200 + 5 * 400);
    await db.update(shippingMethods).set({ status: 'disabled' }).where(eq(shippingMethods.id, s.yun.id));
    await expect(confirmShippingOption(db, s.tenant.id, { ...query, chosen: fresh })).rejects.toMatchObject({
      key: 'logistics.changed',
    });
  });
});
