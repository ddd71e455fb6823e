import { index, integer, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { RECORD_STATUSES, tenants } from './tenancy.ts';

export const CURRENCY_CODES = ['CNY', 'USD'] as const;

/** Bank accounts merchants transfer to when recharging (spec §3 Payment account). */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    id: id(),
    tenantId: uuid('tenant_id').references(() => tenants.id),
    accountName: text('account_name').notNull(),
    bankType: text('bank_type').notNull().default(''),
    bankName: text('bank_name').notNull(),
    cardNumber: text('card_number').notNull(),
    currency: text('currency', { enum: CURRENCY_CODES }).notNull(),
    sort: integer('sort').notNull().default(0),
    status: text('status', { enum: RECORD_STATUSES }).notNull().default('enabled'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('payment_accounts_tenant_idx').on(t.tenantId)],
);

/**
 * Exchange rates, RMB = 1 : x read as "x yuan per unit of the currency", two decimals. A rate
 * is never edited: a change is a new row effective from its time (spec §3, §5).
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    id: id(),
    currency: text('currency', { enum: CURRENCY_CODES }).notNull(),
    rate: numeric('rate', { precision: 12, scale: 2 }).notNull(),
    updateMode: text('update_mode', { enum: ['manual', 'scheduled'] })
      .notNull()
      .default('manual'),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull().defaultNow(),
    nextUpdateAt: timestamp('next_update_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
  },
  (t) => [index('exchange_rates_currency_idx').on(t.currency, t.effectiveFrom)],
);
