import { z } from 'zod';
import { RECORD_STATUSES } from '../access/schemas.ts';
import { LIMITS } from '../limits.ts';
import { patchOf } from '../schema-utils.ts';

/*
 * Marketplace shops (issue 18; spec §1 platform kinds, §2 shops, §3 Shop and Risk word, §4 shop
 * authorisation, §5 risk words, §6 the level's shop quota). Tokens and secrets never appear in any
 * of these shapes: a reply says which authorisations a shop holds and until when, nothing more.
 */

/** spec §1: a short-video marketplace (TikTok Shop), a semi-managed one (Temu), and "other". */
export const SHOP_PLATFORMS = ['tiktok', 'temu', 'other'] as const;
export type ShopPlatform = (typeof SHOP_PLATFORMS)[number];

/** spec §4 authorised / unauthorised, plus "needs re-authorisation" (expired or revoked). */
export const SHOP_AUTH_STATES = ['unauthorised', 'authorised', 'reauthorise'] as const;
export type ShopAuthState = (typeof SHOP_AUTH_STATES)[number];

/**
 * The authorisations a shop holds (spec §3 Shop: product token, US order token, global order
 * token): TikTok Shop has one (`default`), Temu one per purpose and gateway.
 */
export const SHOP_TOKEN_SLOTS = ['default', 'product', 'order_us', 'order_global'] as const;
export type ShopTokenSlot = (typeof SHOP_TOKEN_SLOTS)[number];
export const SLOTS_OF: Readonly<Record<ShopPlatform, readonly ShopTokenSlot[]>> = {
  tiktok: ['default'],
  temu: ['product', 'order_us', 'order_global'],
  other: [],
};

export const SHOP_LIMITS = {
  nameMax: 60,
  codeMax: 60,
  sellerIdMax: 60,
  sortMax: 1_000_000,
  /** spec §5: risk words and their level, at most 500 characters each. */
  riskWordChars: LIMITS.riskWordChars,
  /** Risk words added in one go (several lines of the batch form). */
  riskWordBatch: 500,
} as const;

const status = z.enum(RECORD_STATUSES);
const platform = z.enum(SHOP_PLATFORMS);
const slot = z.enum(SHOP_TOKEN_SLOTS);

/** A warehouse linked to a shop (spec §3: associated warehouses, name, id, link time). */
export const linkedWarehouseSchema = z.object({
  id: z.string(),
  name: z.string(),
  linked_at: z.string(),
});

/** One authorisation of a shop, as a reply may show it: whether it is held, and until when. */
export const shopAuthorisationSchema = z.object({
  slot,
  is_authorised: z.boolean(),
  /** When the authorisation ends (TikTok: the refresh token's end; Temu: the token's). */
  expires_at: z.string().nullable(),
});

export const shopSchema = z.object({
  id: z.string(),
  merchant_id: z.string(),
  name: z.string(),
  platform,
  sort: z.number().int(),
  status,
  auth_state: z.enum(SHOP_AUTH_STATES),
  code: z.string().nullable(),
  seller_id: z.string().nullable(),
  seller_name: z.string().nullable(),
  region: z.string().nullable(),
  /** spec §3 Shop "expiry": when the authorisation ends. */
  auth_expires_at: z.string().nullable(),
  authorised_at: z.string().nullable(),
  /** The vendor's reason when the shop needs re-authorisation. */
  auth_error: z.string().nullable(),
  authorisations: z.array(shopAuthorisationSchema),
  system_warehouse_id: z.string().nullable(),
  system_warehouse_name: z.string().nullable(),
  warehouses: z.array(linkedWarehouseSchema),
  /** spec §3 Shop: creating and operating account. */
  created_by_name: z.string().nullable(),
  updated_by_name: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Shop = z.infer<typeof shopSchema>;

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .transform((v) => (v === '' ? null : v));

const shopFields = z.object({
  name: z.string().trim().min(1).max(SHOP_LIMITS.nameMax),
  platform,
  sort: z.number().int().min(0).max(SHOP_LIMITS.sortMax).default(0),
  status: status.default('enabled'),
  /** The merchant's own code and id of a shop of kind "other"; TikTok and Temu fill them in on authorisation. */
  code: optionalText(SHOP_LIMITS.codeMax).default(null),
  seller_id: optionalText(SHOP_LIMITS.sellerIdMax).default(null),
});
export const shopCreateSchema = shopFields;
/** A shop's platform is chosen once: its authorisations and orders belong to it. */
export const shopUpdateSchema = patchOf(shopFields.omit({ platform: true }));

// ---- Authorisation -------------------------------------------------------------------------------

export const shopAuthoriseBodySchema = z.object({
  /** Which authorisation to obtain; TikTok's only one by default. */
  slot: slot.optional(),
});
export const shopAuthoriseReplySchema = z.object({
  /** The vendor's page the browser opens (it carries the signed `state`). */
  url: z.string(),
  expires_at: z.string(),
});

/** What the landing pages (`/thirdparty/tiktokshopapi/tkRedirect`, Temu's) post back. */
export const shopOauthCallbackBodySchema = z.object({
  platform: z.enum(['tiktok', 'temu']),
  code: z.string().min(1).max(4096),
  state: z.string().min(1).max(1024),
});
export const shopOauthCallbackReplySchema = z.object({
  shop_id: z.string(),
  shop_name: z.string(),
  platform,
  slot,
  seller_name: z.string().nullable(),
  auth_expires_at: z.string().nullable(),
});

// ---- Warehouses ----------------------------------------------------------------------------------

export const vendorWarehouseSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string().nullable(),
  is_default: z.boolean(),
  region: z.string().nullable(),
  is_linked: z.boolean(),
});
export const shopWarehousesReplySchema = z.object({
  vendor: z.array(vendorWarehouseSchema),
  linked: z.array(linkedWarehouseSchema),
  system_warehouse_id: z.string().nullable(),
});
const vendorWarehouseId = z.string().trim().min(1).max(64);
export const shopWarehouseLinkBodySchema = z.object({ warehouse_id: vendorWarehouseId });
export const shopWarehouseParamsSchema = z.object({ id: z.uuid(), warehouse_id: vendorWarehouseId });
export const shopSystemWarehouseBodySchema = z.object({ warehouse_id: vendorWarehouseId.nullable() });

// ---- Risk words ------------------------------------------------------------------------------------

const riskText = z.string().trim().max(SHOP_LIMITS.riskWordChars);
export const riskWordSchema = z.object({
  id: z.string(),
  word: z.string(),
  level: z.string(),
  created_at: z.string(),
});
export type RiskWord = z.infer<typeof riskWordSchema>;
export const riskWordCreateSchema = z.object({
  word: riskText.min(1),
  level: riskText.default(''),
});
export const riskWordUpdateSchema = patchOf(riskWordCreateSchema);

/** spec §5: several risk words at once, one per line; blank lines and duplicates are ignored. */
export const riskWordBatchBodySchema = z.object({
  words: z.string().max(SHOP_LIMITS.riskWordBatch * (SHOP_LIMITS.riskWordChars + 2)),
  level: riskText.default(''),
});
export const riskWordBatchReplySchema = z.object({
  added: z.number().int(),
  /** Lines already in the list, or repeated in the batch. */
  skipped: z.number().int(),
});

/** The words of a batch, one per line: trimmed, blanks dropped, each once (first wins). */
export function splitRiskWords(text: string): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    const word = line.trim();
    if (!word || seen.has(word)) continue;
    seen.add(word);
    out.push(word);
  }
  return out;
}

// ---- Webhooks ----------------------------------------------------------------------------------------

export const shopWebhookReplySchema = z.object({ accepted: z.boolean() });
