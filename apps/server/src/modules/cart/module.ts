import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { cartRoutes } from './cart.routes.ts';
import { MENUS } from './menus.ts';
import { DASHBOARD_FIGURES } from '../admin/index.ts';
import { cartDashboardFigures } from './dashboard.ts';

/** The cart of finished products. */
export const cartModule: ModuleDescriptor<AppServices> = {
  name: 'cart',
  dependsOn: ['access', 'admin', 'catalog', 'designs'],
  switchable: false,
  tables,
  resources: [{ name: 'cart', owner: 'merchant' }],
  menus: MENUS,
  provides: [DASHBOARD_FIGURES.provide('cart', cartDashboardFigures)],
  routes: cartRoutes,
};
