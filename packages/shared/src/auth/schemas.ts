import { z } from 'zod';
import { siteInfoSchema } from '../site/schemas.ts';
import {
  adminPasswordSchema,
  captchaIdSchema,
  captchaInfoSchema,
  emailSchema,
  memberPasswordSchema,
  merchantNumberSchema,
  mobileSchema,
  usernameSchema,
  verificationCodeSchema,
  withConfirmation,
} from './fields.ts';

// ---------------------------------------------------------------------------------------------
// Click captcha (spec §5 "click the prompted characters in order"; §7 common calls)

export const clickCaptchaQuerySchema = z.object({ id: captchaIdSchema });
export const clickCaptchaSchema = z.object({
  id: z.string(),
  /** The characters to click, in order. */
  text: z.array(z.string()),
  /** PNG as a data URL. */
  base64: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  /** Seconds until the captcha expires. */
  expire: z.number().int(),
});
export type ClickCaptcha = z.infer<typeof clickCaptchaSchema>;

export const checkClickCaptchaBodySchema = z.object({
  id: captchaIdSchema,
  info: captchaInfoSchema,
  /** true: consume now. false: keep it, marked as passed, for the login that follows. */
  unset: z.boolean().default(false),
});

// ---------------------------------------------------------------------------------------------
// Admin area (spec §3 "Admin session", §7 Auth)

const captchaFields = {
  captchaId: captchaIdSchema.optional(),
  captchaInfo: captchaInfoSchema.optional(),
};

export const adminLoginBodySchema = z.object({
  username: usernameSchema,
  // Login checks only presence and length: a wrong password is "wrong credentials", not a rule.
  password: z.string().min(1).max(64),
  ...captchaFields,
  /** Keep me signed in: a 30-day refresh token instead of 1 day. */
  keep: z.boolean().default(false),
});
export type AdminLoginBody = z.input<typeof adminLoginBodySchema>;

export const adminRegisterBodySchema = withConfirmation(
  z.object({
    username: usernameSchema,
    password: adminPasswordSchema,
    confirmPassword: z.string(),
    merchant_number: merchantNumberSchema,
    mobile: mobileSchema,
    /** The SMS code sent by POST /api/v1/verify/code with event "register". */
    code: verificationCodeSchema,
  }),
);
export type AdminRegisterBody = z.input<typeof adminRegisterBodySchema>;

export const VERIFY_EVENTS = ['register', 'retrieve_password', 'change_bind', 'verify'] as const;
export type VerifyEvent = (typeof VERIFY_EVENTS)[number];

export const verifyCodeBodySchema = z.object({
  mobile: mobileSchema,
  event: z.enum(VERIFY_EVENTS),
});

/**
 * Admin "forgot password" (issue 27), step 1: a code to the account's own bound mobile (SMS) or
 * e-mail. The answer is the same whether or not the account exists or has that binding.
 */
export const adminRetrieveCodeBodySchema = z.object({
  username: usernameSchema,
  type: z.enum(['mobile', 'email']),
});
/** Step 2: the code and the new password (admin rules); every sign-in of the account ends. */
export const adminRetrievePasswordBodySchema = withConfirmation(
  z.object({
    username: usernameSchema,
    type: z.enum(['mobile', 'email']),
    code: verificationCodeSchema,
    password: adminPasswordSchema,
    confirmPassword: z.string(),
  }),
);
export type AdminRetrievePasswordBody = z.input<typeof adminRetrievePasswordBodySchema>;

export const refreshBodySchema = z.object({ token: z.string().min(20).max(200) });

export const tokenPairSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const ADMIN_TIERS = ['platform', 'supplier', 'factory', 'merchant'] as const;

export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  last_login_time: z.string().nullable(),
  tier: z.enum(ADMIN_TIERS),
  is_primary: z.boolean(),
  merchant: z.object({ id: z.string(), name: z.string(), number: z.string() }).nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** A menu node as the web builds routes and hides buttons from (filled by the access issue). */
export interface MenuNode {
  id: string;
  type: 'menu_dir' | 'menu' | 'button';
  title: string;
  name: string;
  path: string;
  component: string;
  icon: string;
  keepalive: boolean;
  /** The permission a menu item grants its holder (e.g. `role:list`); '' for none. */
  permission: string;
  /** An external link's address (spec §3 Menu "external link flag", "url"); '' otherwise. */
  url: string;
  is_external: boolean;
  /** How the external link opens: a new window, or an iframe tab of the console. */
  link_target: 'blank' | 'iframe';
  buttons: string[];
  children: MenuNode[];
}
export const menuNodeSchema: z.ZodType<MenuNode> = z
  .lazy(() =>
    z.object({
      id: z.string(),
      type: z.enum(['menu_dir', 'menu', 'button']),
      title: z.string(),
      name: z.string(),
      path: z.string(),
      component: z.string(),
      icon: z.string(),
      keepalive: z.boolean(),
      permission: z.string(),
      url: z.string(),
      is_external: z.boolean(),
      link_target: z.enum(['blank', 'iframe']),
      buttons: z.array(z.string()),
      children: z.array(menuNodeSchema),
    }),
  )
  .meta({ id: 'MenuNode' });

/** GET /api/v1/auth/index: the signed-in admin's session. */
export const adminSessionSchema = z.object({
  user: adminUserSchema,
  info: siteInfoSchema,
  settings: z.object({ product_tag_type: z.string() }),
  menus: z.array(menuNodeSchema),
  /**
   * The address of every page of the menu catalogue, granted or not (e.g. `tenancy/supplier`):
   * an admin path outside these and the fixed routes is unknown (/404), one inside them that the
   * user's menus do not grant is refused (/401) (spec §2 route guards).
   */
  menu_paths: z.array(z.string()),
});
export type AdminSession = z.infer<typeof adminSessionSchema>;

/** POST /api/v1/auth/login: the session plus its tokens. */
export const adminLoginReplySchema = adminSessionSchema.extend(tokenPairSchema.shape);
export type AdminLoginReply = z.infer<typeof adminLoginReplySchema>;

// ---------------------------------------------------------------------------------------------
// Member area (spec §3 "Member user", §7 Member area)

export const memberUserInfoSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  /** 0 unknown, 1 male, 2 female. */
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  birthday: z.string().nullable(),
  /** Balance in minor units (fen). */
  money: z.number().int(),
  score: z.number().int(),
  last_login_time: z.string().nullable(),
  last_login_ip: z.string().nullable(),
  join_time: z.string(),
  motto: z.string(),
});
export type MemberUserInfo = z.infer<typeof memberUserInfoSchema>;

export const memberSessionSchema = memberUserInfoSchema.extend({
  token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
});
export type MemberSession = z.infer<typeof memberSessionSchema>;

export const memberCheckInBodySchema = z.discriminatedUnion('tab', [
  z.object({
    tab: z.literal('login'),
    username: usernameSchema,
    password: z.string().min(1).max(64),
    ...captchaFields,
    keep: z.boolean().default(false),
  }),
  withConfirmation(
    z.object({
      tab: z.literal('register'),
      username: usernameSchema,
      password: memberPasswordSchema,
      confirmPassword: z.string(),
      mobile: mobileSchema,
      email: emailSchema.optional(),
      /** The SMS code sent by POST /api/Sms/send with template_code "user_register". */
      code: verificationCodeSchema,
    }),
  ),
]);
export type MemberCheckInBody = z.input<typeof memberCheckInBodySchema>;
export const memberCheckInReplySchema = z.object({ userInfo: memberSessionSchema });

export const memberLogoutBodySchema = z.object({ refreshToken: z.string().max(200).optional() });
/** PUT /api/user/refresh {token}: a new member access token and a rotated refresh token. */
export const memberRefreshBodySchema = refreshBodySchema;
export const memberTokenPairSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
});

export const memberProfileBodySchema = z.object({
  nickname: z.string().trim().min(1).max(30),
  avatar: z.string().max(500).default(''),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
  birthday: z.iso.date().nullable().default(null),
  motto: z.string().max(200).default(''),
});

/** PUT /api/account/avatar: an image the member uploaded (topic image), or null to clear (issue 27). */
export const memberAvatarBodySchema = z.object({ attachment_id: z.uuid().nullable() });

export const changePasswordBodySchema = withConfirmation(
  z.object({
    oldPassword: z.string().min(1).max(64),
    newPassword: memberPasswordSchema,
    confirmPassword: z.string(),
  }),
  'newPassword',
);

export const BIND_TYPES = ['mobile', 'email'] as const;

export const accountVerificationBodySchema = z.object({
  type: z.enum(BIND_TYPES),
  /** Code sent to the member's current mobile or e-mail (event "verify"). */
  captcha: verificationCodeSchema,
});
export const accountVerificationReplySchema = z.object({
  type: z.enum(BIND_TYPES),
  account_verification_token: z.string(),
});

export const changeBindBodySchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('mobile'),
    mobile: mobileSchema,
    captcha: verificationCodeSchema,
    account_verification_token: z.string().min(10).max(1000),
  }),
  z.object({
    type: z.literal('email'),
    email: emailSchema,
    captcha: verificationCodeSchema,
    account_verification_token: z.string().min(10).max(1000),
  }),
]);

export const retrievePasswordBodySchema = z.object({
  type: z.enum(BIND_TYPES),
  account: z.string().min(3).max(100),
  captcha: verificationCodeSchema,
  password: memberPasswordSchema,
});

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(10),
});

export const memberMoneyLogSchema = z.object({
  id: z.string(),
  /** Change in minor units; negative for a debit. */
  money: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
  memo: z.string(),
  create_time: z.string(),
});
export const memberScoreLogSchema = z.object({
  id: z.string(),
  score: z.number().int(),
  before: z.number().int(),
  after: z.number().int(),
  memo: z.string(),
  create_time: z.string(),
});

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
  });
}

export const memberOverviewSchema = z.object({
  userInfo: memberUserInfoSchema,
  recent_money: z.array(memberMoneyLogSchema),
  recent_score: z.array(memberScoreLogSchema),
});

// ---------------------------------------------------------------------------------------------
// SMS and e-mail codes (spec §7 common calls)

export const SMS_TEMPLATES = [
  'user_register',
  'user_retrieve_pwd',
  'user_change_mobile',
  'user_mobile_verify',
] as const;
export const smsSendBodySchema = z.object({ mobile: mobileSchema, template_code: z.enum(SMS_TEMPLATES) });

export const EMS_EVENTS = [
  'user_register',
  'user_retrieve_pwd',
  'user_change_email',
  'user_email_verify',
] as const;
export const emsSendBodySchema = z.object({ email: emailSchema, event: z.enum(EMS_EVENTS) });

// ---- Admin personal centre -----------------------------------------------------------------------
export const adminProfileBodySchema = z.object({
  nickname: z.string().trim().min(1).max(30),
  email: emailSchema.or(z.literal('')).default(''),
  mobile: mobileSchema.or(z.literal('')).default(''),
});
/** PUT /api/v1/admin/profile/avatar: an image uploaded by the caller (topic image), or null to clear. */
export const adminAvatarBodySchema = z.object({ attachment_id: z.uuid().nullable() });
export const adminProfileSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  email: z.string(),
  mobile: z.string(),
  tier: z.enum(ADMIN_TIERS),
  is_primary: z.boolean(),
  last_login_time: z.string().nullable(),
  last_login_ip: z.string().nullable(),
});
export const adminChangePasswordBodySchema = withConfirmation(
  z.object({
    oldPassword: z.string().min(1).max(64),
    newPassword: adminPasswordSchema,
    confirmPassword: z.string(),
  }),
  'newPassword',
);

/** GET /api/v1/admin/dashboard: real counts for the caller's tenant. */
export const dashboardSchema = z.object({
  counts: z.object({
    staff: z.number().int(),
    roles: z.number().int(),
    departments: z.number().int(),
    merchants: z.number().int().nullable(),
    members: z.number().int().nullable(),
    writes_today: z.number().int(),
  }),
  lastLoginTime: z.string().nullable(),
  lastLoginIp: z.string().nullable(),
});

export type MemberMoneyLog = z.infer<typeof memberMoneyLogSchema>;
export type MemberScoreLog = z.infer<typeof memberScoreLogSchema>;

// ---------------------------------------------------------------------------------------------
// Spec §7 "method variable": GET on a sign-in call returns what its form needs; POST acts.

export const SIGN_IN_FORMS = ['login', 'register', 'checkIn'] as const;
export type SignInForm = (typeof SIGN_IN_FORMS)[number];

export const signInFormSchema = z.object({
  form: z
    .enum(SIGN_IN_FORMS)
    .describe(
      'Which form: login (admin sign-in), register (merchant registration), checkIn (member sign-in and registration, by tab).',
    ),
  captcha: z
    .object({
      enabled: z.boolean().describe('Whether the form must pass the click captcha before it is posted.'),
      length: z.number().int().describe('How many characters the click captcha asks for.'),
    })
    .describe('The click captcha of this site (CAPTCHA setting and the supplier’s verify mode).'),
  agreement_url: z
    .string()
    .nullable()
    .describe(
      'The user agreement the form must have ticked (a page of the web app), or null when it has none.',
    ),
  tabs: z
    .array(z.enum(['login', 'register']))
    .describe('The tabs of the form (checkIn: login and register; the admin forms: none).'),
  rules: z
    .record(z.string(), z.unknown())
    .describe('The JSON Schema of the POST body: required fields, lengths, patterns and enums.'),
});
export type SignInFormInfo = z.infer<typeof signInFormSchema>;
