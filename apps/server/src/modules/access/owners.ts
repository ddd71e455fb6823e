import { adminUsers, departments, roles } from './schema.ts';
import type { Ownership } from '../../platform/ownership.ts';

/**
 * Roles, departments and staff belong to one organisation (decision 0026): the platform's, a
 * supplier's, or one merchant's or factory's own. Nobody sees, uses or assigns another's.
 */
export const ROLE_OWNER: Ownership = {
  level: 'organisation',
  tenant: roles.tenantId,
  merchant: roles.merchantId,
  factory: roles.factoryId,
};
export const DEPARTMENT_OWNER: Ownership = {
  level: 'organisation',
  tenant: departments.tenantId,
  merchant: departments.merchantId,
  factory: departments.factoryId,
};
export const STAFF_OWNER: Ownership = {
  level: 'organisation',
  tenant: adminUsers.tenantId,
  merchant: adminUsers.merchantId,
  factory: adminUsers.factoryId,
};
