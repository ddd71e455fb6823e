import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  changePasswordBodySchema,
  memberCheckInBodySchema,
  memberProfileBodySchema,
  memberUserInfoSchema,
  type MemberCheckInBody,
  authOperations,
  memberAdminOperations,
  memberOperations,
  type OpBody,
} from '@pod/shared';
import type { z } from 'zod';
import { call } from '../../api/call.ts';
import { clearAreaTokens, getRefreshToken, setTokens } from '../../api/tokens.ts';

/** Query keys of the member context (CONVENTIONS §14). */
export const memberKeys = {
  all: ['member'] as const,
  session: () => [...memberKeys.all, 'session'] as const,
  menus: () => [...memberKeys.all, 'menus'] as const,
  overview: () => [...memberKeys.all, 'overview'] as const,
  balance: (page: number, perPage: number) => [...memberKeys.all, 'balance', page, perPage] as const,
  integral: (page: number, perPage: number) => [...memberKeys.all, 'integral', page, perPage] as const,
};

/** Page size of the balance and integral logs (spec §9 leaves it open). */
export const LOG_PAGE_SIZE = 10;

/** The signed-in member, loaded once by the member loading screen (spec §2) and after a check-in. */
export function memberSessionQuery() {
  return queryOptions({
    queryKey: memberKeys.session(),
    queryFn: ({ signal }) => call(memberOperations.getMemberProfile, { signal, showErrorMessage: false }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** POST /api/user/checkIn, login or register tab (spec §7): stores the member tokens and session. */
export function useMemberCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MemberCheckInBody) =>
      call(memberOperations.memberCheckIn, {
        body: memberCheckInBodySchema.parse(body),
        skipTokenRefresh: true,
        showErrorMessage: false,
      }),
    onSuccess: ({ userInfo }) => {
      setTokens('member', { access: userInfo.token, refresh: userInfo.refresh_token });
      queryClient.setQueryData(memberKeys.session(), memberUserInfoSchema.parse(userInfo));
    },
  });
}

/** POST /api/Sms/send for the member registration code. */
export function sendMemberRegisterCode(mobile: string): Promise<unknown> {
  return call(authOperations.sendSms, {
    body: { mobile, template_code: 'user_register' },
    showSuccessMessage: true,
  });
}

/**
 * POST /api/user/logout {refreshToken}, then "Logout clears the member's stored info and reloads"
 * (spec §4): the tokens go whatever the server said, and the reload drops everything cached.
 */
export async function memberLogout(reloadTo: string): Promise<void> {
  const refreshToken = getRefreshToken('member') ?? undefined;
  try {
    await call(memberOperations.memberLogout, {
      body: { refreshToken },
      skipTokenRefresh: true,
      showErrorMessage: false,
    });
  } catch {
    // The user asked to leave; an unreachable server must not keep them signed in on this device.
  } finally {
    clearAreaTokens('member');
    window.location.assign(reloadTo);
  }
}

/** DELETE /api/user/sessions: ends the member's sign-ins on every device, then leaves (issue 27). */
export async function memberLogoutEverywhere(reloadTo: string): Promise<void> {
  try {
    await call(memberOperations.memberLogoutEverywhere, { skipTokenRefresh: true });
  } catch {
    return; // the client showed why; the member stays signed in here
  }
  clearAreaTokens('member');
  window.location.assign(reloadTo);
}

/**
 * GET /api/account/menus: the pages the member's group grants, and the ones it does not
 * (decision 0047); the member centre's menu hides those.
 */
export function useMemberMenus() {
  return useQuery({
    queryKey: memberKeys.menus(),
    queryFn: ({ signal }) => call(memberAdminOperations.memberMenus, { signal, showErrorMessage: false }),
    staleTime: 60_000,
  });
}

/** GET /api/account/overview: the member with recent balance and score changes. */
export function useMemberOverview() {
  return useQuery({
    queryKey: memberKeys.overview(),
    queryFn: ({ signal }) => call(memberOperations.memberOverview, { signal, showErrorMessage: false }),
  });
}

/** POST /api/account/profile; the reply is the updated member, which replaces the session's. */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      call(memberOperations.updateMemberProfile, {
        body: memberProfileBodySchema.parse(body),
        showSuccessMessage: true,
        showErrorMessage: false,
      }),
    onSuccess: (member) => {
      queryClient.setQueryData(memberKeys.session(), member);
      return queryClient.invalidateQueries({ queryKey: memberKeys.overview() });
    },
  });
}

/** POST /api/account/changePassword; the server revokes the member's refresh tokens (issue 3). */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: unknown) =>
      call(memberOperations.changeMemberPassword, {
        body: changePasswordBodySchema.parse(body),
        showErrorMessage: false,
      }),
  });
}

/** GET /api/account/balance?page&per_page: the money log. */
export function useBalanceLog(page: number, perPage = LOG_PAGE_SIZE) {
  return useQuery({
    queryKey: memberKeys.balance(page, perPage),
    queryFn: ({ signal }) =>
      call(memberOperations.memberMoneyLog, {
        query: { page, per_page: perPage },
        signal,
        showErrorMessage: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/account/integral?page&per_page: the score log. */
export function useIntegralLog(page: number, perPage = LOG_PAGE_SIZE) {
  return useQuery({
    queryKey: memberKeys.integral(page, perPage),
    queryFn: ({ signal }) =>
      call(memberOperations.memberScoreLog, {
        query: { page, per_page: perPage },
        signal,
        showErrorMessage: false,
      }),
    placeholderData: keepPreviousData,
  });
}

/** A member code's events (spec §7 SMS and e-mail templates) by purpose and channel. */
const CODE_EVENTS = {
  retrieve: { mobile: 'user_retrieve_pwd', email: 'user_retrieve_pwd' },
  verify: { mobile: 'user_mobile_verify', email: 'user_email_verify' },
  change: { mobile: 'user_change_mobile', email: 'user_change_email' },
} as const;

/** POST /api/Sms/send or /api/Ems/send: a member code to a mobile or an e-mail address. */
export function sendMemberCode(
  purpose: keyof typeof CODE_EVENTS,
  type: 'mobile' | 'email',
  to: string,
): Promise<unknown> {
  return type === 'mobile'
    ? call(authOperations.sendSms, {
        body: { mobile: to, template_code: CODE_EVENTS[purpose].mobile },
        showSuccessMessage: true,
      })
    : call(authOperations.sendEms, {
        body: { email: to, event: CODE_EVENTS[purpose].email },
        showSuccessMessage: true,
      });
}

/** POST /api/account/retrievePassword (public): a new password by a code to the bound address. */
export function useRetrieveMemberPassword() {
  return useMutation({
    mutationFn: (body: OpBody<typeof memberOperations.retrieveMemberPassword>) =>
      call(memberOperations.retrieveMemberPassword, {
        body,
        skipTokenRefresh: true,
        showSuccessMessage: true,
        showErrorMessage: false,
      }),
  });
}

/** Replaces the session's member (and refreshes the overview) after a change the reply carries. */
function useMemberReplaced() {
  const queryClient = useQueryClient();
  return (member: z.output<typeof memberUserInfoSchema>) => {
    queryClient.setQueryData(memberKeys.session(), member);
    return queryClient.invalidateQueries({ queryKey: memberKeys.overview() });
  };
}

/** PUT /api/account/avatar: an uploaded image (or null) becomes the member's avatar. */
export function useSetMemberAvatar() {
  const replaced = useMemberReplaced();
  return useMutation({
    mutationFn: (attachmentId: string | null) =>
      call(memberOperations.updateMemberAvatar, {
        body: { attachment_id: attachmentId },
        showSuccessMessage: true,
      }),
    onSuccess: replaced,
  });
}

/** POST /api/account/verification then /api/account/changeBind: a new mobile or e-mail. */
export function useChangeBind() {
  const replaced = useMemberReplaced();
  return {
    verify: useMutation({
      mutationFn: (body: OpBody<typeof memberOperations.verifyMemberAccount>) =>
        call(memberOperations.verifyMemberAccount, { body, showErrorMessage: false }),
    }),
    change: useMutation({
      mutationFn: (body: OpBody<typeof memberOperations.changeMemberBind>) =>
        call(memberOperations.changeMemberBind, { body, showSuccessMessage: true, showErrorMessage: false }),
      onSuccess: replaced,
    }),
  };
}
