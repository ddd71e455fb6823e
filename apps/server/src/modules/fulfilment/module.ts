import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { fulfilmentRoutes } from './fulfilment.routes.ts';
import { MENUS } from './menus.ts';

/**
 * Fulfilment (issue 21, decision 0054): the factories' production queue (start, print files,
 * packing slip and production sheet, ship) and the merchant's label and waybill import. Orders
 * move through the order centre's state machine; tracking back to the marketplace is the
 * tracking module's.
 */
export const fulfilmentModule: ModuleDescriptor<AppServices> = {
  name: 'fulfilment',
  dependsOn: ['access', 'logistics', 'designs', 'orders'],
  uses: ['shops'],
  switchable: false,
  tables,
  resources: [
    { name: 'production', owner: 'factory' },
    { name: 'label', owner: 'merchant' },
  ],
  menus: MENUS,
  routes: (app, services) => fulfilmentRoutes(app, services),
};
