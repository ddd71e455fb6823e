import { z } from 'zod';
import { defineOperation } from '../contract.ts';
import { PERMISSIONS } from '../permissions.ts';
import { healthSchema } from '../platform/health.ts';
import { STOREFRONT_ROUTES } from '../storefront-routes.ts';
import { configItemSchema, configUpdateSchema, siteInfoSchema } from './schemas.ts';

/** Site info, liveness and system config. */
export const siteOperations = {
  getHealth: defineOperation({
    ...STOREFRONT_ROUTES.getHealth,
    audience: 'public',
    permission: null,
    tag: 'site',
    summary: 'Liveness and database kind',
    response: healthSchema,
  }),
  getSiteIndex: defineOperation({
    ...STOREFRONT_ROUTES.getSiteIndex,
    audience: 'public',
    permission: null,
    tag: 'site',
    summary: 'Site info for the app shell and the admin store',
    response: siteInfoSchema,
  }),
  configList: defineOperation({
    id: 'configList',
    method: 'GET',
    path: '/api/v1/admin/config',
    audience: 'admin',
    permission: PERMISSIONS.config.list,
    tag: 'site',
    summary: 'Every setting with its group, type, value and default',
    response: z.array(configItemSchema),
  }),
  configUpdate: defineOperation({
    id: 'configUpdate',
    method: 'PATCH',
    path: '/api/v1/admin/config',
    audience: 'admin',
    permission: PERMISSIONS.config.edit,
    tag: 'site',
    summary: 'Save settings; each value is checked against its type and rule',
    body: configUpdateSchema,
    response: z.array(configItemSchema),
  }),
} as const;
