import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { configRoutes } from './config.routes.ts';
import { siteRoutes } from './site.routes.ts';
import { MENUS } from './menus.ts';

/** The site: its configuration per tenant, the public site information and agreements. */
export const siteModule: ModuleDescriptor<AppServices> = {
  name: 'site',
  dependsOn: ['tenancy'],
  switchable: false,
  tables,
  resources: [{ name: 'config', owner: 'tenant' }],
  menus: MENUS,
  routes(app, services) {
    siteRoutes(app, services);
    configRoutes(app, services);
  },
};
