import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { registerDesignJobs } from './design.jobs.ts';
import { designRoutes } from './designs.routes.ts';
import { MENUS } from './menus.ts';

/** Designs: the design document, finished products, groups, batch design and rendering. */
export const designsModule: ModuleDescriptor<AppServices> = {
  name: 'designs',
  dependsOn: ['access', 'tenancy', 'admin', 'materials', 'catalog'],
  switchable: false,
  tables,
  resources: [
    { name: 'finished', owner: 'merchant' },
    { name: 'finishedGroup', owner: 'merchant' },
  ],
  menus: MENUS,
  jobs: registerDesignJobs,
  routes: designRoutes,
};
