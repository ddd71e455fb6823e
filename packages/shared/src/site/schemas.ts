import { z } from 'zod';

/**
 * Site info that fills the admin store and the app shell (spec §3 "Admin session" info and
 * "Site config"). Served by GET /api/v1/index for the tenant the request's host resolves to.
 */
export const siteInfoSchema = z.object({
  name: z.string(),
  supplier_name: z.string(),
  supplier_logo: z.string(),
  favicon: z.string(),
  website_title: z.string(),
  website_keywords: z.string(),
  website_description: z.string(),
  domain_icp: z.string(),
  template_flag: z.string(),
  contact: z.string(),
  mobile: z.string(),
  email: z.string(),
  address: z.string(),
  about_us: z.string(),
  user_type: z.string(),
  version: z.string(),
  languages: z.array(z.enum(['zh-cn', 'en'])),
  currencies: z.array(z.enum(['CNY', 'USD'])),
  /** Whether sign-in asks for the click captcha on this site (CAPTCHA setting and verify_mode). */
  captcha: z.boolean(),
  upload: z.object({
    mode: z.string(),
    maxSize: z.number().int(),
    allowedSuffixes: z.array(z.string()),
    allowedMimeTypes: z.array(z.string()),
  }),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;

// ---- System config (issue: admin tools) ---------------------------------------------------------

export const CONFIG_TYPES = ['string', 'text', 'number', 'boolean', 'list', 'select'] as const;

/** One setting as the config page edits it: its group, type, current value and default. */
export const configItemSchema = z.object({
  key: z.string(),
  group: z.string(),
  type: z.enum(CONFIG_TYPES),
  /** i18n key of the label. */
  title: z.string(),
  value: z.unknown(),
  default: z.unknown(),
  options: z.array(z.string()),
});
export type ConfigItem = z.infer<typeof configItemSchema>;

export const configUpdateSchema = z.object({
  values: z
    .record(z.string().max(60), z.unknown())
    .refine((v) => Object.keys(v).length > 0 && Object.keys(v).length <= 100),
});
