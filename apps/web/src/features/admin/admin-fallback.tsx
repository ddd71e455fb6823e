import { Navigate, useLocation } from 'react-router';
import { PATHS } from '../../app/paths.ts';
import { useAdminSession } from './admin-session-context.ts';
import { isGrantedByMenus } from './permissions.ts';
import { UnavailablePage } from './unavailable-page.tsx';

/**
 * An admin path the web has no page for: when the session's menus grant it, the server side of the
 * feature exists and the page is simply not built here yet, so say so; otherwise it is unknown (404).
 */
export function AdminFallback() {
  const { pathname } = useLocation();
  const { menus } = useAdminSession();
  if (isGrantedByMenus(menus, pathname)) return <UnavailablePage />;
  return <Navigate to={PATHS.notFound} replace />;
}
