import { queryIdList } from '../crud-schemas.ts';
import { z } from 'zod';
import { jsonInteger } from '../schema-utils.ts';
import { LIMITS } from '../limits.ts';

/**
 * The cart (spec §2 `/admin/publish/shopCart`, §3 Cart and settlement line, §5 "Add to cart needs
 * colour and size of a stock item; up to 50 finished products at once"). A line is a finished
 * product in one colour and size; its price is the pricing engine's at the time it was added, and
 * the cart list shows the current price beside it so a change is seen before paying.
 */

export const CART_LIMITS = {
  /** spec §9: one add takes at most this many finished products ("Single max 50 products"). */
  perAdd: LIMITS.cartBatch,
  /** Lines one merchant's cart may hold. */
  lines: 500,
  quantity: 10_000,
} as const;

const uuid = z.uuid();
const quantity = jsonInteger(1, CART_LIMITS.quantity);

export const cartItemSchema = z.object({
  finished_product_id: uuid,
  color_id: uuid,
  size_id: uuid,
  quantity: quantity.default(1),
});

export const cartAddSchema = z.object({
  items: z
    .array(cartItemSchema)
    .min(1)
    .refine((a) => a.length <= CART_LIMITS.perAdd, { params: { rule: 'cartPerAdd' } }),
});

export const cartUpdateSchema = z
  .object({ quantity: quantity.optional(), color_id: uuid.optional(), size_id: uuid.optional() })
  .refine((v) => v.quantity !== undefined || v.color_id !== undefined || v.size_id !== undefined, {
    params: { rule: 'nothingToChange' },
  });

/** DELETE needs the selected lines (spec §5: "Deleting needs selected items"). */
export const cartDeleteQuerySchema = z.object({ ids: queryIdList(CART_LIMITS.lines) });

export const CART_LINE_STATES = ['ok', 'price_changed', 'out_of_stock', 'unavailable'] as const;
export type CartLineState = (typeof CART_LINE_STATES)[number];

export const cartLineSchema = z.object({
  id: z.string(),
  finished_product_id: z.string(),
  finished_code: z.string(),
  name: z.string(),
  product_id: z.string(),
  style_code: z.string(),
  thumb_url: z.string().nullable(),
  color_id: z.string(),
  color_name: z.string(),
  size_id: z.string(),
  size_name: z.string(),
  quantity: z.number().int(),
  currency: z.string(),
  /** The unit price when the line was added (or last accepted). */
  unit_price: z.number().int(),
  /** The unit price today; null when the line cannot be priced (product gone). */
  current_unit_price: z.number().int().nullable(),
  subtotal: z.number().int(),
  /** Grams per piece, for the parcel weight. */
  weight: z.number().int(),
  state: z.enum(CART_LINE_STATES),
  /** Colours and sizes the line may switch to (in-stock SKUs of the finished product). */
  options: z.object({
    colors: z.array(z.object({ id: z.string(), name: z.string(), hex: z.string().optional() })),
    sizes: z.array(z.object({ id: z.string(), name: z.string(), color_ids: z.array(z.string()) })),
  }),
  created_at: z.string(),
});
export type CartLine = z.infer<typeof cartLineSchema>;

export const cartListReplySchema = z.object({
  list: z.array(cartLineSchema),
  total: z.number().int(),
});
