import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { cartRoutes } from './cart.routes.ts';
import { MENUS } from './menus.ts';

/** The cart of finished products. */
export const cartModule: ModuleDescriptor<AppServices> = {
  name: 'cart',
  dependsOn: ['access', 'catalog', 'designs'],
  switchable: false,
  tables,
  resources: [{ name: 'cart', owner: 'merchant' }],
  menus: MENUS,
  routes: cartRoutes,
};
