import { defineOperation } from '../contract.ts';
import { idParamsSchema } from '../crud-schemas.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  syncHealthListReply,
  syncHealthSchema,
  syncNowReplySchema,
  syncRecordListQuerySchema,
  syncRecordListReply,
  syncSettingsSchema,
} from './schemas.ts';

const SYNC = { audience: 'admin', tag: 'sync' } as const;

/** Marketplace order sync: records, "sync now", per-shop settings and sync health (issue 20, decision 0052). */
export const syncOperations = {
  syncRecordList: defineOperation({
    ...SYNC,
    id: 'syncRecordList',
    method: 'GET',
    path: '/api/v1/admin/sync/records',
    permission: PERMISSIONS.orderSync.list,
    summary: 'Order sync records, newest first, per shop',
    query: syncRecordListQuerySchema,
    response: syncRecordListReply,
  }),
  syncHealthList: defineOperation({
    ...SYNC,
    id: 'syncHealthList',
    method: 'GET',
    path: '/api/v1/admin/sync/health',
    permission: PERMISSIONS.orderSync.list,
    summary: "Every shop's sync health (red, amber, green) with the counts for the dashboard",
    response: syncHealthListReply,
  }),
  syncHealthGet: defineOperation({
    ...SYNC,
    id: 'syncHealthGet',
    method: 'GET',
    path: '/api/v1/admin/sync/health/:id',
    permission: PERMISSIONS.orderSync.list,
    summary: "One shop's sync health and settings",
    params: idParamsSchema,
    response: syncHealthSchema,
  }),
  syncSettingsUpdate: defineOperation({
    ...SYNC,
    id: 'syncSettingsUpdate',
    method: 'PUT',
    path: '/api/v1/admin/sync/shops/:id/settings',
    permission: PERMISSIONS.orderSync.edit,
    summary: "A shop's order sync days",
    params: idParamsSchema,
    body: syncSettingsSchema,
    response: syncHealthSchema,
  }),
  syncNow: defineOperation({
    ...SYNC,
    id: 'syncNow',
    method: 'POST',
    path: '/api/v1/admin/sync/shops/:id/sync',
    permission: PERMISSIONS.orderSync.sync,
    summary: "Sync a shop's orders of the sync window now: a job with progress",
    params: idParamsSchema,
    response: syncNowReplySchema,
  }),
} as const;
