import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { jsonInteger } from '../schema-utils.ts';

/**
 * Tracking pushed back to the marketplaces (issue 21, spec §4 "order status sync to a third-party
 * platform", §5 "auto-shipping hours"; decision 0055). A push carries one shipped order's tracking
 * number and carrier to its TikTok Shop or Temu order; its record keeps the outcome per order.
 */

/** The marketplaces a push goes to: a shop of platform "other" is never synced (spec §4). */
export const TRACKING_PLATFORMS = ['tiktok', 'temu'] as const;
export type TrackingPlatform = (typeof TRACKING_PLATFORMS)[number];

/**
 * A push's life: queued (`pending`), being sent (`sending`), waiting to be tried again after a
 * retryable failure (`retrying`), done (`succeeded`: the marketplace's order is shipped) or given
 * up with the vendor's message (`failed`).
 */
export const TRACKING_PUSH_STATES = ['pending', 'sending', 'retrying', 'succeeded', 'failed'] as const;
export type TrackingPushState = (typeof TRACKING_PUSH_STATES)[number];

/** Who started a push: the merchant's "sync status", or the shop's auto-ship job. */
export const TRACKING_TRIGGERS = ['manual', 'auto'] as const;

/** The marketplace's side, as the platform records it after a push: only "shipped" (spec §4). */
export const MARKET_STATES = ['shipped'] as const;

/** What "sync status" answered for one selected order. */
export const TRACKING_SYNC_OUTCOMES = ['queued', 'already_synced', 'not_marketplace', 'no_shop'] as const;

/** The job that sends pushes (manual and auto-ship alike). */
export const TRACKING_JOBS = { push: 'tracking.push' } as const;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIMITS.pagination.maxPageSize)
  .default(LIMITS.pagination.defaultPageSize);
const isoTime = z.iso.datetime({ offset: true });

export const trackingSyncSchema = z.object({
  order_ids: z.array(z.uuid()).min(1).max(LIMITS.trackingSyncBatch),
});
export type TrackingSyncInput = z.input<typeof trackingSyncSchema>;

export const trackingSyncResultSchema = z.object({
  order_id: z.string(),
  order_no: z.string(),
  outcome: z.enum(TRACKING_SYNC_OUTCOMES),
  message: z.string(),
});

export const trackingSyncReplySchema = z.object({
  /** The push job; null when nothing was queued (every order already synced). */
  job_id: z.string().nullable(),
  queued: z.number().int(),
  results: z.array(trackingSyncResultSchema),
});
export type TrackingSyncReply = z.output<typeof trackingSyncReplySchema>;

/** One push as the job reports it (its result lists every push it handled). */
export const trackingJobEntrySchema = z.object({
  push_id: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  state: z.enum(TRACKING_PUSH_STATES),
  market_state: z.enum(MARKET_STATES).nullable(),
  /** The vendor's message (or ours) when it did not succeed. */
  message: z.string().nullable(),
});
export const trackingJobResultSchema = z.object({
  total: z.number().int(),
  succeeded: z.number().int(),
  failed: z.number().int(),
  retrying: z.number().int(),
  results: z.array(trackingJobEntrySchema),
});
export type TrackingJobResult = z.output<typeof trackingJobResultSchema>;

export const trackingPushSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  order_no: z.string(),
  third_party_order_no: z.string(),
  shop_id: z.string(),
  shop_name: z.string(),
  platform: z.enum(TRACKING_PLATFORMS),
  tracking_no: z.string(),
  carrier: z.string(),
  provider_id: z.string().nullable(),
  state: z.enum(TRACKING_PUSH_STATES),
  market_state: z.enum(MARKET_STATES).nullable(),
  trigger: z.enum(TRACKING_TRIGGERS),
  attempts: z.number().int(),
  /** The vendor's package ids the shipment was recorded on. */
  package_ids: z.array(z.string()),
  error_kind: z.string().nullable(),
  /** What went wrong, in the vendor's words where it said so. */
  error: z.string().nullable(),
  next_attempt_at: isoTime.nullable(),
  pushed_at: isoTime.nullable(),
  created_at: isoTime,
  updated_at: isoTime,
});
export type TrackingPush = z.output<typeof trackingPushSchema>;

export const trackingPushListQuerySchema = z.object({
  page,
  limit,
  state: z.enum(TRACKING_PUSH_STATES).optional(),
  order_no: z.string().trim().max(40).optional(),
  shop_id: z.uuid().optional(),
});
export const trackingPushListReply = z.object({
  list: z.array(trackingPushSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** Our carrier (a logistics method's carrier) → the vendor's shipping provider id in one shop. */
export const carrierMappingSchema = z.object({
  carrier: z.string().trim().min(1).max(100),
  provider_id: z.string().trim().min(1).max(64),
  provider_name: z.string().trim().max(100).default(''),
});
export type CarrierMapping = z.output<typeof carrierMappingSchema>;

export const trackingShopSettingsInputSchema = z
  .object({
    auto_ship_enabled: z.boolean(),
    auto_ship_hours: jsonInteger(LIMITS.autoShipHours.min, LIMITS.autoShipHours.max),
    /** Used for a carrier without its own mapping; none refuses such an order's push. */
    default_provider_id: z.string().trim().min(1).max(64).nullable(),
    carrier_map: z.array(carrierMappingSchema).max(100),
  })
  .refine((v) => new Set(v.carrier_map.map((m) => m.carrier)).size === v.carrier_map.length, {
    path: ['carrier_map'],
    params: { rule: 'trackingCarrierTwice' },
  });
export type TrackingShopSettingsInput = z.input<typeof trackingShopSettingsInputSchema>;

export const trackingShopSettingsSchema = z.object({
  shop_id: z.string(),
  platform: z.enum(['tiktok', 'temu', 'other']),
  auto_ship_enabled: z.boolean(),
  auto_ship_hours: z.number().int(),
  default_provider_id: z.string().nullable(),
  carrier_map: z.array(carrierMappingSchema),
  /** Our carriers (the supplier's logistics methods'), to map. */
  carriers: z.array(z.string()),
});
export type TrackingShopSettings = z.output<typeof trackingShopSettingsSchema>;

export const shippingProviderSchema = z.object({ id: z.string(), name: z.string() });
export const shippingProvidersReplySchema = z.object({ providers: z.array(shippingProviderSchema) });
export type ShippingProvider = z.output<typeof shippingProviderSchema>;
