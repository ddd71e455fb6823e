import { adminOperations } from '@pod/shared';
import { and, desc, eq, getTableColumns, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { adminLogs, dataRecycle, sensitiveDataLogs } from './schema.ts';
import { flushAdminLog } from './admin-log.ts';
import type { ServiceContext } from '../../platform/context.ts';
import type { CrudTable } from '../../platform/crud/crud.ts';
import { containsPattern } from '../../platform/crud/crud-query.ts';
import { pagedRows } from '../../platform/crud/paged.ts';
import { ok } from '../../platform/http/envelope.ts';
import { AppError } from '../../platform/http/errors.ts';
import { route } from '../../platform/http/route.ts';
import type { ZodApp } from '../../platform/http/types.ts';
import { t } from '../../platform/i18n/i18n.ts';
import type { AppServices } from '../../services.ts';
import { ownedBy, ownerValues, type Ownership } from '../../platform/ownership.ts';
import { adminContext } from '../access/index.ts';
import { LOG_OWNER, RECYCLE_OWNER, SENSITIVE_OWNER } from './audit.ts';
import { sensitivityOf, shownInLog } from '../../platform/sensitive-fields.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The caller's own rows of an admin tool's table (decision 0026). */
const own = (owner: Ownership, ctx: ServiceContext) => ownedBy(owner, ctx.scope, ctx.actor.id);

/** spec §5: a date range must not exceed one year. */
function dateRange(column: PgColumn, from?: string, to?: string): SQL[] {
  if (from && to && new Date(to).getTime() - new Date(from).getTime() > 366 * DAY_MS) {
    throw AppError.badRequest('admin.rangeTooLong', {}, { field: 'to' });
  }
  return [...(from ? [gte(column, new Date(from))] : []), ...(to ? [lte(column, new Date(to))] : [])];
}

/** Turns a recycled row's JSON back into values its table accepts (timestamps become dates). */
function revive(table: Parameters<typeof getTableColumns>[0], data: Record<string, unknown>) {
  const columns = getTableColumns(table);
  return Object.fromEntries(
    Object.entries(data)
      .filter(([key]) => key in columns)
      .map(([key, value]) => [
        key,
        columns[key]?.columnType === 'PgTimestamp' && typeof value === 'string' ? new Date(value) : value,
      ]),
  );
}

/**
 * A sensitive-data log value as the list shows it: an identifying number by its last four
 * characters (the stored value serves rollback); secrets were never stored (`(hidden)`).
 */
const shown = (field: string, value: unknown): unknown =>
  sensitivityOf(field) === 'number' ? shownInLog(field, value) : value;

/** What the sensitive-data log stores for a secret's old value (the CRUD kit's `logSensitive`). */
const HIDDEN = '(hidden)';

/** Sensitive-log values are stored as `{ v: value }`. */
const unwrap = (stored: unknown): unknown =>
  stored && typeof stored === 'object' && 'v' in stored ? stored.v : (stored ?? null);

/** Admin log, data recycle and sensitive data logs (issue: admin tools). */
export function adminToolRoutes(app: ZodApp, services: AppServices): void {
  const db = services.database.db;
  const crudResources: ReadonlyMap<string, CrudTable> = services.crud.resources;

  route(app, adminOperations.adminLogList, async (request) => {
    const q = request.query;
    const ctx = await adminContext(request, db);
    await flushAdminLog(db);
    const where: SQL[] = [...own(LOG_OWNER, ctx), ...dateRange(adminLogs.createdAt, q.from, q.to)];
    if (ctx.dataScope.kind === 'limited') where.push(eq(adminLogs.userId, ctx.actor.id));
    if (q.method) where.push(eq(adminLogs.method, q.method));
    if (q.quickSearch) {
      const term = containsPattern(q.quickSearch);
      where.push(or(ilike(adminLogs.username, term), ilike(adminLogs.url, term), ilike(adminLogs.ip, term))!);
    }
    const { rows, total } = await pagedRows(
      db,
      adminLogs,
      and(...where),
      [desc(adminLogs.createdAt), desc(adminLogs.id)],
      q.page,
      q.limit,
    );
    return ok({
      list: rows.map((r) => ({
        id: r.id,
        username: r.username,
        method: r.method,
        url: r.url,
        route: r.route,
        operation_id: r.operationId,
        status_code: r.statusCode,
        ip: r.ip,
        user_agent: r.userAgent,
        summary: r.summary ?? null,
        created_at: r.createdAt.toISOString(),
      })),
      total,
      page: q.page,
      limit: q.limit,
    });
  });

  route(app, adminOperations.recycleList, async (request) => {
    const q = request.query;
    const ctx = await adminContext(request, db);
    const where: SQL[] = own(RECYCLE_OWNER, ctx);
    if (q.resource) where.push(eq(dataRecycle.resource, q.resource));
    const { rows, total } = await pagedRows(
      db,
      dataRecycle,
      and(...where),
      [desc(dataRecycle.createdAt), desc(dataRecycle.id)],
      q.page,
      q.limit,
    );
    return ok({
      list: rows.map((r) => ({
        id: r.id,
        resource: r.resource,
        row_id: r.rowId,
        data: r.data,
        deleted_by: r.deletedBy,
        created_at: r.createdAt.toISOString(),
      })),
      total,
      page: q.page,
      limit: q.limit,
    });
  });

  route(app, adminOperations.recycleRestore, async (request) => {
    await db.transaction(async (tx) => {
      const ctx = await adminContext(request, tx);
      const [item] = await tx
        .delete(dataRecycle)
        .where(and(eq(dataRecycle.id, request.params.id), ...own(RECYCLE_OWNER, ctx)))
        .returning();
      if (!item) throw AppError.notFound('crud.notFound');
      const target = crudResources.get(item.resource);
      if (!target) throw AppError.conflict('admin.cannotRestore');
      await tx.insert(target.table).values(revive(target.table, item.data as Record<string, unknown>));
      // What comes back must be the caller's by its resource's ownership, or nothing does.
      const [back] = await tx
        .select({ id: target.id })
        .from(target.table)
        .where(and(eq(target.id, item.rowId), ...own(target.owner, ctx)));
      if (!back) throw AppError.notFound('crud.notFound');
    });
    return ok(null, t(request.ctx.lang, 'admin.restored'));
  });

  route(app, adminOperations.recyclePurge, async (request) => {
    const ctx = await adminContext(request, db);
    const purged = await db
      .delete(dataRecycle)
      .where(and(eq(dataRecycle.id, request.params.id), ...own(RECYCLE_OWNER, ctx)))
      .returning({ id: dataRecycle.id });
    if (purged.length === 0) throw AppError.notFound('crud.notFound');
    return ok(null, t(request.ctx.lang, 'common.ok'));
  });

  route(app, adminOperations.sensitiveLogList, async (request) => {
    const q = request.query;
    const ctx = await adminContext(request, db);
    const where = and(...own(SENSITIVE_OWNER, ctx));
    const { rows, total } = await pagedRows(
      db,
      sensitiveDataLogs,
      where,
      [desc(sensitiveDataLogs.createdAt), desc(sensitiveDataLogs.id)],
      q.page,
      q.limit,
    );
    return ok({
      list: rows.map((r) => ({
        id: r.id,
        resource: r.resource,
        row_id: r.rowId,
        field: r.field,
        before: shown(r.field, unwrap(r.before)),
        after: shown(r.field, unwrap(r.after)),
        can_rollback: crudResources.has(r.resource) && unwrap(r.before) !== HIDDEN,
        user_id: r.userId,
        created_at: r.createdAt.toISOString(),
      })),
      total,
      page: q.page,
      limit: q.limit,
    });
  });

  route(app, adminOperations.sensitiveLogRollback, async (request) => {
    await db.transaction(async (tx) => {
      const ctx = await adminContext(request, tx);
      const [log] = await tx
        .select()
        .from(sensitiveDataLogs)
        .where(and(eq(sensitiveDataLogs.id, request.params.id), ...own(SENSITIVE_OWNER, ctx)));
      if (!log) throw AppError.notFound('crud.notFound');
      const target = crudResources.get(log.resource);
      const before = unwrap(log.before);
      const after = unwrap(log.after);
      // Hidden values (password hashes) were never stored, so they cannot be put back: say so,
      // not that the value changed (issue 27).
      if (before === HIDDEN) throw AppError.conflict('admin.rollbackHidden');
      if (!target) throw AppError.conflict('admin.rollbackUnsafe');
      // The row must still be the caller's to change, by its resource's own ownership.
      const conditions = [eq(target.id, log.rowId), ...own(target.owner, ctx)];
      const [row] = (await tx
        .select()
        .from(target.table)
        .where(and(...conditions))) as Array<Record<string, unknown>>;
      if (!row) throw AppError.notFound('crud.notFound');
      // Safe only while the field still holds the value this change wrote.
      if (JSON.stringify(row[log.field] ?? null) !== JSON.stringify(after)) {
        throw AppError.conflict('admin.rollbackChanged');
      }
      await tx
        .update(target.table)
        .set({ [log.field]: before })
        .where(and(...conditions));
      await tx.insert(sensitiveDataLogs).values({
        ...ownerValues(sensitiveDataLogs, SENSITIVE_OWNER, ctx.scope),
        resource: log.resource,
        tableName: log.tableName,
        rowId: log.rowId,
        field: log.field,
        before: { v: after },
        after: { v: before },
        userId: ctx.actor.id,
      });
    });
    return ok(null, t(request.ctx.lang, 'admin.rolledBack'));
  });
}
