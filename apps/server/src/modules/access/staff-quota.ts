import type { Executor } from '../../db/client.ts';
import type { AdminActor } from '../../platform/context.ts';

/** Refuses (409) one more staff account for the actor's organisation when its level is full. */
export type StaffQuota = (tx: Executor, actor: AdminActor) => Promise<void>;

let staffQuota: StaffQuota | undefined;

/**
 * Lets tenancy, which owns levels and their quotas (decision 0012), supply the staff-account
 * check: tenancy depends on access (accounts, admin contexts), so access cannot import it.
 * Registering again replaces.
 */
export function registerStaffQuota(check: StaffQuota): void {
  staffQuota = check;
}

/** spec §6: the level limits how many sub-accounts there may be. */
export async function assertStaffSlot(tx: Executor, actor: AdminActor): Promise<void> {
  // Never skipped silently: an app without the tenancy module would lift every staff limit.
  if (!staffQuota) throw new Error('No staff quota is registered (tenancyRoutes registers it)');
  await staffQuota(tx, actor);
}
