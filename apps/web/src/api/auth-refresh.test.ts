import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n/i18n.ts';
import { createTokenRefresher } from './auth-refresh.ts';
import { ApiError } from './api-error.ts';
import { api } from './client.ts';
import { registerTokenRefresher } from './token-refresh.ts';
import { getAccessToken, getRefreshToken, setTokens } from './tokens.ts';
import { bindClientUi, type ClientUiBindings } from './ui-bindings.ts';

type FetchArgs = [input: string, init: RequestInit];

function envelope(body: { code: number; msg?: string; data?: unknown }, status = 200): Response {
  return new Response(JSON.stringify({ msg: '', data: null, time: 1_700_000_000, ...body }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

const unauthorized = () => envelope({ code: 401, msg: 'Please log in' }, 401);

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

function stubFetch(impl: (...args: FetchArgs) => Promise<Response>) {
  const fetchMock = vi.fn(impl);
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Calls to one path, with the headers and body each was sent with. */
function callsTo(fetchMock: ReturnType<typeof stubFetch>, path: string) {
  return fetchMock.mock.calls
    .filter(([url]) => url === path)
    .map(([, init]) => ({ headers: new Headers(init.headers), body: init.body }));
}

/** Lets the refresh answer only once every request has failed, as a slow server would. */
function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const adminPair = {
  access_token: 'admin-access-2',
  token_type: 'Bearer',
  expires_in: 3600,
  refresh_token: 'admin-refresh-2-rotated-xxxxxxxxxxxx',
};
const memberPair = {
  token: 'member-access-2',
  refresh_token: 'member-refresh-2-rotated-xxxxxxxx',
  expires_in: 3600,
};

let ui: { [K in keyof ClientUiBindings]: ReturnType<typeof vi.fn> };
let unbind: () => void;

beforeEach(() => {
  vi.stubGlobal('localStorage', fakeStorage());
  ui = { showSuccess: vi.fn(), showError: vi.fn(), navigate: vi.fn() };
  unbind = bindClientUi(ui as unknown as ClientUiBindings);
  registerTokenRefresher(createTokenRefresher());
});

afterEach(() => {
  unbind();
  registerTokenRefresher(null);
  vi.unstubAllGlobals();
});

describe('token refresh (spec §4 "Login state")', () => {
  it('ten admin requests that get 401 together cause exactly one refresh, and all ten are retried', async () => {
    setTokens('admin', { access: 'admin-access-1', refresh: 'admin-refresh-1-xxxxxxxxxxxxxxxxxx' });
    const refreshGate = deferred();
    const fetchMock = stubFetch(async (url, init) => {
      if (url === '/api/v1/auth/refresh') {
        await refreshGate.promise;
        return envelope({ code: 1, data: adminPair });
      }
      const auth = new Headers(init.headers).get('Authorization');
      return auth === 'Bearer admin-access-2' ? envelope({ code: 1, data: url }) : unauthorized();
    });

    const paths = Array.from({ length: 10 }, (_, index) => `/api/v1/things/${index}`);
    const pending = Promise.all(paths.map((path) => api.get(path)));
    // Every request has failed once before the refresh answers.
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.filter(([u]) => u !== '/api/v1/auth/refresh')).toHaveLength(10),
    );
    refreshGate.release();

    await expect(pending).resolves.toEqual(paths);
    const refreshes = callsTo(fetchMock, '/api/v1/auth/refresh');
    expect(refreshes).toHaveLength(1);
    expect(fetchMock.mock.calls.find(([u]) => u === '/api/v1/auth/refresh')?.[1].method).toBe('PUT');
    expect(refreshes[0]?.body).toBe(JSON.stringify({ token: 'admin-refresh-1-xxxxxxxxxxxxxxxxxx' }));
    for (const path of paths) {
      const tries = callsTo(fetchMock, path);
      expect(tries.map((call) => call.headers.get('Authorization'))).toEqual([
        'Bearer admin-access-1',
        'Bearer admin-access-2',
      ]);
    }
    // The refresh token rotates: the new one is stored for the next renewal.
    expect(getAccessToken('admin')).toBe('admin-access-2');
    expect(getRefreshToken('admin')).toBe(adminPair.refresh_token);
    expect(ui.showError).not.toHaveBeenCalled();
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it('renews member-centre calls through PUT /api/user/refresh and sends X-User-Token', async () => {
    setTokens('member', { access: 'member-access-1', refresh: 'member-refresh-1-xxxxxxxxxxxxxxxx' });
    setTokens('admin', { access: 'admin-access-1', refresh: 'admin-refresh-1-xxxxxxxxxxxxxxxxxx' });
    const fetchMock = stubFetch(async (url, init) => {
      if (url === '/api/user/refresh') return envelope({ code: 1, data: memberPair });
      const token = new Headers(init.headers).get('X-User-Token');
      return token === 'member-access-2' ? envelope({ code: 1, data: url }) : unauthorized();
    });

    await expect(
      Promise.all([
        api.get('/api/account/overview'),
        api.get('/api/account/balance', { query: { page: 1 } }),
      ]),
    ).resolves.toEqual(['/api/account/overview', '/api/account/balance?page=1']);
    expect(callsTo(fetchMock, '/api/user/refresh')).toHaveLength(1);
    expect(callsTo(fetchMock, '/api/v1/auth/refresh')).toHaveLength(0);
    expect(getAccessToken('member')).toBe('member-access-2');
    expect(getRefreshToken('member')).toBe(memberPair.refresh_token);
    // The admin pair is a different token and stays as it was (spec §6).
    expect(getAccessToken('admin')).toBe('admin-access-1');
  });

  it('clears the tokens and goes to login when the refresh is refused, refreshing only once', async () => {
    setTokens('admin', { access: 'admin-access-1', refresh: 'admin-refresh-1-xxxxxxxxxxxxxxxxxx' });
    setTokens('member', { access: 'member-access-1', refresh: 'member-refresh-1-xxxxxxxxxxxxxxxx' });
    const fetchMock = stubFetch(async () => unauthorized());

    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, index) => api.get(`/api/v1/things/${index}`)),
    );
    expect(results.every((result) => result.status === 'rejected')).toBe(true);
    const reason = (results[0] as PromiseRejectedResult).reason as ApiError;
    expect(reason).toBeInstanceOf(ApiError);
    expect(reason.code).toBe(401);
    expect(callsTo(fetchMock, '/api/v1/auth/refresh')).toHaveLength(1);
    expect(getAccessToken('admin')).toBeNull();
    expect(getRefreshToken('admin')).toBeNull();
    // Only the admin area signed out; the member's tokens are another session.
    expect(getAccessToken('member')).toBe('member-access-1');
    expect(ui.navigate).toHaveBeenCalledWith('/login');
  });

  it('sends a member whose refresh token is missing to the member login without calling the server', async () => {
    setTokens('member', { access: 'member-access-1', refresh: 'member-refresh-1-xxxxxxxxxxxxxxxx' });
    localStorage.removeItem('memberRefreshToken');
    const fetchMock = stubFetch(async () => unauthorized());
    await expect(api.get('/api/account/overview')).rejects.toMatchObject({ code: 401 });
    expect(callsTo(fetchMock, '/api/user/refresh')).toHaveLength(0);
    expect(getAccessToken('member')).toBeNull();
    expect(ui.navigate).toHaveBeenCalledWith('/user/login');
  });

  it('keeps the tokens when the refresh fails for want of a network', async () => {
    setTokens('admin', { access: 'admin-access-1', refresh: 'admin-refresh-1-xxxxxxxxxxxxxxxxxx' });
    stubFetch(async (url) => {
      if (url === '/api/v1/auth/refresh') throw new TypeError('fetch failed');
      return unauthorized();
    });
    await expect(api.get('/api/v1/things')).rejects.toMatchObject({ code: 401 });
    expect(getAccessToken('admin')).toBe('admin-access-1');
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it('does not refresh for the calls that obtain tokens (a 401 there is a wrong password)', async () => {
    setTokens('admin', { access: 'admin-access-1', refresh: 'admin-refresh-1-xxxxxxxxxxxxxxxxxx' });
    const fetchMock = stubFetch(async () => unauthorized());
    await expect(
      api.post('/api/v1/auth/login', { body: { username: 'x' }, skipTokenRefresh: true }),
    ).rejects.toMatchObject({ code: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(getAccessToken('admin')).toBe('admin-access-1');
  });

  it('retries a late 401 without a second refresh once another request renewed the token', async () => {
    setTokens('admin', { access: 'admin-access-1', refresh: 'admin-refresh-1-xxxxxxxxxxxxxxxxxx' });
    const slow = deferred();
    const fetchMock = stubFetch(async (url, init) => {
      if (url === '/api/v1/auth/refresh') return envelope({ code: 1, data: adminPair });
      const auth = new Headers(init.headers).get('Authorization');
      if (auth === 'Bearer admin-access-2') return envelope({ code: 1, data: url });
      // The slow request's 401 arrives only after the fast one has renewed the token.
      if (url === '/api/v1/slow') await slow.promise;
      return unauthorized();
    });
    const slowRequest = api.get('/api/v1/slow');
    await expect(api.get('/api/v1/fast')).resolves.toBe('/api/v1/fast');
    slow.release();
    await expect(slowRequest).resolves.toBe('/api/v1/slow');
    expect(callsTo(fetchMock, '/api/v1/auth/refresh')).toHaveLength(1);
  });
});

describe('duplicate requests (spec §7, §8)', () => {
  it('cancels the earlier identical request and tells the user', async () => {
    let answer!: (response: Response) => void;
    stubFetch(
      (_url, init) =>
        new Promise<Response>((resolve, reject) => {
          answer = resolve;
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
        }),
    );
    const first = api.post('/api/v1/save', { body: { id: 1 } });
    const second = api.post('/api/v1/save', { body: { id: 1 } });
    await expect(first).rejects.toMatchObject({ reason: 'duplicate' });
    expect(ui.showError).toHaveBeenCalledWith(i18n.t('request.duplicateCancelled'));
    answer(envelope({ code: 1, data: 'saved' }));
    await expect(second).resolves.toBe('saved');
  });
});
