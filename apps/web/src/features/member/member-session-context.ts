import { createContext, use } from 'react';
import type { MemberUserInfo } from '@pod/shared';

/** The signed-in member, provided by the member gate to every member-centre page. */
export const MemberSessionContext = createContext<MemberUserInfo | null>(null);

/** The member; only valid below the member gate. */
export function useMember(): MemberUserInfo {
  const member = use(MemberSessionContext);
  if (!member) throw new Error('useMember() is only available below the member gate');
  return member;
}
