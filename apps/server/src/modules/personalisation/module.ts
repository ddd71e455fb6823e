import * as tables from './schema.ts';
import { PERSONALISATION_JOBS } from '@pod/shared';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { personalisationRoutes } from './personalisation.routes.ts';
import { queueNewPersonalisations, runFill, type FillJobData } from './personalisation.service.ts';

/** How often each worker process looks for newly arrived customised order lines. */
const SWEEP_SECONDS = 10;

/**
 * Buyer personalisation → print file (issue 20, decision 0053): order lines with buyer
 * customisation of a personalisable finished product get their own filled design, print files and
 * mockups; what cannot be applied flags the line and keeps the order from being paid.
 */
export const personalisationModule: ModuleDescriptor<AppServices> = {
  name: 'personalisation',
  dependsOn: ['access', 'admin', 'designs', 'orders'],
  switchable: false,
  tables,
  resources: [],
  menus: [],
  jobs: (services) => {
    services.jobs.define<FillJobData>({
      name: PERSONALISATION_JOBS.fill,
      retryLimit: 1,
      retryDelaySeconds: 2,
      expireInSeconds: 30 * 60,
      handler: (run) => runFill(services, run.data, (p) => run.progress(p)),
    });
    services.jobs.every('personalisation.sweep', SWEEP_SECONDS, () => queueNewPersonalisations(services));
  },
  routes: personalisationRoutes,
};
