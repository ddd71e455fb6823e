import * as tables from './schema.ts';
import type { ModuleDescriptor } from '../../platform/module.ts';
import type { AppServices } from '../../services.ts';
import { ATTACHMENT_REFERENCES } from '../admin/index.ts';
import { materialAttachmentUses, materialRoutes } from './material.routes.ts';
import { MENUS } from './menus.ts';
import { MATERIAL_EXPORT } from './material.export.ts';

/** The material library: categories, uploads, sharing and official authorisation. */
export const materialsModule: ModuleDescriptor<AppServices> = {
  name: 'materials',
  dependsOn: ['access', 'exports', 'tenancy', 'site', 'admin'],
  switchable: true,
  tables,
  resources: [
    { name: 'material', owner: 'organisation' },
    { name: 'materialCategory', owner: 'organisation' },
  ],
  menus: MENUS,
  provides: [ATTACHMENT_REFERENCES.provide('materials', materialAttachmentUses), MATERIAL_EXPORT],
  routes: materialRoutes,
};
