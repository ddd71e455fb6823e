import { z } from 'zod';
import { RECORD_STATUSES } from '../access/schemas.ts';
import { CURRENCIES } from '../i18n.ts';
import { patchOf } from '../schema-utils.ts';

/*
 * Logistics methods and rates (issue 10, spec §1 "factories have … logistics", §2 settlement
 * "logistics selection", §8 logistics errors). Weights are whole grams, prices integer minor units
 * (fen/cents) with their currency beside them.
 */

/** Bounds of the logistics forms (the spec names none; these keep input sane). */
export const SHIPPING_LIMITS = {
  carrierMax: 50,
  nameMax: 100,
  codeMax: 30,
  remarkMax: 500,
  /** Longest promised delivery, in days. */
  deliveryDaysMax: 365,
  /** Heaviest weight anywhere in a rate or a quote: one tonne, in grams. */
  weightMaxG: 1_000_000,
  /** Dearest first or additional price: 100,000.00 in minor units. */
  priceMax: 100_000_00,
} as const;

/** A method code: a letter or digit first, then letters, digits, `_` or `-` (e.g. `YUN-STD`). */
export const SHIPPING_CODE_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;
const COUNTRY_PATTERN = /^[A-Z]{2}$/;

/**
 * The message keys of spec §8's logistics errors. The server renders them (its `logistics`
 * messages); the web has the same keys in its locale files.
 */
export const LOGISTICS_ERRORS = {
  /** "No logistics available": no method serves the country and weight from the factory. */
  noneAvailable: 'logistics.noneAvailable',
  /** "Order information incomplete so no logistics available": no country or no weight. */
  incomplete: 'logistics.incomplete',
  /** "Current logistics unavailable or changed, refresh and reorder". */
  changed: 'logistics.changed',
} as const;
export type LogisticsErrorKey = (typeof LOGISTICS_ERRORS)[keyof typeof LOGISTICS_ERRORS];

const status = z.enum(RECORD_STATUSES);
/** An ISO 3166-1 alpha-2 code (the server also checks it against the ISO list it ships). */
export const countryCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine((v) => COUNTRY_PATTERN.test(v), { params: { rule: 'shippingCountry' } });
const days = z.number().int().min(0).max(SHIPPING_LIMITS.deliveryDaysMax);
const grams = z.number().int().min(1).max(SHIPPING_LIMITS.weightMaxG);
const price = z.number().int().min(0).max(SHIPPING_LIMITS.priceMax);

/** spec §5 style: a shortest delivery after the longest is refused, named on the longest. */
export const isDeliveryRangeValid = (v: { delivery_days_min?: number; delivery_days_max?: number }) =>
  v.delivery_days_min === undefined ||
  v.delivery_days_max === undefined ||
  v.delivery_days_min <= v.delivery_days_max;

/** A rate's max weight (when set) cannot be below its first weight. */
export const isMaxWeightValid = (v: { first_weight_g?: number; max_weight_g?: number | null }) =>
  v.max_weight_g === undefined ||
  v.max_weight_g === null ||
  v.first_weight_g === undefined ||
  v.max_weight_g >= v.first_weight_g;

// ---- Methods -------------------------------------------------------------------------------------
const shippingMethodFields = z.object({
  carrier: z.string().trim().min(1).max(SHIPPING_LIMITS.carrierMax),
  name: z.string().trim().min(1).max(SHIPPING_LIMITS.nameMax),
  /** Unique per supplier; orders and label imports name the method by it. */
  code: z
    .string()
    .trim()
    .refine((v) => v.length <= SHIPPING_LIMITS.codeMax && SHIPPING_CODE_PATTERN.test(v), {
      params: { rule: 'shippingCode' },
    }),
  destination_countries: z
    .array(countryCodeSchema)
    .max(250)
    .refine((v) => v.length > 0, { params: { rule: 'select' } }),
  delivery_days_min: days,
  delivery_days_max: days,
  status: status.default('enabled'),
  /** Larger sorts first (spec §5), among options of the same fee. */
  sort: z.number().int().min(-100_000).max(100_000).default(0),
  remark: z.string().trim().max(SHIPPING_LIMITS.remarkMax).default(''),
});
const deliveryRangeIssue = { path: ['delivery_days_max'], params: { rule: 'shippingDeliveryDays' } };

export const shippingMethodCreateSchema = shippingMethodFields.refine(
  isDeliveryRangeValid,
  deliveryRangeIssue,
);
/** PATCH: any field; the server checks the merged delivery range. */
export const shippingMethodUpdateSchema = patchOf(shippingMethodFields);
export const shippingMethodSchema = shippingMethodFields.extend({
  id: z.string(),
  /** How many ship-from factories have a rate for the method. */
  rate_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

// ---- Rates ---------------------------------------------------------------------------------------
const shippingRateFields = z.object({
  method_id: z.uuid(),
  /** The ship-from factory (its region); one rate per method and factory. */
  factory_id: z.uuid(),
  first_weight_g: grams,
  first_price: price,
  additional_weight_g: grams,
  additional_price: price,
  currency: z.enum(CURRENCIES).default('CNY'),
  /** Heaviest parcel the rate takes; null for no limit. */
  max_weight_g: grams.nullable().default(null),
  status: status.default('enabled'),
});
const maxWeightIssue = { path: ['max_weight_g'], params: { rule: 'shippingMaxWeight' } };

export const shippingRateCreateSchema = shippingRateFields.refine(isMaxWeightValid, maxWeightIssue);
/** PATCH: the method and factory of a rate are fixed; the server checks the merged max weight. */
export const shippingRateUpdateSchema = patchOf(
  shippingRateFields.omit({ method_id: true, factory_id: true }),
);
export const shippingRateSchema = shippingRateFields.extend({
  id: z.string(),
  method_name: z.string(),
  method_code: z.string(),
  carrier: z.string(),
  factory_name: z.string(),
  /** Grows with every change of price or availability (compare it at payment). */
  version: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ShippingRate = z.infer<typeof shippingRateSchema>;

// ---- Options at settlement -----------------------------------------------------------------------
/**
 * GET /api/v1/admin/logistics/options. Country and weight may be missing: then the answer is spec
 * §8's "order information incomplete so no logistics available", not a field error.
 */
export const shippingOptionsQuerySchema = z.object({
  country: z
    .string()
    .trim()
    .toUpperCase()
    .refine((v) => v === '' || COUNTRY_PATTERN.test(v), { params: { rule: 'shippingCountry' } })
    .optional(),
  /** Parcel weight in grams. */
  weight: z.coerce.number().int().min(0).max(SHIPPING_LIMITS.weightMaxG).optional(),
  /** The product's factory; without it the supplier's main (or first enabled) factory ships. */
  factory_id: z.uuid().optional(),
});

/** One method a parcel may take, with its fee (what checkout shows and later re-checks). */
export const shippingOptionSchema = z.object({
  method_id: z.string(),
  rate_id: z.string(),
  /** The rate's version when quoted; a different one at payment means the price changed. */
  rate_version: z.number().int(),
  carrier: z.string(),
  name: z.string(),
  code: z.string(),
  delivery_days_min: z.number().int(),
  delivery_days_max: z.number().int(),
  currency: z.enum(CURRENCIES),
  /** Minor units of `currency`. */
  fee: z.number().int(),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

export const shippingOptionsReplySchema = z.object({
  /** The factory the parcel ships from; null when the supplier has no enabled factory. */
  factory_id: z.string().nullable(),
  options: z.array(shippingOptionSchema),
});
export type ShippingOptionsReply = z.infer<typeof shippingOptionsReplySchema>;
