import { describe, expect, it } from 'vitest';
import { statusTimeline } from './status-timeline.ts';

const base = {
  created_at: '2026-01-01T08:00:00.000Z',
  paid_at: null,
  shipped_at: null,
  cancelled_at: null,
  events: [],
};

describe('the order status timeline (issue 26)', () => {
  it('an unpaid order is at "created", every later step ahead', () => {
    const steps = statusTimeline({ ...base, status: 'unpaid' });
    expect(steps.map((s) => [s.step, s.state])).toEqual([
      ['created', 'current'],
      ['paid', 'ahead'],
      ['in_production', 'ahead'],
      ['shipped', 'ahead'],
      ['completed', 'ahead'],
    ]);
    expect(steps[0]?.at).toBe(base.created_at);
  });

  it('a shipped order carries the time of each step, production from its event', () => {
    const steps = statusTimeline({
      ...base,
      status: 'shipped',
      paid_at: '2026-01-01T09:00:00.000Z',
      shipped_at: '2026-01-03T09:00:00.000Z',
      events: [
        { action: 'start_production', to_status: 'in_production', created_at: '2026-01-02T09:00:00.000Z' },
      ],
    });
    expect(steps.map((s) => [s.step, s.state, s.at])).toEqual([
      ['created', 'done', base.created_at],
      ['paid', 'done', '2026-01-01T09:00:00.000Z'],
      ['in_production', 'done', '2026-01-02T09:00:00.000Z'],
      ['shipped', 'current', '2026-01-03T09:00:00.000Z'],
      ['completed', 'ahead', null],
    ]);
  });

  it('a cancelled order ends at the cancellation; one cancelled through after-sales says so', () => {
    const unpaid = statusTimeline({ ...base, status: 'cancelled', cancelled_at: '2026-01-01T10:00:00.000Z' });
    expect(unpaid.map((s) => [s.step, s.state])).toEqual([
      ['created', 'done'],
      ['cancelled', 'stopped'],
    ]);
    const paid = statusTimeline({
      ...base,
      status: 'cancelled',
      paid_at: '2026-01-01T09:00:00.000Z',
      cancelled_at: '2026-01-02T10:00:00.000Z',
      events: [{ action: 'cancel_paid', to_status: 'cancelled', created_at: '2026-01-02T10:00:00.000Z' }],
    });
    expect(paid.map((s) => [s.step, s.state])).toEqual([
      ['created', 'done'],
      ['paid', 'done'],
      ['aftersales', 'stopped'],
    ]);
  });

  it('a timed-out order ends at the timeout', () => {
    const steps = statusTimeline({
      ...base,
      status: 'timed_out',
      events: [{ action: 'time_out', to_status: 'timed_out', created_at: '2026-01-01T09:00:00.000Z' }],
    });
    expect(steps.at(-1)).toEqual({ step: 'timed_out', at: '2026-01-01T09:00:00.000Z', state: 'stopped' });
  });
});
