export {
  activeAdminActor,
  adminActor,
  canSignIn,
  createAdminUser,
  findAdminUserById,
  findAdminUserByUsername,
  recordAdminLogin,
  setAdminUserLocked,
  setAdminUserStatus,
  type NewAdminUser,
} from './admin-user.service.ts';
export type { AdminUserRow } from './admin-user.repo.ts';
