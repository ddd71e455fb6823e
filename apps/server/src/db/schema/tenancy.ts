import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';

export const RECORD_STATUSES = ['enabled', 'disabled'] as const;

/** A supplier tenant (spec §3 Supplier/tenant). Platform administrators sit above tenants. */
export const tenants = pgTable(
  'tenants',
  {
    id: id(),
    name: text('name').notNull(),
    shortName: text('short_name').notNull().default(''),
    /** The storefront/admin host that resolves to this tenant, lower-case, without port. */
    domain: text('domain'),
    /**
     * The tenant that serves hosts which are no supplier's domain (registration and the member
     * centre need a tenant). At most one.
     */
    isDefault: boolean('is_default').notNull().default(false),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tenants_domain_uq')
      .on(t.domain)
      .where(sql`${t.domain} is not null`),
  ],
);

/** A merchant of a supplier tenant (spec §3 Merchant). Its users are admin users of tier merchant. */
export const merchants = pgTable(
  'merchants',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    number: text('number').notNull(),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('merchants_tenant_number_uq').on(t.tenantId, t.number),
    index('merchants_tenant_idx').on(t.tenantId),
  ],
);
