import { describe, expect, it } from 'vitest';
import { rowsOf } from './sync-results.ts';

const reply = {
  job_id: 'job-1',
  queued: 2,
  results: [
    { order_id: 'a', order_no: 'PO1', outcome: 'queued' as const, message: 'Queued for syncing' },
    { order_id: 'b', order_no: 'PO2', outcome: 'queued' as const, message: 'Queued for syncing' },
    { order_id: 'c', order_no: 'PO3', outcome: 'not_marketplace' as const, message: 'Not synced' },
  ],
};

describe('sync results per order', () => {
  it('shows what the route said until the job reports', () => {
    expect(rowsOf(reply, null).map((r) => r.status)).toEqual(['queued', 'queued', 'not_marketplace']);
  });

  it("replaces it with the job's outcome: shipped on the marketplace, or why not", () => {
    const rows = rowsOf(reply, {
      total: 2,
      succeeded: 1,
      failed: 1,
      retrying: 0,
      results: [
        {
          push_id: 'p1',
          order_id: 'a',
          order_no: 'PO1',
          state: 'succeeded',
          market_state: 'shipped',
          message: null,
        },
        {
          push_id: 'p2',
          order_id: 'b',
          order_no: 'PO2',
          state: 'failed',
          market_state: null,
          message: 'shipping provider 1 is not available',
        },
      ],
    });
    expect(rows).toEqual([
      { order_id: 'a', order_no: 'PO1', status: 'shipped', message: null },
      { order_id: 'b', order_no: 'PO2', status: 'failed', message: 'shipping provider 1 is not available' },
      { order_id: 'c', order_no: 'PO3', status: 'not_marketplace', message: 'Not synced' },
    ]);
  });
});
