import { describe, expect, it } from 'vitest';
import { temuErrorKind } from '../temu/temu-errors.ts';
import { tiktokErrorKind } from '../tiktok/tiktok-errors.ts';
import { tokenExpiry, toOrder } from '../tiktok/tiktok-adapter.ts';
import { MarketplaceError } from './errors.ts';
import { backoffDelay, callVendor, DEFAULT_POLICY, retryAfterOf, type RawResponse } from './http.ts';
import { fromMinor, toMinor } from './money.ts';
import { MemoryRateGate } from './rate-gate.ts';

describe('error mapping (decision 0030)', () => {
  it('TikTok: 105/360 codes are token errors, 429 is rate, 5xx is down, the rest refusals', () => {
    expect(tiktokErrorKind(105002, 401)).toBe('auth_expired');
    expect(tiktokErrorKind(105005, 200)).toBe('auth_expired');
    expect(tiktokErrorKind(36004001, 400)).toBe('auth_expired');
    expect(tiktokErrorKind(36004005, 401)).toBe('auth_expired');
    expect(tiktokErrorKind(36009004, 429)).toBe('rate_limited');
    expect(tiktokErrorKind(1, 502)).toBe('vendor_down');
    expect(tiktokErrorKind(106001, 401)).toBe('invalid_request');
    expect(tiktokErrorKind(12052000, 400)).toBe('invalid_request');
  });

  it('Temu: the gateway table onto the four kinds', () => {
    for (const code of [3000030, 3000031, 3000032, 3000033, 3000034, 5000000, 110020003])
      expect(temuErrorKind(code, 200), String(code)).toBe('auth_expired');
    expect(temuErrorKind(4000004, 200)).toBe('rate_limited');
    expect(temuErrorKind(1, 429)).toBe('rate_limited');
    for (const code of [4000000, 2000000, 6000001, 110020001])
      expect(temuErrorKind(code, 200)).toBe('vendor_down');
    for (const code of [3000000, 3000001, 3000011, 3000012, 3000003, 3000026, 5000003, 110020002])
      expect(temuErrorKind(code, 200), String(code)).toBe('invalid_request');
  });

  it('only rate limits and outages are retryable', () => {
    expect(new MarketplaceError('rate_limited', 'x').isRetryable).toBe(true);
    expect(new MarketplaceError('vendor_down', 'x').isRetryable).toBe(true);
    expect(new MarketplaceError('auth_expired', 'x').isRetryable).toBe(false);
    expect(new MarketplaceError('invalid_request', 'x').isRetryable).toBe(false);
  });
});

describe('retries', () => {
  it('backs off exponentially with equal jitter, capped, and honours Retry-After', () => {
    const low = { ...DEFAULT_POLICY, random: () => 0 };
    const high = { ...DEFAULT_POLICY, random: () => 1 };
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, low))).toEqual([125, 250, 500, 1000]);
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, high))).toEqual([250, 500, 1000, 2000]);
    expect(backoffDelay(20, high)).toBe(DEFAULT_POLICY.maxDelayMs);
    expect(backoffDelay(1, low, 3000)).toBe(3000);
    expect(retryAfterOf(new Headers({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterOf(new Headers())).toBeNull();
  });

  it('re-sends (freshly signed) after a retryable failure, not after a refusal; waits for its rate slot', async () => {
    const waits: number[] = [];
    const policy = {
      ...DEFAULT_POLICY,
      random: () => 0,
      sleep: (ms: number) => Promise.resolve(void waits.push(ms)),
    };
    const ok: RawResponse = { status: 200, headers: new Headers(), text: 'ok' };
    let sends = 0;
    const flaky = await callVendor(policy, {
      marketplace: 't',
      operation: 'op',
      rateKey: 'k',
      perSecond: 10,
      send: () => Promise.resolve(sends++ < 2 ? { ...ok, status: 429 } : ok),
      read: (r) => {
        if (r.status === 429) throw new MarketplaceError('rate_limited', 'slow down');
        return r.text;
      },
    });
    expect(flaky).toBe('ok');
    expect(sends).toBe(3);
    expect(waits).toEqual([125, 250]);
    sends = 0;
    await expect(
      callVendor(policy, {
        marketplace: 't',
        operation: 'op',
        rateKey: 'k2',
        perSecond: 10,
        send: () => {
          sends++;
          return Promise.resolve(ok);
        },
        read: () => {
          throw new MarketplaceError('invalid_request', 'no');
        },
      }),
    ).rejects.toMatchObject({ kind: 'invalid_request' });
    expect(sends).toBe(1);
    // A network failure is the vendor being down.
    await expect(
      callVendor(
        { ...policy, retries: 0 },
        {
          marketplace: 't',
          operation: 'op',
          rateKey: 'k3',
          perSecond: 1,
          send: () => Promise.reject(new Error('ECONNREFUSED')),
          read: () => 1,
        },
      ),
    ).rejects.toMatchObject({ kind: 'vendor_down', vendorMessage: 'ECONNREFUSED' });
  });

  it('the in-memory bucket gives one second’s burst, then spaces the rest out', async () => {
    const gate = new MemoryRateGate(() => 1_000);
    const waits = [];
    for (let i = 0; i < 4; i++) waits.push(await gate.reserve('k', 2));
    expect(waits).toEqual([0, 0, 500, 1000]);
  });
});

describe('money and times from the vendors', () => {
  it('reads decimal strings into minor units exactly', () => {
    expect(toMinor('19.99', 'USD')).toBe(1999);
    expect(toMinor('0.1', 'USD')).toBe(10);
    expect(toMinor('12', 'GBP')).toBe(1200);
    expect(toMinor('1.005', 'USD')).toBe(101);
    expect(toMinor('1500', 'JPY')).toBe(1500);
    expect(toMinor(4.99, 'USD')).toBe(499);
    for (const bad of ['', 'abc', '1e3', null, undefined]) expect(toMinor(bad, 'USD')).toBeNull();
    expect(fromMinor({ amount: 1999, currency: 'USD' })).toBe('19.99');
    expect(fromMinor({ amount: 5, currency: 'USD' })).toBe('0.05');
    expect(fromMinor({ amount: 1500, currency: 'JPY' })).toBe('1500');
  });

  it('token expiries are absolute unix times (a small number is read as seconds from now)', () => {
    const now = new Date('2025-01-01T00:00:00Z');
    expect(tokenExpiry(1660556783, now)?.toISOString()).toBe('2022-08-15T09:46:23.000Z');
    expect(tokenExpiry(3600, now)?.toISOString()).toBe('2025-01-01T01:00:00.000Z');
    expect(tokenExpiry(0, now)).toBeNull();
  });

  it('groups TikTok line items (one per unit) into lines with quantities', () => {
    const item = (id: string, sku: string) => ({
      id,
      sku_id: sku,
      product_name: 'Tee',
      sale_price: '10.00',
      currency: 'USD',
      package_id: 'P1',
    });
    const order = toOrder({
      id: 'O1',
      status: 'AWAITING_SHIPMENT',
      create_time: 1700000000,
      payment: { currency: 'USD', total_amount: '34.99', shipping_fee: '4.99' },
      line_items: [item('a', 'S1'), item('b', 'S1'), item('c', 'S2')],
    });
    expect(order.lines.map((l) => [l.skuId, l.quantity, l.lineIds])).toEqual([
      ['S1', 2, ['a', 'b']],
      ['S2', 1, ['c']],
    ]);
    expect(order).toMatchObject({ state: 'awaiting_shipment', total: { amount: 3499, currency: 'USD' } });
  });
});
