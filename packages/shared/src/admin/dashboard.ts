import { z } from 'zod';
import { ORDER_STATUSES } from '../orders/order.ts';

/**
 * The home page of each tier (issue 26, decision 0072): the figures a merchant acts on, or a
 * supplier's and the platform's overview, or a factory's queue. Every figure is of the caller's
 * own scope; a figure that does not apply to the tier (or whose module is off) is null.
 */
const money = z.object({ currency: z.string(), balance: z.number().int(), held: z.number().int() });

export const dashboardUnpaidSchema = z.object({
  order_no: z.string(),
  total_amount: z.number().int(),
  currency: z.string(),
  expires_at: z.string(),
});

export const dashboardFinishedSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  created_at: z.string(),
  render_status: z.string(),
});

/** A finished product whose catalogue product was withdrawn or runs low (spec §3 Product stock). */
export const dashboardAttentionSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  reason: z.enum(['withdrawn', 'low_stock', 'out_of_stock']),
});

export const dashboardDaySchema = z.object({ day: z.string(), count: z.number().int() });

export const dashboardOverviewSchema = z.object({
  tier: z.enum(['platform', 'supplier', 'merchant', 'factory']),
  /** Merchant: balance and held amount per currency. */
  balances: z.array(money).nullable(),
  /** Merchant (within its data scope) and factory: orders per status. */
  orders: z.record(z.enum(ORDER_STATUSES), z.number().int()).nullable(),
  /** Merchant: the unpaid orders closest to timing out. */
  unpaid: z.array(dashboardUnpaidSchema).nullable(),
  /** Merchant, supplier, platform: after-sales requests still open (pending review). */
  aftersales_open: z.number().int().nullable(),
  /** Merchant: lines in the cart. */
  cart_lines: z.number().int().nullable(),
  /** Merchant: the latest finished products. */
  recent_finished: z.array(dashboardFinishedSchema).nullable(),
  /** Merchant: designed products whose catalogue product was withdrawn or runs low. */
  attention: z.array(dashboardAttentionSchema).nullable(),
  /** Platform: suppliers. */
  suppliers: z.number().int().nullable(),
  /** Platform and supplier: merchants, and those created in the last 7 days. */
  merchants: z.object({ total: z.number().int(), last_week: z.number().int() }).nullable(),
  /** Platform and supplier: bank-transfer recharges and withdrawals awaiting review. */
  pending_review: z.object({ recharges: z.number().int(), withdrawals: z.number().int() }).nullable(),
  /** Platform, supplier and factory: orders created per day, the last 14 days (oldest first). */
  orders_per_day: z.array(dashboardDaySchema).nullable(),
});

export type DashboardOverview = z.infer<typeof dashboardOverviewSchema>;
