import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { jsonInteger } from '../schema-utils.ts';

/**
 * Marketplace order sync and sync health (issue 20; spec §3 Order sync record, §5 order sync
 * days; decision 0052). Times are ISO strings; a shop's health is one of red, amber, green, or off
 * for a shop that does not sync (platform "other", not authorised, disabled).
 */

/** How an order reached the sync: a webhook's job, the periodic poll, or the merchant's "sync now". */
export const SYNC_CHANNELS = ['webhook', 'poll', 'manual'] as const;
export type SyncChannel = (typeof SYNC_CHANNELS)[number];
/**
 * What a sync record says: the upsert's outcome for one order, a failure to fetch it, or `run`,
 * the summary of one poll or manual sync.
 */
export const SYNC_OUTCOMES = ['created', 'updated', 'unchanged', 'stale', 'failed', 'run'] as const;
export type SyncOutcome = (typeof SYNC_OUTCOMES)[number];

export const SYNC_HEALTH_STATES = ['green', 'amber', 'red', 'off'] as const;
export type SyncHealthState = (typeof SYNC_HEALTH_STATES)[number];

/** Why a shop is not green (each shown in the user's language by the web). */
export const SYNC_HEALTH_REASONS = [
  'not_synced',
  'reauthorise',
  'token_expires_soon',
  'token_expiring',
  'poll_failed',
  'poll_overdue',
  'gaps',
  'refused_webhooks',
  'refused_webhooks_many',
] as const;
export type SyncHealthReason = (typeof SYNC_HEALTH_REASONS)[number];

/**
 * The thresholds of the health state (decision 0052). Red: the shop cannot sync, or will not
 * within a day. Amber: it syncs, but something needs a look.
 */
export const SYNC_HEALTH = {
  /** How often each authorised shop is polled, in minutes. */
  pollEveryMinutes: 5,
  /** A poll not done (successfully) for this long while authorised is overdue: red. */
  pollOverdueMinutes: 30,
  /** A token expiring within this many hours: red. */
  tokenRedHours: 24,
  /** A token expiring within this many days: amber. */
  tokenAmberDays: 7,
  /** Gaps and refused webhooks are counted over this many hours. */
  windowHours: 24,
  /** This many refused webhooks in the window (or more): red, someone is trying; fewer but some: amber. */
  refusedRed: 20,
} as const;

const page = z.coerce.number().int().min(1).max(100_000).default(1);
const limit = z.coerce
  .number()
  .int()
  .min(1)
  .max(LIMITS.pagination.maxPageSize)
  .default(LIMITS.pagination.defaultPageSize);
const time = z.string().nullable();

/** One sync record (spec §3: id, sync message, time, third-party order). */
export const syncRecordSchema = z.object({
  id: z.string(),
  shop_id: z.string(),
  shop_name: z.string(),
  platform: z.string(),
  channel: z.enum(SYNC_CHANNELS),
  outcome: z.enum(SYNC_OUTCOMES),
  /** Empty for a run's summary. */
  third_party_order_no: z.string(),
  /** Found by polling with no webhook announcing it (a missed webhook). */
  gap: z.boolean(),
  /** The sync message, in the reader's language. */
  message: z.string(),
  created_at: z.string(),
});
export type SyncRecord = z.infer<typeof syncRecordSchema>;

export const syncRecordListQuerySchema = z.object({
  page,
  limit,
  shop_id: z.uuid().optional(),
  third_party_order_no: z.string().trim().max(LIMITS.text.search).optional(),
  channel: z.enum(SYNC_CHANNELS).optional(),
  /** `true`: only the orders polling found that no webhook announced. */
  gaps: z.enum(['true', 'false']).optional(),
});
export type SyncRecordListQuery = z.input<typeof syncRecordListQuerySchema>;

export const syncRecordListReply = z.object({
  list: z.array(syncRecordSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});

/** A shop's sync health (issue 20 "sync health") with its sync settings. */
export const syncHealthSchema = z.object({
  shop_id: z.string(),
  shop_name: z.string(),
  platform: z.string(),
  auth_state: z.string(),
  state: z.enum(SYNC_HEALTH_STATES),
  reasons: z.array(z.enum(SYNC_HEALTH_REASONS)),
  /** spec §5 order sync days. */
  sync_days: z.number().int(),
  last_webhook_at: time,
  last_poll_at: time,
  /** The update-time window of the last poll. */
  last_poll_from: time,
  last_poll_to: time,
  /** Orders the last poll saw. */
  last_poll_orders: z.number().int(),
  /** The last poll's failure, in the reader's language; null when it succeeded. */
  last_poll_error: z.string().nullable(),
  next_poll_at: time,
  /** Orders polling found that no webhook announced, in the window. */
  gaps: z.number().int(),
  last_gap_at: time,
  /** Webhooks claiming this shop whose signature did not verify, in the window. */
  refused_webhooks: z.number().int(),
  /** When the shop's authorisation ends. */
  token_expires_at: time,
  /** Orders that arrived both by spreadsheet import and by sync and were merged into one. */
  merged_orders: z.number().int(),
});
export type SyncHealth = z.infer<typeof syncHealthSchema>;

export const syncHealthListReply = z.object({
  list: z.array(syncHealthSchema),
  counts: z.object({
    green: z.number().int(),
    amber: z.number().int(),
    red: z.number().int(),
    off: z.number().int(),
  }),
});

/** A shop's sync settings (spec §5: order sync days must be entered). */
export const syncSettingsSchema = z.object({
  sync_days: jsonInteger(LIMITS.orderSyncDays.min, LIMITS.orderSyncDays.max),
});
export type SyncSettingsInput = z.infer<typeof syncSettingsSchema>;

export const syncNowReplySchema = z.object({ job_id: z.string() });
