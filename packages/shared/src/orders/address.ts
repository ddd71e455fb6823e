import { z } from 'zod';
import { patchOf } from '../schema-utils.ts';

/**
 * Consignee addresses (spec §3 Address, §5 "enter a real address"). Required fields and the
 * formats of the phone and postcode depend on the country: China and the United States have
 * exact rules, a few other common destinations have their postcode pattern, and every other
 * country gets a sane fallback (a phone of 5–15 digits, an optional short postcode).
 */

export const ADDRESS_LIMITS = {
  name: 50,
  phone: 30,
  region: 50,
  street: 200,
  postcode: 12,
  /** Addresses one merchant may keep. */
  perMerchant: 200,
} as const;

interface CountryRule {
  /** The postcode pattern; null when the country has none required. */
  postcode: RegExp | null;
  postcodeRequired: boolean;
  provinceRequired: boolean;
  /** Accepts the phone after spaces, dashes, dots and parentheses are removed. */
  phone: RegExp;
}

const FALLBACK: CountryRule = {
  postcode: /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/,
  postcodeRequired: false,
  provinceRequired: false,
  phone: /^\+?\d{5,15}$/,
};

const RULES: Record<string, CountryRule> = {
  // Mainland mobile (11 digits from 1[3-9]) or a landline with area code, optionally +86.
  CN: {
    postcode: /^\d{6}$/,
    postcodeRequired: true,
    provinceRequired: true,
    phone: /^(\+?86)?(1[3-9]\d{9}|0\d{2,3}\d{7,8})$/,
  },
  // NANP: 10 digits (area code not starting 0/1), optionally +1 / 1.
  US: {
    postcode: /^\d{5}(-\d{4})?$/,
    postcodeRequired: true,
    provinceRequired: true,
    phone: /^(\+?1)?[2-9]\d{2}[2-9]\d{6}$/,
  },
  CA: {
    postcode: /^[A-Za-z]\d[A-Za-z] ?\d[A-Za-z]\d$/,
    postcodeRequired: true,
    provinceRequired: true,
    phone: /^(\+?1)?[2-9]\d{2}[2-9]\d{6}$/,
  },
  GB: {
    postcode: /^[A-Za-z]{1,2}\d[A-Za-z\d]? ?\d[A-Za-z]{2}$/,
    postcodeRequired: true,
    provinceRequired: false,
    phone: FALLBACK.phone,
  },
  DE: { postcode: /^\d{5}$/, postcodeRequired: true, provinceRequired: false, phone: FALLBACK.phone },
  FR: { postcode: /^\d{5}$/, postcodeRequired: true, provinceRequired: false, phone: FALLBACK.phone },
  JP: { postcode: /^\d{3}-?\d{4}$/, postcodeRequired: true, provinceRequired: true, phone: FALLBACK.phone },
  AU: { postcode: /^\d{4}$/, postcodeRequired: true, provinceRequired: true, phone: FALLBACK.phone },
};

export const ruleForCountry = (country: string): CountryRule => RULES[country] ?? FALLBACK;

/** The phone as the rules read it: without spaces, dashes, dots and parentheses. */
export const normalisePhone = (phone: string): string => phone.replace(/[\s().-]/g, '');

export interface AddressFields {
  country: string;
  province: string;
  city: string;
  area?: string;
  street: string;
  postcode: string;
  first_name: string;
  mobile_phone: string;
}

export type AddressRule = 'addressRequired' | 'addressPhone' | 'addressPostcode';
export interface AddressIssue {
  field: keyof AddressFields;
  rule: AddressRule;
}

/** What makes an address not "a real address" for its country (empty when it is fine). */
export function addressIssues(a: AddressFields): AddressIssue[] {
  const rule = ruleForCountry(a.country);
  const issues: AddressIssue[] = [];
  const blank = (v: string | undefined) => !v || v.trim() === '';
  if (rule.provinceRequired && blank(a.province)) issues.push({ field: 'province', rule: 'addressRequired' });
  if (!rule.phone.test(normalisePhone(a.mobile_phone)))
    issues.push({ field: 'mobile_phone', rule: 'addressPhone' });
  if (blank(a.postcode)) {
    if (rule.postcodeRequired) issues.push({ field: 'postcode', rule: 'addressRequired' });
  } else if (rule.postcode && !rule.postcode.test(a.postcode.trim())) {
    issues.push({ field: 'postcode', rule: 'addressPostcode' });
  }
  return issues;
}

const text = (max: number) => z.string().trim().max(max);
const required = (max: number) => text(max).min(1);

const addressShape = {
  first_name: required(ADDRESS_LIMITS.name),
  last_name: text(ADDRESS_LIMITS.name).default(''),
  mobile_phone: required(ADDRESS_LIMITS.phone),
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/),
  province: text(ADDRESS_LIMITS.region).default(''),
  city: required(ADDRESS_LIMITS.region),
  area: text(ADDRESS_LIMITS.region).default(''),
  street: required(ADDRESS_LIMITS.street),
  postcode: text(ADDRESS_LIMITS.postcode).default(''),
  is_default: z.boolean().default(false),
};

function checkReal(value: AddressFields, ctx: z.RefinementCtx) {
  for (const issue of addressIssues(value))
    ctx.addIssue({ code: 'custom', path: [issue.field], params: { rule: issue.rule } });
}

export const addressCreateSchema = z.object(addressShape).superRefine(checkReal);
/** A PATCH: any field, no defaults; the server merges it and checks the whole address again. */
export const addressUpdateSchema = patchOf(z.object(addressShape));

export const addressSchema = z.object({
  id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  mobile_phone: z.string(),
  country: z.string(),
  province: z.string(),
  city: z.string(),
  area: z.string(),
  street: z.string(),
  postcode: z.string(),
  is_default: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConsigneeAddress = z.infer<typeof addressSchema>;
export type AddressCreate = z.input<typeof addressCreateSchema>;

export const addressListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADDRESS_LIMITS.perMerchant).default(50),
  quickSearch: z.string().trim().max(100).optional(),
});
