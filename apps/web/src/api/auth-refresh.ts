import { authOperations, memberOperations } from '@pod/shared';
import { PATHS } from '../app/paths.ts';
import { decodeTarget, loginHref, targetOf, type RouteArea, type RouteTarget } from '../app/route-target.ts';
import { ApiError } from './api-error.ts';
import { call } from './call.ts';
import type { TokenRefresher } from './token-refresh.ts';
import { clearAreaTokens, getRefreshToken, setTokens, type StoredTokens, type TokenArea } from './tokens.ts';
import { clientUi } from './ui-bindings.ts';

/** What happens once an area's tokens are gone for good. */
export interface TokenRefreshHandlers {
  /** Called after the area's tokens were cleared; by default, goes to the area's login. */
  onExpired?: (area: TokenArea) => void;
}

const ROUTE_AREA: Record<TokenArea, RouteArea> = { admin: 'admin', member: 'user' };

/**
 * Renews the tokens with the stored refresh token. The refresh token rotates on every use (issue 3),
 * so the new one replaces it. Rejects when the server refused.
 */
async function renew(area: TokenArea, refreshToken: string): Promise<StoredTokens> {
  const common = {
    body: { token: refreshToken },
    // A 401 here means the refresh token itself is spent: nothing left to renew it with.
    skipTokenRefresh: true,
    showErrorMessage: false,
  };
  if (area === 'admin') {
    const pair = await call(authOperations.adminRefresh, common);
    return { access: pair.access_token, refresh: pair.refresh_token };
  }
  const pair = await call(memberOperations.memberRefresh, common);
  return { access: pair.token, refresh: pair.refresh_token };
}

/** A failure that says nothing about the tokens: the server was not reached or did not answer. */
function isTransient(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    (error.reason === 'network' ||
      error.reason === 'offline' ||
      error.reason === 'timeout' ||
      error.httpStatus >= 500)
  );
}

/** Where the browser is, as the target to return to after signing in again. */
function currentTarget(area: RouteArea): RouteTarget | null {
  if (typeof window === 'undefined') return null;
  const { pathname, search } = window.location;
  const loading = area === 'admin' ? PATHS.adminLoading : PATHS.userLoading;
  if (pathname.startsWith(`${loading}/`)) return decodeTarget(pathname.slice(loading.length + 1), area);
  return targetOf(pathname, search);
}

/** spec §4: "If refresh fails, tokens are cleared and the user goes to login" (the area's own login). */
function goToLogin(area: TokenArea): void {
  const routeArea = ROUTE_AREA[area];
  clientUi()?.navigate(loginHref(routeArea, currentTarget(routeArea)));
}

/**
 * The refresher the API client runs on 401/403 (spec §4): admin calls renew through
 * `PUT /api/v1/auth/refresh`, member-centre calls through `PUT /api/user/refresh`. The client makes
 * sure only one runs per area at a time.
 */
export function createTokenRefresher(handlers: TokenRefreshHandlers = {}): TokenRefresher {
  const onExpired = handlers.onExpired ?? goToLogin;
  return async (area) => {
    const refreshToken = getRefreshToken(area);
    if (refreshToken) {
      try {
        setTokens(area, await renew(area, refreshToken));
        return true;
      } catch (error) {
        // Keep the tokens through a network blip; the request fails with its own error instead.
        if (isTransient(error)) return false;
      }
    }
    clearAreaTokens(area);
    onExpired(area);
    return false;
  };
}
