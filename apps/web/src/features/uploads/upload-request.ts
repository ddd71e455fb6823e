import {
  LIMITS,
  SUCCESS_CODE,
  type AnyOperation,
  type Envelope,
  type OpData,
  type OpQuery,
} from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { fillPath, replyChecker, toQuery } from '../../api/call.ts';
import { buildHeaders, buildUrl, isEnvelope, redirectTarget, type QueryParams } from '../../api/client.ts';
import {
  failureFromException,
  failureFromReply,
  invalidReply,
  unknownFailure,
  type AbortCause,
} from '../../api/failures.ts';
import { isRefreshable, refreshTokensOnce, tokenAreaOf } from '../../api/token-refresh.ts';
import { getAccessToken, type TokenArea } from '../../api/tokens.ts';
import { clientUi } from '../../api/ui-bindings.ts';

export interface UploadRequestOptions<T> {
  query?: QueryParams;
  /** The request's uploaded bytes so far, of its whole body (multipart boundaries included). */
  onProgress?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  schema?: { parse(data: unknown): T };
  /** The server's message is shown as a toast by default (spec §7); forms showing it inline opt out. */
  showErrorMessage?: boolean;
  /** Which token renews on 401/403; by default the path's area, like every other call. */
  area?: TokenArea;
}

/**
 * One multipart POST through XMLHttpRequest, the one browser API that reports upload progress.
 * It is the API client's request (apps/web/src/api/client.ts) in every other respect: the same
 * headers and tokens, envelope and spec §8 messages, and one token refresh and retry on 401/403.
 * spec §9's 100 s timeout counts from the last progress, so a large batch on a slow line is not cut
 * off while its bytes are still flowing.
 */
export async function uploadRequest<T = unknown>(
  path: string,
  form: FormData,
  options: UploadRequestOptions<T> = {},
): Promise<T> {
  const area = options.area ?? tokenAreaOf(path);
  try {
    let envelope: Envelope<unknown>;
    const sentWith = getAccessToken(area);
    try {
      envelope = await sendOnce(path, form, options);
    } catch (error) {
      if (!(error instanceof ApiError) || !isRefreshable(error)) throw error;
      const current = getAccessToken(area);
      const isRenewed = current !== null && current !== sentWith;
      if (!isRenewed && !(await refreshTokensOnce(area))) throw error;
      envelope = await sendOnce(path, form, options);
    }
    if (!options.schema) return envelope.data as T;
    try {
      return options.schema.parse(envelope.data);
    } catch {
      throw invalidReply(envelope.code, 200, envelope.data);
    }
  } catch (error) {
    const failure = error instanceof ApiError ? error : unknownFailure();
    if (options.showErrorMessage !== false && failure.reason !== 'aborted')
      clientUi()?.showError(failure.msg);
    throw failure;
  }
}

/** An upload operation of the shared contracts: a multipart POST. */
export type UploadOperation = AnyOperation & { readonly consumes: 'multipart/form-data' };

/** What an upload call takes besides the form: the operation's query, and the upload's options. */
export type UploadCallOptions<Op extends UploadOperation> = Omit<
  UploadRequestOptions<OpData<Op>>,
  'query' | 'schema'
> & { query?: OpQuery<Op> };

/**
 * Uploads through a shared contract (e.g. `uploadOperations.adminUpload`): its path and query, and
 * its reply schema checks `data`, as `call` does for JSON operations.
 */
export function uploadCall<Op extends UploadOperation>(
  op: Op,
  form: FormData,
  options: UploadCallOptions<Op> = {},
): Promise<OpData<Op>> {
  const { query, ...rest } = options;
  return uploadRequest(fillPath(op.path), form, {
    ...rest,
    query: toQuery(query as Record<string, unknown> | undefined),
    schema: replyChecker(op),
  });
}

function parseEnvelope(text: string): Envelope<unknown> | null {
  try {
    const body: unknown = JSON.parse(text);
    return isEnvelope(body) ? body : null;
  } catch {
    return null;
  }
}

function sendOnce<T>(
  path: string,
  form: FormData,
  options: UploadRequestOptions<T>,
): Promise<Envelope<unknown>> {
  const url = buildUrl(path, options.query);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let cause: AbortCause | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const abort = (why: AbortCause) => {
      cause = why;
      xhr.abort();
    };
    const armTimeout = () => {
      clearTimeout(timer);
      timer = setTimeout(() => abort('timeout'), LIMITS.requestTimeoutSeconds * 1000);
    };
    const onCallerAbort = () => abort('caller');
    const done = () => {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onCallerAbort);
    };

    xhr.open('POST', url);
    // No Content-Type: the browser writes the multipart boundary itself.
    buildHeaders(false).forEach((value, name) => xhr.setRequestHeader(name, value));
    xhr.upload.onprogress = (event) => {
      armTimeout();
      if (event.lengthComputable) options.onProgress?.(event.loaded, event.total);
    };
    xhr.onload = () => {
      done();
      const envelope = parseEnvelope(xhr.responseText);
      if (!envelope || envelope.code !== SUCCESS_CODE) {
        const target = envelope?.code === 302 ? redirectTarget(envelope.data) : null;
        if (target) clientUi()?.navigate(target);
        reject(failureFromReply(xhr.status, url, envelope));
        return;
      }
      resolve(envelope);
    };
    xhr.onerror = () => {
      done();
      reject(failureFromException(cause));
    };
    xhr.onabort = () => {
      done();
      reject(failureFromException(cause ?? 'caller'));
    };
    if (options.signal?.aborted) {
      done();
      reject(failureFromException('caller'));
      return;
    }
    options.signal?.addEventListener('abort', onCallerAbort);
    armTimeout();
    xhr.send(form);
  });
}
