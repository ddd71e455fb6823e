import { z } from 'zod';
import { adminLogSchema, recycleSchema, sensitiveLogSchema } from '../access/schemas.ts';
import { dashboardSchema } from '../auth/schemas.ts';
import { dashboardOverviewSchema } from './dashboard.ts';
import { defineOperation } from '../contract.ts';
import { idParamsSchema, listReplySchema } from '../crud-schemas.ts';
import { PERMISSIONS } from '../permissions.ts';
import { adminLogQuerySchema, recycleQuerySchema, sensitiveLogQuerySchema } from './schemas.ts';

const ADMIN = { audience: 'admin', tag: 'admin' } as const;

/** The dashboard and the system tools: admin log, data recycle, sensitive data logs. */
export const adminOperations = {
  adminLogList: defineOperation({
    ...ADMIN,
    id: 'adminLogList',
    method: 'GET',
    path: '/api/v1/admin/adminLog',
    permission: PERMISSIONS.adminLog.list,
    summary: 'Writes by admin users, newest first; searchable by user, address and time',
    query: adminLogQuerySchema,
    response: listReplySchema(adminLogSchema),
  }),
  recycleList: defineOperation({
    ...ADMIN,
    id: 'recycleList',
    method: 'GET',
    path: '/api/v1/admin/recycle',
    permission: PERMISSIONS.recycle.list,
    summary: 'Deleted rows of recyclable resources, newest first',
    query: recycleQuerySchema,
    response: listReplySchema(recycleSchema),
  }),
  recycleRestore: defineOperation({
    ...ADMIN,
    id: 'recycleRestore',
    method: 'POST',
    path: '/api/v1/admin/recycle/:id/restore',
    permission: PERMISSIONS.recycle.restore,
    summary: 'Put a deleted row back as it was',
    params: idParamsSchema,
    response: z.null(),
  }),
  recyclePurge: defineOperation({
    ...ADMIN,
    id: 'recyclePurge',
    method: 'DELETE',
    path: '/api/v1/admin/recycle/:id',
    permission: PERMISSIONS.recycle.del,
    summary: 'Delete a recycled row for good',
    params: idParamsSchema,
    response: z.null(),
  }),
  sensitiveLogList: defineOperation({
    ...ADMIN,
    id: 'sensitiveLogList',
    method: 'GET',
    path: '/api/v1/admin/sensitiveLog',
    permission: PERMISSIONS.sensitiveLog.list,
    summary: 'Changes to sensitive fields, with before and after',
    query: sensitiveLogQuerySchema,
    response: listReplySchema(sensitiveLogSchema),
  }),
  sensitiveLogRollback: defineOperation({
    ...ADMIN,
    id: 'sensitiveLogRollback',
    method: 'POST',
    path: '/api/v1/admin/sensitiveLog/:id/rollback',
    permission: PERMISSIONS.sensitiveLog.rollback,
    summary: 'Set the field back to its value before the change, when that is still safe',
    params: idParamsSchema,
    response: z.null(),
  }),
  dashboard: defineOperation({
    ...ADMIN,
    id: 'dashboard',
    method: 'GET',
    path: '/api/v1/admin/dashboard',
    permission: null,
    summary: "Counts for the caller's organisation",
    response: dashboardSchema,
  }),
  dashboardOverview: defineOperation({
    ...ADMIN,
    id: 'dashboardOverview',
    method: 'GET',
    path: '/api/v1/admin/dashboard/overview',
    permission: null,
    summary:
      "The tier's home figures (balances, orders by status, reviews, orders per day), of the caller's own scope",
    response: dashboardOverviewSchema,
  }),
} as const;
