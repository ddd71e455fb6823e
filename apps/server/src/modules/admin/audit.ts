import { adminLogs, dataRecycle, sensitiveDataLogs } from './schema.ts';
import type { CrudAudit } from '../../platform/crud/crud.ts';
import { ownerValues, type Ownership } from '../../platform/ownership.ts';

/**
 * The admin log, the recycle bin and the sensitive-data log belong to the organisation whose
 * account wrote them (decision 0026): a merchant reads only its own, the supplier only its own.
 */
export const LOG_OWNER: Ownership = {
  level: 'organisation',
  tenant: adminLogs.tenantId,
  merchant: adminLogs.merchantId,
  factory: adminLogs.factoryId,
};
export const RECYCLE_OWNER: Ownership = {
  level: 'organisation',
  tenant: dataRecycle.tenantId,
  merchant: dataRecycle.merchantId,
  factory: dataRecycle.factoryId,
};
export const SENSITIVE_OWNER: Ownership = {
  level: 'organisation',
  tenant: sensitiveDataLogs.tenantId,
  merchant: sensitiveDataLogs.merchantId,
  factory: sensitiveDataLogs.factoryId,
};

/** Where the CRUD kit files deleted rows and sensitive changes: under the caller's organisation. */
export const crudAudit: CrudAudit = {
  async recycled(ctx, entry) {
    await ctx.tx.insert(dataRecycle).values({
      ...ownerValues(dataRecycle, RECYCLE_OWNER, ctx.scope),
      resource: entry.resource,
      tableName: entry.tableName,
      rowId: entry.rowId,
      data: entry.data,
      deletedBy: ctx.actor.id,
    });
  },
  async sensitiveChanged(ctx, entry) {
    await ctx.tx.insert(sensitiveDataLogs).values({
      ...ownerValues(sensitiveDataLogs, SENSITIVE_OWNER, ctx.scope),
      resource: entry.resource,
      tableName: entry.tableName,
      rowId: entry.rowId,
      field: entry.field,
      // Wrapped: a bare JSON string would not survive every driver's jsonb handling.
      before: { v: entry.before },
      after: { v: entry.after },
      userId: ctx.actor.id,
    });
  },
};
