import type { ZodApp } from '../platform/http/types.ts';
import type { MenuEntry } from '../platform/module.ts';
import { MENUS as adminMenus } from './admin/menus.ts';
import { MENUS as accessMenus } from './access/menus.ts';
import { MENUS as tenancyMenus } from './tenancy/menus.ts';
import { MENUS as logisticsMenus } from './logistics/menus.ts';
import { MENUS as walletMenus } from './wallet/menus.ts';
import { MENUS as siteMenus } from './site/menus.ts';
import { MENUS as materialsMenus } from './materials/menus.ts';
import { MENUS as catalogMenus } from './catalog/menus.ts';
import { MENUS as designsMenus } from './designs/menus.ts';
import { MENUS as cartMenus } from './cart/menus.ts';
import { MENUS as ordersMenus } from './orders/menus.ts';
import { MENUS as checkoutMenus } from './checkout/menus.ts';

import type { AppServices } from '../services.ts';
import { accessRoutes, profileRoutes } from './access/index.ts';
import { adminToolRoutes, dashboardRoutes, uploadRoutes } from './admin/index.ts';
import { adminAuthRoutes, commonRoutes, testHookRoutes } from './auth/index.ts';
import { cartRoutes } from './cart/index.ts';
import { catalogRoutes } from './catalog/index.ts';
import { checkoutRoutes } from './checkout/index.ts';
import { designRoutes } from './designs/index.ts';
import { logisticsRoutes } from './logistics/index.ts';
import { materialRoutes } from './materials/index.ts';
import { orderRoutes } from './orders/index.ts';
import { memberRoutes } from './member/index.ts';
import { configRoutes, siteRoutes } from './site/index.ts';
import { tenancyRoutes } from './tenancy/index.ts';
import { walletRoutes } from './wallet/index.ts';

/** Every bounded context's routes and jobs, registered in this order. */
export const moduleRegistrations: Array<(app: ZodApp, services: AppServices) => void | Promise<void>> = [
  siteRoutes,
  adminAuthRoutes,
  commonRoutes,
  memberRoutes,
  accessRoutes,
  profileRoutes,
  adminToolRoutes,
  dashboardRoutes,
  uploadRoutes,
  configRoutes,
  tenancyRoutes,
  walletRoutes,
  logisticsRoutes,
  materialRoutes,
  catalogRoutes,
  designRoutes,
  cartRoutes,
  orderRoutes,
  checkoutRoutes,
  testHookRoutes,
];

/** The menu catalogue: every module's menus (decision 0027). */
export const MENU_CATALOGUE: readonly MenuEntry[] = [
  ...adminMenus,
  ...accessMenus,
  ...tenancyMenus,
  ...logisticsMenus,
  ...walletMenus,
  ...siteMenus,
  ...materialsMenus,
  ...catalogMenus,
  ...designsMenus,
  ...cartMenus,
  ...ordersMenus,
  ...checkoutMenus,
];
