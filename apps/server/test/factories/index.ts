import { randomBytes } from 'node:crypto';
import type { Executor } from '../../src/db/client.ts';
import { systemContext } from '../../src/platform/context.ts';
import { createAdminUser } from '../../src/modules/access/index.ts';
import { createFactory } from '../../src/modules/logistics/index.ts';
import { createMember, tenantMembersContext } from '../../src/modules/member/index.ts';
import { createMerchant, createTenant } from '../../src/modules/tenancy/index.ts';
import { createPaymentAccount, credit } from '../../src/modules/wallet/index.ts';

export const FACTORY_PASSWORD = 'Factory12345';

let counter = 0;
/** A name no other test will use: a letter first, then letters and digits (fits username rules). */
export function unique(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}${randomBytes(3).toString('hex')}`.slice(0, 15);
}

export async function buildTenant(
  tx: Executor,
  overrides: { name?: string; domain?: string | null; isDefault?: boolean } = {},
) {
  return createTenant(tx, {
    name: overrides.name ?? unique('Supplier'),
    domain: overrides.domain ?? null,
    isDefault: overrides.isDefault ?? false,
  });
}

/** A platform administrator; the primary (root) one by default, who holds every platform permission. */
export async function buildPlatformAdmin(
  tx: Executor,
  overrides: { username?: string; password?: string; isPrimary?: boolean } = {},
) {
  return createAdminUser(tx, {
    tier: 'platform',
    tenantId: null,
    isPrimary: overrides.isPrimary ?? true,
    username: overrides.username ?? unique('admin'),
    password: overrides.password ?? FACTORY_PASSWORD,
  });
}

export async function buildSupplierAdmin(
  tx: Executor,
  tenantId: string,
  overrides: { username?: string; password?: string } = {},
) {
  return createAdminUser(tx, {
    tier: 'supplier',
    tenantId,
    isPrimary: true,
    username: overrides.username ?? unique('supplier'),
    password: overrides.password ?? FACTORY_PASSWORD,
  });
}

export async function buildFactoryWithUser(
  tx: Executor,
  tenantId: string,
  overrides: { name?: string; username?: string; password?: string } = {},
) {
  const factory = await createFactory(
    { tenantId, tx },
    {
      name: overrides.name ?? unique('Factory'),
      number: unique('F'),
      address: '1 Test Road',
      sender_name: 'Sender',
      sender_phone: '13800000000',
    },
  );
  const user = await createAdminUser(tx, {
    tier: 'factory',
    tenantId,
    factoryId: factory.id,
    // A factory's own account holds every factory-tier permission (decision 0054).
    isPrimary: true,
    username: overrides.username ?? unique('factory'),
    password: overrides.password ?? FACTORY_PASSWORD,
  });
  return { factory, user };
}

/** A merchant with its primary account and, optionally, ordinary staff. */
export async function buildMerchant(
  tx: Executor,
  tenantId: string,
  overrides: {
    name?: string;
    number?: string;
    primary?: { username: string; password: string };
    staff?: Array<{ username: string; password: string }>;
  } = {},
) {
  const merchant = await createMerchant(
    { tenantId, tx },
    { name: overrides.name ?? unique('Merchant'), number: overrides.number ?? unique('M') },
  );
  const primary = await createAdminUser(tx, {
    tier: 'merchant',
    tenantId,
    merchantId: merchant.id,
    isPrimary: true,
    username: overrides.primary?.username ?? unique('merchant'),
    password: overrides.primary?.password ?? FACTORY_PASSWORD,
  });
  const staff = [];
  for (const s of overrides.staff ?? []) {
    staff.push(
      await createAdminUser(tx, {
        tier: 'merchant',
        tenantId,
        merchantId: merchant.id,
        isPrimary: false,
        username: s.username,
        password: s.password,
        createdBy: primary.id,
      }),
    );
  }
  return { merchant, primary, staff };
}

export async function buildMember(
  tx: Executor,
  tenantId: string,
  overrides: { username?: string; password?: string; mobile?: string; email?: string } = {},
) {
  return createMember(tenantMembersContext(tx, tenantId, 'test'), {
    username: overrides.username ?? unique('member'),
    password: overrides.password ?? FACTORY_PASSWORD,
    ...(overrides.mobile ? { mobile: overrides.mobile } : {}),
    ...(overrides.email ? { email: overrides.email } : {}),
  });
}

/** A mainland mobile number no other test uses. */
export function uniqueMobile(): string {
  counter += 1;
  return `139${String((Date.now() + counter * 7919) % 100_000_000).padStart(8, '0')}`;
}

/**
 * Puts money in a merchant's wallet through the ledger (an adjustment credit), so balances and
 * reconciliation stay consistent. Amount in minor units.
 */
export async function fundWallet(
  tx: Executor,
  target: { tenantId: string; merchantId: string },
  amount: number,
  currency: 'CNY' | 'USD' = 'CNY',
) {
  const { transaction } = await credit(systemContext(tx, target, 'test-funding'), {
    type: 'adjustment',
    merchantId: target.merchantId,
    currency,
    amount,
    idempotencyKey: `fund:${randomBytes(8).toString('hex')}`,
    remark: 'test funding',
  });
  return transaction;
}

/** An active payment account of a tenant that merchants may transfer to. */
export async function buildPaymentAccount(
  tx: Executor,
  tenantId: string,
  overrides: {
    currency?: 'CNY' | 'USD';
    status?: 'enabled' | 'disabled';
    accountName?: string;
    bankName?: string;
  } = {},
) {
  return createPaymentAccount(tx, tenantId, {
    accountName: overrides.accountName ?? unique('Account'),
    bankName: overrides.bankName ?? 'Bank of Test',
    cardNumber: '6222020000000001',
    currency: overrides.currency ?? 'CNY',
    status: overrides.status ?? 'enabled',
  });
}
