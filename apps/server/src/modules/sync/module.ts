import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { gatewayOf, SHOP_EVENTS } from '../shops/index.ts';
import { MENUS } from './menus.ts';
import { syncRoutes } from './sync.routes.ts';
import {
  FETCH_JOB,
  POLL_JOB,
  fetchAnnounced,
  onShopEvent,
  pollShop,
  queueAnnouncedFetches,
  queueDuePolls,
  type FetchJobData,
  type PollJobData,
} from './sync.service.ts';

/** How often each worker looks for announced orders to fetch (a webhook's order appears within it). */
const FETCH_SWEEP_SECONDS = 3;
/** How often each worker looks for shops whose poll is due (each is polled every few minutes). */
const POLL_SWEEP_SECONDS = 60;

/**
 * Order sync: marketplace orders by webhook and by polling through the one upsert, sync records,
 * "sync now" and sync health (issue 20, decision 0052). A context of its own, apart from the
 * spreadsheet import: it lives on the shops' authorisations, events and vendor calls.
 */
export const syncModule: ModuleDescriptor<AppServices> = {
  name: 'sync',
  dependsOn: ['access', 'tenancy', 'orders'],
  // Like after-sales: a tenant may switch shops off (and so its shops' sync) while this stays on.
  uses: ['shops'],
  switchable: true,
  tables,
  resources: [
    { name: 'syncRecord', owner: 'merchant' },
    { name: 'syncShop', owner: 'merchant' },
  ],
  menus: MENUS,
  provides: [SHOP_EVENTS.provide('sync', onShopEvent)],
  jobs: (services) => {
    const gateway = gatewayOf(services);
    services.jobs.define<FetchJobData>({
      name: FETCH_JOB,
      retryLimit: 5,
      retryDelaySeconds: 15,
      handler: (run) => fetchAnnounced(services, gateway, run.data),
    });
    services.jobs.define<PollJobData>({
      name: POLL_JOB,
      // A failed poll is not retried: the next one, minutes later, reads the same window again.
      retryLimit: 0,
      expireInSeconds: 30 * 60,
      handler: (run) => pollShop(services, gateway, run.data, (percent) => run.progress(percent)),
    });
    services.jobs.every('sync.fetch-sweep', FETCH_SWEEP_SECONDS, () => queueAnnouncedFetches(services));
    services.jobs.every('sync.poll-sweep', POLL_SWEEP_SECONDS, () => queueDuePolls(services));
  },
  routes: syncRoutes,
};
