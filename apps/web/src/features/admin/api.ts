import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminProfileSchema, dashboardSchema } from '@pod/shared';
import { api } from '../../api/client.ts';

/** Query keys of the admin console (CONVENTIONS §14). */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  profile: () => [...adminKeys.all, 'profile'] as const,
};

/** GET /api/v1/admin/dashboard: the tenant's real counts. */
export function useDashboard() {
  return useQuery({
    queryKey: adminKeys.dashboard(),
    queryFn: ({ signal }) =>
      api.get('/api/v1/admin/dashboard', { signal, schema: dashboardSchema, showErrorMessage: false }),
  });
}

/** GET /api/v1/admin/profile: the personal centre. */
export function useAdminProfile() {
  return useQuery({
    queryKey: adminKeys.profile(),
    queryFn: ({ signal }) =>
      api.get('/api/v1/admin/profile', { signal, schema: adminProfileSchema, showErrorMessage: false }),
  });
}

/** POST /api/v1/admin/profile. */
export function useUpdateAdminProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) =>
      api.post('/api/v1/admin/profile', { body, showSuccessMessage: true, showErrorMessage: false }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.profile() }),
  });
}

/** PUT /api/v1/admin/profile/avatar: an uploaded image (attachment id), or null to clear. */
export function useSetAdminAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string | null) =>
      api.put('/api/v1/admin/profile/avatar', {
        body: { attachment_id: attachmentId },
        showSuccessMessage: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.profile() }),
  });
}

/** POST /api/v1/admin/profile/password: ends every session of the account. */
export function useChangeAdminPassword() {
  return useMutation({
    mutationFn: (body: unknown) =>
      api.post('/api/v1/admin/profile/password', { body, showErrorMessage: false }),
  });
}
