import { and, asc, desc, eq, getTableName, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { envelope } from '@pod/shared';
import { dataRecycle, sensitiveDataLogs } from '../../db/schema/index.ts';
import type { PlatformServices as AppServices } from '../services.ts';
import type { ServiceContext } from '../context.ts';
import { crudTables, type ContextFactory, type CrudDefinition, type Row } from './crud-definition.ts';
import { containsPattern, filterCondition, getColumnKey, scopeConditions } from './crud-query.ts';
import { ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { ZodApp } from '../http/types.ts';
import { t } from '../i18n/i18n.ts';
import {
  crudListQueryBase,
  idParamsSchema,
  idsQuerySchema,
  listReplySchema,
  selectOptionsSchema,
  sortableBodySchema,
} from './crud-schemas.ts';

const jsonSafe = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
const params = (request: FastifyRequest) => request.params as { id: string };

/**
 * Registers the generic CRUD routes of one resource (spec §7): list with filters, paging, order and
 * quick search; select lists; read; create; update; delete; batch delete; sortable. Every route is
 * validated by zod, needs `<resource>:<action>`, and is tenant- and data-scoped.
 */
export function registerCrud<TItem extends z.ZodType, TCreate extends z.ZodType, TUpdate extends z.ZodType>(
  zodApp: ZodApp,
  services: AppServices,
  contextFor: ContextFactory,
  def: CrudDefinition<TItem, TCreate, TUpdate>,
): void {
  // The kit is generic over its schemas, which the type provider cannot follow; zod still
  // validates every request and reply at run time.
  const app = zodApp as unknown as FastifyInstance;
  const db = services.database.db;
  const { table, columns: c } = def;
  const tableName = getTableName(table);
  crudTables.set(tableName, { table, id: c.id, tenantId: c.tenantId });
  const base = def as unknown as CrudDefinition<z.ZodType, z.ZodType, z.ZodType>;
  const perm = (action: string) => ({ audience: 'admin' as const, permission: `${def.resource}:${action}` });
  const op = (action: string) =>
    `${def.resource.replace(/[:.-](\w)/g, (_, ch: string) => ch.toUpperCase())}${action}`;
  const filterShape = Object.fromEntries(
    Object.entries(def.filters ?? {}).map(([k, f]) => [k, f.schema.optional()]),
  );
  const listQuery = crudListQueryBase.extend(filterShape);
  const itemEnvelope = envelope(def.item);

  async function findScoped(ctx: ServiceContext, id: string): Promise<Row> {
    const [row] = await ctx.tx
      .select()
      .from(table)
      .where(and(eq(c.id, id), ...scopeConditions(base, ctx)))
      .limit(1);
    // Another tenant's id, or one outside the data scope, is simply not found.
    if (!row) throw AppError.notFound('crud.notFound');
    return row;
  }

  async function logSensitive(ctx: ServiceContext, before: Row, after: Row): Promise<void> {
    for (const field of def.sensitive ?? []) {
      const a = before[field.key];
      const b = after[field.key];
      if (JSON.stringify(jsonSafe(a)) === JSON.stringify(jsonSafe(b))) continue;
      await ctx.tx.insert(sensitiveDataLogs).values({
        tenantId: ctx.tenantId,
        resource: def.resource,
        tableName,
        rowId: String(after[getColumnKey(table, c.id)]),
        field: field.key,
        // Wrapped: a bare JSON string would not survive every driver's jsonb handling.
        before: { v: field.masked ? '(hidden)' : (jsonSafe(a) ?? null) },
        after: { v: field.masked ? '(changed)' : (jsonSafe(b) ?? null) },
        userId: ctx.actor.id,
      });
    }
  }

  async function remove(ctx: ServiceContext, ids: string[]): Promise<number> {
    const rows = await ctx.tx
      .select()
      .from(table)
      .where(and(inArray(c.id, ids), ...scopeConditions(base, ctx)));
    if (rows.length !== ids.length) throw AppError.notFound('crud.notFound');
    for (const row of rows as Row[]) {
      await def.beforeDelete?.(ctx, row);
      if (def.recyclable) {
        await ctx.tx.insert(dataRecycle).values({
          tenantId: ctx.tenantId,
          resource: def.resource,
          tableName,
          rowId: String(row[getColumnKey(table, c.id)]),
          data: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, jsonSafe(v)])),
          deletedBy: ctx.actor.id,
        });
      }
    }
    await ctx.tx.delete(table).where(and(inArray(c.id, ids), ...scopeConditions(base, ctx)));
    return rows.length;
  }

  app.get(
    def.prefix,
    {
      config: perm('list'),
      schema: {
        tags: [def.tag],
        operationId: op('List'),
        summary: `List ${def.resource} (filters, paging, order, quickSearch; select=true for options)`,
        querystring: listQuery,
        response: { 200: envelope(z.union([listReplySchema(def.item), selectOptionsSchema])) },
      },
    },
    async (request) => {
      const q = request.query as {
        page: number;
        limit: number;
        order?: string;
        quickSearch?: string;
        select?: string;
      } & Record<string, unknown>;
      const ctx = await contextFor(request, db);
      const where: SQL[] = scopeConditions(base, ctx);
      for (const [key, filter] of Object.entries(def.filters ?? {})) {
        const cond = filterCondition(filter, q[key]);
        if (cond) where.push(cond);
      }
      if (q.quickSearch && def.quickSearch?.length) {
        const term = containsPattern(q.quickSearch);
        where.push(or(...def.quickSearch.map((col) => ilike(col, term)))!);
      }
      const condition = where.length ? and(...where) : undefined;
      if (q.select === 'true') {
        const rows = await db
          .select({ value: c.id, label: def.selectLabel })
          .from(table)
          .where(condition)
          .orderBy(...(c.sort ? [desc(c.sort)] : []), asc(def.selectLabel))
          .limit(500);
        return ok({ options: rows.map((r) => ({ value: String(r.value), label: String(r.label) })) });
      }
      const order: SQL[] = [];
      if (q.order) {
        const [field, dir] = q.order.split(',') as [string, 'asc' | 'desc'];
        const column = def.orderable?.[field];
        if (!column) throw AppError.badRequest('crud.badOrder', { field });
        order.push(dir === 'asc' ? asc(column) : desc(column));
      }
      for (const [column, dir] of def.defaultOrder ?? [])
        order.push(dir === 'asc' ? asc(column) : desc(column));
      order.push(asc(c.id));
      const [count] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(table)
        .where(condition);
      const rows = await db
        .select()
        .from(table)
        .where(condition)
        .orderBy(...order)
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      return ok({
        list: (def.enrichMany ? await def.enrichMany(ctx, rows as Row[]) : (rows as Row[])).map((r) =>
          def.toItem(r, ctx),
        ),
        total: count?.n ?? 0,
        page: q.page,
        limit: q.limit,
      });
    },
  );

  app.get(
    `${def.prefix}/:id`,
    {
      config: perm('list'),
      schema: {
        tags: [def.tag],
        operationId: op('Get'),
        params: idParamsSchema,
        response: { 200: itemEnvelope },
      },
    },
    async (request) => {
      const ctx = await contextFor(request, db);
      const row = await findScoped(ctx, params(request).id);
      return ok(def.toItem(def.enrich ? await def.enrich(ctx, row) : row, ctx));
    },
  );

  app.post(
    def.prefix,
    {
      config: perm('add'),
      schema: {
        tags: [def.tag],
        operationId: op('Create'),
        body: def.create,
        response: { 200: itemEnvelope },
      },
    },
    async (request) => {
      const written = await db.transaction(async (tx) => {
        const ctx = await contextFor(request, tx);
        const values = await def.toInsert(ctx, request.body as z.infer<TCreate>);
        const owned: Row = { ...values };
        if (c.tenantId) owned[getColumnKey(table, c.tenantId)] = ctx.tenantId;
        if (c.createdBy) owned[getColumnKey(table, c.createdBy)] = ctx.actor.id;
        if (c.merchantId && ctx.actor.tier === 'merchant')
          owned[getColumnKey(table, c.merchantId)] = ctx.actor.merchantId;
        const [inserted] = (await tx.insert(table).values(owned).returning()) as Row[];
        await def.afterWrite?.(ctx, inserted!, request.body as z.infer<TCreate>);
        return { ctx, row: def.enrich ? await def.enrich(ctx, inserted!) : inserted! };
      });
      return ok(def.toItem(written.row, written.ctx), t(request.ctx.lang, 'common.ok'));
    },
  );

  app.patch(
    `${def.prefix}/:id`,
    {
      config: perm('edit'),
      schema: {
        tags: [def.tag],
        operationId: op('Update'),
        params: idParamsSchema,
        body: def.update,
        response: { 200: itemEnvelope },
      },
    },
    async (request) => {
      const written = await db.transaction(async (tx) => {
        const ctx = await contextFor(request, tx);
        const existing = await findScoped(ctx, params(request).id);
        const values = await def.toUpdate(ctx, request.body as z.infer<TUpdate>, existing);
        // A PATCH may change only links (a role's menus, an account's roles): no column to set.
        const [updated] =
          Object.keys(values).length === 0
            ? [existing]
            : ((await tx
                .update(table)
                .set(values)
                .where(and(eq(c.id, params(request).id), ...scopeConditions(base, ctx)))
                .returning()) as Row[]);
        await logSensitive(ctx, existing, updated!);
        await def.afterWrite?.(ctx, updated!, request.body as z.infer<TUpdate>);
        return { ctx, row: def.enrich ? await def.enrich(ctx, updated!) : updated! };
      });
      return ok(def.toItem(written.row, written.ctx), t(request.ctx.lang, 'common.ok'));
    },
  );

  app.delete(
    `${def.prefix}/del`,
    {
      config: perm('del'),
      schema: {
        tags: [def.tag],
        operationId: op('DeleteMany'),
        querystring: idsQuerySchema,
        response: { 200: envelope(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => {
      const ids = (request.query as { ids: string[] }).ids;
      const deleted = await db.transaction(async (tx) => remove(await contextFor(request, tx), ids));
      return ok({ deleted }, t(request.ctx.lang, 'common.ok'));
    },
  );

  app.delete(
    `${def.prefix}/:id`,
    {
      config: perm('del'),
      schema: {
        tags: [def.tag],
        operationId: op('Delete'),
        params: idParamsSchema,
        response: { 200: envelope(z.object({ deleted: z.number().int() })) },
      },
    },
    async (request) => {
      const deleted = await db.transaction(async (tx) =>
        remove(await contextFor(request, tx), [params(request).id]),
      );
      return ok({ deleted }, t(request.ctx.lang, 'common.ok'));
    },
  );

  if (c.sort) {
    const sortColumn = c.sort;
    app.post(
      `${def.prefix}/sortable`,
      {
        config: perm('sortable'),
        schema: {
          tags: [def.tag],
          operationId: op('Sort'),
          body: sortableBodySchema,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const { id, targetId } = request.body as z.infer<typeof sortableBodySchema>;
        await db.transaction(async (tx) => {
          const ctx = await contextFor(request, tx);
          const moving = await findScoped(ctx, id);
          const target = await findScoped(ctx, targetId);
          const key = getColumnKey(table, sortColumn);
          // Swap the two weights; equal weights would not move anything, so the target's is bumped.
          let a = Number(moving[key]);
          const b = Number(target[key]);
          if (a === b) a = b + 1;
          await tx
            .update(table)
            .set({ [key]: b })
            .where(eq(c.id, id));
          await tx
            .update(table)
            .set({ [key]: a })
            .where(eq(c.id, targetId));
        });
        return ok(null, t(request.ctx.lang, 'common.ok'));
      },
    );
  }
}

export { crudTables, getColumnKey };
export type { ContextFactory, CrudDefinition, CrudFilter, FilterOp } from './crud-definition.ts';
