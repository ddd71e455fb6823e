import { ADMIN_TIERS } from '@pod/shared';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from '../../db/columns.ts';
import { factories } from '../logistics/schema.ts';
import { merchants, RECORD_STATUSES, tenants } from '../tenancy/schema.ts';

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
    departmentId: uuid('department_id'),
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
    /** Disabled because its merchant or primary account was; re-enabling those restores it (spec §4). */
    disabledByCascade: boolean('disabled_by_cascade').notNull().default(false),
    createdBy: uuid('created_by'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /** The sign-in before the latest: what the user is shown as "last login" (issue 27). */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    previousLoginIp: text('previous_login_ip'),
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

/**
 * Departments form a tree per organisation (decision 0026): the platform's (no tenant), a
 * supplier's (no merchant or factory), a merchant's or a factory's own.
 */
export const departments = pgTable(
  'departments',
  {
    id: id(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    factoryId: uuid('factory_id').references(() => factories.id),
    parentId: uuid('parent_id'),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('departments_tenant_idx').on(t.tenantId, t.merchantId)],
);

export const DATA_SCOPES = ['all', 'custom', 'dept', 'dept_and_below', 'self'] as const;
export type DataScopeKind = (typeof DATA_SCOPES)[number];

/**
 * A role: name, permission character, status and data scope (spec §3 Role, §6). Roles belong to
 * one organisation (decision 0026): the platform's, a supplier's, a merchant's or a factory's.
 */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    /** Null for the platform's own roles. */
    tenantId: uuid('tenant_id').references(() => tenants.id),
    merchantId: uuid('merchant_id').references(() => merchants.id),
    factoryId: uuid('factory_id').references(() => factories.id),
    /** The tier of users the role is for; its menus must be of that tier. */
    tier: text('tier', { enum: ADMIN_TIERS }).notNull(),
    name: text('name').notNull(),
    code: text('code').notNull(),
    dataScope: text('data_scope', { enum: DATA_SCOPES }).notNull().default('self'),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    sort: integer('sort').notNull().default(0),
    remark: text('remark').notNull().default(''),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('roles_tenant_idx').on(t.tenantId, t.merchantId)],
);

/** Departments a "custom" data-scope role may see. */
export const roleDepartments = pgTable(
  'role_departments',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    departmentId: uuid('department_id')
      .notNull()
      .references(() => departments.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.departmentId] })],
);

export const MENU_TYPES = ['menu_dir', 'menu', 'button'] as const;
export const MENU_LINK_TARGETS = ['blank', 'iframe'] as const;

/**
 * The menu catalogue (spec §3 Menu): directories, menu items and buttons, shared by every tenant.
 * A button's `name` is the permission it grants (e.g. `role:del`).
 */
export const menus = pgTable(
  'menus',
  {
    id: id(),
    parentId: uuid('parent_id'),
    type: text('type', { enum: MENU_TYPES }).notNull(),
    title: text('title').notNull(),
    /** Route name for menus, permission name for buttons; unique. */
    name: text('name').notNull(),
    /** The permission a menu item needs to be listed (e.g. `role:list`); buttons use `name`. */
    permission: text('permission').notNull().default(''),
    icon: text('icon').notNull().default(''),
    path: text('path').notNull().default(''),
    component: text('component').notNull().default(''),
    url: text('url').notNull().default(''),
    isExternal: boolean('is_external').notNull().default(false),
    /** How an external link opens (spec §2 embedded pages): a new window, or an iframe tab. */
    linkTarget: text('link_target', { enum: MENU_LINK_TARGETS }).notNull().default('blank'),
    keepalive: boolean('keepalive').notNull().default(false),
    /** Tiers whose users may be granted this menu. */
    tiers: text('tiers').array().notNull(),
    /** Larger shows earlier (spec §5). */
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('menus_name_uq').on(t.name)],
);

export const roleMenus = pgTable(
  'role_menus',
  {
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    menuId: uuid('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.menuId] })],
);

export const adminUserRoles = pgTable(
  'admin_user_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    roleId: uuid('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] })],
);

/** Which factories a user may act for (spec §6 "factory permissions"). */
export const adminUserFactories = pgTable(
  'admin_user_factories',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    factoryId: uuid('factory_id')
      .notNull()
      .references(() => factories.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.factoryId] })],
);
