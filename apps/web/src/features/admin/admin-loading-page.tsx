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
  const session = useQuery({ ...adminSessionQuery(), enabled: hasToken });
  if (!hasToken) return <Navigate to={loginHref('admin', target)} replace />;
  if (session.isSuccess) return <Navigate to={target ? hrefOf(target) : areaHome('admin')} replace />;
  return (
    <SessionLoading
      error={session.isError ? session.error : null}
      isRetrying={session.isFetching}
      onRetry={() => void session.refetch()}
      loginPath={PATHS.login}
    />
  );
}
