import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  primaryKey,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt, rowId } from '../../db/columns.ts';
import { RECORD_STATUSES, tenants } from '../tenancy/schema.ts';

/**
 * A rule of the member centre (decision 0047): a directory, a menu or a route (an allowed page
 * without a menu), named by its member-centre path, as a tree. Groups grant rules.
 */
export const memberRules = pgTable(
  'member_rules',
  {
    id: rowId(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    parentId: uuid('parent_id'),
    type: text('type', { enum: ['menu_dir', 'menu', 'route'] }).notNull(),
    title: text('title').notNull(),
    name: text('name').notNull(),
    icon: text('icon').notNull().default(''),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'member_rules_parent_id_fk',
      columns: [t.tenantId, t.parentId],
      foreignColumns: [t.tenantId, t.id],
    }),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('member_rules_tenant_name_uq').on(t.tenantId, t.name),
  ],
);

/** A member group (spec "user group"): the member-centre rules its members have. */
export const memberGroups = pgTable(
  'member_groups',
  {
    id: rowId(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    name: text('name').notNull(),
    ruleIds: uuid('rule_ids')
      .array()
      .notNull()
      .default(sql`'{}'`),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.id, t.tenantId] }), index('member_groups_tenant_idx').on(t.tenantId)],
);

/** A member-centre user (spec §3 Member user), signed in with X-User-Token. */
export const members = pgTable(
  'members',
  {
    id: rowId(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull().default(''),
    email: text('email').notNull().default(''),
    mobile: text('mobile').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** 0 unknown, 1 male, 2 female (spec §3). */
    gender: smallint('gender').notNull().default(0),
    birthday: date('birthday'),
    /** Minor units (fen). */
    money: money('money').notNull().default(0),
    score: integer('score').notNull().default(0),
    motto: text('motto').notNull().default(''),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    /** The member's group; none: every enabled rule of the tenant. */
    groupId: uuid('group_id'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    /** The sign-in before the latest: what the user is shown as "last login" (issue 27). */
    previousLoginAt: timestamp('previous_login_at', { withTimezone: true }),
    previousLoginIp: text('previous_login_ip'),
    joinTime: timestamp('join_time', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'members_group_id_fk',
      columns: [t.tenantId, t.groupId],
      foreignColumns: [memberGroups.tenantId, memberGroups.id],
    }),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('members_tenant_username_uq').on(t.tenantId, t.username),
    index('members_tenant_idx').on(t.tenantId),
    check('members_money_not_negative', sql`${t.money} >= 0 AND ${t.score} >= 0`),
  ],
);

/** Append-only log of a member's balance changes (spec §7 GET /api/account/balance). */
export const memberMoneyLogs = pgTable(
  'member_money_logs',
  {
    id: rowId(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    memberId: uuid('member_id').notNull(),
    money: money('money').notNull(),
    before: money('before').notNull(),
    after: money('after').notNull(),
    memo: text('memo').notNull().default(''),
    /** A retried change with the same key changes nothing twice. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'member_money_logs_member_id_fk',
      columns: [t.tenantId, t.memberId],
      foreignColumns: [members.tenantId, members.id],
    }),
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('member_money_logs_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('member_money_logs_key_uq')
      .on(t.tenantId, t.memberId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);

/** Append-only log of a member's score (integral) changes (GET /api/account/integral). */
export const memberScoreLogs = pgTable(
  'member_score_logs',
  {
    id: rowId(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    memberId: uuid('member_id').notNull(),
    score: integer('score').notNull(),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    memo: text('memo').notNull().default(''),
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'member_score_logs_member_id_fk',
      columns: [t.tenantId, t.memberId],
      foreignColumns: [members.tenantId, members.id],
    }),
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('member_score_logs_member_idx').on(t.memberId, t.createdAt),
    uniqueIndex('member_score_logs_key_uq')
      .on(t.tenantId, t.memberId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
  ],
);
