import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { getAdminToken } from '../../api/tokens.ts';
import { PATHS } from '../../app/paths.ts';
import { loadingHref, loginHref, targetOf } from '../../app/route-target.ts';
import { AdminSessionContext } from '../../session/admin-session-context.ts';
import { isAdminPathAllowed } from '../../session/permissions.ts';
import { adminSessionQuery } from '../identity/api.ts';

/**
 * The admin gate (spec §2 route guards, like features/admin/admin-gate.tsx) for a full-screen
 * admin page: the online design editor has no admin shell round it.
 */
export function FullScreenAdminGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const { data: session } = useQuery({ ...adminSessionQuery(), enabled: false });
  const target = targetOf(location.pathname, location.search);
  if (getAdminToken() === null) return <Navigate to={loginHref('admin', target)} replace />;
  if (!session) return <Navigate to={loadingHref('admin', target)} replace />;
  if (!isAdminPathAllowed(session.menus, location.pathname)) return <Navigate to={PATHS.noAccess} replace />;
  return <AdminSessionContext value={session}>{children}</AdminSessionContext>;
}
