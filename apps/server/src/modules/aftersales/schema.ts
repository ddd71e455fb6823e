import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  primaryKey,
  foreignKey,
} from 'drizzle-orm/pg-core';
import { createdAt, money, updatedAt, rowId } from '../../db/columns.ts';
import { orders } from '../orders/schema.ts';
import { merchantRef, tenantRef } from '../tenancy/schema.ts';

export const AFTERSALES_KIND_VALUES = ['cancel', 'aftersales'] as const;
export const AFTERSALES_STATUS_VALUES = ['pending_review', 'approved', 'rejected', 'closed'] as const;
export const REFUND_TYPE_VALUES = ['full', 'goods', 'freight', 'partial', 'none'] as const;
export const AFTERSALES_SOURCE_VALUES = ['merchant', 'tiktok', 'temu'] as const;
export const REFUND_CHANNEL_VALUES = ['balance', 'alipay'] as const;
export const AFTERSALES_STEP_VALUES = [
  'submitted',
  'approved',
  'rejected',
  'refunded',
  'closed',
  'updated',
] as const;

/** A line a request concerns, with the quantity asked about. */
export interface StoredAftersalesLine {
  line_id: string;
  quantity: number;
}

/**
 * An after-sales or cancel request (spec §3): one order of one merchant, merchant-owned. Only one
 * request of an order is pending at a time (partial unique index); a marketplace's request is
 * found again by its `external_ref` (decision 0042).
 */
export const aftersalesRequests = pgTable(
  'aftersales_requests',
  {
    id: rowId(),
    tenantId: tenantRef(),
    merchantId: merchantRef(),
    requestNo: text('request_no').notNull(),
    kind: text('kind', { enum: AFTERSALES_KIND_VALUES }).notNull(),
    source: text('source', { enum: AFTERSALES_SOURCE_VALUES }).notNull().default('merchant'),
    externalRef: text('external_ref').notNull().default(''),
    orderId: uuid('order_id').notNull(),
    orderNo: text('order_no').notNull(),
    currency: text('currency').notNull(),
    reason: text('reason').notNull(),
    refundReason: text('refund_reason').notNull(),
    refundType: text('refund_type', { enum: REFUND_TYPE_VALUES }).notNull(),
    applicationAmount: money('application_amount').notNull(),
    refundAmount: money('refund_amount'),
    refundChannel: text('refund_channel', { enum: REFUND_CHANNEL_VALUES }),
    /** The ledger trade number, or Alipay's trade number of a refund to Alipay. */
    refundTradeNo: text('refund_trade_no').notNull().default(''),
    lines: jsonb('lines').$type<StoredAftersalesLine[]>().notNull().default([]),
    imageIds: jsonb('image_ids').$type<string[]>().notNull().default([]),
    status: text('status', { enum: AFTERSALES_STATUS_VALUES }).notNull().default('pending_review'),
    auditNote: text('audit_note').notNull().default(''),
    reviewerId: uuid('reviewer_id'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdBy: uuid('created_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    foreignKey({
      name: 'aftersales_requests_order_id_fk',
      columns: [t.tenantId, t.orderId],
      foreignColumns: [orders.tenantId, orders.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    uniqueIndex('aftersales_requests_request_no_uq').on(t.tenantId, t.requestNo),
    index('aftersales_requests_merchant_idx').on(t.tenantId, t.merchantId, t.createdAt),
    index('aftersales_requests_order_idx').on(t.orderId),
    uniqueIndex('aftersales_requests_one_open_uq')
      .on(t.tenantId, t.orderId)
      .where(sql`${t.status} = 'pending_review'`),
    uniqueIndex('aftersales_requests_external_uq')
      .on(t.tenantId, t.source, t.externalRef)
      .where(sql`${t.externalRef} <> ''`),
    check(
      'aftersales_requests_amounts',
      sql`${t.applicationAmount} >= 0 AND (${t.refundAmount} IS NULL OR ${t.refundAmount} >= 0)`,
    ),
    check(
      'aftersales_requests_status',
      sql`${t.status} IN ('pending_review', 'approved', 'rejected', 'closed')`,
    ),
    check('aftersales_requests_kind', sql`${t.kind} IN ('cancel', 'aftersales')`),
  ],
);

/** The progress view (spec §2): one row per step of a request, oldest first. */
export const aftersalesEvents = pgTable(
  'aftersales_events',
  {
    id: rowId(),
    tenantId: uuid('tenant_id').notNull(),
    requestId: uuid('request_id').notNull(),
    step: text('step', { enum: AFTERSALES_STEP_VALUES }).notNull(),
    note: text('note').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`clock_timestamp()`),
  },
  (t) => [
    foreignKey({
      name: 'aftersales_events_request_id_fk',
      columns: [t.tenantId, t.requestId],
      foreignColumns: [aftersalesRequests.tenantId, aftersalesRequests.id],
    }).onDelete('cascade'),
    primaryKey({ columns: [t.id, t.tenantId] }),
    index('aftersales_events_request_idx').on(t.requestId, t.createdAt),
  ],
);
