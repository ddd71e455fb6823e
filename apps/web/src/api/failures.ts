import type { Envelope } from '@pod/shared';
import { i18n } from '../i18n/i18n.ts';
import { ApiError } from './api-error.ts';

/** HTTP statuses with their own message in the spec §8 catalogue; any other status gets "other". */
export const STATUSES_WITH_MESSAGE = [
  302, 400, 401, 403, 404, 408, 409, 500, 501, 502, 503, 504, 505,
] as const;
type StatusWithMessage = (typeof STATUSES_WITH_MESSAGE)[number];
export type StatusMessageKey = `http.${StatusWithMessage}` | 'http.other';

/** Why the client aborted a request itself. */
export type AbortCause = 'timeout' | 'duplicate' | 'caller';

function hasOwnMessage(status: number): status is StatusWithMessage {
  return (STATUSES_WITH_MESSAGE as readonly number[]).includes(status);
}

/** The i18n key of the spec §8 message for an HTTP status. */
export function statusMessageKey(status: number): StatusMessageKey {
  return hasOwnMessage(status) ? `http.${status}` : 'http.other';
}

/** The catalogue message for an HTTP status; 404 names the requested address (spec §8). */
export function statusMessage(status: number, url: string): string {
  return i18n.t(statusMessageKey(status), { url });
}

/** spec §8: a network failure reads "server exception" when online, else "You're disconnected". */
function isOffline(): boolean {
  // navigator is absent in node-environment unit tests.
  return typeof navigator !== 'undefined' && !navigator.onLine;
}

/** Turns a reply that is not a success into an ApiError carrying the message to show (spec §7, §8). */
export function failureFromReply(
  httpStatus: number,
  url: string,
  envelope: Envelope<unknown> | null,
): ApiError {
  if (envelope) {
    const serverMsg = typeof envelope.msg === 'string' ? envelope.msg : '';
    const fallback = hasOwnMessage(envelope.code)
      ? statusMessage(envelope.code, url)
      : i18n.t('request.unknownCode', { code: envelope.code });
    return new ApiError({
      reason: 'server',
      code: envelope.code,
      httpStatus,
      msg: serverMsg || fallback,
      data: envelope.data,
    });
  }
  if (httpStatus >= 200 && httpStatus < 300) return invalidReply(httpStatus, httpStatus, null);
  return new ApiError({ reason: 'http', code: httpStatus, httpStatus, msg: statusMessage(httpStatus, url) });
}

/** A success status whose body is not the envelope, or whose data breaks the contract. */
export function invalidReply(code: number, httpStatus: number, data: unknown): ApiError {
  return new ApiError({
    reason: 'invalid-reply',
    code,
    httpStatus,
    msg: i18n.t('request.invalidReply'),
    data,
  });
}

/** Turns a failed fetch into an ApiError; `cause` says which of the client's aborts, if any, ended it. */
export function failureFromException(cause: AbortCause | null): ApiError {
  const noReply = { code: 0, httpStatus: 0 };
  switch (cause) {
    case 'timeout':
      return new ApiError({ ...noReply, reason: 'timeout', msg: i18n.t('request.timeout') });
    case 'duplicate':
      return new ApiError({ ...noReply, reason: 'duplicate', msg: i18n.t('request.duplicateCancelled') });
    case 'caller':
      return new ApiError({ ...noReply, reason: 'aborted', msg: i18n.t('request.unknownError') });
    case null:
      return isOffline()
        ? new ApiError({ ...noReply, reason: 'offline', msg: i18n.t('request.offline') })
        : new ApiError({ ...noReply, reason: 'network', msg: i18n.t('request.serverException') });
  }
}

/** Anything else that went wrong (spec §8 "unknown error"). */
export function unknownFailure(): ApiError {
  return new ApiError({ reason: 'unknown', code: 0, httpStatus: 0, msg: i18n.t('request.unknownError') });
}
