import { SUCCESS_CODE, type Envelope, type ErrorDetail, type FieldError } from '@pod/shared';

/** Seconds since the epoch, as the envelope's `time`. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A success envelope. Routes return `ok(data)`; the message is empty unless a call asks for one. */
export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { code: SUCCESS_CODE, msg, data, time: nowSeconds() };
}

/**
 * The one shape of a failure's `data` (issue 27): `{ errors: [{ field, message }], ...extra }`.
 * Whatever an error carries is brought to it here, at the root: nothing becomes `{ errors: [] }`;
 * a single `field` becomes one entry whose message is the reply's own `msg`; other keys stay.
 */
export function errorDetail(data: unknown, msg: string): ErrorDetail {
  if (data === null || typeof data !== 'object' || Array.isArray(data)) return { errors: [] };
  const { field, errors, ...extra } = data as { field?: unknown; errors?: unknown };
  const list: FieldError[] = Array.isArray(errors) ? [...(errors as FieldError[])] : [];
  if (typeof field === 'string' && field) list.push({ field, message: msg });
  return { ...extra, errors: list };
}

export function failure(code: number, msg: string, data: unknown = null): Envelope<ErrorDetail> {
  return { code, msg, data: errorDetail(data, msg), time: nowSeconds() };
}
