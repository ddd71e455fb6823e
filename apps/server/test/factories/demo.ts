import type { Executor } from '../../src/db/client.ts';
import { adjustMember } from '../../src/modules/member/index.ts';
import {
  buildFactoryWithUser,
  buildMember,
  buildMerchant,
  buildPlatformAdmin,
  buildSupplierAdmin,
  buildTenant,
  buildPaymentAccount,
  fundWallet,
} from './index.ts';

/** The demo accounts the README lists; all share one password (DEMO_PASSWORD). */
export const DEMO_USERNAMES = {
  platformAdmin: 'admin',
  supplier: 'supplier',
  factory: 'factory',
  merchant: 'merchant',
  staff: 'staff',
  member: 'member',
} as const;

/** Builds the demo platform from the same factories the tests use (CONVENTIONS 11). */
export async function createDemoPlatform(tx: Executor, password: string) {
  const platformAdmin = await buildPlatformAdmin(tx, { username: DEMO_USERNAMES.platformAdmin, password });
  // The default tenant: hosts that are no supplier's domain (e.g. localhost) sign up here.
  const tenant = await buildTenant(tx, { name: 'Demo Supplier', isDefault: true });
  const supplier = await buildSupplierAdmin(tx, tenant.id, { username: DEMO_USERNAMES.supplier, password });
  const factory = await buildFactoryWithUser(tx, tenant.id, {
    name: 'Demo Factory',
    username: DEMO_USERNAMES.factory,
    password,
  });
  const merchant = await buildMerchant(tx, tenant.id, {
    name: 'Demo Merchant',
    number: 'M0001',
    primary: { username: DEMO_USERNAMES.merchant, password },
    staff: [{ username: DEMO_USERNAMES.staff, password }],
  });
  const member = await buildMember(tx, tenant.id, {
    username: DEMO_USERNAMES.member,
    password,
    mobile: '13800000000',
    email: 'member@example.com',
  });
  const scope = { tenantId: tenant.id, tx };
  await adjustMember(scope, member.id, { score: 100, memo: 'Welcome bonus / 注册奖励' });
  await adjustMember(scope, member.id, { money: 50_00, memo: 'Opening balance / 初始余额' });
  // Wallet: accounts merchants transfer to when recharging, and an opening balance for the demo merchant.
  const bank = { accountName: 'Demo Supplier Ltd / 演示供应商有限公司', bankName: 'Demo Bank / 演示银行' };
  await buildPaymentAccount(tx, tenant.id, { ...bank, currency: 'CNY' });
  await buildPaymentAccount(tx, tenant.id, { ...bank, currency: 'USD' });
  await fundWallet(tx, { tenantId: tenant.id, merchantId: merchant.merchant.id }, 1_000_00);
  return { platformAdmin, tenant, supplier, factory, merchant, member };
}
