/**
 * Why a call failed:
 * - `server`: the server answered with an envelope whose code is not 1;
 * - `http`: an HTTP error status without an envelope;
 * - `invalid-reply`: a success status whose body is not the expected envelope or data shape;
 * - `network`/`offline`: no answer (spec §8: "server exception" when online, else "You're disconnected");
 * - `timeout`: no answer within the request timeout (spec §9);
 * - `duplicate`: cancelled because an identical request was sent again (spec §7);
 * - `aborted`: the caller gave up (e.g. a query whose component unmounted); never shown to the user;
 * - `unknown`: anything else (spec §8 "unknown error").
 */
export type ApiErrorReason =
  | 'server'
  | 'http'
  | 'invalid-reply'
  | 'network'
  | 'offline'
  | 'timeout'
  | 'duplicate'
  | 'aborted'
  | 'unknown';

export interface ApiErrorInit {
  reason: ApiErrorReason;
  /** The envelope code, else the HTTP status, else 0 when there was no answer. */
  code: number;
  /** The HTTP status, 0 when there was no answer. */
  httpStatus: number;
  /** The text shown to the user: the server's message or a catalogue message (spec §8). */
  msg: string;
  data?: unknown;
}

/** The one error type every API call rejects with. */
export class ApiError extends Error {
  readonly reason: ApiErrorReason;
  readonly code: number;
  readonly httpStatus: number;
  readonly msg: string;
  readonly data: unknown;

  constructor(init: ApiErrorInit) {
    super(init.msg);
    this.name = 'ApiError';
    this.reason = init.reason;
    this.code = init.code;
    this.httpStatus = init.httpStatus;
    this.msg = init.msg;
    this.data = init.data ?? null;
  }
}
