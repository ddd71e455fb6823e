import './messages.ts';

export {
  activeAdminActor,
  adminActor,
  adminMayActInSession,
  canSignIn,
  cascadeMerchantStatus,
  createAdminUser,
  findAdminUserById,
  findAdminUserByUsername,
  recordAdminLogin,
  setAdminUserLocked,
  setAdminUserStatus,
  type NewAdminUser,
} from './admin-user.service.ts';
export type { AdminUserRow } from './admin-user.repo.ts';
export { dataScopeFor, grantsFor, hasPermission, menuTreeFor } from './access.service.ts';
export { adminContext, contextOfUser, dataScopedMerchantContext, merchantWideContext } from './context.ts';
export { STAFF_QUOTA, type StaffQuota } from './staff-quota.ts';
export { ACTING_FACTORIES, type ActingFactories } from './factory-grants.ts';
export { accessRoutes } from './access.routes.ts';
export { ensureSystemMenus, menuIdByName } from './menu-catalogue.ts';
export { invalidateMenus } from './menu-cache.ts';
export { profileOf, profileRoutes } from './profile.routes.ts';
export { catalogueMenuPaths, countAccess } from './access.repo.ts';
export { catalogueMenuPathsCached } from './menu-cache.ts';
export { avatarUrl } from './avatar.ts';
export {
  adminUsernameSql,
  adminUsernamesByIds,
  countMerchantStaff,
  countTenantUsers,
  findAdminNames,
  merchantPrimaryAccounts,
  merchantStaffCounts,
  updateAdminUser,
} from './admin-user.repo.ts';
export { accessModule } from './module.ts';
