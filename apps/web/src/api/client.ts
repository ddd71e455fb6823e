import { LIMITS, SUCCESS_CODE, type Envelope } from '@pod/shared';
import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';
import {
  failureFromException,
  failureFromReply,
  invalidReply,
  unknownFailure,
  type AbortCause,
} from './failures.ts';
import { requestKey, trackRequest } from './in-flight.ts';
import { pathOfRouteName } from './route-names.ts';
import { isRefreshable, refreshTokensOnce, tokenAreaOf } from './token-refresh.ts';
import { getAccessToken, getAdminToken, getMemberToken } from './tokens.ts';
import { clientUi } from './ui-bindings.ts';
import { noteServerTime } from './server-clock.ts';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export interface RequestOptions<T> {
  method?: HttpMethod;
  query?: QueryParams;
  /** Sent as JSON. */
  body?: unknown;
  /** Lets the caller (e.g. TanStack Query) give up; such failures are never shown. */
  signal?: AbortSignal;
  /** Checks `data` against the shared contract, e.g. a zod schema from @pod/shared. */
  schema?: { parse(data: unknown): T };
  /** spec §7: show the server message, or "Operation successful", when the call succeeds. */
  showSuccessMessage?: boolean;
  /** Errors are shown as a message by default (spec §7); pages that render the error inline opt out. */
  showErrorMessage?: boolean;
  /**
   * No token refresh on 401/403: for the calls that obtain or renew tokens (login, register, refresh,
   * logout), where a 401 means wrong credentials rather than an expired token.
   */
  skipTokenRefresh?: boolean;
}

interface Reply<T> {
  data: T;
  msg: string;
}

/** Builds the request URL with the query string; null and undefined values are left out. */
export function buildUrl(path: string, query?: QueryParams): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.append(name, String(value));
  }
  const search = params.toString();
  if (!search) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${search}`;
}

/** The headers every request carries (spec §7): language, server flag and the stored tokens. */
export function buildHeaders(hasBody: boolean): Headers {
  const headers = new Headers({
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    server: '1',
  });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const adminToken = getAdminToken();
  if (adminToken) headers.set('Authorization', `Bearer ${adminToken}`);
  const memberToken = getMemberToken();
  if (memberToken) headers.set('X-User-Token', memberToken);
  return headers;
}

/** Whether a parsed body is the `{code, msg, data, time}` envelope (spec §7). */
export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && typeof (body as { code?: unknown }).code === 'number';
}

async function readEnvelope(response: Response): Promise<Envelope<unknown> | null> {
  const text = await response.text();
  try {
    const body: unknown = JSON.parse(text);
    return isEnvelope(body) ? body : null;
  } catch {
    return null;
  }
}

/** spec §7: "Code 302 navigates to data.routePath or routeName". */
export function redirectTarget(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const { routePath, routeName } = data as { routePath?: unknown; routeName?: unknown };
  if (typeof routePath === 'string' && routePath.startsWith('/')) return routePath;
  return typeof routeName === 'string' ? pathOfRouteName(routeName) : null;
}

/** One round trip: timeout, duplicate cancelling, envelope unwrapping. */
async function send<T>(path: string, options: RequestOptions<T>): Promise<Reply<T>> {
  const method = options.method ?? 'GET';
  const url = buildUrl(path, options.query);
  const body = options.body === undefined ? undefined : JSON.stringify(options.body);
  const controller = new AbortController();
  const abort = (cause: AbortCause) => controller.abort(cause);
  const untrack = trackRequest(requestKey(method, url, body), controller, 'duplicate' satisfies AbortCause);
  // spec §9: request timeout 100 s.
  const timer = setTimeout(() => abort('timeout'), LIMITS.requestTimeoutSeconds * 1000);
  const onCallerAbort = () => abort('caller');
  if (options.signal?.aborted) onCallerAbort();
  options.signal?.addEventListener('abort', onCallerAbort);
  try {
    let response: Response;
    let envelope: Envelope<unknown> | null;
    const sentAt = Date.now();
    try {
      response = await fetch(url, {
        method,
        headers: buildHeaders(body !== undefined),
        body,
        signal: controller.signal,
      });
      envelope = await readEnvelope(response);
      if (envelope) noteServerTime(envelope.time, sentAt, Date.now());
    } catch {
      throw failureFromException(controller.signal.aborted ? (controller.signal.reason as AbortCause) : null);
    }
    if (!envelope || envelope.code !== SUCCESS_CODE) {
      const error = failureFromReply(response.status, url, envelope);
      const target = envelope?.code === 302 ? redirectTarget(envelope.data) : null;
      if (target) clientUi()?.navigate(target);
      throw error;
    }
    if (!options.schema) return { data: envelope.data as T, msg: envelope.msg };
    try {
      return { data: options.schema.parse(envelope.data), msg: envelope.msg };
    } catch {
      throw invalidReply(envelope.code, response.status, envelope.data);
    }
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    untrack();
  }
}

/**
 * The single HTTP client (spec §7). Resolves with the envelope's `data` on code 1, otherwise rejects
 * with an ApiError whose `msg` is the server's message or the spec §8 catalogue message.
 */
export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const area = tokenAreaOf(path);
  try {
    let reply: Reply<T>;
    const sentWith = getAccessToken(area);
    try {
      reply = await send(path, options);
    } catch (error) {
      // spec §4: a 401/403 triggers one token refresh; the request is retried once with the new token.
      if (!(error instanceof ApiError) || !isRefreshable(error) || options.skipTokenRefresh) throw error;
      // A reply that arrives after another request already renewed the token needs no refresh of its own.
      const current = getAccessToken(area);
      const isRenewed = current !== null && current !== sentWith;
      if (!isRenewed && !(await refreshTokensOnce(area))) throw error;
      reply = await send(path, options);
    }
    if (options.showSuccessMessage) clientUi()?.showSuccess(reply.msg || i18n.t('request.success'));
    return reply.data;
  } catch (error) {
    const failure = error instanceof ApiError ? error : unknownFailure();
    // A caller that gave up (e.g. an unmounted query) is not a failure the user needs to see.
    if (options.showErrorMessage !== false && failure.reason !== 'aborted')
      clientUi()?.showError(failure.msg);
    throw failure;
  }
}

type MethodOptions<T> = Omit<RequestOptions<T>, 'method'>;

/** Shorthands of `request` per HTTP method. */
export const api = {
  get: <T = unknown>(path: string, options?: Omit<MethodOptions<T>, 'body'>) =>
    request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, options?: MethodOptions<T>) =>
    request<T>(path, { ...options, method: 'POST' }),
  put: <T = unknown>(path: string, options?: MethodOptions<T>) =>
    request<T>(path, { ...options, method: 'PUT' }),
  patch: <T = unknown>(path: string, options?: MethodOptions<T>) =>
    request<T>(path, { ...options, method: 'PATCH' }),
  delete: <T = unknown>(path: string, options?: MethodOptions<T>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};
