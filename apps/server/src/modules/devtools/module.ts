import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { devtoolsRoutes } from './devtools.routes.ts';
import { MENUS } from './menus.ts';

/** Developer tools: the CRUD generator (spec /admin/crud/crud, decision 0049). No tables. */
export const devtoolsModule: ModuleDescriptor<AppServices> = {
  name: 'devtools',
  dependsOn: ['access'],
  switchable: false,
  tables: {},
  resources: [],
  menus: MENUS,
  routes: devtoolsRoutes,
};
