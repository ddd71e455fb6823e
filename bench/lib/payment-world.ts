/**
 * Many merchants holding balances and unpaid orders, made quickly for the payment benchmark and
 * the crash test: a supplier tenant with a factory and a logistics rate, merchants (their primary
 * accounts share one password hash, so no per-user argon2), a funded CNY wallet each, and unpaid
 * orders whose logistics snapshot is a real quote of that rate (payment re-checks it).
 */
import { MENU_CATALOGUE } from '../../apps/server/src/modules/index.ts';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { migrateDatabase } from '../../apps/server/src/db/migrate.ts';
import type { Db } from '../../apps/server/src/db/client.ts';
import { adminUsers, orderLines, orders } from '../../apps/server/src/db/schema/index.ts';
import {
  adminActor,
  ensureSystemMenus,
  findAdminUserById,
} from '../../apps/server/src/modules/access/index.ts';
import { shippingQuote } from '../../apps/server/src/modules/logistics/index.ts';
import { newOrderNo, toStoredShipping } from '../../apps/server/src/modules/orders/index.ts';
import { createMerchant } from '../../apps/server/src/modules/tenancy/index.ts';
import type { AppServices } from '../../apps/server/src/services.ts';
import {
  buildFactoryWithUser,
  buildMerchant,
  buildTenant,
  fundWallet,
} from '../../apps/server/test/factories/index.ts';
import { buildShippingMethod, buildShippingRate } from '../../apps/server/test/factories/logistics.ts';

export const PRODUCT_AMOUNT = 60_00;

/**
 * Migrates a scratch database and opens the app in this process for the set-up (services such
 * as sessions need it); the server under test runs separately with the same JWT secret.
 */
export async function setUpDatabase(url: string, dataDir: string, jwtSecret: string) {
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: jwtSecret,
    WEB_DIST: join(dataDir, 'none'),
  });
  const database = await openDatabase({ kind: 'postgres', url, poolSize: 4 });
  await migrateDatabase(database);
  await ensureSystemMenus(database.db, MENU_CATALOGUE);
  const app = await buildApp({ config, database, logger: false, startJobs: false });
  await app.ready();
  return {
    database,
    app,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
const WEIGHT = 250;

export interface BenchMerchant {
  merchantId: string;
  userId: string;
  token: string;
  orderNos: string[];
}

export async function buildPaymentWorld(
  db: Db,
  services: AppServices,
  opts: {
    merchants: number;
    ordersPerMerchant: number;
    balance: (i: number) => number;
    expiresInMinutes?: number;
  },
) {
  const tenant = await buildTenant(db);
  const { factory } = await buildFactoryWithUser(db, tenant.id);
  const method = await buildShippingMethod(db, tenant.id, { destination_countries: ['US'] });
  await buildShippingRate(db, tenant.id, { methodId: method.id, factoryId: factory.id });
  const quote = await shippingQuote(db, tenant.id, {
    methodId: method.id,
    factoryId: factory.id,
    country: 'US',
    weightGrams: WEIGHT,
  });
  if (!quote) throw new Error('no logistics quote for the bench orders');
  const total = PRODUCT_AMOUNT + quote.fee;

  // One real account (argon2 once); the others copy its password hash.
  const template = await buildMerchant(db, tenant.id);
  const hash = (await findAdminUserById(db, template.primary.id))!.passwordHash;
  const expiresAt = new Date(Date.now() + (opts.expiresInMinutes ?? 24 * 60) * 60_000);
  const run = randomBytes(3).toString('hex');
  const out: BenchMerchant[] = [];
  for (let i = 0; i < opts.merchants; i++) {
    const merchant =
      i === 0
        ? template.merchant
        : await createMerchant(
            { tenantId: tenant.id, tx: db },
            { name: `Bench ${run} ${i}`, number: `B${run}${i}` },
          );
    const [user] =
      i === 0
        ? [template.primary]
        : await db
            .insert(adminUsers)
            .values({
              tier: 'merchant',
              tenantId: tenant.id,
              merchantId: merchant.id,
              isPrimary: true,
              username: `bench${run}${i}`,
              passwordHash: hash,
            })
            .returning();
    const balance = opts.balance(i);
    if (balance > 0) await fundWallet(db, { tenantId: tenant.id, merchantId: merchant.id }, balance);
    const { accessToken } = await services.sessions.issue(db, adminActor(user!));
    const drafts = Array.from({ length: opts.ordersPerMerchant }, () => ({
      tenantId: tenant.id,
      merchantId: merchant.id,
      orderNo: newOrderNo(),
      currency: 'CNY',
      productAmount: PRODUCT_AMOUNT,
      shippingAmount: quote.fee,
      totalAmount: total,
      totalQuantity: 1,
      weight: WEIGHT,
      countryCode: 'US',
      address: {
        first_name: 'Bench',
        last_name: '',
        mobile_phone: '4155550132',
        country: 'US',
        province: 'CA',
        city: 'San Francisco',
        area: '',
        street: '1 Market St',
        postcode: '94105',
      },
      customs: {
        cn_name: 'T恤',
        en_name: 'T-shirt',
        en_material: 'cotton',
        declared_price_usd: 800,
        declared_weight: WEIGHT,
        customs_code: '',
      },
      factoryId: factory.id,
      shipping: toStoredShipping(quote),
      createdBy: user!.id,
      orderedBy: user!.username,
      expiresAt,
    }));
    for (let start = 0; start < drafts.length; start += 500) {
      const rows = await db
        .insert(orders)
        .values(drafts.slice(start, start + 500))
        .returning({ id: orders.id, tenantId: orders.tenantId });
      await db.insert(orderLines).values(
        rows.map((r) => ({
          tenantId: r.tenantId,
          orderId: r.id,
          finishedProductId: r.id,
          finishedCode: 'F-BENCH',
          name: 'Bench tee',
          productId: r.id,
          styleCode: 'BENCH',
          colorId: r.id,
          colorName: 'White',
          sizeId: r.id,
          sizeName: 'M',
          quantity: 1,
          unitPrice: PRODUCT_AMOUNT,
          subtotal: PRODUCT_AMOUNT,
        })),
      );
    }
    out.push({
      merchantId: merchant.id,
      userId: user!.id,
      token: accessToken,
      orderNos: drafts.map((d) => d.orderNo),
    });
  }
  return { tenantId: tenant.id, total, merchants: out };
}
