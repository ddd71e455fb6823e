import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { IMPORT_EXPORT } from './import.export.ts';
import { registerImportJobs } from './import.job.ts';
import { intakeRoutes } from './intake.routes.ts';
import { MENUS } from './menus.ts';

/**
 * Order intake (issue 20): spreadsheet import of marketplace orders into the order centre, through
 * the orders module's idempotent upsert. Switchable with the shops it needs.
 */
export const intakeModule: ModuleDescriptor<AppServices> = {
  name: 'intake',
  dependsOn: ['access', 'exports', 'orders', 'shops'],
  switchable: true,
  tables,
  resources: [{ name: 'orderImport', owner: 'merchant' }],
  menus: MENUS,
  provides: [IMPORT_EXPORT],
  jobs: registerImportJobs,
  routes: intakeRoutes,
};
