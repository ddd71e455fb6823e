import { useQuery } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router';
import { getMemberToken } from '../../api/tokens.ts';
import { PATHS } from '../../app/paths.ts';
import { areaHome, decodeTarget, hrefOf, loginHref } from '../../app/route-target.ts';
import { SessionLoading } from '../../app/session-loading.tsx';
import { memberSessionQuery } from './api.ts';

/**
 * /user/loading/:to? (spec §2): loads the member (GET /api/account/profile), then opens the
 * JSON-encoded target, else the overview. Without a member token it goes to the member login.
 */
export function MemberLoadingPage() {
  const { to } = useParams();
  const target = decodeTarget(to, 'user');
  const hasToken = getMemberToken() !== null;
  // The signed-in area's code starts loading with the session, not after it.
  if (hasToken) void import('./member-gate.tsx');
  const session = useQuery({ ...memberSessionQuery(), enabled: hasToken });
  if (!hasToken) return <Navigate to={loginHref('user', target)} replace />;
  // Issue 27: the spinner stays while the target's code loads, so no blank page comes between.
  const next = session.isSuccess ? (
    <Navigate to={target ? hrefOf(target) : areaHome('user')} replace />
  ) : null;
  return (
    <>
      {next}
      <SessionLoading
        error={session.isError ? session.error : null}
        isRetrying={session.isFetching}
        onRetry={() => void session.refetch()}
        loginPath={PATHS.userLogin}
      />
    </>
  );
}
