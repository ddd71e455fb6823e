import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { orderOperations } from '@pod/shared';
import { ApiError } from './api-error.ts';
import { call, fillPath, toQuery } from './call.ts';
import { bindClientUi } from './ui-bindings.ts';

type FetchArgs = [input: string, init: RequestInit];

function reply(data: unknown): Response {
  return new Response(JSON.stringify({ code: 1, msg: '', data, time: 1_700_000_000 }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });
}

const payStatus = { orders: [], success: true, amounts: [], balances: [{ currency: 'CNY', balance: 0 }] };

let unbind: () => void;
beforeEach(() => {
  unbind = bindClientUi({ showSuccess: vi.fn(), showError: vi.fn(), navigate: vi.fn() });
});
afterEach(() => {
  unbind();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('fillPath and toQuery', () => {
  it('fills and encodes the path parameters', () => {
    expect(fillPath('/api/v1/admin/order/:order_no/cancel', { order_no: 'A 1/2' })).toBe(
      '/api/v1/admin/order/A%201%2F2/cancel',
    );
  });

  it('sends lists comma-separated and leaves out what is not set', () => {
    expect(toQuery({ ids: ['a', 'b'], page: 2, none: undefined, nil: null, on: true })).toEqual({
      ids: 'a,b',
      page: 2,
      on: true,
    });
  });
});

describe('call', () => {
  it("sends the operation's method, path and query, and resolves with the checked data", async () => {
    const fetchMock = vi.fn((..._args: FetchArgs) => Promise.resolve(reply(payStatus)));
    vi.stubGlobal('fetch', fetchMock);
    const parse = vi.spyOn(orderOperations.orderPayStatus.response, 'safeParse');
    const data = await call(orderOperations.orderPayStatus, { query: { order_nos: 'P1,P2' } });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/v1/admin/order/payStatus?order_nos=P1%2CP2');
    expect(init.method).toBe('GET');
    expect(parse).toHaveBeenCalled();
    expect(data.success).toBe(true);
  });

  it('rejects a reply that breaks the contract as an invalid reply', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(reply({ success: 'yes' })));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const error = await call(orderOperations.orderPayStatus, {
      query: { order_nos: 'P1' },
      showErrorMessage: false,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).reason).toBe('invalid-reply');
  });
});
