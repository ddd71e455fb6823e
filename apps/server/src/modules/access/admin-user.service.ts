import type { Executor } from '../../db/client.ts';
import type { AdminTier } from './schema.ts';
import type { Actor, AdminActor } from '../../platform/context.ts';
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
  mobile?: string;
  createdBy?: string | null;
}

/** Creates an admin-area account of any tier; the password is stored only as an argon2id hash. */
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
    mobile: input.mobile ?? '',
    createdBy: input.createdBy ?? null,
  });
}

export const findAdminUserByUsername = repo.findAdminUserByUsername;
export const findAdminUserById = repo.findAdminUserById;

/** May this user sign in and keep using a session: enabled and not locked. */
export const canSignIn = (user: Pick<repo.AdminUserRow, 'status' | 'isLocked'>) =>
  user.status === 'enabled' && !user.isLocked;

/** The actor an admin user acts as, for tokens and service contexts. */
export function adminActor(
  user: Pick<repo.AdminUserRow, 'id' | 'tier' | 'tenantId' | 'merchantId' | 'factoryId' | 'isPrimary'>,
): AdminActor {
  return {
    kind: 'admin',
    id: user.id,
    tier: user.tier,
    tenantId: user.tenantId,
    merchantId: user.merchantId,
    factoryId: user.factoryId,
    isPrimary: user.isPrimary,
  };
}

/** The actor for a user id when that user may still act, else null. */
export async function activeAdminActor(tx: Executor, id: string): Promise<Actor | null> {
  const user = await repo.findActorFields(tx, id);
  return user && canSignIn(user) ? adminActor(user) : null;
}

/**
 * Whether admin `id` may act now under the sign-in `sessionId`: the sign-in is live and the user
 * neither disabled nor locked. One statement: auth's per-request session check.
 */
export async function adminMayActInSession(tx: Executor, id: string, sessionId: string): Promise<boolean> {
  const user = await repo.findLiveSessionAdmin(tx, id, sessionId);
  return user !== undefined && canSignIn(user);
}

/**
 * Records a sign-in: the latest becomes the previous one, which is what the user is shown as
 * "last login" (issue 27: not the sign-in that is happening now).
 */
export async function recordAdminLogin(tx: Executor, id: string, ip: string): Promise<void> {
  await repo.recordLogin(tx, id, ip);
}

/**
 * Enables or disables a user. Disabling a merchant's primary account disables its staff too,
 * and enabling it again restores the staff that were enabled before (spec §4). Returns the ids
 * whose status changed.
 */
export async function setAdminUserStatus(
  tx: Executor,
  user: repo.AdminUserRow,
  status: repo.AdminUserRow['status'],
): Promise<string[]> {
  await repo.updateAdminUser(tx, user.id, { status });
  const cascaded =
    user.tier === 'merchant' && user.isPrimary && user.merchantId
      ? await repo.cascadeMerchantStaff(tx, user.merchantId, status)
      : [];
  return [user.id, ...cascaded];
}

/** The merchant itself was disabled or enabled: its staff follow, as for the primary account. */
export const cascadeMerchantStatus = repo.cascadeMerchantStaff;

/** Locks or unlocks a user (spec §4). */
export async function setAdminUserLocked(tx: Executor, id: string, isLocked: boolean): Promise<void> {
  await repo.updateAdminUser(tx, id, { isLocked });
}
