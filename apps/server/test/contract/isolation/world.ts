import { eq } from 'drizzle-orm';
import { levels, merchants } from '../../../src/db/schema/index.ts';
import { adminActor, grantsFor } from '../../../src/modules/access/index.ts';
import { MENU_CATALOGUE } from '../../../src/modules/index.ts';
import {
  buildMerchant,
  buildPaymentAccount,
  buildPlatformAdmin,
  buildSupplierAdmin,
  buildTenant,
} from '../../factories/index.ts';
import { buildCheckoutWorld } from '../../factories/orders.ts';
import { staffWithRole } from '../../helpers/access.ts';
import type { TestApp } from '../../helpers/test-app.ts';
import type { Who } from './types.ts';

const EN = { 'accept-language': 'en' };

/** Every permission a merchant-tier account can hold, by menu name. */
export const MERCHANT_MENUS = MENU_CATALOGUE.filter((m) => m.tiers.includes('merchant')).map((m) => m.name);

/**
 * The people of the matrix. T1 is a supplier with a factory, a product on sale, a logistics method
 * and two merchants, MA (whose primary account is "A") and MB, each funded and with a finished
 * product (the checkout world of the order tests). T2 is another supplier with a merchant and an
 * administrator. A's two staff users are made the way a merchant makes them: a role through the
 * API, then an account holding it.
 */
export async function buildWorld(t: TestApp) {
  const db = t.database.db;
  const t1 = await buildCheckoutWorld(t);
  // Generous quotas, so a refusal is never a quota's (409) but always an ownership decision.
  const [ma] = await db.select().from(merchants).where(eq(merchants.id, t1.m.merchant.id));
  await db
    .update(levels)
    .set({
      merchantUserCount: 100,
      productTemplateCount: 100,
      designCount: 1000,
      storageCount: 100_000,
      shopCount: 100,
    })
    .where(eq(levels.id, ma!.levelId!));
  const paymentAccount = await buildPaymentAccount(db, t1.tenant.id, { currency: 'CNY' });

  const owned = { tier: 'merchant' as const, tenantId: t1.tenant.id, merchantId: t1.m.merchant.id };
  const staffWithoutPermission = await staffWithRole(t, t1.m.headers, owned, { menus: [] });
  const staffOutsideScope = await staffWithRole(t, t1.m.headers, owned, {
    menus: MERCHANT_MENUS,
    data_scope: 'self',
  });

  const t2 = await buildTenant(db);
  const c = await buildMerchant(db, t2.id);
  const s2 = await buildSupplierAdmin(db, t2.id);
  const t2PaymentAccount = await buildPaymentAccount(db, t2.id, { currency: 'CNY' });
  const platform = await buildPlatformAdmin(db);

  const headers: Record<Who, Record<string, string>> = {
    merchantA: t1.m.headers,
    sameSupplierMerchant: t1.n.headers,
    staffWithoutPermission: { ...EN, ...staffWithoutPermission.headers },
    staffOutsideScope: { ...EN, ...staffOutsideScope.headers },
    otherTenantMerchant: { ...EN, ...(await t.authAs(adminActor(c.primary))) },
    otherTenantSupplier: { ...EN, ...(await t.authAs(adminActor(s2))) },
    supplier: t1.supplier,
    platform: { ...EN, ...(await t.authAs(adminActor(platform))) },
    anonymous: { ...EN },
  };

  return {
    t1,
    tenantId: t1.tenant.id,
    /** Merchant MA and its primary account A. */
    a: { merchantId: t1.m.merchant.id, user: t1.m.primary, finished: t1.m.finished },
    /** Merchant MB of the same supplier. */
    b: { merchantId: t1.n.merchant.id, user: t1.n.primary, finished: t1.n.finished },
    staff: { withoutPermission: staffWithoutPermission, outsideScope: staffOutsideScope },
    t2: {
      tenantId: t2.id,
      merchantId: c.merchant.id,
      merchantUser: c.primary,
      supplierUser: s2,
      paymentAccount: t2PaymentAccount,
    },
    supplierUser: t1.admin,
    platformUser: platform,
    paymentAccount,
    headers,
    /** What (d) holds: every merchant permission, so its refusals must come from the data scope. */
    outsideScopePermissions: (await grantsFor(db, adminActor(staffOutsideScope.user))).permissions,
  };
}
export type World = Awaited<ReturnType<typeof buildWorld>>;
