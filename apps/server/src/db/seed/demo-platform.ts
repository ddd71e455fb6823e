import { randomBytes } from 'node:crypto';
import type { Executor } from '../client.ts';
import { systemContext } from '../../platform/context.ts';
import { createAdminUser } from '../../modules/access/index.ts';
import { createFactory } from '../../modules/logistics/index.ts';
import { adjustMember, createMember, tenantMembersContext } from '../../modules/member/index.ts';
import { createMerchant, createTenant } from '../../modules/tenancy/index.ts';
import { addExchangeRate, createPaymentAccount, credit } from '../../modules/wallet/index.ts';

/** The demo accounts the README lists; all share one password (DEMO_PASSWORD). */
export const DEMO_USERNAMES = {
  platformAdmin: 'admin',
  supplier: 'supplier',
  factory: 'factory',
  merchant: 'merchant',
  staff: 'staff',
  member: 'member',
} as const;

const hex = (bytes: number) => randomBytes(bytes).toString('hex');

/** The demo platform's organisations and accounts, through the modules' own create functions. */
export async function createDemoPlatform(tx: Executor, password: string) {
  const platformAdmin = await createAdminUser(tx, {
    tier: 'platform',
    tenantId: null,
    isPrimary: true,
    username: DEMO_USERNAMES.platformAdmin,
    password,
  });
  // The default tenant: hosts that are no supplier's domain (e.g. localhost) sign up here.
  const tenant = await createTenant(tx, { name: 'Demo Supplier', domain: null, isDefault: true });
  const scope = { tenantId: tenant.id, tx };
  const supplier = await createAdminUser(tx, {
    tier: 'supplier',
    tenantId: tenant.id,
    isPrimary: true,
    username: DEMO_USERNAMES.supplier,
    password,
  });

  // A random factory number, of the form the demo has always had.
  const factory = await createFactory(scope, {
    name: 'Demo Factory',
    number: `F1${hex(3)}`,
    province: '广东省',
    city: '深圳市',
    district: '宝安区',
    address: 'Demo Industrial Park 1 / 演示工业园 1 号',
    post_code: '518000',
    sender_name: 'Demo Factory / 演示工厂',
    sender_phone: '13800000000',
    is_main: true,
  });
  const factoryUser = await createAdminUser(tx, {
    tier: 'factory',
    tenantId: tenant.id,
    factoryId: factory.id,
    // The factory's own account: every factory-tier permission (the production queue, decision 0054).
    isPrimary: true,
    username: DEMO_USERNAMES.factory,
    password,
  });

  const merchant = await createMerchant(scope, { name: 'Demo Merchant', number: 'M0001' });
  const primary = await createAdminUser(tx, {
    tier: 'merchant',
    tenantId: tenant.id,
    merchantId: merchant.id,
    isPrimary: true,
    username: DEMO_USERNAMES.merchant,
    password,
  });
  const staff = await createAdminUser(tx, {
    tier: 'merchant',
    tenantId: tenant.id,
    merchantId: merchant.id,
    isPrimary: false,
    username: DEMO_USERNAMES.staff,
    password,
    createdBy: primary.id,
  });

  const members = tenantMembersContext(tx, tenant.id, 'demo-seed');
  const member = await createMember(members, {
    username: DEMO_USERNAMES.member,
    password,
    mobile: '13800000000',
    email: 'member@example.com',
  });
  await adjustMember(members, member.id, { score: 100, memo: { key: 'member.memo.welcome' } });
  await adjustMember(members, member.id, { money: 50_00, memo: 'Opening balance / 初始余额' });

  // Wallet: accounts merchants transfer to when recharging, and an opening balance for the demo merchant.
  const bank = { accountName: 'Demo Supplier Ltd / 演示供应商有限公司', bankName: 'Demo Bank / 演示银行' };
  const account = { ...bank, cardNumber: '6222020000000001', status: 'enabled' } as const;
  await createPaymentAccount(tx, tenant.id, { ...account, currency: 'CNY' });
  await createPaymentAccount(tx, tenant.id, { ...account, currency: 'USD' });
  // "RMB = 1 : 0.14" (decision 0050): USD logistics such as the demo's DHL have a price in yuan.
  await addExchangeRate(tx, { currency: 'USD', rate: '0.14', createdBy: platformAdmin.id });
  await credit(systemContext(tx, { tenantId: tenant.id, merchantId: merchant.id }, 'demo-seed'), {
    type: 'adjustment',
    merchantId: merchant.id,
    currency: 'CNY',
    amount: 1_000_00,
    idempotencyKey: `fund:${hex(8)}`,
    remark: 'Opening balance / 初始余额',
  });

  return {
    platformAdmin,
    tenant,
    supplier,
    factory: { factory, user: factoryUser },
    merchant: { merchant, primary, staff: [staff] },
    member,
  };
}
