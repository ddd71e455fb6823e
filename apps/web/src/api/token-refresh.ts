import type { ApiError } from './api-error.ts';
import type { TokenArea } from './tokens.ts';

/**
 * Renews an area's tokens after a 401/403 and reports whether new tokens are stored. When renewal
 * fails it clears that area's tokens and sends the user to the matching login itself (spec §4
 * "Login state", §7 "Answers"). See `createTokenRefresher` in auth-refresh.ts.
 */
export type TokenRefresher = (area: TokenArea) => Promise<boolean>;

let refresher: TokenRefresher | null = null;
const pendingRefresh = new Map<TokenArea, Promise<boolean>>();

/** Installs the token refresher the client calls on 401/403; null removes it. */
export function registerTokenRefresher(next: TokenRefresher | null): void {
  refresher = next;
  pendingRefresh.clear();
}

/** spec §4: a 401 or 403 API code triggers a token refresh. */
export function isRefreshable(error: ApiError): boolean {
  return error.code === 401 || error.code === 403 || error.httpStatus === 401 || error.httpStatus === 403;
}

// spec §7 "Member area": the member centre's calls; everything else signed in is the admin area.
const MEMBER_PREFIXES = ['/api/user/', '/api/account/', '/api/ajax/'];

/** Which token a call is authorised by, so a 401 renews the right one (spec §6: separate tokens). */
export function tokenAreaOf(path: string): TokenArea {
  return MEMBER_PREFIXES.some((prefix) => path.startsWith(prefix)) ? 'member' : 'admin';
}

/**
 * Runs the refresher once per area for every request that fails meanwhile (spec §4: "triggers one
 * token refresh; other requests wait and are retried with the new token"). False without a refresher.
 */
export function refreshTokensOnce(area: TokenArea): Promise<boolean> {
  const current = refresher;
  if (!current) return Promise.resolve(false);
  let pending = pendingRefresh.get(area);
  if (!pending) {
    pending = current(area)
      .catch(() => false)
      .finally(() => {
        pendingRefresh.delete(area);
      });
    pendingRefresh.set(area, pending);
  }
  return pending;
}
