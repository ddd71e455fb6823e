import { TRACKING_JOBS } from '@pod/shared';
import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { MENUS } from './menus.ts';
import { runPushJob, sweep, type PushJobData } from './push.service.ts';
import { trackingRoutes } from './tracking.routes.ts';

/** How often each worker looks for auto-ship orders and pushes due again. */
export const SWEEP_SECONDS = 60;

/**
 * Tracking back to the marketplaces (issue 21, decision 0055): "sync status", auto-ship after a
 * shop's hours, carrier mapping per shop. Its own bounded context: the factory's fulfilment ships
 * the parcel; this tells the marketplace, through the shops module's adapters.
 */
export const trackingModule: ModuleDescriptor<AppServices> = {
  name: 'tracking',
  dependsOn: ['access', 'tenancy', 'logistics', 'orders', 'shops'],
  switchable: true,
  tables,
  resources: [{ name: 'tracking', owner: 'merchant' }],
  menus: MENUS,
  jobs: (services) => {
    // A job is not retried whole: each push keeps its own state and the sweep retries it.
    services.jobs.define<PushJobData>({
      name: TRACKING_JOBS.push,
      retryLimit: 0,
      expireInSeconds: 60 * 60,
      handler: (run) => runPushJob(services, run.data, (p) => run.progress(p)),
    });
    services.jobs.every('tracking.sweep', SWEEP_SECONDS, () => sweep(services));
  },
  routes: trackingRoutes,
};
