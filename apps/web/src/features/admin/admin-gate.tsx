import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { getAdminToken } from '../../api/tokens.ts';
import { PATHS } from '../../app/paths.ts';
import { loadingHref, loginHref, targetOf } from '../../app/route-target.ts';
import { adminSessionQuery } from '../identity/api.ts';
import { AdminLayout } from './admin-layout.tsx';
import { AdminSessionContext } from '../../session/admin-session-context.ts';
import { isAdminPathAllowed, isKnownAdminPath } from '../../session/permissions.ts';

/**
 * Every admin page passes here (spec §2 route guards): no admin token → login, keeping the target;
 * no session loaded yet → the loading screen with the path and query encoded; no right → /401;
 * no such page → /404.
 */
export function AdminGate() {
  const location = useLocation();
  // Reads the session the loading screen or the login stored; never fetches by itself.
  const { data: session } = useQuery({ ...adminSessionQuery(), enabled: false });
  const target = targetOf(location.pathname, location.search);
  if (getAdminToken() === null) return <Navigate to={loginHref('admin', target)} replace />;
  if (!session) return <Navigate to={loadingHref('admin', target)} replace />;
  if (!isAdminPathAllowed(session.menus, location.pathname)) {
    // No such page at all is "not found"; a page the user's menus do not grant is "no access".
    const isKnown = isKnownAdminPath(session.menu_paths, location.pathname);
    return <Navigate to={isKnown ? PATHS.noAccess : PATHS.notFound} replace />;
  }
  return (
    <AdminSessionContext value={session}>
      <AdminLayout />
    </AdminSessionContext>
  );
}
