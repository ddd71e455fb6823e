import { jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { id, updatedAt } from '../../db/columns.ts';
import { tenants } from '../tenancy/schema.ts';

/**
 * Stored settings (spec §3 Site config). A row with no tenant is the platform's value; a tenant's
 * row overrides it for that tenant's site. Keys and types are defined in code (site module).
 */
export const systemConfigs = pgTable(
  'system_configs',
  {
    id: id(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    key: text('key').notNull(),
    /** Wrapped as `{ v: value }`, so any JSON value survives every driver. */
    value: jsonb('value').$type<{ v: unknown }>().notNull(),
    updatedBy: uuid('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('system_configs_tenant_key_uq')
      .on(t.tenantId, t.key)
      .where(sql`${t.tenantId} IS NOT NULL`),
    uniqueIndex('system_configs_platform_key_uq')
      .on(t.key)
      .where(sql`${t.tenantId} IS NULL`),
  ],
);
