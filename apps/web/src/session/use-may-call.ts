import { use, useMemo } from 'react';
import { AdminSessionContext } from './admin-session-context.ts';
import { sessionPermissions } from './permissions.ts';

/**
 * Whether the signed-in admin may call an operation: it needs no permission, or the session's
 * menus grant it (issue 27: the console asks only for what the user may use, so no 403s). Outside
 * the admin area (member centre, public pages) the server alone decides.
 */
export function useMayCall(operation: { permission: string | null }): boolean {
  const session = use(AdminSessionContext);
  const permissions = useMemo(() => (session ? sessionPermissions(session.menus) : null), [session]);
  return permissions === null || operation.permission === null || permissions.has(operation.permission);
}
