import { z } from 'zod';
import {
  adminChangePasswordBodySchema,
  adminProfileBodySchema,
  adminProfileSchema,
} from '../auth/schemas.ts';
import { crudOperations, defineOperation } from '../contract.ts';
import { PERMISSIONS } from '../permissions.ts';
import {
  adminAccountCreateSchema,
  adminAccountSchema,
  adminAccountUpdateSchema,
  departmentCreateSchema,
  departmentSchema,
  departmentUpdateSchema,
  grantableMenuSchema,
  menuCreateSchema,
  menuSchema,
  menuUpdateSchema,
  RECORD_STATUSES,
  roleCreateSchema,
  roleSchema,
  roleUpdateSchema,
} from './schemas.ts';

const SELF = { audience: 'admin', permission: null, tag: 'access' } as const;

/** Roles, departments, menus and staff accounts (the CRUD kit), grantable menus, the personal centre. */
export const accessOperations = {
  role: crudOperations({
    resource: 'role',
    prefix: '/api/v1/admin/role',
    tag: 'access',
    item: roleSchema,
    create: roleCreateSchema,
    update: roleUpdateSchema,
    filters: { status: roleCreateSchema.shape.status.unwrap(), name: roleCreateSchema.shape.name },
    sortable: true,
  }),
  department: crudOperations({
    resource: 'department',
    prefix: '/api/v1/admin/department',
    tag: 'access',
    item: departmentSchema,
    create: departmentCreateSchema,
    update: departmentUpdateSchema,
    filters: {
      status: departmentCreateSchema.shape.status.unwrap(),
      parent_id: departmentCreateSchema.shape.parent_id.unwrap().unwrap(),
    },
    sortable: true,
  }),
  menu: crudOperations({
    resource: 'menu',
    prefix: '/api/v1/admin/menu',
    tag: 'access',
    item: menuSchema,
    create: menuCreateSchema,
    update: menuUpdateSchema,
    filters: { type: menuCreateSchema.shape.type, status: z.enum(RECORD_STATUSES) },
    sortable: true,
  }),
  admin: crudOperations({
    resource: 'admin',
    prefix: '/api/v1/admin/admin',
    tag: 'access',
    item: adminAccountSchema,
    create: adminAccountCreateSchema,
    update: adminAccountUpdateSchema,
    filters: {
      status: adminAccountCreateSchema.shape.status.unwrap(),
      department_id: adminAccountCreateSchema.shape.department_id.unwrap().unwrap(),
      username: adminAccountCreateSchema.shape.username,
    },
  }),
  grantableMenus: defineOperation({
    id: 'grantableMenus',
    method: 'GET',
    path: '/api/v1/admin/menu/grantable',
    audience: 'admin',
    permission: PERMISSIONS.role.list,
    tag: 'access',
    summary: 'The menus and buttons the caller may put in a role',
    response: z.array(grantableMenuSchema),
  }),
  adminProfile: defineOperation({
    ...SELF,
    id: 'adminProfile',
    method: 'GET',
    path: '/api/v1/admin/profile',
    response: adminProfileSchema,
  }),
  updateAdminProfile: defineOperation({
    ...SELF,
    id: 'updateAdminProfile',
    method: 'POST',
    path: '/api/v1/admin/profile',
    body: adminProfileBodySchema,
    response: adminProfileSchema,
  }),
  changeAdminPassword: defineOperation({
    ...SELF,
    id: 'changeAdminPassword',
    method: 'POST',
    path: '/api/v1/admin/profile/password',
    summary: 'Change your password; every sign-in ends',
    body: adminChangePasswordBodySchema,
    response: z.null(),
  }),
} as const;
