import { eq, getTableColumns, getTableName, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Scope } from './context.ts';
import { sameTenant } from './tenant-scope.ts';

/**
 * How a resource's rows are owned (decision 0026). Every resource declares one; repositories and
 * the CRUD kit derive their WHERE clause and the owner columns of an insert from it and the
 * caller's scope, never from the request.
 *
 * - `platform`: the platform's own catalogue (menus, suppliers): no owner column. Who may write is
 *   the route's permission, which only platform accounts hold.
 * - `tenant`: a supplier's shared rows (catalogue, levels, factories, payment accounts): every
 *   account of the tenant sees them. With `platformSupervises`, the platform sees and manages every
 *   tenant's rows (spec §1: platform administrators manage merchants and levels); a row the
 *   platform inserts names its tenant in the input, which the resource checks (decision 0069).
 * - `organisation`: an organisation's own admin objects (roles, departments, staff, logs, recycle
 *   entries, jobs, its library): the tenant AND exactly the caller's merchant and factory (null
 *   for the supplier's own). A supplier's rows are its own accounts' only, and a merchant's its own.
 * - `merchant`: a merchant's business rows (wallets, carts, orders, designs): a merchant sees its
 *   own; the supplier and the platform supervise every merchant of the tenant; factories none.
 * - `factory`: a factory's rows: the tenant's factories the caller may act for.
 * - `user`: one user's rows (e.g. personal settings): the actor's own.
 */
export type Ownership =
  | { level: 'platform' }
  | { level: 'tenant'; tenant: PgColumn; platformSupervises?: boolean }
  | { level: 'organisation'; tenant: PgColumn; merchant: PgColumn; factory?: PgColumn }
  | { level: 'merchant'; tenant: PgColumn; merchant: PgColumn }
  | { level: 'factory'; tenant: PgColumn; factory: PgColumn }
  | { level: 'user'; tenant?: PgColumn; user: PgColumn };

export type OwnershipLevel = Ownership['level'];

/** `column = value`, or `column IS NULL` for a null value. */
const sameOrNull = (column: PgColumn, value: string | null): SQL =>
  value === null ? isNull(column) : eq(column, value);

/** The conditions that keep a query to the rows the scope owns or supervises. */
export function ownedBy(owner: Ownership, scope: Scope, actorId: string | null = null): SQL[] {
  switch (owner.level) {
    case 'platform':
      return [];
    case 'tenant':
      if (owner.platformSupervises && scope.tier === 'platform') return [];
      return [sameTenant(owner.tenant, scope.tenantId)];
    case 'organisation':
      return [
        sameTenant(owner.tenant, scope.tenantId),
        sameOrNull(owner.merchant, scope.merchantId),
        ...(owner.factory ? [sameOrNull(owner.factory, scope.factoryId)] : []),
      ];
    case 'merchant':
      if (scope.tier === 'merchant') {
        return [sameTenant(owner.tenant, scope.tenantId), sameOrNull(owner.merchant, scope.merchantId)];
      }
      if (scope.tier === 'platform' || scope.tier === 'supplier')
        return [sameTenant(owner.tenant, scope.tenantId)];
      return [sql`false`];
    case 'factory': {
      const within = [sameTenant(owner.tenant, scope.tenantId)];
      if (scope.tier === 'merchant' || scope.tier === 'member') return [sql`false`];
      if (scope.factoryIds === 'all') return within;
      return scope.factoryIds.length
        ? [...within, inArray(owner.factory, [...scope.factoryIds])]
        : [sql`false`];
    }
    case 'user':
      return [
        ...(owner.tenant ? [sameTenant(owner.tenant, scope.tenantId)] : []),
        actorId === null ? sql`false` : eq(owner.user, actorId),
      ];
  }
}

/** The property name drizzle uses for a column of a table (what rows are keyed by). */
export function columnKey(table: PgTable, column: PgColumn): string {
  const entry = Object.entries(getTableColumns(table)).find(([, col]) => col === column);
  if (!entry) throw new Error(`column ${column.name} is not in table ${getTableName(table)}`);
  return entry[0];
}

/**
 * The owner columns of a row the scope inserts: its tenant, merchant and factory. A `merchant` or
 * `factory` row made by the supplier names its merchant or factory in the input instead.
 */
export function ownerValues(
  table: PgTable,
  owner: Ownership,
  scope: Scope,
  actorId: string | null = null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const set = (column: PgColumn | undefined, value: unknown) => {
    if (column) out[columnKey(table, column)] = value;
  };
  switch (owner.level) {
    case 'platform':
      break;
    case 'tenant':
      // The platform names the tenant of a supervised row itself (the resource's toInsert).
      if (!(owner.platformSupervises && scope.tier === 'platform')) set(owner.tenant, scope.tenantId);
      break;
    case 'organisation':
      set(owner.tenant, scope.tenantId);
      set(owner.merchant, scope.merchantId);
      set(owner.factory, scope.factoryId);
      break;
    case 'merchant':
      set(owner.tenant, scope.tenantId);
      if (scope.tier === 'merchant') set(owner.merchant, scope.merchantId);
      break;
    case 'factory':
      set(owner.tenant, scope.tenantId);
      if (scope.tier === 'factory') set(owner.factory, scope.factoryId);
      break;
    case 'user':
      set(owner.tenant, scope.tenantId);
      set(owner.user, actorId);
      break;
  }
  return out;
}
