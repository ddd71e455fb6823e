/**
 * An error a request may meet on purpose. `key` is an i18n key rendered in the caller's
 * language; the HTTP status and the body code follow spec §8.
 */
/** A message parameter: a value, or `{ t: key }` for a value that is itself translated. */
export type MessageParam = string | number | { t: string };

export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly key: string,
    readonly params: Record<string, MessageParam> = {},
    readonly data: unknown = null,
  ) {
    super(key);
    this.name = 'AppError';
  }

  static badRequest(key = 'http.400', params?: Record<string, string | number>, data?: unknown) {
    return new AppError(400, key, params, data);
  }
  static unauthorized(key = 'auth.notLoggedIn') {
    return new AppError(401, key);
  }
  static forbidden(key = 'auth.noPermission') {
    return new AppError(403, key);
  }
  /** Cross-tenant access also lands here: another tenant's id is simply not found. */
  static notFound(key: string, params?: Record<string, string | number>) {
    return new AppError(404, key, params);
  }
  /** A 400 that names the bad field (the web shows the message beside it). */
  static field(field: string, key: string, params: Record<string, MessageParam> = {}) {
    return new AppError(400, key, params, { errors: [{ field, message: key }] });
  }
  static conflict(key = 'http.409', params?: Record<string, string | number>, data?: unknown) {
    return new AppError(409, key, params, data);
  }
}

/** The i18n key for an HTTP status with no more specific message (spec §8). */
export function statusMessageKey(status: number): string {
  const known = [302, 400, 401, 403, 404, 408, 409, 413, 414, 415, 429, 431, 500, 501, 502, 503, 504, 505];
  return known.includes(status) ? `http.${status}` : 'http.other';
}
