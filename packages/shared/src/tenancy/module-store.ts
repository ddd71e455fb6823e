import { z } from 'zod';
import { defineOperation } from '../contract.ts';
import { PERMISSIONS } from '../permissions.ts';

/*
 * The module store (issue 28, decision 0048): the platform's switchable modules, as their
 * descriptors declare them, and their state for one supplier tenant.
 */

export const storeModuleSchema = z.object({
  name: z.string(),
  /** An i18n key of the module's title and of its description. */
  title: z.string(),
  description: z.string(),
  version: z.string(),
  /** Modules it needs: switching it on switches them on. */
  depends_on: z.array(z.string()),
  /** Switched-on modules that need it: while there are any it cannot be switched off. */
  needed_by: z.array(z.string()),
  enabled: z.boolean(),
});
export type StoreModule = z.infer<typeof storeModuleSchema>;

export const moduleStoreQuerySchema = z.object({ tenant_id: z.uuid() });
export const moduleSwitchBodySchema = z.object({
  tenant_id: z.uuid(),
  name: z.string().min(1).max(50),
  enabled: z.boolean(),
});

const ADMIN = { audience: 'admin', tag: 'tenancy' } as const;

export const moduleStoreOperations = {
  moduleStoreList: defineOperation({
    ...ADMIN,
    id: 'moduleStoreList',
    method: 'GET',
    path: '/api/v1/admin/moduleStore',
    permission: PERMISSIONS.moduleStore.list,
    summary: 'The switchable modules and whether each is on for a supplier tenant',
    query: moduleStoreQuerySchema,
    response: z.object({ list: z.array(storeModuleSchema) }),
  }),
  moduleStoreSwitch: defineOperation({
    ...ADMIN,
    id: 'moduleStoreSwitch',
    method: 'POST',
    path: '/api/v1/admin/moduleStore/switch',
    permission: PERMISSIONS.moduleStore.edit,
    summary:
      'Switch a module on (with what it needs) or off (refused while a module that is on needs it) for a tenant',
    body: moduleSwitchBodySchema,
    response: z.object({ list: z.array(storeModuleSchema) }),
  }),
} as const;
