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
  finished_product_id: z.string(),
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

export const orderListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.pagination.maxPageSize)
    .default(LIMITS.pagination.defaultPageSize),
  status: z.enum(ORDER_STATUSES).optional(),
  /** Order numbers or third-party numbers separated by spaces or commas (spec §5: up to 50). */
  order_nos: z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((v) => (v ? [...new Set(v.split(/[\s,，]+/).filter(Boolean))] : undefined))
    .refine((v) => !v || v.length <= LIMITS.orderQuery.large, { params: { rule: 'orderQueryMax' } }),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .optional(),
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
});

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
