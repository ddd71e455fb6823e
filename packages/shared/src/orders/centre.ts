import { z } from 'zod';
import { jsonInteger } from '../schema-utils.ts';
import { LIMITS } from '../limits.ts';
import { addressCreateSchema } from './address.ts';
import { ORDER_LIMITS, ORDER_STATUSES, orderDetailSchema, orderSchema } from './order.ts';
import { shippingOptionSchema } from '../logistics/schemas.ts';

/**
 * The order centre (issue 19, decisions 0039–0040): the actions on an order, its timeline, its
 * ledger entries, the status counts and the SKU mappings of marketplace lines.
 */

/**
 * The actions of spec §4 and the statuses each is allowed in (decision 0039). The server enforces
 * this table in one place (orders/order-actions.ts); the web uses it to show the buttons.
 */
export const ORDER_ACTIONS = [
  'pay',
  'cancel',
  'cancel_request',
  'restore',
  'copy',
  'split',
  'modify_logistics',
  'modify_address',
  'remark',
  'link',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];
type Status = (typeof ORDER_STATUSES)[number];

export const ORDER_ACTION_STATUSES: Record<OrderAction, readonly Status[]> = {
  pay: ['unpaid'],
  cancel: ['unpaid'],
  /**
   * Paid and not shipped: through a cancel request (after-sales) reviewed by the supplier; once
   * production started it is the only way to cancel (issue 21, decision 0054).
   */
  cancel_request: ['paid', 'in_production'],
  restore: ['cancelled', 'timed_out'],
  copy: ORDER_STATUSES,
  split: ['unpaid'],
  modify_logistics: ['unpaid', 'paid'],
  modify_address: ['unpaid', 'paid'],
  remark: ORDER_STATUSES,
  link: ['unpaid'],
};

export const orderActionAllowed = (action: OrderAction, status: Status): boolean =>
  ORDER_ACTION_STATUSES[action].includes(status);

export const orderEventSchema = z.object({
  id: z.string(),
  action: z.string(),
  actor_name: z.string(),
  from_status: z.string().nullable(),
  to_status: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const orderLedgerEntrySchema = z.object({
  trade_no: z.string(),
  type: z.string(),
  currency: z.string(),
  /** Signed: negative for a debit. */
  amount: z.number().int(),
  created_at: z.string(),
  remark: z.string(),
});

export const orderCentreDetailSchema = orderDetailSchema.extend({
  events: z.array(orderEventSchema),
  ledger: z.array(orderLedgerEntrySchema),
  /** The actions allowed in the order's status (decision 0039). */
  actions: z.array(z.enum(ORDER_ACTIONS)),
});
export type OrderCentreDetail = z.infer<typeof orderCentreDetailSchema>;

export const orderStatusCountsSchema = z.object({
  all: z.number().int(),
  counts: z.record(z.enum(ORDER_STATUSES), z.number().int()),
});

const uuid = z.uuid();
const orderNo = z
  .string()
  .trim()
  .regex(/^[A-Z0-9]{6,32}$/);
const orderNos = (max: number) =>
  z
    .array(orderNo)
    .refine((a) => a.length >= 1, { params: { rule: 'selectAtLeastOne' } })
    .refine((a) => a.length <= max, {
      params: { rule: max === LIMITS.orderQuery.small ? 'orderQuerySmall' : 'orderQueryMax', max },
    });

export const orderRestoreSchema = z.object({ order_nos: orderNos(LIMITS.orderQuery.large) });
export const orderRestoreReplySchema = z.object({
  restored: z.array(orderSchema),
  /** Orders not cancelled or timed out (nothing to restore). */
  skipped: z.array(z.string()),
});

export const orderSplitSchema = z.object({
  /** The lines, and how many of each, that move to the new order (the rest stays). */
  lines: z
    .array(z.object({ line_id: uuid, quantity: jsonInteger(1, 10_000) }))
    .refine((a) => a.length >= 1, { params: { rule: 'selectAtLeastOne' } })
    .max(500),
});
export const orderSplitReplySchema = z.object({ orders: z.array(orderSchema) });

export const orderLogisticsSchema = z.object({ shipping_method_id: uuid });
export const orderShippingOptionsSchema = z.object({
  options: z.array(shippingOptionSchema.extend({ order_fee: z.number().int() })),
});

export const orderAddressChangeSchema = z.object({ address: addressCreateSchema });
export const orderRemarkSchema = z.object({ remark: z.string().trim().max(ORDER_LIMITS.remark) });

export const orderLinkSchema = z.object({
  finished_product_id: uuid,
  color_id: uuid,
  size_id: uuid,
  /** Remember the link for this shop and external SKU (default yes). */
  remember: z.boolean().default(true),
});
export const orderLineParamsSchema = z.object({ order_no: orderNo, line_id: uuid });

// ---- SKU mappings ----------------------------------------------------------------------------------
export const skuMappingSchema = z.object({
  id: z.string(),
  shop_id: z.string(),
  external_sku_id: z.string(),
  external_product_id: z.string(),
  external_skc_id: z.string(),
  finished_product_id: z.string(),
  color_id: z.string(),
  size_id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SkuMapping = z.infer<typeof skuMappingSchema>;

const externalId = z.string().trim().min(1).max(100);
export const skuMappingCreateSchema = z.object({
  shop_id: uuid,
  external_sku_id: externalId,
  external_product_id: z.string().trim().max(100).default(''),
  external_skc_id: z.string().trim().max(100).default(''),
  finished_product_id: uuid,
  color_id: uuid,
  size_id: uuid,
});
export const skuMappingUpdateSchema = z
  .object({ finished_product_id: uuid, color_id: uuid, size_id: uuid })
  .partial()
  .refine((v) => Object.keys(v).length > 0, { params: { rule: 'nothingToChange' } });
