import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { createdAt, id, money, updatedAt, rowId } from '../../db/columns.ts';
import { merchantRef, RECORD_STATUSES, tenantRef, tenants } from '../tenancy/schema.ts';

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

// ---- Ledger (issue: wallet) ------------------------------------------------------------------------

export const WALLET_TRANSACTION_TYPES = [
  'top_up',
  'order_payment',
  'order_refund',
  'aftersales_refund',
  'withdrawal',
  'withdrawal_release',
  'adjustment',
] as const;
export const WALLET_TRANSACTION_STATUSES = ['success', 'failure'] as const;
export const WALLET_PAY_METHODS = ['balance', 'alipay', 'bank_transfer', 'manual'] as const;
export const WALLET_REFERENCE_TYPES = [
  'order',
  'bank_transfer',
  'alipay',
  'withdrawal',
  'adjustment',
] as const;
export const WALLET_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;

/** Human-readable trade numbers: W + day + this sequence, zero-padded. */
export const walletTradeNoSeq = pgSequence('wallet_trade_no_seq', { startWith: 1 });

/**
 * A merchant's balance in one currency (minor units). `last_seq` numbers its transactions so
 * reconciliation can walk the before/after chain without trusting timestamps.
 */
export const wallets = pgTable(
  'wallets',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    currency: text('currency', { enum: CURRENCY_CODES }).notNull(),
    balance: money('balance').notNull().default(0),
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('wallets_merchant_currency_uq').on(t.tenantId, t.merchantId, t.currency),
    index('wallets_tenant_idx').on(t.tenantId),
    check('wallets_balance_nonneg', sql`${t.balance} >= 0`),
  ],
);

/**
 * The append-only ledger (spec §3 Balance transaction). A row is never updated or deleted; a
 * correction is a new row. `amount` is signed (credits positive) and, for successful rows,
 * balance_after = balance_before + amount.
 */
export const walletTransactions = pgTable(
  'wallet_transactions',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    merchantId: uuid('merchant_id').notNull(),
    walletId: uuid('wallet_id').notNull(),
    /** Position in the wallet's chain; null for failure rows, which change nothing. */
    seq: bigint('seq', { mode: 'number' }),
    tradeNo: text('trade_no').notNull(),
    thirdPartyNo: text('third_party_no'),
    referenceType: text('reference_type', { enum: WALLET_REFERENCE_TYPES }),
    reference: text('reference'),
    payMethod: text('pay_method', { enum: WALLET_PAY_METHODS }).notNull(),
    type: text('type', { enum: WALLET_TRANSACTION_TYPES }).notNull(),
    currency: text('currency', { enum: CURRENCY_CODES }).notNull(),
    status: text('status', { enum: WALLET_TRANSACTION_STATUSES }).notNull().default('success'),
    amount: money('amount').notNull(),
    balanceBefore: money('balance_before').notNull(),
    balanceAfter: money('balance_after').notNull(),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    arrivedAt: timestamp('arrived_at', { withTimezone: true }),
    operatorId: uuid('operator_id'),
    remark: text('remark').notNull().default(''),
  },
  (t) => [
    foreignKey({
      name: 'wallet_transactions_wallet_id_fk',
      columns: [t.tenantId, t.walletId],
      foreignColumns: [wallets.tenantId, wallets.id],
    }),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('wallet_transactions_trade_no_uq').on(t.tenantId, t.tradeNo),
    uniqueIndex('wallet_transactions_wallet_seq_uq').on(t.tenantId, t.walletId, t.seq),
    index('wallet_transactions_merchant_idx').on(t.tenantId, t.merchantId, t.createdAt),
    index('wallet_transactions_tenant_idx').on(t.tenantId, t.createdAt),
    check('wallet_transactions_amount_nonzero', sql`${t.amount} <> 0`),
    check('wallet_transactions_after_nonneg', sql`${t.balanceAfter} >= 0 AND ${t.balanceBefore} >= 0`),
    check(
      'wallet_transactions_chain',
      sql`${t.status} <> 'success' OR (${t.balanceAfter} = ${t.balanceBefore} + ${t.amount} AND ${t.seq} IS NOT NULL)`,
    ),
  ],
);

/**
 * Idempotency keys, unique per merchant. The key is claimed first in the writer's transaction, so
 * a concurrent caller with the same key waits on the unique index and then reads the result.
 */
export const walletIdempotencyKeys = pgTable(
  'wallet_idempotency_keys',
  {
    merchantId: uuid('merchant_id').notNull(),
    key: text('key').notNull(),
    /** SHA-256 of the operation and its parameters: a reuse with other parameters is a 409. */
    requestHash: text('request_hash').notNull(),
    transactionId: uuid('transaction_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.key] })],
);

/** Recharge by bank transfer, waiting for finance review (spec §3 Recharge / bank transfer). */
export const bankTransfers = pgTable(
  'wallet_bank_transfers',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    receiptNo: text('receipt_no').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency', { enum: CURRENCY_CODES }).notNull(),
    transferType: text('transfer_type', { enum: ['domestic', 'international', 'other'] }).notNull(),
    paymentAccountId: uuid('payment_account_id').references(() => paymentAccounts.id, {
      onDelete: 'set null',
    }),
    receiptImageIds: uuid('receipt_image_ids').array().notNull().default([]),
    bankName: text('bank_name').notNull(),
    bankAccountName: text('bank_account_name').notNull(),
    bankAccountNo: text('bank_account_no').notNull(),
    remark: text('remark').notNull().default(''),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: WALLET_REVIEW_STATUSES }).notNull().default('pending'),
    reviewRemark: text('review_remark').notNull().default(''),
    reviewerId: uuid('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    transactionId: uuid('transaction_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('wallet_bank_transfers_tenant_idx').on(t.tenantId, t.status, t.createdAt),
    index('wallet_bank_transfers_merchant_idx').on(t.merchantId, t.createdAt),
    check('wallet_bank_transfers_amount_pos', sql`${t.amount} > 0`),
  ],
);

/**
 * A recharge through Alipay page pay, credited once when Alipay's signed notification arrives.
 * A purchase (purpose `order`) is credited the same way and then spent on its orders by the
 * module that registered the purpose (decision 0024).
 */
export const alipayOrders = pgTable(
  'wallet_alipay_orders',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    outTradeNo: text('out_trade_no').notNull(),
    amount: money('amount').notNull(),
    currency: text('currency', { enum: CURRENCY_CODES }).notNull(),
    subject: text('subject').notNull(),
    purpose: text('purpose', { enum: ['recharge', 'order'] })
      .notNull()
      .default('recharge'),
    /** The order numbers a purchase pays. */
    orderNos: jsonb('order_nos').$type<string[]>().notNull().default([]),
    status: text('status', { enum: ['pending', 'paid', 'closed'] })
      .notNull()
      .default('pending'),
    alipayTradeNo: text('alipay_trade_no'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    notifyCount: integer('notify_count').notNull().default(0),
    transactionId: uuid('transaction_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('wallet_alipay_orders_out_trade_no_uq').on(t.tenantId, t.outTradeNo),
    index('wallet_alipay_orders_merchant_idx').on(t.merchantId, t.createdAt),
    check('wallet_alipay_orders_amount_pos', sql`${t.amount} > 0`),
  ],
);

/** A withdrawal request; its amount is held (debited) on submit until finance reviews it. */
export const withdrawals = pgTable(
  'wallet_withdrawals',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    currency: text('currency', { enum: CURRENCY_CODES }).notNull(),
    amount: money('amount').notNull(),
    fee: money('fee').notNull(),
    method: text('method', { enum: ['bank', 'alipay'] }).notNull(),
    accountName: text('account_name').notNull(),
    accountNo: text('account_no').notNull(),
    bankName: text('bank_name').notNull().default(''),
    remark: text('remark').notNull().default(''),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: WALLET_REVIEW_STATUSES }).notNull().default('pending'),
    reviewRemark: text('review_remark').notNull().default(''),
    reviewerId: uuid('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    holdTransactionId: uuid('hold_transaction_id').notNull(),
    releaseTransactionId: uuid('release_transaction_id'),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('wallet_withdrawals_tenant_idx').on(t.tenantId, t.status, t.createdAt),
    index('wallet_withdrawals_merchant_idx').on(t.merchantId, t.createdAt),
    check('wallet_withdrawals_amounts', sql`${t.amount} > 0 AND ${t.fee} >= 0 AND ${t.fee} <= ${t.amount}`),
  ],
);
