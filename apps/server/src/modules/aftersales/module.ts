import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { SHOP_EVENTS } from '../shops/index.ts';
import { AFTERSALES_EXPORT, AFTERSALES_REVIEW_EXPORT } from './aftersales.export.ts';
import { aftersalesRoutes } from './aftersales.routes.ts';
import { onMarketplaceEvent } from './marketplace-events.ts';
import { MENUS } from './menus.ts';
import { DASHBOARD_FIGURES } from '../admin/index.ts';
import { aftersalesDashboardFigures } from './dashboard.ts';

/**
 * After-sales: cancel and after-sales requests, their review and refunds (issue 22, decision
 * 0042). Marketplace cancellations and returns reach it through the shops module's events, which
 * it uses when the tenant has shops on (a switchable module it does not need).
 */
export const aftersalesModule: ModuleDescriptor<AppServices> = {
  name: 'aftersales',
  dependsOn: ['access', 'admin', 'tenancy', 'exports', 'wallet', 'orders'],
  uses: ['shops'],
  switchable: true,
  tables,
  resources: [{ name: 'afterSales', owner: 'merchant' }],
  menus: MENUS,
  provides: [
    AFTERSALES_EXPORT,
    AFTERSALES_REVIEW_EXPORT,
    SHOP_EVENTS.provide('aftersales', onMarketplaceEvent),
    DASHBOARD_FIGURES.provide('aftersales', aftersalesDashboardFigures),
  ],
  routes: (app, services) => aftersalesRoutes(app, services),
};
