import { asc, desc, eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ServiceContext } from '../context.ts';
import { ownedBy } from '../ownership.ts';
import type { CrudDefinition, CrudFilter } from './crud-definition.ts';

/** `%term%` for ILIKE, with the pattern's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Ownership (from the caller's scope), then data scope, then the resource's own conditions. */
export function scopeConditions(def: CrudDefinition, ctx: ServiceContext): SQL[] {
  const c = def.columns;
  // Ownership first, always (decision 0026).
  const out: SQL[] = ownedBy(def.owner, ctx.scope, ctx.actor.id);
  // Then the data scope, on top of it (spec §6).
  const dataScope = ctx.dataScope;
  if (dataScope.kind === 'limited' && (c.createdBy || c.departmentId)) {
    const parts: SQL[] = [];
    if (c.departmentId && dataScope.departmentIds.length)
      parts.push(inArray(c.departmentId, dataScope.departmentIds));
    if (c.createdBy && dataScope.includeOwn) parts.push(eq(c.createdBy, dataScope.userId));
    out.push(parts.length ? or(...parts)! : sql`false`);
  }
  if (def.extraScope) out.push(...def.extraScope(ctx));
  return out;
}

export function filterCondition(filter: CrudFilter, value: unknown): SQL | undefined {
  if (value === undefined || value === '' || value === null) return undefined;
  switch (filter.op) {
    case 'eq':
      return eq(filter.column, value);
    case 'like':
      return ilike(filter.column, containsPattern(typeof value === 'string' ? value : JSON.stringify(value)));
    case 'gte':
      return gte(filter.column, value);
    case 'lte':
      return lte(filter.column, value);
    case 'in':
      return Array.isArray(value) && value.length ? inArray(filter.column, value) : undefined;
    case 'isNull':
      return value === 'true' || value === true ? isNull(filter.column) : undefined;
  }
}

/**
 * The conditions of a resource's list for this caller and these filters: scope (ownership, data
 * scope, the resource's own) and the list's filters and quick search. The list route and the
 * list's export both use it, so an export holds exactly the rows the list shows.
 */
export function crudListConditions(
  def: CrudDefinition,
  ctx: ServiceContext,
  q: Record<string, unknown> & { quickSearch?: string | undefined },
): SQL[] {
  const where: SQL[] = scopeConditions(def, ctx);
  for (const [key, filter] of Object.entries(def.filters ?? {})) {
    const cond = filterCondition(filter, q[key]);
    if (cond) where.push(cond);
  }
  if (q.quickSearch && def.quickSearch?.length) {
    const term = containsPattern(q.quickSearch);
    where.push(or(...def.quickSearch.map((col) => ilike(col, term)))!);
  }
  return where;
}

/** The list's default order, then the id (so that the order is total). */
export function crudDefaultOrder(def: CrudDefinition): SQL[] {
  return [
    ...(def.defaultOrder ?? []).map(([column, dir]) => (dir === 'asc' ? asc(column) : desc(column))),
    asc(def.columns.id),
  ];
}

export { columnKey as getColumnKey } from '../ownership.ts';
