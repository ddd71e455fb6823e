import { pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { RECORD_STATUSES, tenants } from './tenancy.ts';

/** A factory of a supplier tenant that ships from its region (spec §3 Factory). */
export const factories = pgTable(
  'factories',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    number: text('number').notNull(),
    name: text('name').notNull(),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('factories_tenant_number_uq').on(t.tenantId, t.number)],
);
