import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import { getMemberToken } from '../../api/tokens.ts';
import { loadingHref, loginHref, targetOf } from '../../app/route-target.ts';
import { memberSessionQuery } from './api.ts';
import { MemberLayout } from './member-layout.tsx';
import { MemberSessionContext } from './member-session-context.ts';

/**
 * Every member-centre page passes here (spec §2): no member token → the member login; member not
 * loaded yet → the loading screen with the original path and query encoded.
 */
export function MemberGate() {
  const location = useLocation();
  const { data: member } = useQuery({ ...memberSessionQuery(), enabled: false });
  const target = targetOf(location.pathname, location.search);
  if (getMemberToken() === null) return <Navigate to={loginHref('user', target)} replace />;
  if (!member) return <Navigate to={loadingHref('user', target)} replace />;
  return (
    <MemberSessionContext value={member}>
      <MemberLayout />
    </MemberSessionContext>
  );
}
