import { z } from 'zod';
import { defineOperation } from '../contract.ts';
import { idParamsSchema, listReplySchema } from '../crud-schemas.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  orderImportCreateQuerySchema,
  orderImportListQuerySchema,
  orderImportRecordSchema,
  orderImportTemplateQuerySchema,
} from './schemas.ts';

const ADMIN = { audience: 'admin', tag: 'intake' } as const;
const BASE = '/api/v1/admin/orderImport';

/** Order import from spreadsheets (spec §2 import with import records and failed-order download). */
export const intakeOperations = {
  orderImportCreate: defineOperation({
    ...ADMIN,
    id: 'orderImportCreate',
    method: 'POST',
    path: BASE,
    permission: PERMISSIONS.orderImport.add,
    summary:
      'Upload one .xlsx of orders (multipart field `file`) for a platform and shop: checked, recorded and imported by a job',
    consumes: 'multipart/form-data',
    query: orderImportCreateQuerySchema,
    response: orderImportRecordSchema,
  }),
  orderImportList: defineOperation({
    ...ADMIN,
    id: 'orderImportList',
    method: 'GET',
    path: BASE,
    permission: PERMISSIONS.orderImport.list,
    summary: "The merchant's import records, newest first",
    query: orderImportListQuerySchema,
    response: listReplySchema(orderImportRecordSchema),
  }),
  orderImportDetail: defineOperation({
    ...ADMIN,
    id: 'orderImportDetail',
    method: 'GET',
    path: `${BASE}/:id`,
    permission: PERMISSIONS.orderImport.list,
    summary: 'One import record with its progress and counts',
    params: idParamsSchema,
    response: orderImportRecordSchema,
  }),
  orderImportFailedRows: defineOperation({
    ...ADMIN,
    id: 'orderImportFailedRows',
    method: 'GET',
    path: `${BASE}/:id/failedRows`,
    permission: PERMISSIONS.orderImport.list,
    summary: "An import's failed rows as .xlsx, each with its reason in the importer's language",
    params: idParamsSchema,
    response: z.unknown(),
    raw: true,
  }),
  orderImportTemplate: defineOperation({
    ...ADMIN,
    id: 'orderImportTemplate',
    method: 'GET',
    path: `${BASE}/template`,
    permission: PERMISSIONS.orderImport.list,
    summary: "The platform's own import template (.xlsx) with headers in the chosen language",
    query: orderImportTemplateQuerySchema,
    response: z.unknown(),
    raw: true,
  }),
} as const;
