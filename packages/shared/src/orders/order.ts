import { z } from 'zod';
import { LIMITS } from '../limits.ts';

/**
 * Orders as checkout creates them (spec §3 Order, §4 order timeout; decision 0024). Amounts are
 * integer minor units in the order's currency.
 */

/**
 * unpaid → paid → in_production → shipped → completed; unpaid → cancelled (by the merchant) or
 * timed_out (by the timeout job); paid → cancelled (after-sales, later issue).
 */
export const ORDER_STATUSES = [
  'unpaid',
  'paid',
  'in_production',
  'shipped',
  'completed',
  'cancelled',
  'timed_out',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_SOURCES = ['manual', 'import', 'sync'] as const;
/** Marketplaces an order may come from; "other" for anything else (spec §4 sync rule). */
export const ORDER_PLATFORMS = ['tiktok', 'temu', 'other'] as const;
export const ORDER_PAY_METHODS = ['balance', 'alipay'] as const;
export type OrderPayMethod = (typeof ORDER_PAY_METHODS)[number];

export const ORDER_LIMITS = {
  /** Orders paid in one request. */
  payBatch: LIMITS.orderQuery.large,
  remark: 500,
  thirdPartyNo: 64,
  shopName: 100,
} as const;

const isoTime = z.string();
const orderNo = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{6,32}$/);

export const orderAddressSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  mobile_phone: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  street: z.string(),
  postcode: z.string(),
});

/** spec §3 Customs info; declared price in USD cents, weight in grams. */
export const orderCustomsSchema = z.object({
  cn_name: z.string(),
  en_name: z.string(),
  en_material: z.string(),
  declared_price_usd: z.number().int(),
  declared_weight: z.number().int(),
  customs_code: z.string(),
});

export const orderShippingSchema = z.object({
  method_id: z.string(),
  carrier: z.string(),
  name: z.string(),
  code: z.string(),
  delivery_days_min: z.number().int(),
  delivery_days_max: z.number().int(),
});

export const orderLineSchema = z.object({
  id: z.string(),
  /** Null while a marketplace line is not linked to a finished product (decision 0040). */
  finished_product_id: z.string().nullable(),
  color_id: z.string().nullable(),
  size_id: z.string().nullable(),
  external_product_id: z.string(),
  external_skc_id: z.string(),
  external_sku_id: z.string(),
  external_name: z.string(),
  finished_code: z.string(),
  name: z.string(),
  style_code: z.string(),
  color_name: z.string(),
  size_name: z.string(),
  sku_code: z.string(),
  quantity: z.number().int(),
  unit_price: z.number().int(),
  subtotal: z.number().int(),
  thumb_url: z.string().nullable(),
});

export const orderSchema = z.object({
  id: z.string(),
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES),
  source: z.enum(ORDER_SOURCES),
  platform: z.enum(ORDER_PLATFORMS).nullable(),
  shop_name: z.string(),
  third_party_order_no: z.string(),
  currency: z.string(),
  product_amount: z.number().int(),
  shipping_amount: z.number().int(),
  total_amount: z.number().int(),
  total_quantity: z.number().int(),
  weight: z.number().int(),
  country_code: z.string(),
  consignee: z.string(),
  shipping: orderShippingSchema,
  pay_method: z.enum(ORDER_PAY_METHODS).nullable(),
  pay_no: z.string(),
  remark: z.string(),
  ordered_by: z.string(),
  shop_id: z.string().nullable(),
  sub_order_no: z.string(),
  tracking_no: z.string(),
  /** The carrier the factory shipped with (fulfilment's CARRIERS); '' until shipped. */
  carrier_code: z.string(),
  /** Marketplace orders: what the buyer paid, in `sales_currency` (null for manual orders). */
  sales_currency: z.string().nullable(),
  sales_amount: z.number().int().nullable(),
  sales_shipping_amount: z.number().int().nullable(),
  sales_total_amount: z.number().int().nullable(),
  /** (sales total − actual payment) ÷ sales total; null unless paid with a sales total in the order's currency. */
  profit_rate: z.number().nullable(),
  /** What was actually paid (the total once paid, else 0). */
  actual_payment: z.number().int(),
  latest_delivery_at: isoTime.nullable(),
  shipped_at: isoTime.nullable(),
  /** Every line has a finished product (an order is payable only then). */
  linked: z.boolean(),
  unlinked_lines: z.number().int(),
  origin_order_no: z.string(),
  /** When an unpaid order times out (spec §4 countdown). */
  expires_at: isoTime,
  created_at: isoTime,
  paid_at: isoTime.nullable(),
  updated_at: isoTime,
});
export type Order = z.infer<typeof orderSchema>;

export const orderDetailSchema = orderSchema.extend({
  lines: z.array(orderLineSchema),
  address: orderAddressSchema,
  customs: orderCustomsSchema,
  factory: z.object({ id: z.string(), name: z.string() }).nullable(),
  tracking_no: z.string(),
  cancelled_at: isoTime.nullable(),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/**
 * A query box (spec §5): up to `max` numbers pasted at once, separated by spaces, commas or line
 * breaks; more is refused naming the limit.
 */
export const queryBox = (max: number) =>
  z
    .string()
    .trim()
    .max(4000)
    .optional()
    .transform((v) => (v ? [...new Set(v.split(/[\s,，;；]+/).filter(Boolean))] : undefined))
    .refine((v) => !v || v.length <= max, {
      params: { rule: max === LIMITS.orderQuery.small ? 'orderQuerySmall' : 'orderQueryMax', max },
    });

export const ORDER_SORTS = ['created_at', 'paid_at', 'latest_delivery_at'] as const;
/** "About to time out": unpaid orders whose deadline is this close (decision 0040). */
export const ORDER_TIMEOUT_SOON_MINUTES = 10;

const when = z.iso.datetime({ offset: true }).optional();
const amount = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional();
const yes = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** The list's filters without paging (the status counts take the same, minus the status). */
export const orderFilterShape = {
  status: z.enum(ORDER_STATUSES).optional(),
  /** Order numbers or third-party numbers (spec §5: up to 50). */
  order_nos: queryBox(LIMITS.orderQuery.large),
  third_party_nos: queryBox(LIMITS.orderQuery.large),
  sub_order_nos: queryBox(LIMITS.orderQuery.large),
  tracking_nos: queryBox(LIMITS.orderQuery.large),
  pay_nos: queryBox(LIMITS.orderQuery.large),
  platform: z.enum(ORDER_PLATFORMS).optional(),
  shop_id: z.uuid().optional(),
  source: z.enum(ORDER_SOURCES).optional(),
  /** The ordering account's name (exact). */
  ordered_by: z.string().trim().max(100).optional(),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  linked: z.enum(['linked', 'unlinked']).optional(),
  /** Created time range (kept as from/to). */
  from: when,
  to: when,
  paid_from: when,
  paid_to: when,
  shipped_from: when,
  shipped_to: when,
  updated_from: when,
  updated_to: when,
  amount_min: amount,
  amount_max: amount,
  /** Unpaid orders due to time out within ORDER_TIMEOUT_SOON_MINUTES. */
  timeout_soon: yes,
};

const RANGES = [
  ['from', 'to'],
  ['paid_from', 'paid_to'],
  ['shipped_from', 'shipped_to'],
  ['updated_from', 'updated_to'],
] as const;

/** spec §5: each date range at most one year, and not reversed. */
function checkRanges(q: Record<string, unknown>, ctx: z.RefinementCtx) {
  for (const [a, b] of RANGES) {
    const from = q[a] as string | undefined;
    const to = q[b] as string | undefined;
    if (!from || !to) continue;
    const span = new Date(to).getTime() - new Date(from).getTime();
    if (span < 0 || span > LIMITS.dateRangeMaxDays * 86_400_000)
      ctx.addIssue({ code: 'custom', path: [b], params: { rule: 'orderDateRange' } });
  }
}

export const orderFilterSchema = z.object(orderFilterShape).superRefine(checkRanges);

export const orderListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(LIMITS.pagination.maxPageSize)
      .default(LIMITS.pagination.defaultPageSize),
    ...orderFilterShape,
    /** The list kit's `field,asc|desc`: created, paid or latest delivery time (default newest first). */
    order: z
      .string()
      .regex(new RegExp(`^(${ORDER_SORTS.join('|')}),(asc|desc)$`))
      .optional(),
  })
  .superRefine(checkRanges);
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderNoParamsSchema = z.object({ order_no: orderNo });

// ---- Payment ------------------------------------------------------------------------------------
export const orderPaySchema = z.object({
  order_nos: z
    .array(orderNo)
    .refine((a) => a.length >= 1, { params: { rule: 'selectAtLeastOne' } })
    .max(ORDER_LIMITS.payBatch),
  method: z.enum(ORDER_PAY_METHODS).default('balance'),
});

const currencyAmount = z.object({ currency: z.string(), amount: z.number().int() });

export const orderPayReplySchema = z.object({
  method: z.enum(ORDER_PAY_METHODS),
  /** Orders this request paid. */
  paid: z.array(z.string()),
  /** Orders that were already paid (a retried request charges nothing). */
  already_paid: z.array(z.string()),
  /** Batch pay: orders that could not be paid, each with why (the others are paid). */
  failed: z.array(z.object({ order_no: z.string(), message: z.string() })).default([]),
  amounts: z.array(currencyAmount),
  /** Balances after paying, per currency. */
  balances: z.array(z.object({ currency: z.string(), balance: z.number().int() })),
  /** Alipay: the cashier page the browser opens; the orders are paid when Alipay notifies. */
  pay_url: z.string().nullable(),
  out_trade_no: z.string().nullable(),
});
export type OrderPayReply = z.infer<typeof orderPayReplySchema>;

/** GET /order/payStatus: what the result pages show (spec §2 payResult, orderPayResult). */
export const orderPayStatusQuerySchema = z.object({
  order_nos: z
    .string()
    .trim()
    .min(1)
    .max(2000)
    .transform((v) => [...new Set(v.split(/[\s,]+/).filter(Boolean))])
    .refine((v) => v.length >= 1 && v.length <= ORDER_LIMITS.payBatch, { params: { rule: 'orderQueryMax' } }),
});
export const orderPayStatusSchema = z.object({
  orders: z.array(orderSchema),
  /** All of them paid. */
  success: z.boolean(),
  amounts: z.array(currencyAmount),
  balances: z.array(z.object({ currency: z.string(), balance: z.number().int() })),
});
