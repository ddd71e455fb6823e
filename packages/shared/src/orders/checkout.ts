import { z } from 'zod';
import { jsonInteger } from '../schema-utils.ts';
import { idempotencyKeySchema } from '../wallet/schemas.ts';
import { CART_LIMITS } from './cart.ts';
import { ORDER_LIMITS, ORDER_PLATFORMS, orderPayReplySchema, orderSchema } from './order.ts';
import { addressSchema } from './address.ts';
import { shippingOptionSchema } from '../logistics/schemas.ts';

/**
 * Settlement (spec §2 `/admin/settlement`, §3 Cart and settlement line, §5 "Checkout needs a
 * selected finished product, a consignee address and a logistics method"). The preview prices
 * the selected cart lines again and lists the logistics methods per address; the submit sends back
 * the prices and fees the user saw, so a change in between is refused instead of charged.
 * One order per consignee address (decision 0024).
 */

export const CHECKOUT_LIMITS = {
  /** Consignee addresses (= orders) of one settlement. */
  addresses: 20,
} as const;

const uuid = z.uuid();
const price = jsonInteger(0);

const lineIds = z
  .array(uuid)
  .refine((a) => a.length >= 1, { params: { rule: 'selectAtLeastOne' } })
  .max(CART_LIMITS.lines);

export const settlementPreviewSchema = z.object({
  cart_line_ids: lineIds,
  addresses: z
    .array(z.object({ address_id: uuid, shipping_method_id: uuid.nullish() }))
    .max(CHECKOUT_LIMITS.addresses)
    .default([]),
});

export const settlementLineSchema = z.object({
  cart_line_id: z.string(),
  finished_product_id: z.string(),
  finished_code: z.string(),
  name: z.string(),
  style_code: z.string(),
  thumb_url: z.string().nullable(),
  color_name: z.string(),
  size_name: z.string(),
  quantity: z.number().int(),
  /** The price now, which the order will carry. */
  unit_price: z.number().int(),
  /** The price when the line was added to the cart. */
  added_unit_price: z.number().int(),
  price_changed: z.boolean(),
  subtotal: z.number().int(),
});

export const settlementOrderSchema = z.object({
  address: addressSchema,
  options: z.array(shippingOptionSchema),
  /** The chosen method (or the cheapest when none was chosen); null when none is available. */
  shipping: shippingOptionSchema.nullable(),
  /** Why no method is listed: an i18n message (spec §8), or null. */
  shipping_error: z.string().nullable(),
  product_amount: z.number().int(),
  shipping_amount: z.number().int(),
  total_amount: z.number().int(),
});

export const settlementPreviewReplySchema = z.object({
  currency: z.string(),
  lines: z.array(settlementLineSchema),
  total_quantity: z.number().int(),
  /** Parcel weight of one order in grams. */
  weight: z.number().int(),
  factory: z.object({ id: z.string(), name: z.string() }).nullable(),
  orders: z.array(settlementOrderSchema),
  product_amount: z.number().int(),
  shipping_amount: z.number().int(),
  total_amount: z.number().int(),
  balances: z.array(z.object({ currency: z.string(), balance: z.number().int() })),
  price_changed: z.boolean(),
  /** Every address has a method: the order can be submitted. */
  can_submit: z.boolean(),
});
export type SettlementPreview = z.infer<typeof settlementPreviewReplySchema>;

export const SETTLEMENT_PAY = ['balance', 'later'] as const;

export const settlementSubmitSchema = z.object({
  /** The selected lines with the unit price the user was shown. */
  lines: z
    .array(z.object({ cart_line_id: uuid, unit_price: price }))
    .refine((a) => a.length >= 1, { params: { rule: 'selectAtLeastOne' } })
    .max(CART_LIMITS.lines),
  /** One order per address, each with its chosen method and the fee the user was shown. */
  addresses: z
    .array(z.object({ address_id: uuid, shipping_method_id: uuid, shipping_fee: price }))
    .refine((a) => a.length >= 1, { params: { rule: 'checkoutAddress' } })
    .max(CHECKOUT_LIMITS.addresses),
  remark: z.string().trim().max(ORDER_LIMITS.remark).default(''),
  third_party_order_no: z.string().trim().max(ORDER_LIMITS.thirdPartyNo).default(''),
  platform: z.enum(ORDER_PLATFORMS).nullish(),
  shop_name: z.string().trim().max(ORDER_LIMITS.shopName).default(''),
  /** "Pay by balance" pays at once; "submit order" leaves the orders unpaid to pay later. */
  pay: z.enum(SETTLEMENT_PAY).default('later'),
  /** A retried submit with the same key returns the first result and creates nothing. */
  idempotency_key: idempotencyKeySchema,
});

export const settlementSubmitReplySchema = z.object({
  orders: z.array(orderSchema),
  /** The payment's result when `pay` was "balance". */
  payment: orderPayReplySchema.nullable(),
  /** Why paying failed (orders stay unpaid and can be paid again), or null. */
  payment_error: z.string().nullable(),
  replayed: z.boolean(),
});
