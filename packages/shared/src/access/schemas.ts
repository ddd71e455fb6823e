import { z } from 'zod';
import { adminPasswordSchema, emailSchema, mobileSchema, usernameSchema } from '../auth/fields.ts';
import { ADMIN_TIERS } from '../auth/schemas.ts';
import { patchOf } from '../schema-utils.ts';

export const RECORD_STATUSES = ['enabled', 'disabled'] as const;
export const DATA_SCOPES = ['all', 'custom', 'dept', 'dept_and_below', 'self'] as const;
export const MENU_TYPES = ['menu_dir', 'menu', 'button'] as const;
/**
 * How an external-link menu opens its url (spec §2 embedded pages): in a new browser window, or
 * inside a tab of the console (an iframe, kept alive like any tab).
 */
export const MENU_LINK_TARGETS = ['blank', 'iframe'] as const;
export type MenuLinkTarget = (typeof MENU_LINK_TARGETS)[number];

const status = z.enum(RECORD_STATUSES);
const sort = z.coerce.number().int().min(-100_000).max(100_000);

// ---- Roles (spec §3 Role) ----------------------------------------------------------------------
export const roleSchema = z.object({
  id: z.string(),
  tier: z.enum(ADMIN_TIERS),
  name: z.string(),
  code: z.string(),
  data_scope: z.enum(DATA_SCOPES),
  status,
  sort: z.number().int(),
  remark: z.string(),
  menu_ids: z.array(z.string()),
  department_ids: z.array(z.string()),
  created_at: z.string(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleCreateSchema = z.object({
  name: z.string().trim().min(1).max(50),
  /** The permission character, e.g. `order:list` or `operator`. */
  code: z
    .string()
    .trim()
    .min(1)
    .max(50)
    .regex(/^[A-Za-z][A-Za-z0-9_:.-]*$/),
  data_scope: z.enum(DATA_SCOPES).default('self'),
  status: status.default('enabled'),
  sort: sort.default(0),
  remark: z.string().max(200).default(''),
  menu_ids: z.array(z.uuid()).max(1000).default([]),
  /** Departments a "custom" data scope may see. */
  department_ids: z.array(z.uuid()).max(1000).default([]),
});
export const roleUpdateSchema = patchOf(roleCreateSchema);

// ---- Departments ---------------------------------------------------------------------------------
export const departmentSchema = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  name: z.string(),
  sort: z.number().int(),
  status,
  created_at: z.string(),
});
export const departmentCreateSchema = z.object({
  parent_id: z.uuid().nullable().default(null),
  name: z.string().trim().min(1).max(50),
  sort: sort.default(0),
  status: status.default('enabled'),
});
export const departmentUpdateSchema = patchOf(departmentCreateSchema);

// ---- Menus (spec §3 Menu; §5: parent, title, sort, url, component and path) ---------------------
export const menuSchema = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  type: z.enum(MENU_TYPES),
  title: z.string(),
  name: z.string(),
  permission: z.string(),
  icon: z.string(),
  path: z.string(),
  component: z.string(),
  url: z.string(),
  is_external: z.boolean(),
  link_target: z.enum(MENU_LINK_TARGETS),
  keepalive: z.boolean(),
  tiers: z.array(z.enum(ADMIN_TIERS)),
  sort: z.number().int(),
  status,
});
const menuFields = z.object({
  /** null for a top-level entry. */
  parent_id: z.uuid().nullable(),
  type: z.enum(MENU_TYPES),
  title: z.string().trim().min(1).max(50),
  name: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[A-Za-z][A-Za-z0-9_:./-]*$/),
  permission: z.string().max(100).default(''),
  icon: z.string().max(100).default(''),
  path: z.string().max(200).default(''),
  component: z.string().max(200).default(''),
  url: z.string().max(500).default(''),
  is_external: z.boolean().default(false),
  keepalive: z.boolean().default(false),
  tiers: z.array(z.enum(ADMIN_TIERS)).min(1),
  sort,
  status: status.default('enabled'),
});
/** The fields spec §5's menu form requires that depend on the entry's type. */
export type MenuRequiredField = 'parent_id' | 'path' | 'component' | 'url';

/**
 * spec §5 "Menu form: parent, title, sort, url, component and path required", read per type
 * (title and sort always are): a button needs its parent page; a directory and a page their path;
 * a page its component, or, when it is an external link, its url instead.
 */
export function menuRequiredFields(menu: {
  type: (typeof MENU_TYPES)[number];
  is_external: boolean;
}): MenuRequiredField[] {
  switch (menu.type) {
    case 'button':
      return ['parent_id'];
    case 'menu_dir':
      return ['path'];
    case 'menu':
      return menu.is_external ? ['path', 'url'] : ['path', 'component'];
  }
}

/** The required fields (per type) a menu leaves empty. */
export function missingMenuFields(menu: {
  type: (typeof MENU_TYPES)[number];
  is_external: boolean;
  parent_id: string | null;
  path: string;
  component: string;
  url: string;
}): MenuRequiredField[] {
  return menuRequiredFields(menu).filter((field) => !menu[field]?.trim());
}

/** An external link's url: http(s) for another site, or a path of this one. */
const menuUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^$|^https?:\/\/[^\s]+$|^\/[^\s]*$/);

const menuFieldsChecked = menuFields.extend({
  url: menuUrl.default(''),
  link_target: z.enum(MENU_LINK_TARGETS).default('blank'),
});

export const menuCreateSchema = menuFieldsChecked.superRefine((menu, ctx) => {
  for (const field of missingMenuFields(menu))
    ctx.addIssue({ code: 'custom', path: [field], params: { rule: 'required' }, message: 'required' });
});
export const menuUpdateSchema = patchOf(menuFieldsChecked);

// ---- Admin accounts (staff of a tier) -------------------------------------------------------------
export const adminAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  mobile: z.string(),
  email: z.string(),
  tier: z.enum(ADMIN_TIERS),
  is_primary: z.boolean(),
  status,
  is_locked: z.boolean(),
  department_id: z.string().nullable(),
  role_ids: z.array(z.string()),
  /** Factories the account is limited to (spec §6 factory permissions); empty means all. */
  factory_ids: z.array(z.string()),
  last_login_time: z.string().nullable(),
  last_login_ip: z.string().nullable(),
  created_at: z.string(),
});
export const adminAccountCreateSchema = z.object({
  username: usernameSchema,
  password: adminPasswordSchema,
  nickname: z.string().trim().max(30).default(''),
  mobile: mobileSchema.or(z.literal('')).default(''),
  email: emailSchema.or(z.literal('')).default(''),
  department_id: z.uuid().nullable().default(null),
  role_ids: z.array(z.uuid()).max(50).default([]),
  factory_ids: z.array(z.uuid()).max(200).default([]),
  status: status.default('enabled'),
});
export const adminAccountUpdateSchema = patchOf(
  adminAccountCreateSchema
    .omit({ username: true, password: true })
    .extend({ password: adminPasswordSchema, is_locked: z.boolean() }),
);

// ---- Admin tools -------------------------------------------------------------------------------
export const adminLogSchema = z.object({
  id: z.string(),
  username: z.string(),
  method: z.string(),
  url: z.string(),
  route: z.string(),
  operation_id: z.string(),
  status_code: z.string(),
  ip: z.string(),
  user_agent: z.string(),
  summary: z.unknown(),
  created_at: z.string(),
});
export const recycleSchema = z.object({
  id: z.string(),
  resource: z.string(),
  row_id: z.string(),
  data: z.unknown(),
  deleted_by: z.string().nullable(),
  created_at: z.string(),
});
export const sensitiveLogSchema = z.object({
  id: z.string(),
  resource: z.string(),
  row_id: z.string(),
  field: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  /**
   * Whether the change's values were recorded, so that it can be rolled back: a secret's (a
   * password hash) never are, and its entry says only that it changed.
   */
  can_rollback: z.boolean(),
  user_id: z.string().nullable(),
  created_at: z.string(),
});

/** A node of the caller's grantable menu tree (GET /api/v1/admin/menu/grantable), buttons included. */
export interface GrantableMenu {
  id: string;
  type: (typeof MENU_TYPES)[number];
  title: string;
  name: string;
  children: GrantableMenu[];
}
export const grantableMenuSchema: z.ZodType<GrantableMenu> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      type: z.enum(MENU_TYPES),
      title: z.string(),
      name: z.string(),
      children: z.array(grantableMenuSchema),
    }),
  )
  .meta({ id: 'GrantableMenu' });

export type Department = z.infer<typeof departmentSchema>;
export type Menu = z.infer<typeof menuSchema>;
export type AdminAccount = z.infer<typeof adminAccountSchema>;
export type AdminLog = z.infer<typeof adminLogSchema>;
export type RecycleEntry = z.infer<typeof recycleSchema>;
export type SensitiveLog = z.infer<typeof sensitiveLogSchema>;
