import { nextPublishStatus, publishFromStatuses, type PublishEvent } from '@pod/shared';
import { and, eq, inArray, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { publishListings } from './schema.ts';
import type { ListingRow } from './listing.resource.ts';

type Move = Exclude<PublishEvent, 'edit'>;

/**
 * The one place a listing's status changes (decision 0044): a conditional update whose allowed
 * "from" states come from the shared transition table, so two workers or a double click can never
 * move a listing along a path the table does not have. Returns the rows that moved.
 */
export async function moveListings(
  tx: Executor,
  where: SQL[],
  event: Move,
  set: Partial<typeof publishListings.$inferInsert> = {},
): Promise<ListingRow[]> {
  const from = publishFromStatuses(event);
  const to = nextPublishStatus(from[0]!, event)!;
  const allowed =
    event === 'republish'
      ? // A released listing is republished only when it was edited since (canRepublish).
        or(
          eq(publishListings.status, 'failed'),
          and(eq(publishListings.status, 'released'), eq(publishListings.editedSincePublish, true)),
        )!
      : inArray(publishListings.status, from);
  return tx
    .update(publishListings)
    .set({ ...set, status: to })
    .where(and(...where, allowed))
    .returning();
}
