import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminLoginBodySchema,
  adminRegisterBodySchema,
  adminSessionSchema,
  type AdminLoginBody,
  type AdminLoginReply,
  type AdminRegisterBody,
  type AdminSession,
  type OpBody,
  authOperations,
} from '@pod/shared';
import { call } from '../../api/call.ts';
import { clearAreaTokens, setTokens } from '../../api/tokens.ts';

/** Query keys of the identity context (CONVENTIONS §14). */
export const identityKeys = {
  all: ['identity'] as const,
  admin: () => [...identityKeys.all, 'admin'] as const,
  adminSession: () => [...identityKeys.admin(), 'session'] as const,
  captcha: (id: string) => [...identityKeys.all, 'captcha', id] as const,
};

/**
 * The signed-in admin's session, GET /api/v1/auth/index (spec §7). Loaded once by the loading screen
 * (spec §2) and kept for the visit; login and register put it in place directly.
 */
export function adminSessionQuery() {
  return queryOptions({
    queryKey: identityKeys.adminSession(),
    // The loading screen renders the failure with a retry.
    queryFn: ({ signal }) => call(authOperations.getAdminSession, { signal, showErrorMessage: false }),
    staleTime: Infinity,
    gcTime: Infinity,
  });
}

/** A click captcha for a client-chosen id (spec §7 GET /api/common/clickCaptcha). */
export function clickCaptchaQuery(id: string) {
  return queryOptions({
    queryKey: identityKeys.captcha(id),
    queryFn: ({ signal }) =>
      call(authOperations.getClickCaptcha, { query: { id }, signal, showErrorMessage: false }),
    // Single use: never refetched, dropped as soon as the panel lets go of it.
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** POST /api/common/checkClickCaptcha; `unset: false` keeps a passed captcha for the login that follows. */
export function checkClickCaptcha(id: string, info: string): Promise<unknown> {
  return call(authOperations.checkClickCaptcha, {
    body: { id, info, unset: false },
    showErrorMessage: false,
  });
}

/** The session part of a login reply, without the tokens. */
function sessionOf(reply: AdminLoginReply): AdminSession {
  return adminSessionSchema.parse(reply);
}

function useStoreAdminLogin() {
  const queryClient = useQueryClient();
  return (reply: AdminLoginReply) => {
    setTokens('admin', { access: reply.access_token, refresh: reply.refresh_token });
    queryClient.setQueryData(identityKeys.adminSession(), sessionOf(reply));
  };
}

/** POST /api/v1/auth/login: stores the tokens and the session. */
export function useAdminLogin() {
  const store = useStoreAdminLogin();
  return useMutation({
    mutationFn: (body: AdminLoginBody) =>
      call(authOperations.adminLogin, {
        body: adminLoginBodySchema.parse(body),
        // A 401 here is a wrong password, not an expired token; the form shows it.
        skipTokenRefresh: true,
        showErrorMessage: false,
      }),
    onSuccess: store,
  });
}

/** POST /api/v1/auth/register: registering signs the new merchant in. */
export function useAdminRegister() {
  const store = useStoreAdminLogin();
  return useMutation({
    mutationFn: (body: AdminRegisterBody) =>
      call(authOperations.adminRegister, {
        body: adminRegisterBodySchema.parse(body),
        skipTokenRefresh: true,
        showErrorMessage: false,
      }),
    onSuccess: store,
  });
}

/** POST /api/v1/verify/code: sends the registration SMS code (rate limited by the server). */
export function sendRegisterCode(mobile: string): Promise<unknown> {
  return call(authOperations.sendVerifyCode, {
    body: { mobile, event: 'register' },
    showSuccessMessage: true,
  });
}

/**
 * DELETE /api/v1/auth/sessions: ends every sign-in of the user on every device (personal centre,
 * issue 27), then forgets this device's tokens.
 */
export async function adminLogoutEverywhere(): Promise<void> {
  await call(authOperations.adminLogoutEverywhere, { skipTokenRefresh: true, showSuccessMessage: true });
  clearAreaTokens('admin');
}

/**
 * DELETE /api/v1/auth/logout (this sign-in only; issue 27), then forgets the tokens whatever the server said: the user asked to
 * leave, and a server that cannot be reached must not keep them signed in on this device.
 */
export async function adminLogout(): Promise<void> {
  try {
    await call(authOperations.adminLogout, { skipTokenRefresh: true, showErrorMessage: false });
  } catch {
    // see above
  } finally {
    clearAreaTokens('admin');
  }
}

/** POST /api/v1/auth/retrievePassword/code: a code to the account's bound mobile or e-mail. */
export function sendAdminRetrieveCode(username: string, type: 'mobile' | 'email'): Promise<unknown> {
  return call(authOperations.sendAdminRetrieveCode, {
    body: { username, type },
    skipTokenRefresh: true,
    showSuccessMessage: true,
  });
}

/** POST /api/v1/auth/retrievePassword: the code and a new password (admin "forgot password"). */
export function useAdminRetrievePassword() {
  return useMutation({
    mutationFn: (body: OpBody<typeof authOperations.adminRetrievePassword>) =>
      call(authOperations.adminRetrievePassword, {
        body,
        skipTokenRefresh: true,
        showSuccessMessage: true,
        showErrorMessage: false,
      }),
  });
}
