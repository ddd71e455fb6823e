import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { ATTACHMENT_REFERENCES } from '../admin/index.ts';
import { catalogAttachmentUses, catalogRoutes } from './catalog.routes.ts';
import { MENUS } from './menus.ts';
import { SPU_EXPORT } from './spu.export.ts';

/** The catalogue: SPU inventory, products with SKUs, surfaces and price tiers, and the storefront. */
export const catalogModule: ModuleDescriptor<AppServices> = {
  name: 'catalog',
  dependsOn: ['access', 'exports', 'tenancy', 'admin', 'logistics'],
  switchable: false,
  tables,
  resources: [
    { name: 'spuCategory', owner: 'tenant' },
    { name: 'spuAttribute', owner: 'tenant' },
    { name: 'spuColor', owner: 'tenant' },
    { name: 'spuSize', owner: 'tenant' },
    { name: 'spuSizeAttribute', owner: 'tenant' },
    { name: 'spuSizeTemplate', owner: 'tenant' },
    { name: 'spuDictionary', owner: 'tenant' },
    { name: 'spu', owner: 'tenant' },
    { name: 'product', owner: 'organisation' },
    { name: 'productTemplate', owner: 'organisation' },
  ],
  menus: MENUS,
  provides: [ATTACHMENT_REFERENCES.provide('catalog', catalogAttachmentUses), SPU_EXPORT],
  routes: catalogRoutes,
};
