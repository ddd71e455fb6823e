import { eq, gte, ilike, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { ownedBy } from '../ownership.ts';
import type { CrudDefinition, CrudFilter } from './crud-definition.ts';

/** `%term%` for ILIKE, with the pattern's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Ownership (from the caller's scope), then data scope, then the resource's own conditions. */
export function scopeConditions(
  def: CrudDefinition<z.ZodType, z.ZodType, z.ZodType>,
  ctx: ServiceContext,
): SQL[] {
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

export { columnKey as getColumnKey } from '../ownership.ts';
