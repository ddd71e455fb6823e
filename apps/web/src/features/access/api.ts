import { useQuery } from '@tanstack/react-query';
import { accessOperations } from '@pod/shared';
import { call } from '../../api/call.ts';

/** Query keys of the access context (CONVENTIONS §14). */
export const accessKeys = {
  all: ['access'] as const,
  grantable: () => [...accessKeys.all, 'grantable'] as const,
};

/** The menus and buttons the caller may put in a role (GET /api/v1/admin/menu/grantable). */
export function useGrantableMenus() {
  return useQuery({
    queryKey: accessKeys.grantable(),
    queryFn: ({ signal }) => call(accessOperations.grantableMenus, { signal }),
  });
}
