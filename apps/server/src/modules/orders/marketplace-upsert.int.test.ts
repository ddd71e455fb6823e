import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildCheckoutWorld, type CheckoutWorld } from '../../../test/factories/orders.ts';
import { createTestApp, type TestApp } from '../../../test/helpers/test-app.ts';
import { orderEvents, orderLines, orders, orderSkuMappings, shops } from '../../db/schema/index.ts';
import { upsertMarketplaceOrder, upsertMarketplaceOrders, type MarketplaceOrderInput } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(() => t.reset());

const db = () => t.database.db;

async function shopOf(w: CheckoutWorld, platform: 'tiktok' | 'temu' = 'tiktok') {
  const [shop] = await db()
    .insert(shops)
    .values({ tenantId: w.tenant.id, merchantId: w.m.merchant.id, name: 'TT shop', platform })
    .returning();
  return shop!;
}

function input(shopId: string, over: Partial<MarketplaceOrderInput> = {}): MarketplaceOrderInput {
  return {
    shopId,
    platform: 'tiktok',
    shopName: 'TT shop',
    thirdPartyOrderNo: '576461234567890001',
    channel: 'sync',
    vendorStatus: 'AWAITING_SHIPMENT',
    marketState: 'awaiting_shipment',
    vendorUpdatedAt: new Date('2026-11-20T10:00:00Z'),
    createdAt: new Date('2026-11-20T09:00:00Z'),
    paidAt: new Date('2026-11-20T09:05:00Z'),
    shipBy: new Date('2026-11-23T09:00:00Z'),
    buyerMessage: 'Gift wrap please',
    salesCurrency: 'USD',
    salesAmount: 2599,
    salesShippingAmount: 500,
    salesTotalAmount: 3099,
    address: {
      name: 'Jane Doe',
      phone: '(415) 555-0132',
      country: 'US',
      province: 'CA',
      city: 'San Francisco',
      district: null,
      address1: '1 Market St',
      address2: 'Apt 2',
      postcode: '94105',
    },
    lines: [
      {
        lineIds: ['L1', 'L2'],
        productId: 'P100',
        skuId: 'SKU-100',
        sellerSku: 'TEE-BLK-M',
        productName: 'Custom tee',
        skuName: 'Black, M',
        imageUrl: 'https://example.test/tee.jpg',
        quantity: 2,
        unitPrice: 1299,
        customisation: [{ kind: 'text', value: 'Ana', label: 'name', previewUrl: null }],
      },
    ],
    ...over,
  };
}

const owner = (w: CheckoutWorld) => ({ tenantId: w.tenant.id, merchantId: w.m.merchant.id });
const rowsOf = (shopId: string) => db().select().from(orders).where(eq(orders.shopId, shopId));

describe('upsertMarketplaceOrder (issue 20, decision 0051)', () => {
  it('creates the order once; the same order again is unchanged and never duplicated', async () => {
    const w = await buildCheckoutWorld(t);
    const shop = await shopOf(w);
    const first = await upsertMarketplaceOrder(db(), owner(w), input(shop.id));
    expect(first.outcome).toBe('created');
    expect(first.orderNo).toMatch(/^PO\d{22}$/);
    const again = await upsertMarketplaceOrder(db(), owner(w), input(shop.id));
    expect(again).toMatchObject({ orderId: first.orderId, outcome: 'unchanged' });

    const [row] = await rowsOf(shop.id);
    expect(await rowsOf(shop.id)).toHaveLength(1);
    expect(row).toMatchObject({
      status: 'unpaid',
      source: 'sync',
      platform: 'tiktok',
      shopName: 'TT shop',
      thirdPartyOrderNo: '576461234567890001',
      vendorStatus: 'AWAITING_SHIPMENT',
      marketState: 'awaiting_shipment',
      intakeChannels: ['sync'],
      salesCurrency: 'USD',
      salesTotalAmount: 3099,
      unlinkedLines: 1,
      totalQuantity: 2,
      countryCode: 'US',
      buyerMessage: 'Gift wrap please',
    });
    expect(row!.address).toMatchObject({
      first_name: 'Jane Doe',
      street: '1 Market St Apt 2',
      postcode: '94105',
    });
    const lines = await db().select().from(orderLines).where(eq(orderLines.orderId, row!.id));
    expect(lines).toMatchObject([
      {
        externalSkuId: 'SKU-100',
        externalLineIds: ['L1', 'L2'],
        sellerSku: 'TEE-BLK-M',
        salesUnitPrice: 1299,
        finishedProductId: null,
        customisation: [{ kind: 'text', value: 'Ana', label: 'name', previewUrl: null }],
      },
    ]);
  });

  it('an older update is stale and changes nothing; a newer one updates the state but never regresses ours', async () => {
    const w = await buildCheckoutWorld(t);
    const shop = await shopOf(w);
    const made = await upsertMarketplaceOrder(db(), owner(w), input(shop.id));
    const newer = input(shop.id, {
      vendorStatus: 'IN_TRANSIT',
      marketState: 'shipped',
      vendorUpdatedAt: new Date('2026-11-21T10:00:00Z'),
    });
    expect((await upsertMarketplaceOrder(db(), owner(w), newer)).outcome).toBe('updated');
    const older = input(shop.id, {
      vendorStatus: 'UNPAID',
      marketState: 'unpaid',
      vendorUpdatedAt: new Date('2026-11-19T10:00:00Z'),
    });
    expect((await upsertMarketplaceOrder(db(), owner(w), older)).outcome).toBe('stale');
    let [row] = await rowsOf(shop.id);
    expect(row).toMatchObject({ vendorStatus: 'IN_TRANSIT', marketState: 'shipped' });
    expect(row!.vendorUpdatedAt!.toISOString()).toBe('2026-11-21T10:00:00.000Z');

    // Our own production status is ours: a later marketplace state does not move it back.
    await db().update(orders).set({ status: 'in_production' }).where(eq(orders.id, made.orderId));
    const cancelled = input(shop.id, {
      vendorStatus: 'CANCELLED',
      marketState: 'cancelled',
      vendorUpdatedAt: new Date('2026-11-22T10:00:00Z'),
    });
    expect((await upsertMarketplaceOrder(db(), owner(w), cancelled)).outcome).toBe('updated');
    [row] = await rowsOf(shop.id);
    expect(row).toMatchObject({ status: 'in_production', marketState: 'cancelled' });
  });

  it('a marketplace cancellation cancels an unpaid order; a newer address replaces an unpaid one', async () => {
    const w = await buildCheckoutWorld(t);
    const shop = await shopOf(w);
    const made = await upsertMarketplaceOrder(db(), owner(w), input(shop.id));
    const moved = input(shop.id, {
      vendorUpdatedAt: new Date('2026-11-21T00:00:00Z'),
      address: { ...input(shop.id).address!, city: 'Oakland', postcode: '94607' },
    });
    await upsertMarketplaceOrder(db(), owner(w), moved);
    let [row] = await rowsOf(shop.id);
    expect(row!.address.city).toBe('Oakland');
    await upsertMarketplaceOrder(
      db(),
      owner(w),
      input(shop.id, {
        marketState: 'cancelled',
        vendorStatus: 'CANCELLED',
        vendorUpdatedAt: new Date('2026-11-22T00:00:00Z'),
      }),
    );
    [row] = await rowsOf(shop.id);
    expect(row!.status).toBe('cancelled');
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, made.orderId));
    expect(events.map((e) => e.action)).toEqual(
      expect.arrayContaining(['synced', 'market_update', 'cancel']),
    );
  });

  it('an order from a spreadsheet and from sync is one order with both channels (merged)', async () => {
    const w = await buildCheckoutWorld(t);
    const shop = await shopOf(w);
    const imported = await upsertMarketplaceOrder(
      db(),
      owner(w),
      input(shop.id, { channel: 'import', vendorUpdatedAt: null }),
    );
    expect(imported.channels).toEqual(['import']);
    const synced = await upsertMarketplaceOrder(db(), owner(w), input(shop.id));
    expect(synced).toMatchObject({
      orderId: imported.orderId,
      outcome: 'updated',
      channels: ['import', 'sync'],
    });
    const again = await upsertMarketplaceOrder(
      db(),
      owner(w),
      input(shop.id, { channel: 'import', vendorUpdatedAt: null }),
    );
    expect(again.outcome).toBe('unchanged');
    expect(await rowsOf(shop.id)).toHaveLength(1);
    expect((await rowsOf(shop.id))[0]!.intakeChannels).toEqual(['import', 'sync']);
  });

  it('links lines through the SKU mapping and prices them as the order centre does', async () => {
    const w = await buildCheckoutWorld(t);
    const shop = await shopOf(w);
    await db().insert(orderSkuMappings).values({
      tenantId: w.tenant.id,
      merchantId: w.m.merchant.id,
      shopId: shop.id,
      externalSkuId: 'SKU-100',
      finishedProductId: w.m.finished.id,
      colorId: w.basics.colors[0]!.id,
      sizeId: w.basics.sizes[0]!.id,
    });
    const res = await upsertMarketplaceOrders(db(), owner(w), [
      input(shop.id),
      input(shop.id, {
        thirdPartyOrderNo: '576461234567890002',
        lines: [{ ...input(shop.id).lines[0]!, skuId: 'SKU-UNMAPPED' }],
      }),
    ]);
    expect(res.map((r) => r.outcome)).toEqual(['created', 'created']);
    const [linked] = await db().select().from(orders).where(eq(orders.id, res[0]!.orderId));
    expect(linked!.unlinkedLines).toBe(0);
    expect(linked!.productAmount).toBe(w.m.finished.unit_price * 2);
    expect(linked!.factoryId).toBe(w.factory.id);
    const [unlinked] = await db().select().from(orders).where(eq(orders.id, res[1]!.orderId));
    expect(unlinked!.unlinkedLines).toBe(1);
  });

  it('a repeated number within one batch is one order; another merchant’s upsert of its own shop is separate', async () => {
    const w = await buildCheckoutWorld(t);
    const shop = await shopOf(w);
    const res = await upsertMarketplaceOrders(db(), owner(w), [
      input(shop.id, { vendorUpdatedAt: new Date('2026-11-20T00:00:00Z') }),
      input(shop.id, { vendorUpdatedAt: new Date('2026-11-21T00:00:00Z'), vendorStatus: 'IN_TRANSIT' }),
    ]);
    expect(res.map((r) => r.outcome)).toEqual(['created', 'updated']);
    expect(await rowsOf(shop.id)).toHaveLength(1);

    const [theirShop] = await db()
      .insert(shops)
      .values({ tenantId: w.tenant.id, merchantId: w.n.merchant.id, name: 'N shop', platform: 'tiktok' })
      .returning();
    const theirs = await upsertMarketplaceOrder(
      db(),
      { tenantId: w.tenant.id, merchantId: w.n.merchant.id },
      input(theirShop!.id),
    );
    expect(theirs.outcome).toBe('created');
    expect(theirs.orderId).not.toBe(res[0]!.orderId);
  });

  it("the list's number box finds an order by its own or its shop's number, never another merchant's (decision 0083)", async () => {
    const w = await buildCheckoutWorld(t);
    const shop = await shopOf(w);
    const mine = await upsertMarketplaceOrder(db(), owner(w), input(shop.id, { thirdPartyOrderNo: 'TT-1' }));
    const other = await upsertMarketplaceOrder(db(), owner(w), input(shop.id, { thirdPartyOrderNo: 'TT-2' }));
    const [theirShop] = await db()
      .insert(shops)
      .values({ tenantId: w.tenant.id, merchantId: w.n.merchant.id, name: 'N shop', platform: 'tiktok' })
      .returning();
    const theirs = await upsertMarketplaceOrder(
      db(),
      { tenantId: w.tenant.id, merchantId: w.n.merchant.id },
      input(theirShop!.id, { thirdPartyOrderNo: 'TT-3' }),
    );
    const found = async (box: string[]) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v1/admin/order?order_nos=${encodeURIComponent(box.join(','))}`,
        headers: w.m.headers,
      });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data as { list: Array<{ order_no: string }>; total: number };
      return { nos: data.list.map((o) => o.order_no).sort(), total: data.total };
    };
    // Its own number and its shop's number each find it; the other merchant's numbers find nothing.
    expect(await found([mine.orderNo])).toEqual({ nos: [mine.orderNo], total: 1 });
    expect(await found(['TT-2'])).toEqual({ nos: [other.orderNo], total: 1 });
    expect(await found(['TT-1', other.orderNo, 'TT-3', theirs.orderNo])).toEqual({
      nos: [mine.orderNo, other.orderNo].sort(),
      total: 2,
    });
    expect(await found(['TT-3', theirs.orderNo])).toEqual({ nos: [], total: 0 });
  });

  it('a split part keeps the marketplace number without clashing with the unique index', async () => {
    const w = await buildCheckoutWorld(t);
    const shop = await shopOf(w);
    const made = await upsertMarketplaceOrder(db(), owner(w), input(shop.id));
    const [row] = await db().select().from(orders).where(eq(orders.id, made.orderId));
    const { id: _id, orderNo: _no, createdAt: _c, updatedAt: _u, ...rest } = row!;
    // Two order numbers that differ from the original's (whatever its last digit), so only the
    // marketplace-number index can refuse the second insert.
    const [partNo, clashNo] = ['7', '8', '9']
      .filter((d) => !made.orderNo.endsWith(d))
      .map((d) => `${made.orderNo.slice(0, -1)}${d}`);
    await db()
      .insert(orders)
      .values({ ...rest, orderNo: partNo!, originOrderNo: made.orderNo });
    const clash = db()
      .insert(orders)
      .values({ ...rest, orderNo: clashNo! });
    await expect(clash).rejects.toThrow();
    const again = await upsertMarketplaceOrder(db(), owner(w), input(shop.id));
    expect(again.orderId).toBe(made.orderId);
  });
});

/** Two connections upserting the same order at the same moment: PostgreSQL only (DATABASE_URL). */
describe.runIf(process.env.DATABASE_URL)('upsertMarketplaceOrder under concurrency (PostgreSQL)', () => {
  it('two concurrent upserts of the same order create one', async () => {
    const w = await buildCheckoutWorld(t);
    const shop = await shopOf(w);
    for (let round = 0; round < 5; round++) {
      const no = `5764600000000${round}`;
      const results = await Promise.all(
        [0, 1, 2].map(() =>
          db().transaction((tx) =>
            upsertMarketplaceOrder(tx, owner(w), input(shop.id, { thirdPartyOrderNo: no })),
          ),
        ),
      );
      expect(results.filter((r) => r.outcome === 'created')).toHaveLength(1);
      expect(new Set(results.map((r) => r.orderId)).size).toBe(1);
      const rows = await db()
        .select()
        .from(orders)
        .where(and(eq(orders.shopId, shop.id), eq(orders.thirdPartyOrderNo, no)));
      expect(rows).toHaveLength(1);
    }
  });
});
