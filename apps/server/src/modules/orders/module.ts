import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { expireOverdueOrders } from './order.service.ts';
import { orderRoutes } from './orders.routes.ts';
import { MENUS } from './menus.ts';
import { ORDER_EXPORT } from './order.export.ts';
import { DASHBOARD_FIGURES } from '../admin/index.ts';
import { orderDashboardFigures } from './dashboard.ts';

/** Orders: the order list and detail, cancelling, and the timeout of unpaid orders. */
export const ordersModule: ModuleDescriptor<AppServices> = {
  name: 'orders',
  dependsOn: ['access', 'admin', 'exports', 'wallet', 'logistics', 'designs', 'catalog'],
  uses: ['shops'],
  switchable: false,
  tables,
  resources: [
    { name: 'order', owner: 'merchant' },
    { name: 'skuMapping', owner: 'merchant' },
  ],
  menus: MENUS,
  provides: [ORDER_EXPORT, DASHBOARD_FIGURES.provide('orders', orderDashboardFigures)],
  jobs: (services) => {
    // spec §4: unpaid orders time out; a guarded UPDATE every few seconds in each worker process.
    services.jobs.every('orders.timeout', services.config.orders.sweepSeconds, () =>
      expireOverdueOrders(services.database.db),
    );
  },
  routes: orderRoutes,
};
