import type { ApiError } from './api-error.ts';

/**
 * Renews the tokens after a 401/403 and reports whether new tokens are stored. When renewal fails it
 * clears the tokens and sends the user to login itself (spec §4 "Login state", §7 "Answers").
 */
export type TokenRefresher = () => Promise<boolean>;

// Registered by the identity feature (PUT /api/v1/auth/refresh); until then nothing is refreshed.
let refresher: TokenRefresher | null = null;
let pendingRefresh: Promise<boolean> | null = null;

/** Installs the token refresher the client calls on 401/403; null removes it. */
export function registerTokenRefresher(next: TokenRefresher | null): void {
  refresher = next;
}

/** spec §4: a 401 or 403 API code triggers a token refresh. */
export function isRefreshable(error: ApiError): boolean {
  return error.code === 401 || error.code === 403 || error.httpStatus === 401 || error.httpStatus === 403;
}

/**
 * Runs the refresher once for every request that fails meanwhile (spec §4: "triggers one token
 * refresh; other requests wait and are retried with the new token"). False without a refresher.
 */
export function refreshTokensOnce(): Promise<boolean> {
  if (!refresher) return Promise.resolve(false);
  pendingRefresh ??= refresher()
    .catch(() => false)
    .finally(() => {
      pendingRefresh = null;
    });
  return pendingRefresh;
}
