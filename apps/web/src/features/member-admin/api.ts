import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { memberAdminOperations, type OpBody, type OpData } from '@pod/shared';
import { call } from '../../api/call.ts';
import { crudKeys } from '../crud/api.ts';

export type MemberPurse = 'money' | 'score';
export type AdjustBody = OpBody<typeof memberAdminOperations.adjustMemberMoney>;

/** Query keys of the member logs (CONVENTIONS 14). */
export const memberLogKeys = {
  all: ['memberLogs'] as const,
  page: (purse: MemberPurse, params: Record<string, unknown>) =>
    [...memberLogKeys.all, purse, params] as const,
};

/** Changes a member's money or score; the member list and the logs show the change. */
export function useAdjustMember(purse: MemberPurse) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: AdjustBody }) =>
      call(
        purse === 'money' ? memberAdminOperations.adjustMemberMoney : memberAdminOperations.adjustMemberScore,
        {
          params: { id },
          body,
        },
      ),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: crudKeys.resource(memberAdminOperations.member.resource) }),
        queryClient.invalidateQueries({ queryKey: memberLogKeys.all }),
      ]),
  });
}

export function useResetMemberPassword() {
  return useMutation({
    mutationFn: ({ id, password }: { id: string; password: string }) =>
      call(memberAdminOperations.resetMemberPassword, { params: { id }, body: { password } }),
  });
}

export type LogPage =
  | OpData<typeof memberAdminOperations.memberMoneyLogList>
  | OpData<typeof memberAdminOperations.memberScoreLogList>;

/** A page of the money or score log. */
export function useMemberLog(
  purse: MemberPurse,
  params: { page: number; limit: number; quickSearch?: string },
) {
  return useQuery({
    queryKey: memberLogKeys.page(purse, params),
    queryFn: async (): Promise<LogPage> =>
      purse === 'money'
        ? call(memberAdminOperations.memberMoneyLogList, { query: params })
        : call(memberAdminOperations.memberScoreLogList, { query: params }),
  });
}

/** The tenant's member groups and rules, as select options. */
export function useMemberOptions(kind: 'memberGroup' | 'memberRule') {
  return useQuery({
    queryKey: [...crudKeys.resource(kind), 'options'],
    queryFn: async () => {
      const reply = await call(memberAdminOperations[kind].list, { query: { select: 'true' } });
      return 'options' in reply ? reply.options : [];
    },
  });
}
