import type { Executor } from '../../db/client.ts';
import type { AdminTier } from '../../db/schema/index.ts';
import type { Actor } from '../../platform/context.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import * as repo from './admin-user.repo.ts';

export interface NewAdminUser {
  tier: AdminTier;
  tenantId: string | null;
  merchantId?: string | null;
  factoryId?: string | null;
  isPrimary?: boolean;
  username: string;
  password: string;
  nickname?: string;
  createdBy?: string | null;
}

/** Creates an admin-area account of any tier; the password is stored only as a scrypt hash. */
export async function createAdminUser(tx: Executor, input: NewAdminUser) {
  if (input.tier !== 'platform' && !input.tenantId) throw new Error(`${input.tier} users belong to a tenant`);
  return repo.insertAdminUser(tx, {
    tier: input.tier,
    tenantId: input.tier === 'platform' ? null : input.tenantId,
    merchantId: input.merchantId ?? null,
    factoryId: input.factoryId ?? null,
    isPrimary: input.isPrimary ?? false,
    username: input.username,
    passwordHash: await hashPassword(input.password),
    nickname: input.nickname ?? input.username,
    createdBy: input.createdBy ?? null,
  });
}

export function findAdminUserByUsername(tx: Executor, username: string) {
  return repo.findAdminUserByUsername(tx, username);
}

/** The actor an admin user acts as, for tokens and service contexts. */
export function adminActor(user: repo.AdminUserRow): Actor {
  return {
    kind: 'admin',
    id: user.id,
    tier: user.tier,
    tenantId: user.tenantId,
    merchantId: user.merchantId,
    isPrimary: user.isPrimary,
  };
}
