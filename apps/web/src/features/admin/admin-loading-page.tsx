import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { getAdminToken } from '../../api/tokens.ts';
import { PATHS } from '../../app/paths.ts';
import { areaHome, decodeTarget, hrefOf, loginHref } from '../../app/route-target.ts';
import { SessionLoading } from '../../app/session-loading.tsx';
import { adminSessionQuery } from '../identity/api.ts';

/**
 * /admin/loading/:to? (spec §2): loads the admin session (GET /api/v1/auth/index), then opens the
 * JSON-encoded target, else the dashboard. Without an admin token it goes to login, keeping the target.
 */
export function AdminLoadingPage() {
  const { to } = useParams();
  const target = decodeTarget(to, 'admin');
  const hasToken = getAdminToken() !== null;
  // The signed-in area's code starts loading with the session, not after it.
  if (hasToken) {
    void import('./admin-gate.tsx');
    void import('./admin-fallback.tsx');
  }
  const session = useQuery({ ...adminSessionQuery(), enabled: hasToken });
  if (!hasToken) return <Navigate to={loginHref('admin', target)} replace />;
  // Issue 27: the spinner stays while the target's code loads, so no blank page comes between.
  const next = session.isSuccess ? (
    <Navigate to={target ? hrefOf(target) : areaHome('admin')} replace />
  ) : null;
  return (
    <>
      {next}
      <SessionLoading
        error={session.isError ? session.error : null}
        isRetrying={session.isFetching}
        onRetry={() => void session.refetch()}
        loginPath={PATHS.login}
      />
    </>
  );
}
