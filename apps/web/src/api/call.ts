import type { AnyOperation, OpData, OpInput } from '@pod/shared';
import { request, type QueryParams, type RequestOptions } from './client.ts';

/*
 * The typed call of a shared contract (packages/shared `*Operations`): the operation names the
 * method and path, its zod schemas type the request, and its reply schema checks `data`. Everything
 * else is the API client's (apps/web/src/api/client.ts): headers, envelope, messages, the token
 * refresh queue and duplicate cancelling. No zod import here: the schemas come with the operation.
 */

/** What a call may ask of the client besides the request itself. */
export type CallOptions = Pick<
  RequestOptions<unknown>,
  'signal' | 'showSuccessMessage' | 'showErrorMessage' | 'skipTokenRefresh'
>;

/** Operations with a JSON request and an enveloped reply: what `call` sends. */
export type JsonOperation = AnyOperation & { readonly consumes?: undefined; readonly raw?: undefined };

/** The argument of a call: the request (`params`, `query`, `body`) and the client's options. */
export type CallInput<Op extends AnyOperation> = OpInput<Op> & CallOptions;
/** The input may be left out when nothing in it is required. */
type CallArgs<Op extends AnyOperation> =
  Record<string, never> extends OpInput<Op> ? [input?: CallInput<Op>] : [input: CallInput<Op>];

interface LooseInput extends CallOptions {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: unknown;
}

/** The path with its `:name` parameters filled in, each encoded (the types require every one). */
export function fillPath(path: string, params: Record<string, unknown> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    return encodeURIComponent(typeof value === 'string' || typeof value === 'number' ? String(value) : '');
  });
}

/** A query as the URL carries it: lists comma-separated, dates as ISO text. */
export function toQuery(query: Record<string, unknown> = {}): QueryParams {
  const out: QueryParams = {};
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) out[name] = value.join(',');
    else if (value instanceof Date) out[name] = value.toISOString();
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[name] = value;
    else out[name] = JSON.stringify(value);
  }
  return out;
}

/**
 * The reply check of an operation. A reply that breaks its contract is a client error (the API
 * client turns it into an `invalid-reply` ApiError and shows spec §8's message); the console says
 * which operation and which field, for whoever looks.
 */
export function replyChecker<Op extends AnyOperation>(op: Op): { parse(data: unknown): OpData<Op> } {
  return {
    parse(data) {
      const result = op.response.safeParse(data);
      if (result.success) return result.data as OpData<Op>;
      console.error(`[api] the reply of ${op.id} breaks its contract`, result.error.issues);
      throw result.error;
    },
  };
}

/**
 * Calls an operation: `call(orderOperations.orderDetail, { params: { order_no } })`. Resolves with
 * the reply's `data`, checked against the operation's reply schema.
 */
export function call<Op extends JsonOperation>(op: Op, ...[input]: CallArgs<Op>): Promise<OpData<Op>> {
  const { params, query, body, ...options }: LooseInput = input ?? {};
  return request(fillPath(op.path, params), {
    ...options,
    method: op.method,
    query: toQuery(query),
    body,
    schema: replyChecker(op),
  });
}

/** The method and path of an operation, without its schemas (see `STOREFRONT_ROUTES`). */
export type RouteOf<Op extends AnyOperation> = Pick<Op, 'id' | 'method' | 'path'>;

/**
 * Calls an operation by its route alone, typed by the operation but NOT checked: for the
 * storefront only, which must not load zod (docs/decisions/0022). The server already serialises
 * every reply through the same schema. Use `call` everywhere else.
 */
export function callUnchecked<Op extends JsonOperation>(
  route: RouteOf<Op>,
  ...[input]: CallArgs<Op>
): Promise<OpData<Op>> {
  const { params, query, body, ...options }: LooseInput = input ?? {};
  return request<OpData<Op>>(fillPath(route.path, params), {
    ...options,
    method: route.method,
    query: toQuery(query),
    body,
  });
}
