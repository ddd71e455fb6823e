import type { OrderEvent } from '@pod/shared';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { orderEvents } from './schema.ts';

/** Who did something to an order: a user (id and name) or the platform (a job, a notification). */
export interface OrderEventActor {
  id: string | null;
  name: string;
}

/**
 * Writes one timeline entry (decision 0039). Other modules (intake, fulfilment, after-sales) call
 * it through orders/index.ts in their own transaction, so the entry commits with the change.
 */
export async function recordOrderEvent(
  tx: Executor,
  input: {
    order: { id: string; tenantId: string; merchantId: string };
    action: string;
    actor: OrderEventActor;
    fromStatus?: string | null;
    toStatus?: string | null;
    detail?: Record<string, unknown>;
  },
): Promise<void> {
  await tx.insert(orderEvents).values({
    tenantId: input.order.tenantId,
    merchantId: input.order.merchantId,
    orderId: input.order.id,
    action: input.action,
    actorId: input.actor.id,
    actorName: input.actor.name,
    fromStatus: input.fromStatus ?? null,
    toStatus: input.toStatus ?? null,
    detail: input.detail ?? {},
  });
}

export async function eventsOf(tx: Executor, orderId: string): Promise<OrderEvent[]> {
  const rows = await tx
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actor_name: r.actorName,
    from_status: r.fromStatus,
    to_status: r.toStatus,
    detail: r.detail,
    created_at: r.createdAt.toISOString(),
  }));
}
