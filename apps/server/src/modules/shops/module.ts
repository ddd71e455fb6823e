import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { MERCHANT_STATS } from '../tenancy/index.ts';
import { gatewayOf } from './marketplace-gateway.ts';
import { MENUS } from './menus.ts';
import { shopCounts } from './shop.resource.ts';
import { shopsRoutes } from './shops.routes.ts';
import {
  REFRESH_JOB,
  queueDueRefreshes,
  refreshShopToken,
  type RefreshJobData,
} from './token-refresh.service.ts';
import { WEBHOOK_JOB, processWebhookEvent, type WebhookJobData } from './webhook.service.ts';

/** How often each worker process looks for authorisations about to expire. */
const REFRESH_SWEEP_SECONDS = 60;

/** Shops: marketplace shops, their authorisation, warehouses and risk words (issue 18). */
export const shopsModule: ModuleDescriptor<AppServices> = {
  name: 'shops',
  dependsOn: ['access', 'tenancy'],
  switchable: true,
  tables,
  resources: [
    { name: 'shop', owner: 'merchant' },
    { name: 'riskWord', owner: 'merchant' },
  ],
  menus: MENUS,
  provides: [MERCHANT_STATS.provide('shops', shopCounts)],
  jobs: (services) => {
    const gateway = gatewayOf(services);
    services.jobs.define<RefreshJobData>({
      name: REFRESH_JOB,
      retryLimit: 3,
      retryDelaySeconds: 30,
      handler: (run) => refreshShopToken(services, gateway, run.data),
    });
    services.jobs.define<WebhookJobData>({
      name: WEBHOOK_JOB,
      retryLimit: 5,
      retryDelaySeconds: 10,
      handler: (run) => processWebhookEvent(services, run.data.eventId),
    });
    services.jobs.every('shops.token-refresh', REFRESH_SWEEP_SECONDS, (sweep) =>
      queueDueRefreshes(services, sweep.skipTenants),
    );
  },
  routes: shopsRoutes,
};
