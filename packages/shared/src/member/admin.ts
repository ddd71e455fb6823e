import { z } from 'zod';
import { RECORD_STATUSES } from '../access/schemas.ts';
import { emailSchema, memberPasswordSchema, mobileSchema, usernameSchema } from '../auth/fields.ts';
import { crudOperations, defineOperation } from '../contract.ts';
import { idParamsSchema, listReplySchema, pagedListQueryBase } from '../crud-schemas.ts';
import { PERMISSIONS } from '../permissions.ts';

/*
 * The administration of the member centre (issue 28, decision 0047): a supplier's members, their
 * groups and the member-centre rules groups grant, and every change of a member's money or score.
 */

const status = z.enum(RECORD_STATUSES);
const nullableUuid = z.uuid().nullable();

export const memberAdminSchema = z.object({
  id: z.string(),
  username: z.string(),
  nickname: z.string(),
  email: z.string(),
  mobile: z.string(),
  avatar: z.string(),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  money: z.number().int(),
  score: z.number().int(),
  motto: z.string(),
  status,
  group_id: z.string().nullable(),
  last_login_time: z.string().nullable(),
  last_login_ip: z.string().nullable(),
  join_time: z.string(),
});
export type MemberAdmin = z.infer<typeof memberAdminSchema>;

const optionalText = (max: number) => z.string().trim().max(max).optional();
export const memberAdminCreateSchema = z.object({
  username: usernameSchema,
  password: memberPasswordSchema,
  nickname: optionalText(50),
  email: z.union([emailSchema, z.literal('')]).optional(),
  mobile: z.union([mobileSchema, z.literal('')]).optional(),
  group_id: nullableUuid.optional(),
  status: status.optional(),
});
export const memberAdminUpdateSchema = z.object({
  nickname: optionalText(50),
  email: z.union([emailSchema, z.literal('')]).optional(),
  mobile: z.union([mobileSchema, z.literal('')]).optional(),
  gender: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  motto: optionalText(200),
  group_id: nullableUuid.optional(),
  status: status.optional(),
});

export const memberResetPasswordSchema = z.object({ password: memberPasswordSchema });

/**
 * An administrator's change of a member's money (minor units) or score: never zero, with a
 * required remark, and a key that makes a retried request change nothing twice.
 */
export const memberAdjustBodySchema = z.object({
  amount: z
    .number()
    .int()
    .min(-1_000_000_000)
    .max(1_000_000_000)
    .refine((n) => n !== 0, { message: 'amount must not be zero' }),
  remark: z.string().trim().min(1).max(200),
  idempotency_key: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{8,64}$/)
    .optional(),
});
export const memberAdjustReplySchema = z.object({
  member: memberAdminSchema,
  before: z.number().int(),
  after: z.number().int(),
  /** False when the key had been used already: nothing changed this time. */
  applied: z.boolean(),
});

export const MEMBER_RULE_TYPES = ['menu_dir', 'menu', 'route'] as const;
export const memberRuleSchema = z.object({
  id: z.string(),
  parent_id: z.string().nullable(),
  type: z.enum(MEMBER_RULE_TYPES),
  title: z.string(),
  /** The member-centre path the rule opens or allows, e.g. `account/balance`. */
  name: z.string(),
  icon: z.string(),
  sort: z.number().int(),
  status,
  created_at: z.string(),
});
export type MemberRule = z.infer<typeof memberRuleSchema>;
const ruleName = z
  .string()
  .trim()
  .max(100)
  .regex(/^[a-z][A-Za-z0-9/_-]{0,99}$/);
export const memberRuleCreateSchema = z.object({
  parent_id: nullableUuid.optional(),
  type: z.enum(MEMBER_RULE_TYPES),
  title: z.string().trim().min(1).max(50),
  name: ruleName,
  icon: optionalText(50),
  sort: z.number().int().min(-1_000_000).max(1_000_000).optional(),
  status: status.optional(),
});
export const memberRuleUpdateSchema = memberRuleCreateSchema.partial();

export const memberGroupSchema = z.object({
  id: z.string(),
  name: z.string(),
  rule_ids: z.array(z.string()),
  status,
  created_at: z.string(),
});
export type MemberGroup = z.infer<typeof memberGroupSchema>;
export const memberGroupCreateSchema = z.object({
  name: z.string().trim().min(1).max(50),
  rule_ids: z.array(z.uuid()).max(500).optional(),
  status: status.optional(),
});
export const memberGroupUpdateSchema = memberGroupCreateSchema.partial();

const logBase = {
  id: z.string(),
  member_id: z.string(),
  username: z.string(),
  before: z.number().int(),
  after: z.number().int(),
  memo: z.string(),
  create_time: z.string(),
};
export const memberMoneyLogAdminSchema = z.object({ ...logBase, money: z.number().int() });
export const memberScoreLogAdminSchema = z.object({ ...logBase, score: z.number().int() });
export const memberLogQuerySchema = pagedListQueryBase.extend({ member_id: z.uuid().optional() });

/** The member centre's menu as the member's group allows it: the rules, as a flat list. */
export const memberMenusSchema = z.object({
  rules: z.array(memberRuleSchema),
  /** The tenant's enabled rules (by name) the member's group does not grant: those pages are hidden. */
  denied: z.array(z.string()),
});
export const memberSignInReplySchema = z.object({
  /** False when the member had already signed in today: nothing was added. */
  awarded: z.boolean(),
  reward: z.number().int(),
  score: z.number().int(),
});

const ADMIN = { audience: 'admin', tag: 'member' } as const;
const MEMBER = { audience: 'member', permission: null, tag: 'member' } as const;

export const memberAdminOperations = {
  member: crudOperations({
    resource: 'member',
    prefix: '/api/v1/admin/member',
    tag: 'member',
    item: memberAdminSchema,
    create: memberAdminCreateSchema,
    update: memberAdminUpdateSchema,
    filters: { status, group_id: z.uuid() },
  }),
  memberGroup: crudOperations({
    resource: 'memberGroup',
    prefix: '/api/v1/admin/memberGroup',
    tag: 'member',
    item: memberGroupSchema,
    create: memberGroupCreateSchema,
    update: memberGroupUpdateSchema,
    filters: { status },
  }),
  memberRule: crudOperations({
    resource: 'memberRule',
    prefix: '/api/v1/admin/memberRule',
    tag: 'member',
    item: memberRuleSchema,
    create: memberRuleCreateSchema,
    update: memberRuleUpdateSchema,
    filters: { status, parent_id: z.uuid() },
    sortable: true,
  }),
  resetMemberPassword: defineOperation({
    ...ADMIN,
    id: 'resetMemberPassword',
    method: 'POST',
    path: '/api/v1/admin/member/:id/password',
    permission: PERMISSIONS.member.edit,
    summary: "Set a member's password; every sign-in of the member ends",
    params: idParamsSchema,
    body: memberResetPasswordSchema,
    response: z.null(),
  }),
  adjustMemberMoney: defineOperation({
    ...ADMIN,
    id: 'adjustMemberMoney',
    method: 'POST',
    path: '/api/v1/admin/member/:id/money',
    permission: PERMISSIONS.memberMoneyLog.adjust,
    summary: "Change a member's balance (minor units) with a remark; never below zero",
    params: idParamsSchema,
    body: memberAdjustBodySchema,
    response: memberAdjustReplySchema,
  }),
  adjustMemberScore: defineOperation({
    ...ADMIN,
    id: 'adjustMemberScore',
    method: 'POST',
    path: '/api/v1/admin/member/:id/score',
    permission: PERMISSIONS.memberScoreLog.adjust,
    summary: "Change a member's score with a remark; never below zero",
    params: idParamsSchema,
    body: memberAdjustBodySchema,
    response: memberAdjustReplySchema,
  }),
  memberMoneyLogList: defineOperation({
    ...ADMIN,
    id: 'memberMoneyLogList',
    method: 'GET',
    path: '/api/v1/admin/memberMoneyLog',
    permission: PERMISSIONS.memberMoneyLog.list,
    summary: "The tenant's members' balance changes, newest first",
    query: memberLogQuerySchema,
    response: listReplySchema(memberMoneyLogAdminSchema),
  }),
  memberScoreLogList: defineOperation({
    ...ADMIN,
    id: 'memberScoreLogList',
    method: 'GET',
    path: '/api/v1/admin/memberScoreLog',
    permission: PERMISSIONS.memberScoreLog.list,
    summary: "The tenant's members' score changes, newest first",
    query: memberLogQuerySchema,
    response: listReplySchema(memberScoreLogAdminSchema),
  }),
  memberMenus: defineOperation({
    ...MEMBER,
    id: 'memberMenus',
    method: 'GET',
    path: '/api/account/menus',
    summary: "The member centre's menus and routes the member's group allows",
    response: memberMenusSchema,
  }),
  memberSignIn: defineOperation({
    ...MEMBER,
    id: 'memberSignIn',
    method: 'POST',
    path: '/api/account/signIn',
    summary: "The day's check-in: the first of a day adds the configured score",
    response: memberSignInReplySchema,
  }),
} as const;
