import type { OrderStatus } from '@pod/shared';

/** The steps of an order's life the timeline shows (issue 26). */
export type TimelineStep =
  'created' | 'paid' | 'in_production' | 'shipped' | 'completed' | 'cancelled' | 'timed_out' | 'aftersales';

export interface TimelineEntry {
  step: TimelineStep;
  /** When the order reached it; null for a step still ahead. */
  at: string | null;
  state: 'done' | 'current' | 'ahead' | 'stopped';
}

interface TimelineOrder {
  status: OrderStatus;
  created_at: string;
  paid_at: string | null;
  shipped_at: string | null;
  cancelled_at: string | null;
  events: ReadonlyArray<{ action: string; to_status: string | null; created_at: string }>;
}

const HAPPY: readonly TimelineStep[] = ['created', 'paid', 'in_production', 'shipped', 'completed'];

/**
 * An order's status timeline from its own times and events (issue 26): created → paid → in
 * production → shipped → completed, with when each happened; a cancelled or timed-out order ends
 * at that step, and an after-sales cancellation shows as its own step.
 */
export function statusTimeline(order: TimelineOrder): TimelineEntry[] {
  // The latest event that moved the order into a status (restored orders may pass twice).
  const reached = (status: string): string | null =>
    order.events
      .filter((e) => e.to_status === status)
      .map((e) => e.created_at)
      .sort()
      .at(-1) ?? null;
  const times: Record<TimelineStep, string | null> = {
    created: order.created_at,
    paid: order.paid_at ?? reached('paid'),
    in_production: reached('in_production'),
    shipped: order.shipped_at ?? reached('shipped'),
    completed: reached('completed'),
    cancelled: order.cancelled_at ?? reached('cancelled'),
    timed_out: reached('timed_out') ?? (order.status === 'timed_out' ? order.cancelled_at : null),
    aftersales: order.events.find((e) => e.action === 'cancel_paid')?.created_at ?? null,
  };
  if (order.status === 'cancelled' || order.status === 'timed_out') {
    const ended = order.status === 'cancelled' && times.aftersales ? 'aftersales' : order.status;
    const before = HAPPY.filter((s) => times[s] !== null && s !== 'completed');
    return [
      ...before.map((step) => ({ step, at: times[step], state: 'done' as const })),
      { step: ended, at: times[ended] ?? times.cancelled, state: 'stopped' as const },
    ];
  }
  const at = HAPPY.indexOf(order.status === 'unpaid' ? 'created' : order.status);
  return HAPPY.map((step, i) => ({
    step,
    at: i <= at ? times[step] : null,
    state: i < at || (i === at && step === 'completed') ? 'done' : i === at ? 'current' : 'ahead',
  }));
}
