/**
 * Where the admin and member tokens live. The admin and member areas use separate tokens (spec §6);
 * the login screens write them, the API client reads them (spec §7), and a token refresh replaces
 * both the access token and the rotated refresh token (spec §4).
 */
const KEYS = {
  admin: { access: 'adminToken', refresh: 'adminRefreshToken' },
  member: { access: 'memberToken', refresh: 'memberRefreshToken' },
} as const;

/** The two signed-in areas; each has its own token pair (spec §6). */
export type TokenArea = keyof typeof KEYS;

/** An access token with the refresh token that renews it. */
export interface StoredTokens {
  access: string;
  refresh: string;
}

// Guarded so the client also runs in node-environment unit tests, where there is no localStorage.
function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function write(key: string, token: string | null): void {
  if (token) storage()?.setItem(key, token);
  else storage()?.removeItem(key);
}

function read(key: string): string | null {
  return storage()?.getItem(key) ?? null;
}

/** The stored access token of an area. */
export function getAccessToken(area: TokenArea): string | null {
  return read(KEYS[area].access);
}

/** The stored refresh token of an area. */
export function getRefreshToken(area: TokenArea): string | null {
  return read(KEYS[area].refresh);
}

/** Stores an area's token pair after a login or a refresh (the refresh token rotates, spec §4). */
export function setTokens(area: TokenArea, tokens: StoredTokens): void {
  write(KEYS[area].access, tokens.access);
  write(KEYS[area].refresh, tokens.refresh);
}

/** Removes an area's tokens (logout, or a refresh that failed). */
export function clearAreaTokens(area: TokenArea): void {
  write(KEYS[area].access, null);
  write(KEYS[area].refresh, null);
}

/** The stored admin token, sent as `Authorization: Bearer …`. */
export function getAdminToken(): string | null {
  return getAccessToken('admin');
}

/** Stores the admin access token alone; null removes it. */
export function setAdminToken(token: string | null): void {
  write(KEYS.admin.access, token);
}

/** The stored member token, sent as `X-User-Token`. */
export function getMemberToken(): string | null {
  return getAccessToken('member');
}

/** Stores the member access token alone; null removes it. */
export function setMemberToken(token: string | null): void {
  write(KEYS.member.access, token);
}

/** Removes every token of both areas. */
export function clearTokens(): void {
  clearAreaTokens('admin');
  clearAreaTokens('member');
}
