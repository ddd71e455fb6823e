import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { getAdminToken } from '../../api/tokens.ts';
import { PATHS } from '../../app/paths.ts';
import { loadingHref, loginHref, targetOf } from '../../app/route-target.ts';
import { adminSessionQuery } from '../identity/api.ts';
import { AdminLayout } from './admin-layout.tsx';
import { AdminSessionContext } from '../../session/admin-session-context.ts';
import { isAdminPathAllowed } from '../../session/permissions.ts';

/**
 * Every admin page passes here (spec §2 route guards): no admin token → login, keeping the target;
 * no session loaded yet → the loading screen with the path and query encoded; no right → /401.
 */
export function AdminGate() {
  const location = useLocation();
  // Reads the session the loading screen or the login stored; never fetches by itself.
  const { data: session } = useQuery({ ...adminSessionQuery(), enabled: false });
  const target = targetOf(location.pathname, location.search);
  if (getAdminToken() === null) return <Navigate to={loginHref('admin', target)} replace />;
  if (!session) return <Navigate to={loadingHref('admin', target)} replace />;
  if (!isAdminPathAllowed(session.menus, location.pathname)) {
    return <Navigate to={PATHS.noAccess} replace />;
  }
  return (
    <AdminSessionContext value={session}>
      <AdminLayout />
    </AdminSessionContext>
  );
}
