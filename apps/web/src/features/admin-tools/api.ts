import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConfigItem } from '@pod/shared';
import { api } from '../../api/client.ts';
import { crudKeys, type CrudResource } from '../crud/api.ts';

/** The admin tools' lists, shown through the CRUD kit's table (issue: admin tools). */
export const TOOL_RESOURCES = {
  adminLog: { name: 'adminLog', prefix: '/api/v1/admin/adminLog' },
  recycle: { name: 'recycle', prefix: '/api/v1/admin/recycle' },
  sensitiveLog: { name: 'sensitiveLog', prefix: '/api/v1/admin/sensitiveLog' },
} as const satisfies Record<string, CrudResource>;

/** Restoring, purging and rolling back; each refreshes the resource's lists. */
export function useToolAction(resource: CrudResource, method: 'POST' | 'DELETE', suffix = '') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      method === 'POST'
        ? api.post(`${resource.prefix}/${id}${suffix}`, { showSuccessMessage: true })
        : api.delete(`${resource.prefix}/${id}${suffix}`, { showSuccessMessage: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: crudKeys.resource(resource.name) }),
  });
}

/** Query keys of the system config (CONVENTIONS §14). */
export const configKeys = {
  all: ['config'] as const,
};

/** Every setting with its group, type, value and default (`GET /api/v1/admin/config`). */
export function useConfigItems() {
  return useQuery({
    queryKey: configKeys.all,
    queryFn: ({ signal }) => api.get<ConfigItem[]>('/api/v1/admin/config', { signal }),
  });
}

/** Saves changed settings (`PATCH /api/v1/admin/config`); failures are shown on the form. */
export function useSaveConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Record<string, unknown>) =>
      api.patch('/api/v1/admin/config', {
        body: { values },
        showSuccessMessage: true,
        showErrorMessage: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}
