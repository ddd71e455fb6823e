/**
 * Where the admin and member tokens live. The admin and member areas use separate tokens (spec §6);
 * the login screens of the identity issue write them, the API client reads them (spec §7).
 */
const ADMIN_TOKEN_KEY = 'adminToken';
const MEMBER_TOKEN_KEY = 'memberToken';

// Guarded so the client also runs in node-environment unit tests, where there is no localStorage.
function storage(): Storage | null {
  return typeof localStorage === 'undefined' ? null : localStorage;
}

function write(key: string, token: string | null): void {
  if (token) storage()?.setItem(key, token);
  else storage()?.removeItem(key);
}

/** The stored admin token, sent as `Authorization: Bearer …`. */
export function getAdminToken(): string | null {
  return storage()?.getItem(ADMIN_TOKEN_KEY) ?? null;
}

/** Stores the admin token; null removes it. */
export function setAdminToken(token: string | null): void {
  write(ADMIN_TOKEN_KEY, token);
}

/** The stored member token, sent as `X-User-Token`. */
export function getMemberToken(): string | null {
  return storage()?.getItem(MEMBER_TOKEN_KEY) ?? null;
}

/** Stores the member token; null removes it. */
export function setMemberToken(token: string | null): void {
  write(MEMBER_TOKEN_KEY, token);
}

/** Removes both tokens (spec §4: a failed refresh clears the tokens). */
export function clearTokens(): void {
  write(ADMIN_TOKEN_KEY, null);
  write(MEMBER_TOKEN_KEY, null);
}
