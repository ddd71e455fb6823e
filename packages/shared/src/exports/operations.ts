import { z } from 'zod';
import { defineOperation } from '../contract.ts';
import { idParamsSchema, listReplySchema } from '../crud-schemas.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  exportCreateSchema,
  exportDownloadQuerySchema,
  exportLinkSchema,
  exportListQuerySchema,
  exportRecordSchema,
} from './schemas.ts';

const ADMIN = { audience: 'admin', tag: 'exports' } as const;
const BASE = '/api/v1/admin/exports';

/** Exports of any list (spec §2 export records, §3 Export record). */
export const exportOperations = {
  exportCreate: defineOperation({
    ...ADMIN,
    id: 'exportCreate',
    method: 'POST',
    path: BASE,
    // The list's own export permission, checked against the page's declaration.
    permission: null,
    summary: 'Export a list with its current filters: counts the rows, records the export and queues its job',
    body: exportCreateSchema,
    response: exportRecordSchema,
  }),
  exportList: defineOperation({
    ...ADMIN,
    id: 'exportList',
    method: 'GET',
    path: BASE,
    permission: PERMISSIONS.exportRecord.list,
    summary: "The caller's export records, newest first",
    query: exportListQuerySchema,
    response: listReplySchema(exportRecordSchema),
  }),
  exportDetail: defineOperation({
    ...ADMIN,
    id: 'exportDetail',
    method: 'GET',
    path: `${BASE}/:id`,
    permission: PERMISSIONS.exportRecord.list,
    summary: 'One export record with its progress and error log',
    params: idParamsSchema,
    response: exportRecordSchema,
  }),
  exportLink: defineOperation({
    ...ADMIN,
    id: 'exportLink',
    method: 'POST',
    path: `${BASE}/:id/link`,
    permission: PERMISSIONS.exportRecord.list,
    summary: "A signed link to a finished export's file, valid for a few minutes",
    params: idParamsSchema,
    response: exportLinkSchema,
  }),
  exportRetry: defineOperation({
    ...ADMIN,
    id: 'exportRetry',
    method: 'POST',
    path: `${BASE}/:id/retry`,
    permission: PERMISSIONS.exportRecord.list,
    summary: 'Runs a failed export again with the same filters',
    params: idParamsSchema,
    response: exportRecordSchema,
  }),
  exportDelete: defineOperation({
    ...ADMIN,
    id: 'exportDelete',
    method: 'DELETE',
    path: `${BASE}/:id`,
    permission: PERMISSIONS.exportRecord.del,
    summary: 'Deletes an export record and its file',
    params: idParamsSchema,
    response: z.object({ deleted: z.number().int() }),
  }),
  exportDownload: defineOperation({
    id: 'exportDownload',
    method: 'GET',
    path: '/api/v1/exports/:id/download',
    audience: 'public',
    permission: null,
    tag: 'exports',
    summary: "An export's xlsx file through the signed, expiring link exportLink handed out",
    params: idParamsSchema,
    query: exportDownloadQuerySchema,
    response: z.unknown(),
    raw: true,
  }),
} as const;
