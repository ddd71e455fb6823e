import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { KeyColumn } from '../../platform/crud/keyset.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { aftersalesEvents, aftersalesRequests } from './schema.ts';

export type RequestRow = typeof aftersalesRequests.$inferSelect;
export type NewRequest = typeof aftersalesRequests.$inferInsert;
export type EventRow = typeof aftersalesEvents.$inferSelect;
export type NewEvent = typeof aftersalesEvents.$inferInsert;

/**
 * Whose requests a caller reaches (decision 0026): a merchant its own, a reviewer its tenant's.
 * Every query below starts from it, never from the request body.
 */
export interface RequestOwner {
  tenantId: string;
  merchantId: string | null;
}

const owned = (owner: RequestOwner) =>
  and(
    eq(aftersalesRequests.tenantId, owner.tenantId),
    owner.merchantId ? eq(aftersalesRequests.merchantId, owner.merchantId) : undefined,
  );

export interface ListFilter {
  status?: RequestRow['status'] | undefined;
  kind?: RequestRow['kind'] | undefined;
  refundType?: RequestRow['refundType'] | undefined;
  source?: RequestRow['source'] | undefined;
  orderNo?: string | undefined;
  requestNo?: string | undefined;
  merchantId?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export function listConditions(owner: RequestOwner, f: ListFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [owned(owner)];
  if (f.status) c.push(eq(aftersalesRequests.status, f.status));
  if (f.kind) c.push(eq(aftersalesRequests.kind, f.kind));
  if (f.refundType) c.push(eq(aftersalesRequests.refundType, f.refundType));
  if (f.source) c.push(eq(aftersalesRequests.source, f.source));
  if (f.orderNo) c.push(eq(aftersalesRequests.orderNo, f.orderNo));
  if (f.requestNo) c.push(eq(aftersalesRequests.requestNo, f.requestNo));
  if (f.merchantId) c.push(eq(aftersalesRequests.merchantId, f.merchantId));
  if (f.from) c.push(gte(aftersalesRequests.createdAt, new Date(f.from)));
  if (f.to) c.push(lte(aftersalesRequests.createdAt, new Date(f.to)));
  return and(...c);
}

/** Newest first; the export's keyset follows the same order. */
export const LIST_KEYS: readonly KeyColumn[] = [
  { column: aftersalesRequests.createdAt, dir: 'desc', cast: 'timestamptz' },
  { column: aftersalesRequests.id, dir: 'desc', cast: 'uuid' },
];

export function list(tx: Executor, owner: RequestOwner, f: ListFilter, page: number, limit: number) {
  return pagedRows(
    tx,
    aftersalesRequests,
    listConditions(owner, f),
    [desc(aftersalesRequests.createdAt), desc(aftersalesRequests.id)],
    page,
    limit,
  );
}

export async function findById(
  tx: Executor,
  owner: RequestOwner,
  id: string,
  options: { lock?: boolean } = {},
): Promise<RequestRow | undefined> {
  const query = tx
    .select()
    .from(aftersalesRequests)
    .where(and(owned(owner), eq(aftersalesRequests.id, id)));
  // Reviews lock the row: two reviewers at the same moment serialise here (decision 0042).
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

/** The pending request of an order, if any (at most one, by a partial unique index). */
export async function openRequestOf(tx: Executor, orderId: string): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(aftersalesRequests)
    .where(and(eq(aftersalesRequests.orderId, orderId), eq(aftersalesRequests.status, 'pending_review')));
  return row;
}

export async function findByExternal(
  tx: Executor,
  tenantId: string,
  source: RequestRow['source'],
  externalRef: string,
): Promise<RequestRow | undefined> {
  const [row] = await tx
    .select()
    .from(aftersalesRequests)
    .where(
      and(
        eq(aftersalesRequests.tenantId, tenantId),
        eq(aftersalesRequests.source, source),
        eq(aftersalesRequests.externalRef, externalRef),
      ),
    )
    .for('update');
  return row;
}

/** The request, or null when a unique index refused it (an open request of the order, a number clash). */
export async function insertRequest(tx: Executor, values: NewRequest): Promise<RequestRow | null> {
  const [row] = await tx.insert(aftersalesRequests).values(values).onConflictDoNothing().returning();
  return row ?? null;
}

/** Moves a request only from the states given: undefined when it was in none of them. */
export async function transition(
  tx: Executor,
  owner: RequestOwner,
  id: string,
  from: readonly RequestRow['status'][],
  set: Partial<NewRequest>,
): Promise<RequestRow | undefined> {
  const [row] = await tx
    .update(aftersalesRequests)
    .set({ ...set, updatedAt: sql`now()` })
    .where(and(owned(owner), eq(aftersalesRequests.id, id), inArray(aftersalesRequests.status, [...from])))
    .returning();
  return row;
}

export async function insertEvent(tx: Executor, event: NewEvent): Promise<void> {
  await tx.insert(aftersalesEvents).values(event);
}

export function eventsOf(tx: Executor, tenantId: string, requestId: string): Promise<EventRow[]> {
  return (
    tx
      .select()
      .from(aftersalesEvents)
      .where(and(eq(aftersalesEvents.tenantId, tenantId), eq(aftersalesEvents.requestId, requestId)))
      // Steps written in the same instant (approve and refund share a transaction; PGlite's clock is
      // coarse) keep their order in a request's life, not the random order of their ids.
      .orderBy(
        asc(aftersalesEvents.createdAt),
        sql`array_position(ARRAY['submitted','updated','approved','rejected','refunded','closed']::text[], ${aftersalesEvents.step})`,
        asc(aftersalesEvents.id),
      )
  );
}
