import { and, asc, desc, eq, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { crudListQueryBase, type CrudOperations } from '@pod/shared';
import type { ServiceContext } from '../context.ts';
import { ownerValues } from '../ownership.ts';
import { isSecretField } from '../sensitive-fields.ts';
import type {
  ContextFactory,
  CreateInput,
  CrudDefinition,
  CrudKit,
  Row,
  UpdateInput,
} from './crud-definition.ts';
import { crudDefaultOrder, crudListConditions, getColumnKey, scopeConditions } from './crud-query.ts';
import { ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import { route, type OperationReply } from '../http/route.ts';
import type { ZodApp } from '../http/types.ts';
import { t } from '../i18n/i18n.ts';

const jsonSafe = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
const params = (request: FastifyRequest) => request.params as { id: string };

/** The list query's own filters: what the contract's list takes beyond paging, order and search. */
function contractFilters(ops: CrudOperations): string[] {
  const base = new Set(Object.keys(crudListQueryBase.shape));
  return Object.keys(ops.list.query.shape).filter((key) => !base.has(key));
}

/**
 * Checks what the types cannot: the server applies exactly the filters the contract's list takes,
 * and has a sort column exactly when the contract declares the sortable operation.
 */
function checkAgainstContract(def: CrudDefinition): void {
  const where = `crud ${def.operations.resource}`;
  const declared = contractFilters(def.operations).sort().join();
  const applied = Object.keys(def.filters ?? {})
    .sort()
    .join();
  if (declared !== applied)
    throw new Error(`${where}: filters [${applied}] differ from the contract's [${declared}]`);
  if (Boolean(def.columns.sort) !== Boolean(def.operations.sort))
    throw new Error(
      `${where}: a sort column needs the contract's sortable operation, and the other way round`,
    );
}

/**
 * Registers the generic CRUD routes of one resource (spec §7) from its shared contract: list with
 * filters, paging, order and quick search; select lists; read; create; update; delete; batch
 * delete; sortable. Every route is validated by zod, needs `<resource>:<action>`, and is tenant-
 * and data-scoped.
 */
export function registerCrud<Ops extends CrudOperations>(
  app: ZodApp,
  kit: CrudKit,
  contextFor: ContextFactory,
  def: CrudDefinition<Ops>,
): void {
  const { db } = kit;
  const { table, columns: c, operations: ops } = def;
  const base = def as unknown as CrudDefinition;
  checkAgainstContract(base);
  const tableName = getTableName(table);
  const resource = ops.resource;
  if (kit.resources.has(resource)) throw new Error(`resource ${resource} is registered twice`);
  kit.resources.set(resource, { table, id: c.id, owner: def.owner });
  // The kit is generic over its contract's schemas, which the handlers' types cannot follow; zod
  // validates every request and reply at run time.
  const reply = <T>(value: T) => value as unknown as OperationReply<never>;

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
      const hidden = field.masked || isSecretField(field.key);
      await kit.audit.sensitiveChanged(ctx, {
        resource,
        tableName,
        rowId: String(after[getColumnKey(table, c.id)]),
        field: field.key,
        before: hidden ? '(hidden)' : (jsonSafe(a) ?? null),
        after: hidden ? '(changed)' : (jsonSafe(b) ?? null),
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
        await kit.audit.recycled(ctx, {
          resource,
          tableName,
          rowId: String(row[getColumnKey(table, c.id)]),
          data: Object.fromEntries(Object.entries(row).map(([k, v]) => [k, jsonSafe(v)])),
        });
      }
    }
    await ctx.tx.delete(table).where(and(inArray(c.id, ids), ...scopeConditions(base, ctx)));
    return rows.length;
  }

  route(app, ops.list, async (request) => {
    const q = request.query as {
      page: number;
      limit: number;
      order?: string;
      quickSearch?: string;
      select?: string;
    } & Record<string, unknown>;
    const ctx = await contextFor(request, db);
    // The same conditions an export of this list uses (exports module): what the list shows.
    const where: SQL[] = crudListConditions(base, ctx, q);
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
    order.push(...crudDefaultOrder(base));
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
    return reply(
      ok({
        list: (def.enrichMany ? await def.enrichMany(ctx, rows as Row[]) : (rows as Row[])).map((r) =>
          def.toItem(r, ctx),
        ),
        total: count?.n ?? 0,
        page: q.page,
        limit: q.limit,
      }),
    );
  });

  route(app, ops.get, async (request) => {
    const ctx = await contextFor(request, db);
    const row = await findScoped(ctx, params(request).id);
    return reply(ok(def.toItem(def.enrich ? await def.enrich(ctx, row) : row, ctx)));
  });

  route(app, ops.create, async (request) => {
    const input = request.body as CreateInput<Ops>;
    const written = await db.transaction(async (tx) => {
      const ctx = await contextFor(request, tx);
      const values = await def.toInsert(ctx, input);
      // The owner columns come from the caller's scope, never from the input (decision 0026).
      const owned: Row = { ...values, ...ownerValues(table, def.owner, ctx.scope, ctx.actor.id) };
      if (c.createdBy) owned[getColumnKey(table, c.createdBy)] = ctx.actor.id;
      const [inserted] = (await tx.insert(table).values(owned).returning()) as Row[];
      await def.afterWrite?.(ctx, inserted!, input);
      return { ctx, row: def.enrich ? await def.enrich(ctx, inserted!) : inserted! };
    });
    return reply(ok(def.toItem(written.row, written.ctx), t(request.ctx.lang, 'common.ok')));
  });

  route(app, ops.update, async (request) => {
    const input = request.body as UpdateInput<Ops>;
    const id = params(request).id;
    const written = await db.transaction(async (tx) => {
      const ctx = await contextFor(request, tx);
      const existing = await findScoped(ctx, id);
      const values = await def.toUpdate(ctx, input, existing);
      // A PATCH may change only links (a role's menus, an account's roles): no column to set.
      const [updated] =
        Object.keys(values).length === 0
          ? [existing]
          : ((await tx
              .update(table)
              .set(values)
              .where(and(eq(c.id, id), ...scopeConditions(base, ctx)))
              .returning()) as Row[]);
      await logSensitive(ctx, existing, updated!);
      await def.afterWrite?.(ctx, updated!, input);
      return { ctx, row: def.enrich ? await def.enrich(ctx, updated!) : updated! };
    });
    return reply(ok(def.toItem(written.row, written.ctx), t(request.ctx.lang, 'common.ok')));
  });

  // Registered before `/:id` so that `/del` is not read as an id.
  route(app, ops.deleteMany, async (request) => {
    const ids = request.query.ids;
    const deleted = await db.transaction(async (tx) => remove(await contextFor(request, tx), ids));
    return ok({ deleted }, t(request.ctx.lang, 'common.ok'));
  });

  route(app, ops.delete, async (request) => {
    const deleted = await db.transaction(async (tx) =>
      remove(await contextFor(request, tx), [params(request).id]),
    );
    return ok({ deleted }, t(request.ctx.lang, 'common.ok'));
  });

  const sortColumn = c.sort;
  if (ops.sort && sortColumn) {
    route(app, ops.sort, async (request) => {
      const { id, targetId } = request.body;
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
    });
  }
}

export { getColumnKey };
export type {
  ContextFactory,
  CrudAudit,
  CrudDefinition,
  CrudFilter,
  CrudKit,
  CrudTable,
  FilterOp,
} from './crud-definition.ts';
