import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns.ts';

export const TOKEN_SUBJECTS = ['admin', 'member'] as const;

/**
 * Refresh tokens: random, stored only as a SHA-256 hash, rotated on every use. Tokens of one
 * sign-in share a family; reusing a rotated token revokes the whole family (OWASP ASVS 10.4.5).
 */
export const refreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: id(),
    familyId: uuid('family_id').notNull(),
    subjectKind: text('subject_kind', { enum: TOKEN_SUBJECTS }).notNull(),
    subjectId: uuid('subject_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('auth_refresh_family_idx').on(t.familyId),
    index('auth_refresh_subject_idx').on(t.subjectKind, t.subjectId),
  ],
);

/** Click captchas (spec §5): the answer never leaves the server; single use; expire. */
export const captchas = pgTable('auth_captchas', {
  id: text('id').primaryKey(),
  text: jsonb('text').$type<string[]>().notNull(),
  points: jsonb('points').$type<Array<{ x: number; y: number }>>().notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  passedAt: timestamp('passed_at', { withTimezone: true }),
  createdAt: createdAt(),
});

/** Fixed-window counters for abuse limits, shared by every process on the database. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  count: integer('count').notNull(),
});

export const CODE_CHANNELS = ['sms', 'email'] as const;

/** SMS and e-mail verification codes, stored hashed, single use, with an attempt limit. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: id(),
    channel: text('channel', { enum: CODE_CHANNELS }).notNull(),
    target: text('target').notNull(),
    event: text('event').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('verification_codes_target_idx').on(t.channel, t.target, t.event)],
);

/** What the default SMS/e-mail provider "sends": the log and this table (tests read it). */
export const messageOutbox = pgTable(
  'message_outbox',
  {
    id: id(),
    channel: text('channel', { enum: CODE_CHANNELS }).notNull(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('message_outbox_recipient_idx').on(t.recipient)],
);
