import {
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt } from '../../db/columns.ts';
import { RECORD_STATUSES, tenants } from '../tenancy/schema.ts';

/** A member-centre user (spec §3 Member user), signed in with X-User-Token. */
export const members = pgTable(
  'members',
  {
    id: id(),
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
    lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
    lastLoginIp: text('last_login_ip'),
    joinTime: timestamp('join_time', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('members_tenant_username_uq').on(t.tenantId, t.username),
    index('members_tenant_idx').on(t.tenantId),
  ],
);

/** Append-only log of a member's balance changes (spec §7 GET /api/account/balance). */
export const memberMoneyLogs = pgTable(
  'member_money_logs',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    money: money('money').notNull(),
    before: money('before').notNull(),
    after: money('after').notNull(),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('member_money_logs_member_idx').on(t.memberId, t.createdAt)],
);

/** Append-only log of a member's score (integral) changes (GET /api/account/integral). */
export const memberScoreLogs = pgTable(
  'member_score_logs',
  {
    id: id(),
    tenantId: uuid('tenant_id')
      .notNull()
      .references(() => tenants.id),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id),
    score: integer('score').notNull(),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    memo: text('memo').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('member_score_logs_member_idx').on(t.memberId, t.createdAt)],
);
