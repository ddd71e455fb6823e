import type { Executor } from '../../db/client.ts';
import type { AdminActor } from '../../platform/context.ts';
import { extensionPoint, type Extensions } from '../../platform/extensions.ts';

/** Refuses (409) one more staff account for the actor's organisation when its level is full. */
export type StaffQuota = (tx: Executor, actor: AdminActor) => Promise<void>;

/**
 * The staff-account limit of spec §6 is the level's, which tenancy owns (decision 0012); tenancy
 * depends on access (accounts, admin contexts), so it provides the check in its descriptor.
 */
export const STAFF_QUOTA = extensionPoint<StaffQuota>('access.staffQuota');

/** spec §6: the level limits how many sub-accounts there may be. */
export async function assertStaffSlot(
  extensions: Extensions,
  tx: Executor,
  actor: AdminActor,
): Promise<void> {
  await extensions.required(STAFF_QUOTA)(tx, actor);
}
