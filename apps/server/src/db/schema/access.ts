import { ADMIN_TIERS } from '@pod/shared';
import { boolean, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { factories } from './logistics.ts';
import { merchants, RECORD_STATUSES, tenants } from './tenancy.ts';

/** spec §6 tiers. */
export { ADMIN_TIERS };
export type AdminTier = (typeof ADMIN_TIERS)[number];

/**
 * Everyone who signs in to the admin area: platform administrators (no tenant), supplier staff,
 * factory users and merchant users (primary account or ordinary staff).
 */
export const adminUsers = pgTable(
  'admin_users',
  {
    id: id(),
    /** Null only for platform administrators. */
    tenantId: uuid('tenant_id').references(() => tenants.id),
    tier: text('tier', { enum: ADMIN_TIERS }).notNull(),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    factoryId: uuid('factory_id').references(() => factories.id),
    /** A merchant's primary account (true) or ordinary staff (false); spec §6. */
    isPrimary: boolean('is_primary').notNull().default(false),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    /** Locked by an administrator (spec §4 lock/unlock); a locked user cannot sign in. */
    isLocked: boolean('is_locked').notNull().default(false),
    createdBy: uuid('created_by'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Admin usernames are unique platform-wide: one login page serves every tier (decision 0006).
    uniqueIndex('admin_users_username_uq').on(t.username),
    index('admin_users_tenant_idx').on(t.tenantId),
    index('admin_users_merchant_idx').on(t.merchantId),
  ],
);
