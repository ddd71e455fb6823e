import { useQuery } from '@tanstack/react-query';
import { grantableMenuSchema } from '@pod/shared';
import { api } from '../../api/client.ts';
import type { CrudResource } from '../crud/api.ts';

/** The access-control resources served by the CRUD kit (spec §7 generic CRUD). */
export const ACCESS_RESOURCES = {
  role: { name: 'role', prefix: '/api/v1/admin/role' },
  department: { name: 'department', prefix: '/api/v1/admin/department' },
  menu: { name: 'menu', prefix: '/api/v1/admin/menu' },
  admin: { name: 'admin', prefix: '/api/v1/admin/admin' },
} as const satisfies Record<string, CrudResource>;

/** Query keys of the access context (CONVENTIONS §14). */
export const accessKeys = {
  all: ['access'] as const,
  grantable: () => [...accessKeys.all, 'grantable'] as const,
};

const grantableListSchema = grantableMenuSchema.array();

/** The menus and buttons the caller may put in a role (GET /api/v1/admin/menu/grantable). */
export function useGrantableMenus() {
  return useQuery({
    queryKey: accessKeys.grantable(),
    queryFn: ({ signal }) => api.get('/api/v1/admin/menu/grantable', { signal, schema: grantableListSchema }),
  });
}
