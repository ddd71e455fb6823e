import { SUCCESS_CODE, type Envelope } from '@pod/shared';

/** Seconds since the epoch, as the envelope's `time`. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A success envelope. Routes return `ok(data)`; the message is empty unless a call asks for one. */
export function ok<T>(data: T, msg = ''): Envelope<T> {
  return { code: SUCCESS_CODE, msg, data, time: nowSeconds() };
}

export function failure(code: number, msg: string, data: unknown = null): Envelope<unknown> {
  return { code, msg, data, time: nowSeconds() };
}
