import type { ZodApp } from '../platform/http/types.ts';
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
