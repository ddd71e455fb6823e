import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

/** Every write by an admin user: who, when, route, IP and a summary of the change (issue: admin log). */
export const adminLogs = pgTable(
  'admin_logs',
  {
    id: id(),
    tenantId: uuid('tenant_id'),
    /** The writer's organisation (decision 0026): a merchant's or factory's rows are its own. */
    merchantId: uuid('merchant_id'),
    factoryId: uuid('factory_id'),
    userId: uuid('user_id'),
    username: text('username').notNull().default(''),
    method: text('method').notNull(),
    url: text('url').notNull(),
    /** The route pattern, e.g. /api/v1/admin/roles/:id */
    route: text('route').notNull(),
    operationId: text('operation_id').notNull().default(''),
    statusCode: text('status_code').notNull(),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    /** The request body with secrets masked. */
    summary: jsonb('summary'),
    createdAt: createdAt(),
  },
  (t) => [index('admin_logs_tenant_idx').on(t.tenantId, t.merchantId, t.createdAt)],
);

/** Rows deleted from recyclable resources, restorable until purged. */
export const dataRecycle = pgTable(
  'data_recycle',
  {
    id: id(),
    tenantId: uuid('tenant_id'),
    merchantId: uuid('merchant_id'),
    factoryId: uuid('factory_id'),
    resource: text('resource').notNull(),
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    data: jsonb('data').notNull(),
    deletedBy: uuid('deleted_by'),
    createdAt: createdAt(),
  },
  (t) => [index('data_recycle_tenant_idx').on(t.tenantId, t.merchantId, t.createdAt)],
);

/** Changes to fields marked sensitive, with before and after (issue: sensitive data logs). */
export const sensitiveDataLogs = pgTable(
  'sensitive_data_logs',
  {
    id: id(),
    tenantId: uuid('tenant_id'),
    merchantId: uuid('merchant_id'),
    factoryId: uuid('factory_id'),
    resource: text('resource').notNull(),
    tableName: text('table_name').notNull(),
    rowId: text('row_id').notNull(),
    field: text('field').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    userId: uuid('user_id'),
    createdAt: createdAt(),
  },
  (t) => [index('sensitive_logs_tenant_idx').on(t.tenantId, t.merchantId, t.createdAt)],
);

export const UPLOADER_KINDS = ['admin', 'member'] as const;

/**
 * Every accepted upload (spec §3 attachment): who sent it, what it really is, where it is stored.
 * Images are stored re-encoded (metadata stripped), so `size` and `sha256` are of the stored file.
 */
export const attachments = pgTable(
  'attachments',
  {
    id: id(),
    tenantId: uuid('tenant_id'),
    merchantId: uuid('merchant_id'),
    /** A factory user's uploads are its factory's (decision 0026). */
    factoryId: uuid('factory_id'),
    uploaderKind: text('uploader_kind', { enum: UPLOADER_KINDS }).notNull(),
    uploaderId: uuid('uploader_id').notNull(),
    topic: text('topic').notNull(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull(),
    thumbnailKey: text('thumbnail_key'),
    mimeType: text('mime_type').notNull(),
    suffix: text('suffix').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    dpi: integer('dpi'),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('attachments_tenant_idx').on(t.tenantId, t.createdAt),
    index('attachments_merchant_idx').on(t.merchantId),
  ],
);
