import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { ACTING_FACTORIES } from '../access/index.ts';
import { factoriesActingFor } from './factory.resource.ts';
import { logisticsRoutes } from './logistics.routes.ts';
import { MENUS } from './menus.ts';

/** Logistics: factories, sender addresses, shipping methods and rates. */
export const logisticsModule: ModuleDescriptor<AppServices> = {
  name: 'logistics',
  dependsOn: ['access', 'tenancy', 'wallet'],
  switchable: false,
  tables,
  resources: [
    { name: 'factory', owner: 'factory' },
    { name: 'senderAddress', owner: 'factory' },
    { name: 'shippingRate', owner: 'factory' },
    { name: 'shippingMethod', owner: 'tenant' },
  ],
  menus: MENUS,
  provides: [ACTING_FACTORIES.provide('logistics', factoriesActingFor)],
  routes: logisticsRoutes,
};
