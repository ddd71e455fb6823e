import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { jsonInteger } from '../schema-utils.ts';
import { MAX_AMOUNT_MINOR } from '../wallet/schemas.ts';

/**
 * After-sales and cancel requests (spec §2 orders: after-sales, cancel requests with a progress
 * view; §3 After-sales / cancel request; §4 statuses and refund types; §5 evidence). Amounts are
 * integer minor units in the order's currency (decision 0042).
 */

/** A cancel request is for a paid order not yet shipped; an after-sales request for a shipped one. */
export const AFTERSALES_KINDS = ['cancel', 'aftersales'] as const;
export type AftersalesKind = (typeof AFTERSALES_KINDS)[number];
/** spec §4: pending review, approved, rejected, closed. */
export const AFTERSALES_STATUSES = ['pending_review', 'approved', 'rejected', 'closed'] as const;
export type AftersalesStatus = (typeof AFTERSALES_STATUSES)[number];
/** spec §4: full refund, goods only, freight only, partial, none. */
export const REFUND_TYPES = ['full', 'goods', 'freight', 'partial', 'none'] as const;
export type RefundType = (typeof REFUND_TYPES)[number];
/** Who opened the request: the merchant, or a marketplace's webhook. */
export const AFTERSALES_SOURCES = ['merchant', 'tiktok', 'temu'] as const;
/** Where an approved refund goes: the balance (default) or back to Alipay for an Alipay-paid order. */
export const REFUND_CHANNELS = ['balance', 'alipay'] as const;
/** The progress view's steps (decision 0042). */
export const AFTERSALES_STEPS = [
  'submitted',
  'approved',
  'rejected',
  'refunded',
  'closed',
  'updated',
] as const;

/** spec §5: evidence images are png, jpg or jpeg. */
export const AFTERSALES_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIMITS.pagination.maxPageSize)
  .default(LIMITS.pagination.defaultPageSize);
const isoTime = z.iso.datetime({ offset: true });
/** A non-negative amount in minor units (none = 0). */
const amountMinor = jsonInteger(0, MAX_AMOUNT_MINOR);
const orderNo = z.string().trim().min(1).max(40);

/** spec §5: at most one year between from and to. */
const withinYear = (q: { from?: string | undefined; to?: string | undefined }) =>
  !q.from ||
  !q.to ||
  new Date(q.to).getTime() - new Date(q.from).getTime() <= LIMITS.dateRangeMaxDays * 86_400_000;
const rangeIssue = { path: ['to'], params: { rule: 'aftersalesDateRange' } };

export const aftersalesLineInputSchema = z.object({
  line_id: z.uuid(),
  quantity: jsonInteger(1, 100_000),
});

/** spec §3, §5: type, reason and refund reason required, 1–9 evidence images. */
export const aftersalesCreateSchema = z.object({
  kind: z.enum(AFTERSALES_KINDS),
  order_no: orderNo,
  reason: z.string().trim().min(1).max(200),
  refund_reason: z.string().trim().min(1).max(500),
  refund_type: z.enum(REFUND_TYPES),
  /** Filled by the server for full and none; required for partial. */
  application_amount: amountMinor.optional(),
  lines: z.array(aftersalesLineInputSchema).max(200).default([]),
  image_ids: z.array(z.uuid()).min(LIMITS.afterSalesImages.min).max(LIMITS.afterSalesImages.max),
});
export type AftersalesCreate = z.input<typeof aftersalesCreateSchema>;

const filters = {
  status: z.enum(AFTERSALES_STATUSES).optional(),
  kind: z.enum(AFTERSALES_KINDS).optional(),
  refund_type: z.enum(REFUND_TYPES).optional(),
  source: z.enum(AFTERSALES_SOURCES).optional(),
  order_no: z.string().trim().max(40).optional(),
  request_no: z.string().trim().max(40).optional(),
  from: isoTime.optional(),
  to: isoTime.optional(),
};
/** The merchant list's filters without paging (its export takes these). */
export const aftersalesFiltersSchema = z.object(filters).refine(withinYear, rangeIssue);
export const aftersalesReviewFiltersSchema = z
  .object({ ...filters, merchant_id: z.uuid().optional() })
  .refine(withinYear, rangeIssue);
/** The merchant's list (spec §2): filters and paging. */
export const aftersalesListQuerySchema = z.object({ page, limit, ...filters }).refine(withinYear, rangeIssue);
/** The review queue: the same, plus the merchant. */
export const aftersalesReviewQuerySchema = z
  .object({ page, limit, ...filters, merchant_id: z.uuid().optional() })
  .refine(withinYear, rangeIssue);

/** The reviewer's decision: the actual refund and an audit note (spec §3). */
export const aftersalesApproveSchema = z.object({
  refund_amount: amountMinor,
  note: z.string().trim().max(500).default(''),
  refund_to: z.enum(REFUND_CHANNELS).default('balance'),
});
export const aftersalesRejectSchema = z.object({ note: z.string().trim().min(1).max(500) });
/** spec §4: closing needs confirmation. */
export const aftersalesCloseSchema = z.object({
  confirm: z.boolean().refine((v) => v, { params: { rule: 'aftersalesConfirm' } }),
  note: z.string().trim().max(500).default(''),
});

export const aftersalesStepSchema = z.object({
  step: z.enum(AFTERSALES_STEPS),
  note: z.string(),
  amount: z.number().int().nullable(),
  actor_name: z.string(),
  at: z.string(),
});

export const aftersalesLineSchema = z.object({
  line_id: z.string(),
  name: z.string(),
  sku_code: z.string(),
  color_name: z.string(),
  size_name: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
});

export const aftersalesSchema = z.object({
  id: z.string(),
  request_no: z.string(),
  kind: z.enum(AFTERSALES_KINDS),
  source: z.enum(AFTERSALES_SOURCES),
  merchant_id: z.string(),
  merchant_name: z.string(),
  order_no: z.string(),
  third_party_order_no: z.string(),
  currency: z.string(),
  reason: z.string(),
  refund_reason: z.string(),
  refund_type: z.enum(REFUND_TYPES),
  application_amount: z.number().int(),
  refund_amount: z.number().int().nullable(),
  refund_channel: z.enum(REFUND_CHANNELS).nullable(),
  refund_trade_no: z.string(),
  status: z.enum(AFTERSALES_STATUSES),
  audit_note: z.string(),
  applicant_name: z.string(),
  reviewer_name: z.string(),
  image_count: z.number().int(),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  closed_at: z.string().nullable(),
});
export type Aftersales = z.infer<typeof aftersalesSchema>;

export const aftersalesDetailSchema = aftersalesSchema.extend({
  lines: z.array(aftersalesLineSchema),
  images: z.array(z.object({ id: z.string(), url: z.string(), thumb_url: z.string().nullable() })),
  timeline: z.array(aftersalesStepSchema),
  /** The order's figures the reviewer decides against. */
  order: z.object({
    status: z.string(),
    pay_method: z.string().nullable(),
    total_amount: z.number().int(),
    shipping_amount: z.number().int(),
    refunded_amount: z.number().int(),
    refundable: z.number().int(),
  }),
});
export type AftersalesDetail = z.infer<typeof aftersalesDetailSchema>;

export const aftersalesListReply = z.object({
  list: z.array(aftersalesSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** What the create form needs of an order: the kind it allows and each refund type's bound. */
export const refundableSchema = z.object({
  order_no: z.string(),
  order_status: z.string(),
  currency: z.string(),
  pay_method: z.string().nullable(),
  /** The kind of request the order allows now, or null (unpaid, cancelled…). */
  kind: z.enum(AFTERSALES_KINDS).nullable(),
  total_amount: z.number().int(),
  refunded_amount: z.number().int(),
  /** The upper bound of each refund type, minor units. */
  bounds: z.object({
    full: z.number().int(),
    goods: z.number().int(),
    freight: z.number().int(),
    partial: z.number().int(),
    none: z.number().int(),
  }),
  lines: z.array(aftersalesLineSchema),
  /** An open (pending) request of this order, if any: only one at a time. */
  open_request_id: z.string().nullable(),
});
export type Refundable = z.infer<typeof refundableSchema>;

/** An order named by its number, or by its id (the order centre links with `?orderId=`). */
export const orderRefParamsSchema = z.object({
  order_no: z
    .string()
    .trim()
    .regex(/^(?:[A-Z0-9]{6,32}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i),
});
