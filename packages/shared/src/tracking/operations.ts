import { defineOperation } from '../contract.ts';
import { idParamsSchema } from '../crud-schemas.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  shippingProvidersReplySchema,
  trackingPushListQuerySchema,
  trackingPushListReply,
  trackingShopSettingsInputSchema,
  trackingShopSettingsSchema,
  trackingSyncReplySchema,
  trackingSyncSchema,
} from './schemas.ts';

const TRACKING = { audience: 'admin', tag: 'tracking' } as const;

/**
 * Tracking pushed back to the marketplaces (issue 21, decision 0055): "sync status" on selected
 * orders, the push records, and each shop's auto-ship hours and carrier mapping.
 */
export const trackingOperations = {
  trackingSync: defineOperation({
    ...TRACKING,
    id: 'trackingSync',
    method: 'POST',
    path: '/api/v1/admin/tracking/sync',
    permission: PERMISSIONS.tracking.sync,
    summary: "Sync status: push shipped orders' tracking numbers and carriers to their marketplaces (a job)",
    body: trackingSyncSchema,
    response: trackingSyncReplySchema,
  }),
  trackingPushList: defineOperation({
    ...TRACKING,
    id: 'trackingPushList',
    method: 'GET',
    path: '/api/v1/admin/tracking/push',
    permission: PERMISSIONS.tracking.list,
    summary: 'The push records: per order, whether its marketplace order is marked shipped',
    query: trackingPushListQuerySchema,
    response: trackingPushListReply,
  }),
  trackingShopSettings: defineOperation({
    ...TRACKING,
    id: 'trackingShopSettings',
    method: 'GET',
    path: '/api/v1/admin/tracking/shop/:id/settings',
    permission: PERMISSIONS.tracking.list,
    summary: "A shop's auto-ship hours and carrier mapping",
    params: idParamsSchema,
    response: trackingShopSettingsSchema,
  }),
  trackingShopSettingsSave: defineOperation({
    ...TRACKING,
    id: 'trackingShopSettingsSave',
    method: 'PUT',
    path: '/api/v1/admin/tracking/shop/:id/settings',
    permission: PERMISSIONS.tracking.edit,
    summary: "Save a shop's auto-ship hours and carrier mapping",
    params: idParamsSchema,
    body: trackingShopSettingsInputSchema,
    response: trackingShopSettingsSchema,
  }),
  trackingShopProviders: defineOperation({
    ...TRACKING,
    id: 'trackingShopProviders',
    method: 'GET',
    path: '/api/v1/admin/tracking/shop/:id/providers',
    permission: PERMISSIONS.tracking.list,
    summary: "The marketplace's shipping providers for the shop (asked of the marketplace)",
    params: idParamsSchema,
    response: shippingProvidersReplySchema,
  }),
} as const;
