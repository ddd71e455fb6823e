import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { deleteExpired } from './export.service.ts';
import { registerExportJobs } from './export.job.ts';
import { exportRoutes } from './exports.routes.ts';
import { MENUS } from './menus.ts';

/**
 * Exports (issue 24): one asynchronous export for every list. Modules declare their lists'
 * exports (`exportSource`, `crudExportSource`) in their descriptors' `provides`; this module keeps
 * the records, runs the jobs that stream the files, hands out download links and expires them.
 */
export const exportsModule: ModuleDescriptor<AppServices> = {
  name: 'exports',
  dependsOn: ['access'],
  switchable: false,
  tables,
  resources: [{ name: 'exportRecord', owner: 'user' }],
  menus: MENUS,
  jobs: (services) => {
    registerExportJobs(services);
    // Records and files expire after EXPORT_RETENTION_DAYS; a guarded DELETE, safe in every worker.
    services.jobs.every('exports.cleanup', services.config.exports.cleanupSeconds, () =>
      deleteExpired(services),
    );
  },
  routes: exportRoutes,
};
