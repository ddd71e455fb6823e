import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { accessOperations, adminOperations, uploadOperations, type OpBody } from '@pod/shared';
import { call } from '../../api/call.ts';

/** Query keys of the admin console (CONVENTIONS §14). */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  overview: () => [...adminKeys.all, 'dashboard', 'overview'] as const,
  profile: () => [...adminKeys.all, 'profile'] as const,
};

/** GET /api/v1/admin/dashboard: the tenant's real counts. */
export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) => call(adminOperations.dashboard, { signal, showErrorMessage: false }),
  });
}

/** GET /api/v1/admin/dashboard/overview: the tier's home figures (issue 26). */
export function useDashboardOverview() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: ({ signal }) => call(adminOperations.dashboardOverview, { signal, showErrorMessage: false }),
  });
}

/** GET /api/v1/admin/profile: the personal centre. */
export function useAdminProfile() {
  return useQuery({
    queryKey: adminKeys.profile(),
    queryFn: ({ signal }) => call(accessOperations.adminProfile, { signal, showErrorMessage: false }),
  });
}

/** POST /api/v1/admin/profile. */
export function useUpdateAdminProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpBody<typeof accessOperations.updateAdminProfile>) =>
      call(accessOperations.updateAdminProfile, {
        body,
        showSuccessMessage: true,
        showErrorMessage: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.profile() }),
  });
}

/** PUT /api/v1/admin/profile/avatar: an uploaded image (attachment id), or null to clear. */
export function useSetAdminAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string | null) =>
      call(uploadOperations.updateAdminAvatar, {
        body: { attachment_id: attachmentId },
        showSuccessMessage: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.profile() }),
  });
}

/** POST /api/v1/admin/profile/password: ends every session of the account. */
export function useChangeAdminPassword() {
  return useMutation({
    mutationFn: (body: OpBody<typeof accessOperations.changeAdminPassword>) =>
      call(accessOperations.changeAdminPassword, { body, showErrorMessage: false }),
  });
}
