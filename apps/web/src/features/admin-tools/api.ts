import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminOperations,
  siteOperations,
  uploadOperations,
  type idParamsSchema,
  type OpBody,
} from '@pod/shared';
import { call, type JsonOperation } from '../../api/call.ts';
import { crudKeys, type ListResource } from '../crud/api.ts';

/** The admin tools' lists, shown through the CRUD kit's table (issue: admin tools). */
export const TOOL_RESOURCES = {
  adminLog: { resource: 'adminLog', list: adminOperations.adminLogList },
  recycle: { resource: 'recycle', list: adminOperations.recycleList },
  sensitiveLog: { resource: 'sensitiveLog', list: adminOperations.sensitiveLogList },
  attachment: { resource: 'attachment', list: uploadOperations.attachmentList },
} as const satisfies Record<string, ListResource>;

/** An operation on one row of a tool's list (restore, purge, roll back, delete). */
type RowOperation = JsonOperation & { readonly params: typeof idParamsSchema };

/** Restoring, purging and rolling back; each refreshes the resource's lists. */
export function useToolAction(resource: ListResource, operation: RowOperation) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(operation, { params: { id }, showSuccessMessage: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: crudKeys.resource(resource.resource) }),
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
    queryFn: ({ signal }) => call(siteOperations.configList, { signal }),
  });
}

/** Saves changed settings (`PATCH /api/v1/admin/config`); failures are shown on the form. */
export function useSaveConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: OpBody<typeof siteOperations.configUpdate>['values']) =>
      call(siteOperations.configUpdate, {
        body: { values },
        showSuccessMessage: true,
        showErrorMessage: false,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: configKeys.all }),
  });
}
