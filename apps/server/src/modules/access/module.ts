import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { accessRoutes } from './access.routes.ts';
import { profileRoutes } from './profile.routes.ts';
import { MENUS } from './menus.ts';

/** Access control: staff accounts, roles, departments, menus and data scope (spec §6). */
export const accessModule: ModuleDescriptor<AppServices> = {
  name: 'access',
  dependsOn: [],
  switchable: false,
  tables,
  resources: [
    { name: 'role', owner: 'organisation' },
    { name: 'department', owner: 'organisation' },
    { name: 'admin', owner: 'organisation' },
    { name: 'menu', owner: 'platform' },
  ],
  menus: MENUS,
  routes(app, services) {
    accessRoutes(app, services);
    profileRoutes(app, services);
  },
};
