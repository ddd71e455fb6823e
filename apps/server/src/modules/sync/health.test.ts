import { describe, expect, it } from 'vitest';
import { judge, type HealthFacts } from './health.service.ts';

const now = new Date('2026-11-26T12:00:00Z');
const minutes = (n: number) => new Date(now.getTime() - n * 60_000);
const inHours = (n: number) => new Date(now.getTime() + n * 3_600_000);

const base: HealthFacts = {
  shop: { platform: 'tiktok', authState: 'authorised', status: 'enabled', authorisedAt: minutes(600) },
  sync: { lastPollAt: minutes(3), lastPollError: null },
  activity: { refused: 0, tokenExpiresAt: inHours(24 * 30) },
  gaps: 0,
};
const facts = (patch: Partial<HealthFacts>) => ({ ...base, ...patch });

describe('sync health thresholds (decision 0052)', () => {
  it('green when polls are recent, tokens last, nothing was missed or refused', () => {
    expect(judge(base, now)).toEqual({ state: 'green', reasons: [] });
  });
  it('off for a shop that does not sync', () => {
    expect(judge(facts({ shop: { ...base.shop, platform: 'other' } }), now).state).toBe('off');
    expect(judge(facts({ shop: { ...base.shop, authState: 'unauthorised' } }), now).state).toBe('off');
    expect(judge(facts({ shop: { ...base.shop, status: 'disabled' } }), now).state).toBe('off');
  });
  it('amber: a token expiring within 7 days, a gap, a refused webhook', () => {
    expect(judge(facts({ activity: { refused: 0, tokenExpiresAt: inHours(48) } }), now)).toEqual({
      state: 'amber',
      reasons: ['token_expiring'],
    });
    expect(judge(facts({ gaps: 2 }), now)).toEqual({ state: 'amber', reasons: ['gaps'] });
    expect(judge(facts({ activity: { refused: 19, tokenExpiresAt: null } }), now)).toEqual({
      state: 'amber',
      reasons: ['refused_webhooks'],
    });
  });
  it('red: re-authorisation, a token expiring within a day, a failed or overdue poll, a flood of forgeries', () => {
    expect(judge(facts({ shop: { ...base.shop, authState: 'reauthorise' } }), now).reasons).toEqual([
      'reauthorise',
    ]);
    expect(judge(facts({ activity: { refused: 0, tokenExpiresAt: inHours(23) } }), now)).toEqual({
      state: 'red',
      reasons: ['token_expires_soon'],
    });
    expect(
      judge(facts({ sync: { lastPollAt: minutes(3), lastPollError: { key: 'sync.error.vendor' } } }), now),
    ).toEqual({
      state: 'red',
      reasons: ['poll_failed'],
    });
    expect(judge(facts({ sync: { lastPollAt: minutes(31), lastPollError: null } }), now).reasons).toEqual([
      'poll_overdue',
    ]);
    expect(judge(facts({ sync: null }), now).reasons).toEqual(['poll_overdue']);
    expect(judge(facts({ sync: null, shop: { ...base.shop, authorisedAt: minutes(5) } }), now).state).toBe(
      'green',
    );
    expect(judge(facts({ activity: { refused: 20, tokenExpiresAt: null }, gaps: 1 }), now)).toEqual({
      state: 'red',
      reasons: ['refused_webhooks_many', 'gaps'],
    });
  });
});
