export {
  adminActor,
  createAdminUser,
  findAdminUserByUsername,
  type NewAdminUser,
} from './admin-user.service.ts';
export type { AdminUserRow } from './admin-user.repo.ts';
