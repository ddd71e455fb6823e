import { z } from 'zod';
import { CARD_NUMBER_PATTERN, PHONE_PATTERN, POST_CODE_PATTERN } from '../patterns.ts';
import { RECORD_STATUSES } from '../access/schemas.ts';
import { adminPasswordSchema, usernameSchema } from '../auth/fields.ts';
import { patchOf, jsonInteger } from '../schema-utils.ts';

const status = z.enum(RECORD_STATUSES);
const count = jsonInteger(0, 1_000_000);
/** Money in minor units (fen/cents). */
const minor = jsonInteger(0, 100_000_000_00);
const day = z.iso.date();
const domain = z
  .string()
  .trim()
  .toLowerCase()
  .max(253)
  .regex(/^$|^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/);

// ---- Levels (spec §3 Level) ----------------------------------------------------------------------
const levelFields = z.object({
  name: z.string().trim().min(1).max(50),
  sequence: count.default(0),
  validity_days: z.coerce.number().int().min(1).max(3650).default(365),
  annual_fee: minor.default(0),
  price_type: z.enum(['free', 'paid']).default('free'),
  price: minor.default(0),
  price_mode: z.enum(['year']).default('year'),
  discount_type: z.enum(['none', 'discount']).default('none'),
  discount_rate: z.coerce.number().min(0).max(100).multipleOf(0.01).default(100),
  discount_start: day.nullable().default(null),
  discount_end: day.nullable().default(null),
  design_count: count.default(0),
  storage_count: count.default(0),
  supplier_user_count: count.default(0),
  factory_count: count.default(0),
  factory_user_count: count.default(0),
  merchant_count: count.default(0),
  merchant_user_count: count.default(0),
  product_template_count: count.default(0),
  platform_ids: z
    .array(z.enum(['tiktok', 'temu', 'other']))
    .max(10)
    .default([]),
  shop_count: count.default(0),
  is_default: z.boolean().default(false),
  status: status.default('enabled'),
});
const discountDatesInOrder = {
  check: (l: { discount_start: string | null; discount_end: string | null }) =>
    !l.discount_start || !l.discount_end || l.discount_start <= l.discount_end,
  params: { path: ['discount_end'], params: { rule: 'dateOrder' } },
};
export const levelCreateSchema = levelFields.refine(discountDatesInOrder.check, discountDatesInOrder.params);
/**
 * The supplier a merchant or merchant level is created for: named by the platform, which manages
 * every supplier's (spec §1, decision 0069). A supplier's rows are its own: it leaves this out.
 */
const tenantChoice = { tenant_id: z.uuid().nullable().default(null) };
export const merchantLevelCreateSchema = levelFields
  .extend(tenantChoice)
  .refine(discountDatesInOrder.check, discountDatesInOrder.params);
export const levelUpdateSchema = patchOf(levelFields);
export const levelSchema = levelFields.extend({
  id: z.string(),
  kind: z.enum(['supplier', 'merchant']),
  /** The supplier a merchant level belongs to; null for the platform's supplier levels. */
  tenant_id: z.string().nullable(),
  tenant_name: z.string(),
  discount_rate: z.number(),
  created_at: z.string(),
});
export type Level = z.infer<typeof levelSchema>;

// ---- Suppliers (spec §3 Supplier/tenant) --------------------------------------------------------
const supplierFields = z.object({
  name: z.string().trim().min(1).max(100),
  short_name: z.string().trim().max(30).default(''),
  level_id: z.uuid().nullable().default(null),
  level_start: day.nullable().default(null),
  level_end: day.nullable().default(null),
  settled_fee: minor.default(0),
  settled_mode: z.enum(['independent', 'cooperative']).default('cooperative'),
  domain: domain.default(''),
  logo: z.string().max(500).default(''),
  admin_domain: domain.default(''),
  factory_domain: domain.default(''),
  icp_domain: domain.default(''),
  icp_number: z.string().trim().max(60).default(''),
  /** PEM; stored encrypted, never returned. Empty keeps what is stored. */
  ssl_cert: z.string().max(20_000).default(''),
  ssl_key: z.string().max(20_000).default(''),
  verify_mode: z.enum(['click', 'off']).default('click'),
  verify_count: z.coerce.number().int().min(1).max(10).default(3),
  service_charge_mode: z.enum(['per_order', 'per_piece']).default('per_order'),
  service_charge_fee: minor.default(0),
  status: status.default('enabled'),
});
export const supplierCreateSchema = supplierFields.extend({
  /** The supplier's administrator, created with the tenant in one transaction. */
  admin_username: usernameSchema,
  admin_password: adminPasswordSchema,
});
export const supplierUpdateSchema = patchOf(supplierFields);
export const supplierSchema = supplierFields.omit({ ssl_cert: true, ssl_key: true }).extend({
  id: z.string(),
  ssl_cert_set: z.boolean(),
  ssl_key_set: z.boolean(),
  created_at: z.string(),
});

// ---- Payment accounts (spec §3) -----------------------------------------------------------------
const paymentAccountFields = z.object({
  account_name: z.string().trim().min(1).max(100),
  bank_type: z.string().trim().max(50).default(''),
  bank_name: z.string().trim().min(1).max(100),
  card_number: z
    .string()
    .trim()
    .regex(CARD_NUMBER_PATTERN)
    .transform((v) => v.replace(/[ -]/g, '')),
  currency: z.enum(['CNY', 'USD']),
  sort: z.coerce.number().int().min(-100_000).max(100_000).default(0),
  status: status.default('enabled'),
});
export const paymentAccountCreateSchema = paymentAccountFields;
export const paymentAccountUpdateSchema = patchOf(paymentAccountFields);
export const paymentAccountSchema = z.object({
  id: z.string(),
  account_name: z.string(),
  bank_type: z.string(),
  bank_name: z.string(),
  /** Masked (last four digits) unless the caller may reveal card numbers. */
  card_number: z.string(),
  currency: z.enum(['CNY', 'USD']),
  sort: z.number().int(),
  status,
  created_at: z.string(),
});

// ---- Exchange rates (spec §3, §5: two decimals, immutable once set) -----------------------------
export const exchangeRateCreateSchema = z.object({
  currency: z.enum(['USD']),
  /** x in "RMB = 1 : x": ¥1 buys x units of the currency (decision 0050); two decimals at most. */
  rate: z.coerce.number().positive().max(1_000_000).multipleOf(0.01),
  update_mode: z.enum(['manual', 'scheduled']).default('manual'),
  next_update_at: z.iso.datetime({ offset: true }).nullable().default(null),
});
export const exchangeRateUpdateSchema = z.object({}).strict();
export const exchangeRateSchema = z.object({
  id: z.string(),
  currency: z.enum(['CNY', 'USD']),
  rate: z.string(),
  update_mode: z.enum(['manual', 'scheduled']),
  effective_from: z.string(),
  next_update_at: z.string().nullable(),
  created_at: z.string(),
});

// ---- Merchants (spec §3 Merchant), managed by their supplier and by the platform ------------------------------------
const merchantFields = z.object({
  name: z.string().trim().min(1).max(100),
  number: z
    .string()
    .trim()
    .min(2)
    .max(20)
    .regex(/^[A-Za-z0-9_-]+$/),
  level_id: z.uuid().nullable().default(null),
  level_expires_at: z.iso.datetime({ offset: true }).nullable().default(null),
  status: status.default('enabled'),
});
export const merchantCreateSchema = merchantFields.extend({
  ...tenantChoice,
  /** The merchant's primary account, created with it. */
  primary_username: usernameSchema,
  primary_password: adminPasswordSchema,
  primary_mobile: z
    .string()
    .regex(/^(1[3-9]\d{9}|\+[1-9]\d{6,14})$/)
    .or(z.literal(''))
    .default(''),
});
export const merchantUpdateSchema = patchOf(merchantFields);
export const merchantSchema = z.object({
  id: z.string(),
  /** The supplier the merchant belongs to (the platform sees every supplier's merchants). */
  tenant_id: z.string(),
  tenant_name: z.string(),
  name: z.string(),
  number: z.string(),
  level_id: z.string().nullable(),
  level_expires_at: z.string().nullable(),
  status,
  primary_username: z.string(),
  primary_mobile: z.string(),
  sub_account_count: z.number().int(),
  /** Bytes of image storage used. */
  storage_used: z.number(),
  /** Wallet balances, minor units. */
  balance_cny: z.number(),
  balance_usd: z.number(),
  /** Marketplace shops; null until the shops module is installed. */
  shop_count: z.number().int().nullable(),
  created_at: z.string(),
});

// ---- Factories (spec §3 Factory / region / shipping address) -----------------------------------
const factoryFields = z.object({
  number: z
    .string()
    .trim()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z0-9_-]+$/),
  name: z.string().trim().min(1).max(100),
  regions: z
    .array(z.string().regex(/^[A-Z]{2}$/))
    .max(250)
    .default([]),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .default('CN'),
  province: z.string().trim().max(50).default(''),
  city: z.string().trim().max(50).default(''),
  district: z.string().trim().max(50).default(''),
  address: z.string().trim().min(1).max(200),
  post_code: z.string().trim().regex(POST_CODE_PATTERN).default(''),
  sender_name: z.string().trim().min(1).max(50),
  sender_phone: z.string().trim().regex(PHONE_PATTERN),
  is_main: z.boolean().default(false),
  status: status.default('enabled'),
});
export const factoryCreateSchema = factoryFields;
export const factoryUpdateSchema = patchOf(factoryFields);
export const factorySchema = factoryFields.extend({ id: z.string(), created_at: z.string() });

// ---- Sender (shipping) addresses, per factory (spec §3 Factory) ---------------------------------
const senderAddressFields = z.object({
  factory_id: z.uuid(),
  name: z.string().trim().min(1).max(50),
  phone: factoryFields.shape.sender_phone,
  country: factoryFields.shape.country,
  province: factoryFields.shape.province,
  city: factoryFields.shape.city,
  district: factoryFields.shape.district,
  address: z.string().trim().min(1).max(200),
  post_code: factoryFields.shape.post_code,
  is_default: z.boolean().default(false),
  status: status.default('enabled'),
});
export const senderAddressCreateSchema = senderAddressFields;
export const senderAddressUpdateSchema = patchOf(senderAddressFields.omit({ factory_id: true }));
export const senderAddressSchema = senderAddressFields.extend({
  id: z.string(),
  factory_name: z.string(),
  created_at: z.string(),
});
export type SenderAddress = z.infer<typeof senderAddressSchema>;

/** GET /api/v1/ajax/area: countries, or China's provinces → cities → districts. */
export const areaQuerySchema = z.object({
  type: z.enum(['country', 'area']).default('area'),
  province: z
    .string()
    .regex(/^\d{2}$/)
    .optional(),
  city: z
    .string()
    .regex(/^\d{4}$/)
    .optional(),
  /** Spec §7 lists it: the calling input's own id, which lets a client tell its requests apart. */
  uuid: z
    .string()
    .max(64)
    .optional()
    .describe('The calling input’s own id (spec §7); accepted and not used by the server.'),
});
export const areaOptionSchema = z.object({ value: z.string(), label: z.string() });

export type Supplier = z.infer<typeof supplierSchema>;
export type PaymentAccount = z.infer<typeof paymentAccountSchema>;
export type ExchangeRate = z.infer<typeof exchangeRateSchema>;
export type Merchant = z.infer<typeof merchantSchema>;
export type Factory = z.infer<typeof factorySchema>;
