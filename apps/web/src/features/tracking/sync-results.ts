import type { TrackingJobResult } from '@pod/shared';
import type { TrackingSyncReply } from './api.ts';

export interface ResultRow {
  order_id: string;
  order_no: string;
  status: string;
  message: string | null;
}

/** The outcome per order: what the route said, replaced by the job's outcome once it is known. */
export function rowsOf(reply: TrackingSyncReply, result: TrackingJobResult | null): ResultRow[] {
  const byOrder = new Map(result?.results.map((r) => [r.order_id, r]));
  return reply.results.map((r) => {
    const done = byOrder.get(r.order_id);
    if (done)
      return {
        order_id: r.order_id,
        order_no: r.order_no,
        status: done.market_state === 'shipped' ? 'shipped' : done.state,
        message: done.message,
      };
    return { order_id: r.order_id, order_no: r.order_no, status: r.outcome, message: r.message };
  });
}
