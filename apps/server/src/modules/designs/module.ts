import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { registerDesignJobs } from './design.jobs.ts';
import { designRoutes } from './designs.routes.ts';
import { MENUS } from './menus.ts';
import { FINISHED_EXPORT } from './finished.export.ts';
import { DASHBOARD_FIGURES } from '../admin/index.ts';
import { designDashboardFigures } from './dashboard.ts';

/** Designs: the design document, finished products, groups, batch design and rendering. */
export const designsModule: ModuleDescriptor<AppServices> = {
  name: 'designs',
  dependsOn: ['access', 'exports', 'tenancy', 'admin', 'catalog'],
  // Designs may place images of the materials library; without it, only the merchant's uploads.
  uses: ['materials'],
  switchable: false,
  tables,
  resources: [
    { name: 'finished', owner: 'merchant' },
    { name: 'finishedGroup', owner: 'merchant' },
  ],
  menus: MENUS,
  provides: [FINISHED_EXPORT, DASHBOARD_FIGURES.provide('designs', designDashboardFigures)],
  jobs: registerDesignJobs,
  routes: designRoutes,
};
