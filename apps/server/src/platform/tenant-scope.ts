import { eq, isNull, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The tenant condition every tenant-owned query carries (ARCHITECTURE "Tenancy by construction").
 * A null tenant means the platform's own rows, which have no tenant.
 */
export function sameTenant(column: PgColumn, tenantId: string | null): SQL {
  return tenantId === null ? isNull(column) : eq(column, tenantId);
}
