import type { ComponentType } from 'react';
import { AdminAccountPage } from '../access/admin-account-page.tsx';
import { DepartmentPage } from '../access/department-page.tsx';
import { MenuPage } from '../access/menu-page.tsx';
import { RolePage } from '../access/role-page.tsx';
import { DashboardPage } from './dashboard-page.tsx';

/**
 * The pages a menu's `component` may name. A menu's path is the administrators' to choose (menus
 * resource); the component says which page serves it. Components not listed here are not built yet.
 */
export const ADMIN_PAGES: Readonly<Record<string, ComponentType>> = {
  'admin/dashboard': DashboardPage,
  'access/role': RolePage,
  'access/admin': AdminAccountPage,
  'access/department': DepartmentPage,
  'access/menu': MenuPage,
};
