import { PATHS } from './paths.ts';

/** A place to go once the session is loaded: a path and its query (spec §2 "loading/:to?"). */
export interface RouteTarget {
  path: string;
  query: Record<string, string>;
}

/** The signed-in areas by address: the admin area under /admin, the member centre under /user. */
export type RouteArea = 'admin' | 'user';

const AREA_ROOT: Record<RouteArea, string> = { admin: PATHS.admin, user: PATHS.user };
const AREA_LOADING: Record<RouteArea, string> = { admin: PATHS.adminLoading, user: PATHS.userLoading };
const AREA_LOGIN: Record<RouteArea, string> = { admin: PATHS.login, user: PATHS.userLogin };
const AREA_HOME: Record<RouteArea, string> = { admin: PATHS.adminDashboard, user: PATHS.userOverview };

/** Query parameter of the login pages holding where to go after signing in. */
export const REDIRECT_PARAM = 'redirect';

/** The target of a location (pathname plus search string). */
export function targetOf(pathname: string, search: string): RouteTarget {
  return { path: pathname, query: Object.fromEntries(new URLSearchParams(search)) };
}

/** The address of a target, e.g. `/admin/order/list?page=2`. */
export function hrefOf(target: RouteTarget): string {
  const search = new URLSearchParams(target.query).toString();
  return search ? `${target.path}?${search}` : target.path;
}

function isInArea(path: string, area: RouteArea): boolean {
  const root = AREA_ROOT[area];
  return path === root || path.startsWith(`${root}/`);
}

function isLoadingPath(path: string, area: RouteArea): boolean {
  const loading = AREA_LOADING[area];
  return path === loading || path.startsWith(`${loading}/`);
}

/**
 * Whether a target may be navigated to after loading or signing in: inside the area and not a
 * loading screen (no loops). Anything else, e.g. `//evil.example`, is refused (no open redirect).
 */
function isSafeTarget(target: RouteTarget, area: RouteArea): boolean {
  // A path inside the area cannot lead elsewhere; `//` inside one is an embedded address decoded by
  // the router (/admin/iframe//help), not another host.
  return isInArea(target.path, area) && !isLoadingPath(target.path, area) && !target.path.startsWith('//');
}

function isQuery(value: unknown): value is Record<string, string> {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}

/** The `:to` segment of a loading screen: the JSON-encoded target (spec §2), URI-encoded. */
export function encodeTarget(target: RouteTarget): string {
  return encodeURIComponent(JSON.stringify({ path: target.path, query: target.query }));
}

/**
 * Reads a loading screen's `:to` parameter. The router hands over the decoded segment; an
 * undecoded one is accepted too. Null when absent, malformed or outside the area.
 */
export function decodeTarget(param: string | undefined, area: RouteArea): RouteTarget | null {
  if (!param) return null;
  for (const candidate of [param, safeDecode(param)]) {
    try {
      const parsed: unknown = JSON.parse(candidate);
      if (typeof parsed !== 'object' || parsed === null) continue;
      const { path, query } = parsed as { path?: unknown; query?: unknown };
      if (typeof path !== 'string') continue;
      const target = { path, query: isQuery(query) ? query : {} };
      return isSafeTarget(target, area) ? target : null;
    } catch {
      // try the next reading
    }
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** The loading screen that loads the session and then opens `target` (spec §2). */
export function loadingHref(area: RouteArea, target: RouteTarget | null): string {
  const loading = AREA_LOADING[area];
  return target && isSafeTarget(target, area) ? `${loading}/${encodeTarget(target)}` : loading;
}

/** The area's login page, keeping where to go after signing in (spec §2 "keeping the target"). */
export function loginHref(area: RouteArea, target: RouteTarget | null): string {
  const login = AREA_LOGIN[area];
  if (!target || !isSafeTarget(target, area)) return login;
  return `${login}?${new URLSearchParams({ [REDIRECT_PARAM]: hrefOf(target) }).toString()}`;
}

/** Where to go after signing in: the kept target when it is safe, else the area's home page. */
export function afterLoginHref(area: RouteArea, redirect: string | null): string {
  if (redirect) {
    const url = new URL(redirect, 'http://app.invalid');
    const target = targetOf(url.pathname, url.search);
    if (url.origin === 'http://app.invalid' && isSafeTarget(target, area)) return hrefOf(target);
  }
  return AREA_HOME[area];
}

/** The area's home page: the admin dashboard or the member overview. */
export function areaHome(area: RouteArea): string {
  return AREA_HOME[area];
}
