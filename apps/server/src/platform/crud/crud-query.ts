import {
  eq,
  getTableColumns,
  getTableName,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { ServiceContext } from '../context.ts';
import { sameTenant } from '../tenant-scope.ts';
import type { CrudDefinition, CrudFilter } from './crud-definition.ts';

/** `%term%` for ILIKE, with the pattern's own wildcards escaped. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
}

/** Tenant isolation, then merchant, then data scope, then the resource's own conditions. */
export function scopeConditions(
  def: CrudDefinition<z.ZodType, z.ZodType, z.ZodType>,
  ctx: ServiceContext,
): SQL[] {
  const c = def.columns;
  const out: SQL[] = [];
  // Tenant isolation first, always: the platform's own rows have no tenant.
  if (c.tenantId) out.push(sameTenant(c.tenantId, ctx.tenantId));
  if (c.merchantId && ctx.actor.tier === 'merchant' && ctx.actor.merchantId)
    out.push(eq(c.merchantId, ctx.actor.merchantId));
  // Then the data scope, on top of it (spec §6).
  if (ctx.scope.kind === 'limited' && (c.createdBy || c.departmentId)) {
    const parts: SQL[] = [];
    if (c.departmentId && ctx.scope.departmentIds.length)
      parts.push(inArray(c.departmentId, ctx.scope.departmentIds));
    if (c.createdBy && ctx.scope.includeOwn) parts.push(eq(c.createdBy, ctx.scope.userId));
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

/** The property name drizzle uses for a column of a table (what rows are keyed by). */
export function getColumnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, col]) => col === column);
  if (!entry) throw new Error(`column ${column.name} is not in table ${getTableName(table)}`);
  return entry[0];
}
