import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import { api, buildUrl, request } from './client.ts';
import { statusMessage, statusMessageKey } from './failures.ts';
import { requestKey } from './in-flight.ts';
import { registerTokenRefresher } from './token-refresh.ts';
import { setAdminToken, setMemberToken } from './tokens.ts';
import { bindClientUi, type ClientUiBindings } from './ui-bindings.ts';

type FetchArgs = [input: string, init: RequestInit];

function envelopeResponse(body: { code: number; msg?: string; data?: unknown }, status = 200): Response {
  return new Response(JSON.stringify({ msg: '', data: null, time: 1_700_000_000, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

/** A fetch that never answers and rejects with the abort reason, as the real one does. */
function hangingFetch() {
  return (_input: string, init: RequestInit) =>
    new Promise<Response>((_resolve, reject) => {
      init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
    });
}

function stubFetch(impl: (...args: FetchArgs) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

let ui: { [K in keyof ClientUiBindings]: ReturnType<typeof vi.fn> };
let unbind: () => void;

beforeEach(() => {
  ui = { showSuccess: vi.fn(), showError: vi.fn(), navigate: vi.fn() };
  unbind = bindClientUi(ui as unknown as ClientUiBindings);
});

afterEach(() => {
  unbind();
  registerTokenRefresher(null);
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('statusMessageKey (spec §8 catalogue)', () => {
  it.each([302, 400, 401, 403, 404, 408, 409, 500, 501, 502, 503, 504, 505])(
    'gives %i its own message',
    (status) => {
      expect(statusMessageKey(status)).toBe(`http.${status}`);
    },
  );

  it.each([200, 418, 422, 599])('gives %i the "other" message', (status) => {
    expect(statusMessageKey(status)).toBe('http.other');
  });

  it('names the requested address on 404', () => {
    expect(statusMessage(404, '/api/v1/missing')).toBe('请求地址出错：/api/v1/missing');
  });
});

describe('requestKey (duplicate detection, spec §7)', () => {
  it('is equal for the same method, url and body', () => {
    expect(requestKey('post', '/api/a?x=1', '{"a":1}')).toBe(requestKey('POST', '/api/a?x=1', '{"a":1}'));
  });

  it('differs when method, url or body differ', () => {
    const base = requestKey('POST', '/api/a', '{"a":1}');
    expect(requestKey('PUT', '/api/a', '{"a":1}')).not.toBe(base);
    expect(requestKey('POST', '/api/b', '{"a":1}')).not.toBe(base);
    expect(requestKey('POST', '/api/a', '{"a":2}')).not.toBe(base);
    expect(requestKey('POST', '/api/a', undefined)).not.toBe(base);
  });
});

describe('buildUrl', () => {
  it('appends defined query values and drops null and undefined', () => {
    expect(buildUrl('/api/list', { page: 2, q: 'a b', none: undefined, nil: null, on: true })).toBe(
      '/api/list?page=2&q=a+b&on=true',
    );
    expect(buildUrl('/api/list?select=true', { page: 1 })).toBe('/api/list?select=true&page=1');
    expect(buildUrl('/api/list', {})).toBe('/api/list');
  });
});

describe('request', () => {
  it('resolves with data on code 1 and sends the spec §7 headers', async () => {
    const fetchMock = stubFetch(() => Promise.resolve(envelopeResponse({ code: 1, data: { name: 'Pod' } })));
    await expect(api.get('/api/v1/index')).resolves.toEqual({ name: 'Pod' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = new Headers(init?.headers);
    expect(url).toBe('/api/v1/index');
    expect(init?.method).toBe('GET');
    expect(headers.get('Accept-Language')).toBe('zh-cn');
    expect(headers.get('server')).toBe('1');
    expect(headers.has('Authorization')).toBe(false);
    expect(headers.has('X-User-Token')).toBe(false);
  });

  it('sends the stored admin and member tokens', async () => {
    vi.stubGlobal('localStorage', fakeStorage());
    setAdminToken('admin-abc');
    setMemberToken('member-xyz');
    const fetchMock = stubFetch(() => Promise.resolve(envelopeResponse({ code: 1 })));
    await api.post('/api/thing', { body: { a: 1 } });
    const init = fetchMock.mock.calls[0]?.[1];
    const headers = new Headers(init?.headers);
    expect(headers.get('Authorization')).toBe('Bearer admin-abc');
    expect(headers.get('X-User-Token')).toBe('member-xyz');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{"a":1}');
  });

  it('rejects with the server message when the code is not 1, and shows it', async () => {
    stubFetch(() => Promise.resolve(envelopeResponse({ code: 0, msg: '余额不足', data: { need: 5 } })));
    const error = await rejection(api.get('/api/pay'));
    expect(error).toMatchObject({
      reason: 'server',
      code: 0,
      httpStatus: 200,
      msg: '余额不足',
      data: { need: 5 },
    });
    expect(ui.showError).toHaveBeenCalledWith('余额不足');
  });

  it('keeps the server message of an error envelope sent with an HTTP error status', async () => {
    stubFetch(() => Promise.resolve(envelopeResponse({ code: 409, msg: 'name taken' }, 409)));
    const error = await rejection(api.post('/api/thing', { showErrorMessage: false }));
    expect(error).toMatchObject({ reason: 'server', code: 409, httpStatus: 409, msg: 'name taken' });
    expect(ui.showError).not.toHaveBeenCalled();
  });

  it('maps an HTTP status without envelope to the catalogue message', async () => {
    stubFetch(() => Promise.resolve(new Response('<html>Bad Gateway</html>', { status: 502 })));
    const error = await rejection(api.get('/api/x'));
    expect(error).toMatchObject({ reason: 'http', code: 502, httpStatus: 502, msg: i18n.t('http.502') });
    expect(ui.showError).toHaveBeenCalledWith('网关错误！');
  });

  it('reports a network failure as a server exception', async () => {
    stubFetch(() => Promise.reject(new TypeError('fetch failed')));
    const error = await rejection(api.get('/api/x'));
    expect(error).toMatchObject({ reason: 'network', httpStatus: 0, msg: i18n.t('request.serverException') });
  });

  it('reports a network failure while offline as disconnected', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    stubFetch(() => Promise.reject(new TypeError('fetch failed')));
    const error = await rejection(api.get('/api/x'));
    expect(error).toMatchObject({ reason: 'offline', msg: i18n.t('request.offline') });
  });

  it('times out after the spec §9 request timeout', async () => {
    vi.useFakeTimers();
    stubFetch(hangingFetch());
    const pending = rejection(api.get('/api/slow'));
    await vi.advanceTimersByTimeAsync(99_999);
    expect(ui.showError).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(await pending).toMatchObject({ reason: 'timeout', msg: i18n.t('request.timeout') });
  });

  it('cancels the earlier of two identical in-flight requests', async () => {
    const fetchMock = stubFetch(hangingFetch());
    const first = rejection(api.post('/api/save', { body: { id: 1 } }));
    fetchMock.mockImplementationOnce(() => Promise.resolve(envelopeResponse({ code: 1, data: 'saved' })));
    const second = api.post('/api/save', { body: { id: 1 } });
    expect(await first).toMatchObject({ reason: 'duplicate', msg: i18n.t('request.duplicateCancelled') });
    await expect(second).resolves.toBe('saved');
  });

  it('does not cancel requests that differ in body', async () => {
    stubFetch((_url, init) => Promise.resolve(envelopeResponse({ code: 1, data: init.body })));
    const results = await Promise.all([
      api.post('/api/save', { body: { id: 1 } }),
      api.post('/api/save', { body: { id: 2 } }),
    ]);
    expect(results).toEqual(['{"id":1}', '{"id":2}']);
  });

  it('rejects silently when the caller aborts', async () => {
    stubFetch(hangingFetch());
    const controller = new AbortController();
    const pending = rejection(api.get('/api/x', { signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ reason: 'aborted' });
    expect(ui.showError).not.toHaveBeenCalled();
  });

  it('shows the server message, or the fallback, on success when asked', async () => {
    stubFetch(() => Promise.resolve(envelopeResponse({ code: 1, msg: 'Saved!' })));
    await api.post('/api/a', { showSuccessMessage: true });
    stubFetch(() => Promise.resolve(envelopeResponse({ code: 1, msg: '' })));
    await api.post('/api/b', { showSuccessMessage: true });
    await api.post('/api/c');
    expect(ui.showSuccess.mock.calls).toEqual([['Saved!'], ['操作成功']]);
  });

  it('navigates to data.routePath on code 302', async () => {
    stubFetch(() => Promise.resolve(envelopeResponse({ code: 302, msg: '', data: { routePath: '/login' } })));
    const error = await rejection(api.get('/api/account/overview'));
    expect(error.code).toBe(302);
    expect(error.msg).toBe(i18n.t('http.302'));
    expect(ui.navigate).toHaveBeenCalledWith('/login');
  });

  it('navigates to the path of data.routeName on code 302 when there is no routePath', async () => {
    stubFetch(() =>
      Promise.resolve(envelopeResponse({ code: 302, msg: '', data: { routeName: 'userLogin' } })),
    );
    await rejection(api.get('/api/account/overview'));
    expect(ui.navigate).toHaveBeenCalledWith('/user/login');
  });

  it('does not navigate on code 302 to a route name it does not know', async () => {
    stubFetch(() =>
      Promise.resolve(envelopeResponse({ code: 302, msg: '', data: { routeName: 'nowhere' } })),
    );
    await rejection(api.get('/api/account/overview'));
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it('rejects data that does not match the contract', async () => {
    stubFetch(() => Promise.resolve(envelopeResponse({ code: 1, data: { status: 'down' } })));
    const schema = {
      parse(data: unknown) {
        if ((data as { status?: unknown }).status !== 'ok') throw new Error('bad');
        return data as { status: 'ok' };
      },
    };
    const error = await rejection(request('/api/health', { schema }));
    expect(error).toMatchObject({ reason: 'invalid-reply', msg: i18n.t('request.invalidReply') });
  });

  it('passes a 401 through when no token refresher is registered', async () => {
    const fetchMock = stubFetch(() =>
      Promise.resolve(envelopeResponse({ code: 401, msg: 'Please log in' }, 401)),
    );
    const error = await rejection(api.get('/api/account/overview'));
    expect(error).toMatchObject({ code: 401, msg: 'Please log in' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refreshes once for concurrent 401s and retries each request once (spec §4)', async () => {
    let isRefreshed = false;
    const refresher = vi.fn(async () => {
      await Promise.resolve();
      isRefreshed = true;
      return true;
    });
    registerTokenRefresher(refresher);
    stubFetch(() =>
      Promise.resolve(
        isRefreshed ? envelopeResponse({ code: 1, data: 'ok' }) : envelopeResponse({ code: 401 }, 401),
      ),
    );
    await expect(Promise.all([api.get('/api/a'), api.get('/api/b')])).resolves.toEqual(['ok', 'ok']);
    expect(refresher).toHaveBeenCalledTimes(1);
    expect(ui.showError).not.toHaveBeenCalled();
  });

  it('gives up with the original error when the refresh fails', async () => {
    registerTokenRefresher(() => Promise.resolve(false));
    const fetchMock = stubFetch(() => Promise.resolve(envelopeResponse({ code: 403, msg: 'denied' }, 403)));
    const error = await rejection(api.get('/api/a'));
    expect(error).toMatchObject({ code: 403, msg: 'denied' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
