import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { STAFF_QUOTA } from '../access/index.ts';
import { assertStaffSlot } from './quota.service.ts';
import { tenancyRoutes } from './tenancy.routes.ts';
import { MENUS } from './menus.ts';
import { MERCHANT_EXPORT, SUPPLIER_EXPORT } from './tenancy.export.ts';

/** Tenancy: suppliers, their levels and quotas, and merchants (spec §3, §6). */
export const tenancyModule: ModuleDescriptor<AppServices> = {
  name: 'tenancy',
  dependsOn: ['access', 'exports'],
  switchable: false,
  tables,
  resources: [
    { name: 'supplier', owner: 'platform' },
    { name: 'supplierLevel', owner: 'tenant' },
    { name: 'merchantLevel', owner: 'tenant' },
    { name: 'merchant', owner: 'tenant' },
  ],
  menus: MENUS,
  provides: [STAFF_QUOTA.provide('tenancy', assertStaffSlot), MERCHANT_EXPORT, SUPPLIER_EXPORT],
  routes: tenancyRoutes,
};
